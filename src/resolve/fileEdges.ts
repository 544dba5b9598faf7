import { type CallSite, type GraphEdge, type Hash, NO_LATER_CALL_SITES, withCallSites } from '../model';

/**
 * The edges one file produces, one per identity (source, target, type, provenance), each
 * with every site of the facts that gave it: a caller calling a callee three times is one
 * edge with three sites, in source order.
 */
export class FileEdges {
  private readonly edges: GraphEdge[] = [];
  private readonly indexOf = new Map<Hash, number>();
  /** Every site of the edges seen more than once, by index; the rest keep their one site. */
  private readonly sitesOf = new Map<number, CallSite[]>();

  /** Adds an edge with one site (`callSite*`), or adds that site to the edge it repeats. */
  add(edge: GraphEdge): void {
    const index = this.indexOf.get(edge.edgeHash);
    if (index === undefined) {
      this.indexOf.set(edge.edgeHash, this.edges.length);
      this.edges.push(edge.laterCallSites.length === 0 ? edge : { ...edge, laterCallSites: NO_LATER_CALL_SITES });
      return;
    }
    let sites = this.sitesOf.get(index);
    if (!sites) {
      const first = this.edges[index];
      this.sitesOf.set(index, (sites = [{ file: first.callSiteFile, line: first.callSiteLine, col: first.callSiteCol }]));
    }
    sites.push({ file: edge.callSiteFile, line: edge.callSiteLine, col: edge.callSiteCol });
  }

  /** The edges in the order first seen, each with its sites sorted and deduplicated. */
  toArray(): GraphEdge[] {
    for (const [index, sites] of this.sitesOf) this.edges[index] = withCallSites(this.edges[index], sites);
    this.sitesOf.clear();
    return this.edges;
  }
}
