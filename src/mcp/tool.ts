import type { z } from 'zod';
import type { IndexOptions, IndexSummary } from '../index/repoIndexer';
import type { LifecycleWindows } from '../runtime/confidence';
import type { ServiceMap } from '../runtime/config';
import type { GraphStore } from '../store/graphStore';
import type { GraphCache } from '../query/graphCache';
import type { IndexRoots } from './indexRoots';
import { CkgError, errorCode } from '../model';

/** What every tool handler may use. One instance per server; both transports share it. */
export interface ToolDeps {
  /** The current store: a server reading a file re-opens it when an indexer wrote a newer one. */
  store(): GraphStore;
  readonly graphs: GraphCache;
  /** Runs the indexer into the store and persists it (index_repo). */
  index(options: IndexOptions): Promise<IndexSummary>;
  /** The directories index_repo may index (docs/mcp.md, Limits). */
  readonly indexRoots: IndexRoots;
  /**
   * Saves the store after a tool's own small write (a feedback vote). The server knows
   * the file is its own, so the write does not count as another process's and force a re-read.
   */
  persist(): Promise<void>;
  /** The per-reply cap in tokens (DESIGN §5: default 25,000). */
  readonly replyTokenCap: number;
  /** Unix seconds; injected so tests can fix time. */
  now(): number;
  /** Runtime edge lifecycle windows (trace_ingestion.stale_after_days, gc_threshold_days); SPEC defaults when absent. */
  readonly runtimeWindows?: LifecycleWindows;
  /** trace_ingestion.service_map (SPEC 2.8 rule 2), to map traced service names as ingest does. */
  readonly runtimeServiceMap?: ServiceMap;
}

/**
 * A failure the caller can fix: the message names the argument and what was expected
 * ("target_hash: expected 64 lowercase hex characters"). The server turns it into an
 * `isError` result; any other exception is reported as an internal error.
 */
export class ToolError extends CkgError {
  readonly code = 'invalid_argument';
}

/**
 * Whether a failure is the caller's to fix, so its message is the reply (a bad argument, a
 * reply too large to cut): read from the error's code, never from its text.
 */
export function isCallerError(error: unknown): error is CkgError {
  const code = errorCode(error);
  return code === 'invalid_argument' || code === 'reply_too_large';
}

/** What a handler returns: the SPEC-shaped result, and optionally its own text rendering. */
export interface ToolOutput {
  /** The SPEC §4 result shape (object or array). */
  readonly result: unknown;
  /** Plain-text rendering; defaults to the JSON of `result`. index_repo uses it (SPEC 4.1). */
  readonly text?: string;
  /** Text blocks after the rendering (runtime_traffic's reporting lines). */
  readonly notes?: readonly string[];
  /** Extra `_meta` entries of the reply (trace_stats' ingest counters). */
  readonly meta?: Readonly<Record<string, unknown>>;
}

/**
 * One MCP tool, one file under src/mcp/tools/: a zod input shape with `.describe()` on
 * every field, the output schema of its structured content, annotations, and the handler.
 * Names, parameters and defaults follow SPEC §4.
 */
export interface ToolDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Shape;
  /** What `structuredContent` holds (built from the pieces in wire.ts). */
  readonly outputSchema: z.ZodType;
  /** SPEC category (Indexing, Graph queries, Snapshot, Runtime, Analysis, Ownership, Context, Feedback, Discovery). */
  readonly category: string;
  readonly annotations: { readonly readOnlyHint: boolean; readonly idempotentHint?: boolean; readonly openWorldHint?: boolean };
  handler(args: z.infer<z.ZodObject<Shape>>, deps: ToolDeps): Promise<ToolOutput> | ToolOutput;
}

/** Keeps the input shape's type through a heterogenous registry. */
export function defineTool<Shape extends z.ZodRawShape>(definition: ToolDefinition<Shape>): ToolDefinition<Shape> {
  return definition;
}
