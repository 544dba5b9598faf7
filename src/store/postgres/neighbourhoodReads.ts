import { EDGE_TYPES, type EdgeType, type FileRecord, type GraphEdge, type GraphNode, type Hash, type NodeKind } from '../../model';
import { decodeLaterCallSites } from '../columnCodecs';
import { hashesOf, rememberId, storedIds } from './hashLookup';
import { FILE_SELECT, NODE_SELECT, fileFromRow, idsOf, live, nodeFromRow } from './rows';
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

/** The condition an edge under alias `e` of the layer meets, with both ends live nodes of the view when static. */
function layerCondition(layer: 'static' | 'runtime'): string {
  return layer === 'static' ? STATIC_EDGE : RUNTIME_EDGE;
}

const RUNTIME_EDGE_TYPES = (Object.keys(EDGE_TYPES) as EdgeType[]).filter((t) => EDGE_TYPES[t].runtime);

/** The edge columns read by id: the caller maps ids it knows to hashes (see edgeOfRow). */
const EDGE_BY_ID = `SELECT e.source_id, e.target_id, e.owner_file_id, he.hash, hx.hash, e.edge_type, e.provenance, e.confidence,
    e.call_site_file, e.call_site_line, e.call_site_col, e.observation_count, e.last_observed, e.later_call_sites
  FROM edges e JOIN hashes he ON he.id = e.edge_id`;

/** NeighbourhoodReader.liveEdgesAround over PostgreSQL: by id, two hash joins a row (the edge's and its other end's). */
export async function liveEdgesAround(
  sql: Sql, nodeHashes: readonly Hash[], direction: 'in' | 'out', layer: 'static' | 'runtime', edgeTypes?: readonly EdgeType[],
): Promise<GraphEdge[]> {
  if (nodeHashes.length === 0 || edgeTypes?.length === 0) return [];
  const ids = await storedIds(sql, nodeHashes);
  if (ids.size === 0) return [];
  const [end, other] = direction === 'in' ? ['e.target_id', 'e.source_id'] : ['e.source_id', 'e.target_id'];
  const params: unknown[] = [[...ids.values()]];
  const where = [`${end} = ANY($1::bigint[])`, live('e'), layer === 'static' ? `NOT ${RUNTIME_EDGE}` : RUNTIME_EDGE];
  // Runtime edges are of the runtime types (SPEC 2.5; ingest writes no other): naming them lets the
  // (end, edge_type) index skip a node's static edges, which a hub has thousands of.
  const types = layer === 'runtime' ? (edgeTypes ?? RUNTIME_EDGE_TYPES).filter((t) => EDGE_TYPES[t].runtime) : edgeTypes;
  if (types) {
    params.push(types);
    where.push('e.edge_type = ANY($2::text[])');
  }
  const rows = await sql.rows(
    `${EDGE_BY_ID} JOIN hashes hx ON hx.id = ${other} WHERE ${where.join(' AND ')} ORDER BY e.edge_id`, params, (row) => row,
  );
  const hashOf = new Map<number, Hash>([...ids].map(([hash, id]) => [id, hash]));
  for (const row of rows) {
    const otherId = Number(row[direction === 'in' ? 0 : 1]);
    hashOf.set(otherId, row[4] as string);
    rememberId(sql, row[4] as string, otherId);
  }
  const owners = await hashesOf(sql, rows.map((row) => Number(row[2])).filter((id) => !hashOf.has(id)));
  const hash = (id: unknown): Hash => hashOf.get(Number(id)) ?? owners.get(Number(id)) ?? '';
  return rows.map((row) => ({
    edgeHash: row[3] as string, sourceHash: hash(row[0]), targetHash: hash(row[1]), edgeType: row[5] as EdgeType,
    provenance: row[6] as string, confidence: row[7] as number, callSiteFile: row[8] as string, callSiteLine: row[9] as number,
    callSiteCol: row[10] as number, observationCount: row[11] as number, lastObserved: row[12] as number, ownerFileHash: hash(row[2]),
    laterCallSites: decodeLaterCallSites(row[13] as string, row[8] as string),
  }));
}

/**
 * GraphReader.liveNodesByHash over PostgreSQL, by id: the node's own hash is the one asked
 * for, and its file's and repository's (few, shared by many nodes) come in one more statement.
 */
export async function liveNodesByHash(sql: Sql, nodeHashes: readonly Hash[]): Promise<GraphNode[]> {
  if (nodeHashes.length === 0) return [];
  const ids = await storedIds(sql, nodeHashes);
  if (ids.size === 0) return [];
  const rows = await sql.rows(
    `SELECT n.node_id, n.file_id, n.repo_id, n.qualified_name, n.kind, n.line, n.col, n.end_line, n.signature, n.body_hash, n.doc
       FROM nodes n WHERE n.node_id = ANY($1::bigint[]) AND ${live('n')} ORDER BY n.node_id`,
    [[...ids.values()]],
    (row) => row,
  );
  const hashOf = new Map<number, Hash>([...ids].map(([hash, id]) => [id, hash]));
  const shared = await hashesOf(sql, rows.flatMap((row) => [Number(row[1]), Number(row[2])]));
  const hash = (id: unknown): Hash => hashOf.get(Number(id)) ?? shared.get(Number(id)) ?? '';
  return rows.map((row) => ({
    nodeHash: hash(row[0]), fileHash: hash(row[1]), repoHash: hash(row[2]), qualifiedName: row[3] as string, kind: row[4] as NodeKind,
    line: row[5] as number, column: row[6] as number, endLine: row[7] as number, signature: row[8] as string, bodyHash: row[9] as string,
    doc: row[10] as string,
  }));
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
