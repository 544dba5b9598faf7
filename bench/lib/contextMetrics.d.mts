// Types of contextMetrics.mjs for the TypeScript tests (test/bench).
/** The scores of one ranking. */
export interface RankingScore { precision: number; recall: number; hit: number; reciprocalRank: number }
/** The cut-off of P@k, R@k and Hit@k. */
export const K: number;
/** Distinct items in first-seen order. */
export function distinctInOrder<T>(items: readonly T[]): T[];
/** P@k, R@k, Hit@k and the reciprocal rank of the first hit. */
export function scoreRanking(ranked: readonly string[], truth: readonly string[], k?: number): RankingScore;
/** What fusing two methods' per-commit rankings could reach at most: best-of MRR, union P@k, ceiling P@k. */
export function reachableScores(
  pairs: readonly { engine: readonly string[]; baseline: readonly string[]; truth: readonly string[] }[], k?: number,
): { bestOfMrr: number; unionPrecision: number; ceilingPrecision: number };
/** Means of each score. */
export function meanScores(scores: readonly RankingScore[]): RankingScore;
/** Old-side line ranges a `git diff -U0` touched, per old path. */
export function touchedLines(diffText: string): Map<string, [number, number][]>;
/** Hashes of the nodes whose line range meets a touched range of their file (modules left out). */
export function changedSymbols(
  nodes: readonly { nodeHash: string; kind: string; line: number; endLine: number; path: string }[],
  touched: ReadonlyMap<string, readonly (readonly [number, number])[]>,
): Set<string>;
/** Median of numbers; NaN for none. */
export function median(values: readonly number[]): number;
