import type { RouteFact, SymbolFact } from '../extract/facts';

/**
 * Whether a symbol is what a route registration of unknown router type needs as its
 * handler: a function or method, or for a `factory` one whose one result is a function
 * type or a `Handler`/`HandlerFunc` type (net/http's, gin's, echo's, Fiber's).
 */
export function handlerFits(fact: SymbolFact, must: NonNullable<RouteFact['handlerMust']>): boolean {
  if (fact.kind !== 'function' && fact.kind !== 'method') return false;
  if (must === 'function') return true;
  const result = fact.results?.length === 1 ? fact.results[0]!.replace(/\s+/g, '') : '';
  return result.startsWith('func(') || /(?:^|\.)Handler(?:Func)?$/.test(result);
}
