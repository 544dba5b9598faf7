import type { FileRecord, Hash } from '../model';
import { ContextInputError } from './errors';
import type { Evidence } from './evidence';
import type { SymbolIndex } from './symbolIndex';

/** Where a random walk starts: node hash -> weight (normalised by the walk). */
export type Seeds = Map<Hash, number>;

export const DEFAULTS = {
  /** How many BM25 hits seed a task's walk. */
  taskSeeds: 12,
};

/**
 * Seeds for a task description: the best BM25 hits over symbol names, paths, signatures
 * and doc comments, and (given the text's hits) the symbols whose bodies match best,
 * each weighted by its score relative to the best of its kind. Empty when no term matches.
 */
export function taskSeeds(index: SymbolIndex, description: string, textHits?: Evidence, limit = DEFAULTS.taskSeeds): Seeds {
  if (!Number.isInteger(limit) || limit < 1) throw new Error('context/seeds: limit must be a positive integer');
  let named: Array<[Hash, number]>;
  if (textHits) {
    named = [...textHits.names].slice(0, limit);
  } else {
    const hits = index.searchSymbols(description, limit);
    named = hits.map((hit) => [hit.node.nodeHash, hit.score / hits[0]!.score]);
  }
  const seeds: Seeds = new Map(named);
  for (const [hash, score] of [...(textHits?.symbols ?? [])].slice(0, limit)) seeds.set(hash, (seeds.get(hash) ?? 0) + score);
  return seeds;
}

/**
 * The `files` argument: comma-separated repo-relative paths. Whitespace around entries,
 * a leading `./` and Windows separators are tolerated; duplicates are dropped.
 */
export function parseFileList(files: string): string[] {
  const paths = files
    .split(',')
    .map((entry) => entry.trim().replace(/\\/g, '/').replace(/^(\.\/)+/, ''))
    .filter((entry) => entry.length > 0);
  if (paths.length === 0) throw new ContextInputError('files', 'expected at least one repo-relative path (comma-separated)');
  return [...new Set(paths)];
}

/**
 * Resolves paths to indexed files: within `repoUrl` when given, else in the one repository
 * that has the path. A path no repository has, or one that several have while `repoUrl`
 * is absent, is an error naming `files` (the caller can fix it); so is an unknown repo.
 */
export function resolveFiles(index: SymbolIndex, paths: readonly string[], repoUrl?: string): FileRecord[] {
  if (repoUrl !== undefined && ![...index.view.repos.values()].some((r) => r.repoUrl === repoUrl)) {
    throw new ContextInputError('repo_url', `no indexed repository has the URL ${JSON.stringify(repoUrl)}`);
  }
  const unknown: string[] = [];
  const ambiguous: string[] = [];
  const found: FileRecord[] = [];
  const ignored: string[] = [];
  const indexedExtensions = new Set([...index.view.files.values()].map((f) => extensionOf(f.path)));
  for (const path of paths) {
    const candidates = index.filesAt(path).filter((f) => repoUrl === undefined || index.repoUrl(f.repoHash) === repoUrl);
    // A PR's file list holds docs and config too: a kind of file the index never holds is
    // not an error, a source file the index does not know is (a typo, or not indexed yet).
    if (candidates.length === 0 && !indexedExtensions.has(extensionOf(path))) ignored.push(path);
    else if (candidates.length === 0) unknown.push(path);
    else if (candidates.length > 1) ambiguous.push(`${path} (in ${candidates.map((f) => index.repoUrl(f.repoHash)).join(', ')})`);
    else found.push(candidates[0]);
  }
  if (unknown.length > 0) {
    const where = repoUrl === undefined ? '' : ` in ${repoUrl}`;
    throw new ContextInputError('files', `not indexed${where}: ${unknown.join(', ')} (paths are relative to the repository root)`);
  }
  if (ambiguous.length > 0) throw new ContextInputError('files', `in several repositories, pass repo_url: ${ambiguous.join('; ')}`);
  if (found.length === 0) {
    throw new ContextInputError('files', `none of the paths is an indexed source file: ${ignored.join(', ')}`);
  }
  return found;
}

function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? base : base.slice(dot).toLowerCase();
}

/**
 * Seeds for changed files: every node of those files (module nodes too: they carry the
 * file's imports), each weighted 1 + log10(1 + runtime observations on its edges), so
 * code that serves traffic pulls the walk harder.
 */
export function fileSeeds(index: SymbolIndex, files: readonly FileRecord[]): Seeds {
  const seeds: Seeds = new Map();
  for (const file of files) {
    for (const node of index.nodesOf(file.fileHash)) {
      if (index.isPlaceholder(node.nodeHash)) continue;
      seeds.set(node.nodeHash, 1 + Math.log10(1 + runtimeObservations(index, node.nodeHash)));
    }
  }
  return seeds;
}

/** Observations of the runtime edges touching a node (ObservationCount > 0 only on runtime edges). */
export function runtimeObservations(index: SymbolIndex, hash: Hash): number {
  let total = 0;
  for (const edge of index.view.outgoing(hash)) total += Math.max(0, edge.observationCount);
  for (const edge of index.view.incoming(hash)) total += Math.max(0, edge.observationCount);
  return total;
}
