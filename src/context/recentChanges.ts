import type { Hash } from '../model';
import type { Evidence } from './evidence';
import { AnswerCache, changeLogArgs, git, parseChangeSets } from './gitHistory';
import type { SymbolIndex } from './symbolIndex';

/**
 * Where a repository has been changing lately: a file changed often in its recent commits
 * is more likely to change in the next one than a file untouched for years, whatever the
 * task's words (change locality; bug localisation work weighs version history the same
 * way). A task's lexical matches are re-weighed by it, so that of two files that match
 * the words alike, the one under active work comes first; it never adds a file the words
 * do not match.
 */
export const DEFAULTS = {
  /** Newest non-merge commits of HEAD read. */
  commits: 300,
  /** A commit's weight halves every this many commits back. */
  halfLife: 50,
  /** Weight of a file's recent-change score beside its lexical score (both relative to their best). */
  weight: 0.3,
};

/**
 * Each path's recent-change score: the sum over the commits that changed it of
 * 0.5^(age / halfLife), age 0 the newest, on a log scale relative to the best (1), so a
 * file changed in every commit does not drown the rest. `changeSets` newest first.
 */
export function recentChangeScores(changeSets: ReadonlyArray<readonly string[]>, halfLife = DEFAULTS.halfLife): Map<string, number> {
  const sums = new Map<string, number>();
  changeSets.forEach((paths, age) => {
    const weight = 0.5 ** (age / halfLife);
    for (const path of paths) sums.set(path, (sums.get(path) ?? 0) + weight);
  });
  const best = Math.log1p(Math.max(0, ...sums.values())) || 1;
  return new Map([...sums].map(([path, sum]) => [path, Math.log1p(sum) / best]));
}

const answers = new AnswerCache<Map<string, number>>(16);

/**
 * The recent-change scores of the repository at `root` (paths relative to it), kept per
 * HEAD. Undefined outside git or when git fails: a context without history is still one.
 */
export function recentlyChangedFiles(root: string): Map<string, number> | undefined {
  try {
    const head = git(root, ['rev-parse', 'HEAD']).trim();
    return answers.get(`${root}\0${head}`, () => recentChangeScores(parseChangeSets(git(root, changeLogArgs(head, DEFAULTS.commits)))));
  } catch {
    return undefined;
  }
}

/**
 * A task's evidence with each matched file's score raised by `weight` x its recent-change
 * score in its repository, relative to the best again. Files the task does not match stay
 * out; symbols and names are as they were.
 */
export function withRecentChanges(index: SymbolIndex, evidence: Evidence, weight = DEFAULTS.weight): Evidence {
  const history = new Map<Hash, Map<string, number> | undefined>();
  const raised = new Map<Hash, number>();
  for (const [fileHash, score] of evidence.files) {
    const file = index.view.files.get(fileHash);
    if (!file) continue;
    if (!history.has(file.repoHash)) {
      const root = index.view.repos.get(file.repoHash)?.rootPath;
      history.set(file.repoHash, root ? recentlyChangedFiles(root) : undefined);
    }
    raised.set(fileHash, score + weight * (history.get(file.repoHash)?.get(file.path) ?? 0));
  }
  const best = Math.max(0, ...raised.values()) || 1;
  const files = new Map([...raised].map(([fileHash, score]) => [fileHash, score / best] as const).sort((a, b) => b[1] - a[1]));
  return { ...evidence, files };
}
