import { execFileSync } from 'node:child_process';

/** A commit changing more files than this (a rename sweep, a reformat) says nothing about any of them. */
export const MAX_FILES_PER_COMMIT = 50;

/**
 * The changed paths of each record of `git log --name-only --format=%x1e` output, newest
 * first, duplicates dropped; commits of fewer than `minFiles` or more than
 * `maxFilesPerCommit` files are left out.
 */
export function parseChangeSets(log: string, { maxFilesPerCommit = MAX_FILES_PER_COMMIT, minFiles = 1 } = {}): string[][] {
  const sets: string[][] = [];
  for (const record of log.split('\x1e').slice(1)) {
    const paths = [...new Set(record.split('\n').map((line) => line.trim()).filter((line) => line.length > 0))];
    if (paths.length >= minFiles && paths.length <= maxFilesPerCommit) sets.push(paths);
  }
  return sets;
}

/** git's output in `root`; throws when git fails (outside a repository, no commit yet). */
export function git(root: string, args: readonly string[]): string {
  return execFileSync('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 * 1024 * 1024 }).toString();
}

/** `git log` arguments for the newest `commits` non-merge commits of `head`, paths relative to the repository's folder. */
export function changeLogArgs(head: string, commits: number): string[] {
  return ['log', '--no-merges', '--no-renames', '--relative', '--name-only', '--format=%x1e', `-n${commits}`, head];
}

/** Answers kept per key, oldest dropped first past `limit`. */
export class AnswerCache<T> {
  private readonly answers = new Map<string, T>();

  constructor(private readonly limit: number) {}

  get(key: string, compute: () => T): T {
    if (this.answers.has(key)) return this.answers.get(key)!;
    const answer = compute();
    if (this.answers.size >= this.limit) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, answer);
    return answer;
  }
}
