import type { EdgeType, FileRecord, GraphEdge, GraphNode, Hash } from '../../model';
import { EDGE_SELECT, FILE_SELECT, NODE_SELECT, edgeFromRow, fileFromRow, idsOf, live, nodeFromRow } from './rows';
import { RUNTIME_EDGE } from './runtimeTables';
import type { Sql } from './sql';

/**
 * NeighbourhoodReader (roles.ts) over PostgreSQL: the reads a point query makes instead of
 * loading the whole graph, each one statement over the live-row indexes of edges
 * (`edges_live_target`, `edges_live_source`: (end, edge_type) WHERE removed_in IS NULL) and
 * nodes. "Live" means what the live graph view holds (src/query/graphCache.ts): a node of
 * an indexed repository, or a node owned by no file (a placeholder); a static edge only
 * when both its ends are such nodes.
 */

/** A live node of the view, by the id column `id` (aliases `ln`, `lr`: an outer `n` or `r` stays visible). */
const liveNode = (id: string): string => `EXISTS (SELECT 1 FROM nodes ln WHERE ln.node_id = ${id} AND ln.removed_in IS NULL
  AND (ln.file_id = 0 OR EXISTS (SELECT 1 FROM repos lr WHERE lr.repo_id = ln.repo_id)))`;

/** A static edge of the view under alias `e`. */
const STATIC_EDGE = `NOT ${RUNTIME_EDGE} AND ${liveNode('e.source_id')} AND ${liveNode('e.target_id')}`;

/** The condition an edge under alias `e` of the layer meets. */
function layerCondition(layer: 'static' | 'runtime'): string {
  return layer === 'static' ? STATIC_EDGE : RUNTIME_EDGE;
}

/** NeighbourhoodReader.liveEdgesAround over PostgreSQL. */
export async function liveEdgesAround(
  sql: Sql, nodeHashes: readonly Hash[], direction: 'in' | 'out', layer: 'static' | 'runtime', edgeTypes?: readonly EdgeType[],
): Promise<GraphEdge[]> {
  if (nodeHashes.length === 0 || edgeTypes?.length === 0) return [];
  const end = direction === 'in' ? 'e.target_id' : 'e.source_id';
  const params: unknown[] = [nodeHashes];
  const where = [`${end} IN ${idsOf(1)}`, live('e'), layerCondition(layer)];
  if (edgeTypes) {
    params.push(edgeTypes);
    where.push(`e.edge_type = ANY($2::text[])`);
  }
  return sql.rows(`${EDGE_SELECT} WHERE ${where.join(' AND ')} ORDER BY e.edge_id`, params, edgeFromRow);
}

/** NeighbourhoodReader.liveFilesByHash over PostgreSQL. */
export async function liveFilesByHash(sql: Sql, fileHashes: readonly Hash[]): Promise<FileRecord[]> {
  if (fileHashes.length === 0) return [];
  return sql.rows(`${FILE_SELECT} WHERE f.file_id IN ${idsOf(1)} AND ${live('f')} ORDER BY hf.hash`, [fileHashes], fileFromRow);
}

/** NeighbourhoodReader.liveNodesNamed over PostgreSQL. */
export async function liveNodesNamed(sql: Sql, qualifiedNames: readonly string[]): Promise<GraphNode[]> {
  if (qualifiedNames.length === 0) return [];
  return sql.rows(
    `${NODE_SELECT} WHERE n.qualified_name = ANY($1::text[]) AND ${live('n')} AND ${liveNode('n.node_id')} ORDER BY n.qualified_name, hn.hash`, [qualifiedNames], nodeFromRow,
  );
}

/** An edge of the layer with the node under alias `n` at one of its ends. */
function touching(layer: 'static' | 'runtime'): string {
  const condition = layerCondition(layer);
  return `(EXISTS (SELECT 1 FROM edges e WHERE e.target_id = n.node_id AND ${live('e')} AND ${condition})
    OR EXISTS (SELECT 1 FROM edges e WHERE e.source_id = n.node_id AND ${live('e')} AND ${condition}))`;
}

/** NeighbourhoodReader.nodesByPrefixTouching over PostgreSQL. */
export function nodesByPrefixTouching(sql: Sql, prefix: string, layer: 'static' | 'runtime', limit: number): Promise<GraphNode[]> {
  // The range on the indexed name as nodesByPrefix; the edge test runs per node in name order until `limit` pass.
  return sql.rows(
    `${NODE_SELECT} WHERE n.qualified_name >= $1 AND n.qualified_name < $2 AND ${live('n')} AND ${liveNode('n.node_id')}
       AND ${touching(layer)} ORDER BY n.qualified_name, hn.hash LIMIT $3`,
    [prefix, `${prefix}\uffff`, limit],
    nodeFromRow,
  );
}

/** NeighbourhoodReader.nodesTouching over PostgreSQL. */
export async function nodesTouching(sql: Sql, nodeHashes: readonly Hash[], layer: 'static' | 'runtime'): Promise<Set<Hash>> {
  if (nodeHashes.length === 0) return new Set();
  const rows = await sql.rows(
    `SELECT hn.hash FROM nodes n JOIN hashes hn ON hn.id = n.node_id WHERE n.node_id IN ${idsOf(1)} AND ${live('n')} AND ${touching(layer)}`,
    [nodeHashes],
    (row) => row[0] as string,
  );
  return new Set(rows);
}
