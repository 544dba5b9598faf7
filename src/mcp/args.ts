import { z } from 'zod';
import type { GraphView } from '../graph/graphView';
import { nodesNamed } from '../graph/viewIndex';
import type { GraphNode, Hash, RepoRecord, SnapshotRecord } from '../model';
import type { GraphStore, SnapshotLog } from '../store';
import { type ToolDeps, ToolError } from './tool';

/**
 * Tool arguments, parsed and checked, for every tool alike. Every message starts with the
 * argument's name and says what was expected (DESIGN §5), because the SDK passes zod's
 * message through to the caller: an agent reads "target_hash: expected 64 lowercase hex
 * characters" and can fix its call without guessing which field was wrong. First the zod
 * builders of the input shapes, then the checks of parsed values against the graph.
 */

const HASH_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The longest text argument, in characters (docs/mcp.md, Limits). Far above any task
 * description, name or path list an agent writes, and it keeps one call from costing
 * seconds of tokenizing and ranking (a 1 MB task description took 10 s).
 */
export const MAX_TEXT_CHARS = 65_536;

/** A string of at most MAX_TEXT_CHARS characters, with messages naming the argument. */
function cappedString(name: string, expected: string) {
  return z.string({ error: `${name}: ${expected}` }).max(MAX_TEXT_CHARS, { error: `${name}: expected at most ${MAX_TEXT_CHARS} characters` });
}

/** A SHA-256 hash argument: 64 lowercase hex characters (SPEC §1.6). */
export function hashArg(name: string, description: string) {
  const message = `${name}: expected 64 lowercase hex characters`;
  return z.string({ error: message }).regex(HASH_PATTERN, { error: message }).describe(description);
}

/** An optional hash; the description sits on the optional wrapper, where schemas read it. */
export function optionalHashArg(name: string, description: string) {
  return hashArg(name, description).optional().describe(description);
}

/** A required non-empty string of at most MAX_TEXT_CHARS characters. */
export function textArg(name: string, description: string) {
  const message = `${name}: expected a non-empty string`;
  return cappedString(name, 'expected a non-empty string').min(1, { error: message }).describe(description);
}

/** An optional string of at most MAX_TEXT_CHARS characters. */
export function optionalTextArg(name: string, description: string) {
  return cappedString(name, 'expected a string').optional().describe(description);
}

/**
 * A positive integer with a default and a maximum: the maximum keeps one call from
 * asking for an unbounded walk or list.
 */
export function positiveIntArg(name: string, options: { readonly default: number; readonly max: number; readonly description: string }) {
  if (!Number.isInteger(options.default) || options.default < 1 || options.default > options.max) {
    throw new Error(`mcp/args: default of ${name} must be an integer in [1, ${options.max}]`);
  }
  const message = `${name}: expected an integer from 1 to ${options.max}`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(options.max, { error: message })
    .default(options.default)
    .describe(`${options.description} (default ${options.default}, at most ${options.max})`);
}

/** One of a fixed set of strings, required. */
export function requiredChoiceArg<const T extends readonly [string, ...string[]]>(name: string, choices: T, description: string) {
  return z.enum(choices, { error: `${name}: expected one of ${choices.join(', ')}` }).describe(description);
}

/** An optional boolean. */
export function optionalBooleanArg(name: string, description: string) {
  return z.boolean({ error: `${name}: expected true or false` }).optional().describe(description);
}

/** One of a fixed set of strings, with a default. */
export function choiceArg<const T extends readonly [string, ...string[]]>(name: string, choices: T, fallback: T[number], description: string) {
  const message = `${name}: expected one of ${choices.join(', ')}`;
  return z.enum(choices, { error: message }).default(fallback as never).describe(`${description} (default ${fallback})`);
}

/**
 * Comma-separated repo-relative paths (SPEC 4.7, 4.9), parsed to a sorted, de-duplicated
 * list. `./a.ts` and `a.ts` name one file and Windows separators are accepted; absolute
 * paths and `..` are refused: paths are relative to a repository root.
 */
