import { type GraphEdge, callSiteCount, callSitesOf, isRuntimeProvenance, withCallSites } from '../model';

/**
 * One edge per relationship (issue 14, item 5). The same (source, target, type) can be
 * held under several provenances: an `ast_inferred` call at one site and an
 * `lsp_resolved` one the language server added at another, or a SCIP edge beside them.
 * Queries answer with the strongest, by confidence (then provenance name, for a stable
 * choice), carrying every site any of them saw, so counts never double and a caller is
 * listed once with the provenance it is best known by. The store keeps every edge as
 * written: the next index or enrichment replaces each on its own terms. Runtime edges
 * are left as they are: each carries its own observations.
 */
export function strongestPerRelationship(edges: readonly GraphEdge[]): GraphEdge[] {
  const byRelationship = new Map<string, GraphEdge[]>();
  let parallel = false;
  for (const edge of edges) {
    const key = isRuntimeProvenance(edge.provenance) ? edge.edgeHash : `${edge.sourceHash} ${edge.targetHash} ${edge.edgeType}`;
    const group = byRelationship.get(key);
    if (group) {
      group.push(edge);
      parallel = true;
    } else {
      byRelationship.set(key, [edge]);
    }
  }
  if (!parallel) return [...edges];
  const kept: GraphEdge[] = [];
  for (const group of byRelationship.values()) {
    if (group.length === 1) {
      kept.push(group[0]);
      continue;
    }
    const [strongest] = [...group].sort((a, b) => b.confidence - a.confidence || (a.provenance < b.provenance ? -1 : a.provenance > b.provenance ? 1 : 0));
    const sites = group.flatMap(callSitesOf);
    kept.push(sites.length > callSiteCount(strongest) ? withCallSites(strongest, sites) : strongest);
  }
  return kept;
}
