import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { type IndexSummary, RepoIndexer } from '../../src/index/repoIndexer';
import { GraphCache } from '../../src/query/graphCache';
import { indexRoots } from '../../src/mcp/indexRoots';
import { isListResult } from '../../src/mcp/replyCap';
import { type ToolDefinition, type ToolDeps, ToolError, isCallerError } from '../../src/mcp/tool';
import { type GraphStore, openStore } from '../../src/store';
import { FIXTURE_REPOS } from './indexFixture';
import { makeTempDir } from './tempDir';

/**
 * Calls a tool's handler directly, the way the server does minus the transport: the
 * arguments are parsed with the tool's own zod shape first, so defaults and validation
 * messages are the real ones. A list the handler cut itself comes back as
 * `{ items, truncated }`.
 */
export function depsOver(store: GraphStore): ToolDeps {
  return {
    store: () => store,
    graphs: new GraphCache(() => store),
    index: () => Promise.reject(new Error('not used by these tools')),
    indexRoots: indexRoots([]),
    persist: () => store.save(),
    replyTokenCap: 25_000,
    now: () => 1_760_000_000,
  };
}

export async function callTool<T = unknown, S extends z.ZodRawShape = z.ZodRawShape>(
  tool: ToolDefinition<S>, args: Record<string, unknown>, deps: ToolDeps,
): Promise<T> {
  const parsed = z.object(tool.inputSchema).safeParse(args);
  if (!parsed.success) throw new ToolError(parsed.error.issues.map((i) => i.message).join('; '));
  const { result } = await tool.handler(parsed.data as z.infer<z.ZodObject<S>>, deps);
  return (isListResult(result) ? { items: result.items, truncated: result.truncated, hint: result.hint } : result) as T;
}

/** The message a call fails with: a validation message or a caller error's. Fails when the call succeeds. */
export async function toolError<S extends z.ZodRawShape>(tool: ToolDefinition<S>, args: Record<string, unknown>, deps: ToolDeps): Promise<string> {
  try {
    await callTool(tool, args, deps);
  } catch (error) {
    if (isCallerError(error)) return error.message;
    throw error;
  }
  throw new Error(`expected ${tool.name} to fail for ${JSON.stringify(args)}`);
}

export interface TwoSnapshots {
  readonly store: GraphStore;
  readonly before: IndexSummary;
  readonly after: IndexSummary;
}

/**
 * A fixture repo copied to a temp dir, indexed, edited by `edit`, and indexed again into
 * the same store: two snapshots of one repo (`fixtures/<name>`) to diff.
 */
export async function twoSnapshots(name: string, edit: (file: (relative: string, change: (text: string) => string) => void) => void): Promise<TwoSnapshots> {
  const root = makeTempDir();
  fs.cpSync(path.join(FIXTURE_REPOS, name), root, { recursive: true });
  const store = await openStore(':memory:');
  const indexer = new RepoIndexer(store);
  const options = { repoPath: root, repoUrl: `fixtures/${name}` };
  const before = await indexer.index(options);
  edit((relative, change) => {
    const full = path.join(root, relative);
    const text = fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : '';
    const next = change(text);
    if (next === '') fs.rmSync(full);
    else fs.writeFileSync(full, next);
  });
  const after = await indexer.index(options);
  return { store, before, after };
}

/**
 * The change the snapshot tools are tested on, in go-basic: Probe gains a parameter, Seed
 * stops calling store.Fill (which is deleted) and calls Default, and a new file adds
 * Extra, which calls pick.
 */
export function editedGoBasic(): Promise<TwoSnapshots> {
  return twoSnapshots('go-basic', (edit) => {
    edit('service/service.go', (text) => text
      .replace('func Probe(key string) string {', 'func Probe(key string, n int) string {')
      .replace('return New(mem)', 'Default()\n\treturn New(mem)')
      .replace('\tstore.Fill(mem, pairs)\n', ''));
    edit('store/memory.go', (text) => text.replace(/\/\/ Fill[\s\S]*?\n}\n/, ''));
    edit('service/extra.go', () => 'package service\n\nfunc Extra() string {\n\treturn pick().Name()\n}\n');
  });
}

/** Two snapshots of different repos in one store: go-basic's and ts-basic's. */
export async function twoRepos(): Promise<{ store: GraphStore; goSnapshot: string; tsSnapshot: string }> {
  const store = await openStore(':memory:');
  const indexer = new RepoIndexer(store);
  const go = await indexer.index({ repoPath: path.join(FIXTURE_REPOS, 'go-basic'), repoUrl: 'fixtures/go-basic' });
  const ts = await indexer.index({ repoPath: path.join(FIXTURE_REPOS, 'ts-basic'), repoUrl: 'fixtures/ts-basic' });
  return { store, goSnapshot: go.snapshotHash, tsSnapshot: ts.snapshotHash };
}

/** The node hash of a live symbol of go-basic (as `indexFixture('go-basic')` names it), by local name. */
export async function hashIn(store: GraphStore, local: string, repoUrl = 'fixtures/go-basic'): Promise<string> {
  const qualifiedName = `${repoUrl}://${local}`;
  const node = (await store.nodesByPrefix(qualifiedName, 50)).find((n) => n.qualifiedName === qualifiedName);
  if (!node) throw new Error(`no node ${qualifiedName}`);
  return node.nodeHash;
}

/** The hash of the store's only (or first) snapshot. */
export async function snapshotIn(store: GraphStore): Promise<string> {
  return (await store.snapshots())[0]!.snapshotHash;
}
