// Types of contextCommits.mjs for the TypeScript tests (test/bench).
/** A commit as the evaluation reads it from `git log`. */
export interface LoggedCommit {
  readonly hash: string;
  readonly parents: readonly string[];
  readonly message: string;
  readonly changes: readonly { readonly status: string; readonly path: string }[];
}
/** Selection limits. */
export interface SelectionLimits { readonly maxFiles?: number; readonly minWords?: number }
/** Whether a path is test code. */
export function isTestPath(path: string): boolean;
/** Whether a path is a lockfile or dependency manifest. */
export function isDependencyFile(path: string): boolean;
/** Why a commit is left out, or undefined when it qualifies. */
export function rejection(commit: LoggedCommit, isSource: (path: string) => boolean, limits?: SelectionLimits): string | undefined;
/** The commit's changed source files outside tests that exist in the parent. */
export function truthFiles(commit: LoggedCommit, isSource: (path: string) => boolean): string[];
/** A seeded generator of floats in [0, 1). */
export function seededRandom(seed: string | number): () => number;
/** A seeded shuffle (a copy). */
export function seededShuffle<T>(items: readonly T[], seed: string | number): T[];
/** Parses the `git log` output readCommits asks for. */
export function parseLog(text: string): LoggedCommit[];
/** The newest `window` commits reachable from `rev`, newest first. */
export function readCommits(root: string, rev: string, window: number): LoggedCommit[];
/** The qualifying commits in seeded order, the first `n`, oldest first. */
export function pickCommits(
  candidates: readonly LoggedCommit[], isSource: (path: string) => boolean, options: { n: number; seed: string } & SelectionLimits,
): LoggedCommit[];