export function pathListArg(name: string, description: string) {
  return cappedString(name, 'expected comma-separated paths relative to the repository root')
    .transform((raw, context) => {
      const paths = splitPathList(raw);
      const bad = paths.find((p) => p.startsWith('/') || /^[a-z]:\//i.test(p) || p.split('/').includes('..'));
      if (paths.length === 0 || bad !== undefined) {
        context.addIssue({
          code: 'custom',
          message: bad === undefined
            ? `${name}: expected at least one path (comma-separated, relative to the repository root)`
            : `${name}: expected paths relative to the repository root, got ${bad}`,
        });
        return z.NEVER;
      }
      return paths;
    })
    .describe(description);
}

/** Splits and normalises a comma-separated path list; exported for tools that take raw strings. */
export function splitPathList(raw: string): string[] {
  const paths = raw
    .split(',')
    .map((p) => p.trim().replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/\/+$/, ''))
    .filter((p) => p !== '' && p !== '.');
  return [...new Set(paths)].sort();
}

/** The arguments of the tools that compare two snapshots of one repository. */
export const SNAPSHOT_PAIR_ARGS = {
  old_snapshot: hashArg('old_snapshot', 'Base snapshot hash (64 lowercase hex)'),
  new_snapshot: hashArg('new_snapshot', 'Snapshot hash to compare with the base, of the same repository (64 lowercase hex)'),
};

// Checked against the graph: an unknown hash or name is an error, not an empty result
// (DESIGN §5), and the message says where to find good ones.

/** The repository a hash argument names. */
export async function requireRepo(store: SnapshotLog, argument: string, repoHash: Hash): Promise<RepoRecord> {
  const repo = await store.repo(repoHash);
  if (!repo) {
    throw new ToolError(`${argument}: no repository with hash ${repoHash} (the ckg://repos resource lists them)`);
  }
  return repo;
}

/** The snapshot a hash argument names. */
export async function requireSnapshot(store: SnapshotLog, argument: string, snapshotHash: Hash): Promise<SnapshotRecord> {
  const snapshot = await store.snapshot(snapshotHash);
  if (!snapshot) {
    throw new ToolError(`${argument}: no snapshot with hash ${snapshotHash} (the ckg://repos/<repo_hash>/snapshots resource lists them)`);
  }
  return snapshot;
}

/** The node a hash argument names in a view; `snapshot` is the one the view was read at, if any. */
export function requireNode(view: GraphView, argument: string, nodeHash: Hash, snapshot?: SnapshotRecord): GraphNode {
  const node = view.nodes.get(nodeHash);
  if (!node) throw new ToolError(`${argument}: no node with hash ${nodeHash}${snapshot ? ` at snapshot ${snapshot.snapshotHash}` : ''}`);
  return node;
}

/** The symbols a qualified-name argument names (one name may match in several repositories). */
export function requireSymbolsNamed(view: GraphView, argument: string, name: string): readonly GraphNode[] {
  const nodes = nodesNamed(view, name);
  if (nodes.length === 0) {
    throw new ToolError(`${argument}: no symbol named ${name} (expected a qualified name <repo_url>://<package_path>.<Symbol>; graph_query lists them by prefix)`);
  }
  return nodes;
}

/** Two snapshots of one repository and their views, for the tools taking SNAPSHOT_PAIR_ARGS. */
export interface SnapshotPair {
  readonly old: SnapshotRecord;
  readonly new: SnapshotRecord;
  readonly oldView: GraphView;
  readonly newView: GraphView;
}

/**
 * The two snapshots a diff compares, and their views. Both must be of one repository: a
 * snapshot view holds its repo at that point and every other repo live, so comparing
 * snapshots of two repos would diff each against the other's live state, which answers
 * no question anyone asks. Old may be newer than new: the diff is then simply reversed.
 */
export async function snapshotPair(deps: ToolDeps, oldHash: Hash, newHash: Hash): Promise<SnapshotPair> {
  const store = deps.store();
  const old = await requireSnapshot(store, 'old_snapshot', oldHash);
  const next = await requireSnapshot(store, 'new_snapshot', newHash);
  if (old.repoHash !== next.repoHash) {
    const urlOf = async (s: SnapshotRecord): Promise<string> => (await store.repo(s.repoHash))?.repoUrl ?? s.repoHash;
    throw new ToolError(
      `new_snapshot: expected a snapshot of the same repository as old_snapshot (${await urlOf(old)}), got one of ${await urlOf(next)}`,
    );
  }
  return { old, new: next, oldView: await deps.graphs.snapshotView(old), newView: await deps.graphs.snapshotView(next) };
}

/** SPEC 4.4, word for word. */
export const RUNTIME_UNAVAILABLE = 'runtime queries not available: store does not support runtime methods';

/** The runtime tools need a store that keeps runtime edges. */
export function requireRuntime(store: Pick<GraphStore, 'capabilities'>): void {
  if (!store.capabilities.runtime) throw new ToolError(RUNTIME_UNAVAILABLE);
}
