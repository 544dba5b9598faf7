import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import packageJson from '../../package.json';
import type { EnrichmentSummary, GraphStore } from '../store';
import { TOOLS } from './registry';
import { capReply, narrowingHint } from './replyCap';
import { registerResources } from './resources';
import { type ToolDefinition, type ToolDeps, isCallerError } from './tool';

/** What the server needs beyond the tools' deps; serverDeps.ts builds it for a graph file. */
export interface ServerDeps extends ToolDeps {
  /**
   * Runs one request against a current graph: re-reads the graph file first when another
   * process wrote a newer one, and keeps the store it answers from open until it is done.
   */
  withFreshGraph?<T>(work: () => Promise<T>): Promise<T>;
  /** A graph generation that only grows, across re-reads too (default: the store's). */
  generation?(): Promise<number>;
}

export interface McpServerOptions {
  /** The tools to serve (default: the registry). */
  readonly tools?: readonly ToolDefinition[];
  /** Diagnostics such as internal-error stacks: stderr in the CLI, never stdout. */
  readonly log?: (message: string) => void;
}

/** Keys of the `_meta` every tool reply carries (docs/mcp.md). */
export const META_KEYS = {
  /** Seconds since the newest snapshot of any repository; null before the first index. */
  indexAge: 'ckg/indexAgeSeconds',
  /** Unix time of that snapshot; null before the first index. */
  indexedAt: 'ckg/indexedAt',
  /** Grows whenever the graph changes (a write, or a re-read of a newer file). */
  generation: 'ckg/generation',
  /** Seconds since the graph that answered was written (committed on PostgreSQL, saved to a graph file); null when unknown. */
  generationAge: 'ckg/generationAgeSeconds',
  /** Whether a compiler-grade pass (`ckg enrich`, `ckg ingest-scip`) has visited any live file in its current content. */
  enriched: 'ckg/enriched',
  /** Seconds since the latest of those visits; null when there is none. */
  enrichmentAge: 'ckg/enrichmentAgeSeconds',
  /** Per source (`lsp:tsserver`, `scip`, ...): live files it visited in their current content, and seconds since its latest visit. */
  enrichmentSources: 'ckg/enrichmentSources',
} as const;

/** How long a reply's enrichment figures may be reused: visits are recorded without a graph write. */
const ENRICHMENT_META_TTL_SECONDS = 5;

const INSTRUCTIONS =
  'Code knowledge graph: symbols, calls, imports, routes and runtime edges of indexed repositories. '
  + 'Find hashes with graph_query (nodes) and the ckg://repos resources (repos, snapshots); plan_turn suggests tools for a task. '
  + 'Every reply carries _meta["ckg/indexAgeSeconds"]: how old the index is.';

/**
 * The MCP server both transports (and `ckg call`) share: the registry's tools with their
 * input shapes, output schemas and annotations, plus the repo and snapshot resources.
 */
export function createMcpServer(deps: ServerDeps, options: McpServerOptions = {}): McpServer {
  const log = options.log ?? (() => undefined);
  const server = new McpServer({ name: 'code-knowledge-graph', version: packageJson.version }, { instructions: INSTRUCTIONS });
  for (const tool of options.tools ?? TOOLS) {
    const config = {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: { title: tool.title, ...tool.annotations },
    };
    // The SDK's generic signature cannot follow a heterogeneous registry; zod has already
    // parsed `args` against the tool's own shape when the callback runs.
    (server.registerTool as (name: string, config: object, cb: (args: object) => Promise<CallToolResult>) => void)(
      tool.name, config, (args) => runTool(tool, args, deps, log),
    );
  }
  registerResources(server, deps);
  return server;
}

/** One tool call: handler, reply cap, `_meta`; failures become `isError` results, never throws. */
export async function runTool(tool: ToolDefinition, args: object, deps: ServerDeps, log: (message: string) => void): Promise<CallToolResult> {
  const work = async (): Promise<CallToolResult> => {
    try {
      const output = await tool.handler(args as never, deps);
      const reply = capReply(output.result, {
        tokenCap: deps.replyTokenCap, text: output.text, narrow: narrowingHint(Object.keys(tool.inputSchema)),
      });
      return {
        content: [...reply.text, ...(output.notes ?? [])].map((text) => ({ type: 'text' as const, text })),
        structuredContent: reply.structured,
        _meta: { ...(await replyMeta(deps)), ...output.meta },
      };
    } catch (error) {
      return { content: [{ type: 'text', text: failureMessage(tool, error, log) }], isError: true, _meta: await replyMeta(deps) };
    }
  };
  try {
    return await (deps.withFreshGraph ? deps.withFreshGraph(work) : work());
  } catch (error) {
    // Re-reading the graph file failed before the tool ran.
    return { content: [{ type: 'text', text: failureMessage(tool, error, log) }], isError: true };
  }
}

function failureMessage(tool: ToolDefinition, error: unknown, log: (message: string) => void): string {
  if (isCallerError(error)) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  log(`ckg mcp: ${tool.name}: internal error: ${error instanceof Error ? error.stack ?? message : message}`);
  return `internal error: ${message}`;
}

const newestSnapshot = new WeakMap<GraphStore, { generation: number; at: number | null }>();
interface EnrichmentMeta {
  readonly generation: number;
  readonly readAt: number;
  readonly sources: readonly EnrichmentSummary[];
}
const latestEnrichment = new WeakMap<GraphStore, EnrichmentMeta>();

/** `_meta` of a reply: how old the index and its enrichment are, and which graph generation answered. */
export async function replyMeta(deps: ServerDeps): Promise<Record<string, unknown>> {
  const store = deps.store();
  const { total: generation, committedAt } = await store.generation();
  let cached = newestSnapshot.get(store);
  if (!cached || cached.generation !== generation) {
    const newest = (await store.snapshots()).reduce<number | null>((at, s) => (at === null || s.createdAt > at ? s.createdAt : at), null);
    cached = { generation, at: newest };
    newestSnapshot.set(store, cached);
  }
  const now = deps.now();
  let enrichment = latestEnrichment.get(store);
  if (!enrichment || enrichment.generation !== generation || now - enrichment.readAt > ENRICHMENT_META_TTL_SECONDS) {
    enrichment = { generation, readAt: now, sources: await store.enrichmentSummary() };
    latestEnrichment.set(store, enrichment);
  }
  const enrichedAt = enrichment.sources.reduce<number | null>((latest, s) => (latest === null || s.lastAt > latest ? s.lastAt : latest), null);
  return {
    [META_KEYS.indexAge]: cached.at === null ? null : Math.max(0, now - cached.at),
    [META_KEYS.indexedAt]: cached.at,
    [META_KEYS.generation]: deps.generation ? await deps.generation() : generation,
    // Whole seconds, as the other ages; the clock is the caller's (deps.now), the commit time the store's.
    [META_KEYS.generationAge]: committedAt === undefined ? null : Math.max(0, Math.floor(now - committedAt)),
    [META_KEYS.enriched]: enrichedAt !== null,
    [META_KEYS.enrichmentAge]: enrichedAt === null ? null : Math.max(0, now - enrichedAt),
    [META_KEYS.enrichmentSources]: Object.fromEntries(enrichment.sources.map((s) => [s.source, { files: s.files, ageSeconds: Math.max(0, now - s.lastAt) }])),
  };
}
