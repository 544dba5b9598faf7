import type { FileRecord, Hash } from '../model';
import type { Evidence } from './evidence';
import { AnswerCache, MAX_FILES_PER_COMMIT, changeLogArgs, git, parseChangeSets } from './gitHistory';
import type { SymbolIndex } from './symbolIndex';

/**
 * Files that changed together in a repository's history: a file that changed with the
 * given one in many past commits is likely to change with it again, whether or not a
 * call, an import or a shared word joins them (a test and its fixture, a handler and its
 * route table, a schema and its migration).
 */
export const DEFAULTS = {
  /** Newest non-merge commits of HEAD that touch the given files, read per query. */
  commits: 500,
  /** A commit changing more files than this (a rename sweep, a reformat) says nothing about any two of them. */
  maxFilesPerCommit: MAX_FILES_PER_COMMIT,
};

/**
 * The other files of the commits that changed any of `paths`, scored by how many of
 * those commits changed them, relative to the best (1); best first, ties by path.
 * `changeSets`: the paths each of those commits changed.
 */
export function coChanged(changeSets: ReadonlyArray<readonly string[]>, paths: readonly string[]): Map<string, number> {
  const given = new Set(paths);
  const counts = new Map<string, number>();
  for (const changed of changeSets) {
    if (!changed.some((path) => given.has(path))) continue;
    for (const path of changed) if (!given.has(path)) counts.set(path, (counts.get(path) ?? 0) + 1);
  }
  const best = Math.max(0, ...counts.values()) || 1;
  return new Map([...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([path, n]) => [path, n / best]));
}

/** The answers of the last queries, per HEAD: asking again about the same files reads no history. */
const answers = new AnswerCache<Map<string, number>>(64);

/**
 * The files that changed with `paths` (repo-relative) in the repository at `root`: the
 * newest commits of HEAD touching any of them, each with every file it changed. Answers
 * are kept per HEAD. Undefined outside git or when git fails (a context without history
 * is still a context).
 */
export function coChangedFiles(root: string, paths: readonly string[]): Map<string, number> | undefined {
  try {
    const head = git(root, ['rev-parse', 'HEAD']).trim();
    const key = `${root}\0${head}\0${[...paths].sort().join('\0')}`;
    return answers.get(key, () => {
      // --full-diff: each commit with every file it changed, not only the given ones.
      const log = git(root, [...changeLogArgs(head, DEFAULTS.commits), '--full-diff', '--', ...paths.map((path) => `:(literal)${path}`)]);
      return coChanged(parseChangeSets(log, { minFiles: 2 }), paths);
    });
  } catch {
    return undefined;
  }
}

/** Co-changed files whose main symbols join the ranking even when the walk does not reach them. */
const FILES_WITH_SYMBOLS = 20;
/** Main symbols (most incoming edges) of each such file. */
const SYMBOLS_PER_FILE = 3;

/**
 * Evidence from history for changed files: the files that changed with them, each in its
 * repository, and the main symbols of the closest of those files. Empty when no
 * repository's history can be read.
 */
export function coChangeEvidence(index: SymbolIndex, files: readonly FileRecord[]): Evidence {
  const scores = new Map<Hash, number>();
  for (const [repoHash, paths] of groupBy(files, (f) => f.repoHash)) {
    const root = index.view.repos.get(repoHash)?.rootPath;
    for (const [path, score] of (root && coChangedFiles(root, paths.map((f) => f.path))) || []) {
      const file = index.filesAt(path).find((f) => f.repoHash === repoHash);
      if (file) scores.set(file.fileHash, Math.max(score, scores.get(file.fileHash) ?? 0));
    }
  }
  const ordered = new Map([...scores].sort((a, b) => b[1] - a[1]));
  const symbols = new Map<Hash, number>();
  for (const [fileHash, score] of [...ordered].slice(0, FILES_WITH_SYMBOLS)) {
    const main = index.nodesOf(fileHash).filter((n) => index.isShowable(n))
      .map((node) => ({ node, callers: index.view.incoming(node.nodeHash).length }))
      .sort((a, b) => b.callers - a.callers || a.node.line - b.node.line)
      .slice(0, SYMBOLS_PER_FILE);
    for (const { node } of main) symbols.set(node.nodeHash, score);
  }
  return { files: ordered, symbols, names: new Map() };
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
