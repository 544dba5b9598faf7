import { type GraphEdge, callSiteCount, callSitesOf, isRuntimeProvenance, withCallSites } from '../model';
import { EdgeTable } from './edgeTable';

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
  const keyOf = relationshipKeys(edges);
  const byRelationship = new Map<number | string, GraphEdge | GraphEdge[]>();
  let parallel = false;
  for (const edge of edges) {
    const key = isRuntimeProvenance(edge.provenance) ? edge.edgeHash : keyOf(edge);
    const group = byRelationship.get(key);
    if (group === undefined) {
      byRelationship.set(key, edge);
    } else {
      if (Array.isArray(group)) group.push(edge);
      else byRelationship.set(key, [group, edge]);
      parallel = true;
    }
  }
  if (!parallel) return [...edges];
  const kept: GraphEdge[] = [];
  for (const group of byRelationship.values()) {
    if (!Array.isArray(group)) {
      kept.push(group);
      continue;
    }
    kept.push(strongestOf(group));
  }
  return kept;
}

/** The edge a relationship held by several edges is answered with. */
function strongestOf(group: readonly GraphEdge[]): GraphEdge {
  const [strongest] = [...group].sort((a, b) => b.confidence - a.confidence || (a.provenance < b.provenance ? -1 : a.provenance > b.provenance ? 1 : 0));
  const sites = group.flatMap(callSitesOf);
  return sites.length > callSiteCount(strongest!) ? withCallSites(strongest!, sites) : strongest!;
}

/**
 * strongestPerRelationship over a sealed edge table: a new sealed table (on the same
 * endpoints) with the same edges in the same order as strongestPerRelationship of the
 * table's edges would give, built without a list of every edge object.
 */
export function strongestInTable(table: EdgeTable): EdgeTable {
  const runtime = table.strings.values.map(isRuntimeProvenance);
  const n = Math.max(table.endpoints.size, 1);
  const t = Math.max(table.typeCount, 1);
  const numeric = n * n * t <= Number.MAX_SAFE_INTEGER;
  const byRelationship = new Map<number | string, number | number[]>();
  let parallel = false;
  for (let i = 0; i < table.count; i++) {
    const key = runtime[table.provenance[i]!]
      ? table.edgeHash(i)
      : numeric ? (table.source[i]! * n + table.target[i]!) * t + table.type[i]! : `${table.source[i]} ${table.target[i]} ${table.type[i]}`;
    const group = byRelationship.get(key);
    if (group === undefined) {
      byRelationship.set(key, i);
    } else {
      if (Array.isArray(group)) group.push(i);
      else byRelationship.set(key, [group, i]);
      parallel = true;
    }
  }
  if (!parallel) return table;
  const kept = new EdgeTable(table.endpoints);
  for (const group of byRelationship.values()) {
    kept.append(Array.isArray(group) ? strongestOf(group.map((i) => table.edge(i))) : table.edge(group));
  }
  kept.seal();
  return kept;
}

/**
 * A key per (source, target, type): a number made of integer ids when the ids fit a
 * double exactly, else the three strings joined. A string key per edge (about 140
 * characters) cost more than the view the edges end up in while a graph loaded.
 */
function relationshipKeys(edges: readonly GraphEdge[]): (edge: GraphEdge) => number | string {
  const ends = new Map<string, number>();
  const types = new Map<string, number>();
  for (const edge of edges) {
    if (!ends.has(edge.sourceHash)) ends.set(edge.sourceHash, ends.size);
    if (!ends.has(edge.targetHash)) ends.set(edge.targetHash, ends.size);
    if (!types.has(edge.edgeType)) types.set(edge.edgeType, types.size);
  }
  const n = Math.max(ends.size, 1);
  const t = Math.max(types.size, 1);
  if (n * n * t > Number.MAX_SAFE_INTEGER) return (edge) => `${edge.sourceHash} ${edge.targetHash} ${edge.edgeType}`;
  return (edge) => (ends.get(edge.sourceHash)! * n + ends.get(edge.targetHash)!) * t + types.get(edge.edgeType)!;
}
