import type { QueryCapture, QueryMatch } from 'web-tree-sitter';
import type { ExtractInput } from './extractor';

/**
 * Work units one query progress callback stands for: tree-sitter calls it about every 100
 * steps of its query cursor, as the parser's callback every 100 parser operations.
 */
const UNITS_PER_QUERY_TICK = 100;

/**
 * The extractor's one query pass, charged to the file's work budget while it runs: the
 * cursor's steps as it goes (treeCost.ts charged an estimate before it started, which
 * cuts off the known quadratic shapes without running them; this bounds what the
 * estimate misses), then a unit per capture before any is interpreted. Interpreting a
 * capture costs a bounded amount, so that charge bounds the extraction stage by count
 * before it runs, rather than by the clock while it runs. Over budget it throws
 * BudgetExceeded, and the file is skipped with the reason.
 */
export function meteredMatches({ query, tree, work }: ExtractInput): QueryMatch[] {
  const matches = query.matches(tree.rootNode, { progressCallback: work.progressCallback(UNITS_PER_QUERY_TICK, 'query') });
  work.throwIfCancelled();
  let captures = 0;
  for (const match of matches) captures += match.captures.length;
  work.spend(captures, 'extract');
  return matches;
}

/** meteredMatches for an extractor that reads captures in document order. */
export function meteredCaptures({ query, tree, work }: ExtractInput): QueryCapture[] {
  const captures = query.captures(tree.rootNode, { progressCallback: work.progressCallback(UNITS_PER_QUERY_TICK, 'query') });
  work.throwIfCancelled();
  work.spend(captures.length, 'extract');
  return captures;
}
