import type { GraphEdge } from './records';

/** Where an edge's fact sits in source: a file path, a 1-based line and a 1-based column. */
export interface CallSite {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/**
 * Shared by every edge with at most one site, so the common case allocates nothing. Frozen:
 * a caller that pushed into it would give every such edge a site.
 */
export const NO_LATER_CALL_SITES: readonly CallSite[] = Object.freeze([]);

/** Source order: file, then line, then column. */
export function compareCallSites(a: CallSite, b: CallSite): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.col - b.col;
}

export function sameCallSite(a: CallSite, b: CallSite): boolean {
  return a.line === b.line && a.col === b.col && a.file === b.file;
}

/** Every site of an edge in source order: its first (`callSite*`) and the later ones; none for an edge without a site (runtime). */
export function callSitesOf(edge: GraphEdge): CallSite[] {
  if (edge.callSiteLine === 0 && edge.callSiteFile === '') return [...edge.laterCallSites];
  return [{ file: edge.callSiteFile, line: edge.callSiteLine, col: edge.callSiteCol }, ...edge.laterCallSites];
}

/** How many sites an edge has. */
export function callSiteCount(edge: GraphEdge): number {
  return (edge.callSiteLine === 0 && edge.callSiteFile === '' ? 0 : 1) + edge.laterCallSites.length;
}

/** The edge with exactly these sites (sorted and deduplicated here); none gives the empty first site. */
export function withCallSites<E extends GraphEdge>(edge: E, sites: readonly CallSite[]): E {
  const sorted = [...sites].sort(compareCallSites).filter((site, i, all) => i === 0 || !sameCallSite(all[i - 1], site));
  const [first, ...later] = sorted;
  return {
    ...edge,
    callSiteFile: first?.file ?? '',
    callSiteLine: first?.line ?? 0,
    callSiteCol: first?.col ?? 0,
    laterCallSites: later.length > 0 ? later : NO_LATER_CALL_SITES,
  };
}

/** Whether two edges have the same sites (an edge whose sites moved is updated in place, not re-versioned). */
export function sameCallSites(a: GraphEdge, b: GraphEdge): boolean {
  if (a.callSiteLine !== b.callSiteLine || a.callSiteCol !== b.callSiteCol || a.callSiteFile !== b.callSiteFile) return false;
  if (a.laterCallSites.length !== b.laterCallSites.length) return false;
  return a.laterCallSites.every((site, i) => sameCallSite(site, b.laterCallSites[i]));
}
