import { EDGE_TYPES, type EdgeType, type FileRecord, type GraphEdge, type GraphNode, type Hash, type NodeKind } from '../../model';
import { decodeLaterCallSites } from '../columnCodecs';
import { hashesOf, storedIds } from './hashLookup';
import { FILE_SELECT, NODE_SELECT, fileFromRow, idsOf, live, nodeFromRow, rememberIds } from './rows';
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

/** The columns of an edge read by id, from `picked e`: the caller maps the ids it knows to hashes. */
const EDGE_BY_ID = `SELECT e.source_id, e.target_id, e.owner_file_id, he.hash, hx.hash, e.edge_type, e.provenance, e.confidence,
    e.call_site_file, e.call_site_line, e.call_site_col, e.observation_count, e.last_observed, e.later_call_sites
  FROM picked e JOIN hashes he ON he.id = e.edge_id`;

/** NeighbourhoodReader.liveEdgesAround over PostgreSQL: by id, two hash joins a row (the edge's and its other end's). */
export async function liveEdgesAround(
  sql: Sql, nodeHashes: readonly Hash[], direction: 'in' | 'out', layer: 'static' | 'runtime', edgeTypes?: readonly EdgeType[],
  otherEnds?: readonly Hash[],
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
    where.push(`e.edge_type = ANY($${params.length}::text[])`);
  }
  if (otherEnds) {
    const others = [...(await storedIds(sql, otherEnds)).values()];
    if (others.length === 0) return [];
    params.push(others);
    where.push(`${other} = ANY($${params.length}::bigint[])`);
  }
  // The edges first, then their hashes.
  const rows = await sql.rows(
    `WITH picked AS (SELECT e.* FROM edges e WHERE ${where.join(' AND ')})
     ${EDGE_BY_ID} JOIN hashes hx ON hx.id = ${other} ORDER BY e.edge_id`,
    params,
    (row) => row,
  );
  const hashOf = new Map<number, Hash>([...ids].map(([hash, id]) => [id, hash]));
  const reached = rows.map((row) => [row[4] as string, Number(row[direction === 'in' ? 0 : 1])] as const);
  for (const [otherHash, otherId] of reached) hashOf.set(otherId, otherHash);
  rememberIds(sql, reached);
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

/** NeighbourhoodReader.nearestSources over PostgreSQL: one statement, only the first `limit` hashes joined. */
export async function nearestSources(
  sql: Sql, frontier: readonly { readonly hash: Hash; readonly width: number }[], settled: readonly Hash[], edgeTypes: readonly EdgeType[],
  limit: number,
): Promise<{ readonly hashes: Hash[]; readonly total: number }> {
  const ids = await storedIds(sql, frontier.map((f) => f.hash));
  const at = frontier.filter((f) => ids.has(f.hash));
  if (at.length === 0 || edgeTypes.length === 0) return { hashes: [], total: 0 };
  const settledIds = [...(await storedIds(sql, settled)).values()];
  const rows = await sql.rows(
    `WITH f AS (SELECT * FROM unnest($1::bigint[], $2::float8[]) AS f(id, width)),
       settled AS (SELECT unnest($3::bigint[]) AS id),
       candidates AS (
         SELECT e.source_id AS id, max(least(f.width, e.confidence)) AS width
           FROM f JOIN edges e ON e.target_id = f.id
          WHERE ${live('e')} AND NOT ${RUNTIME_EDGE} AND e.edge_type = ANY($4::text[])
            AND NOT EXISTS (SELECT 1 FROM settled s WHERE s.id = e.source_id)
          GROUP BY e.source_id),
       ranked AS (
         SELECT c.id, c.width, n.qualified_name, count(*) OVER () AS total
           FROM candidates c JOIN nodes n ON n.node_id = c.id AND ${live('n')}
          WHERE n.file_id = 0 OR EXISTS (SELECT 1 FROM repos r WHERE r.repo_id = n.repo_id)
          ORDER BY c.width DESC, n.qualified_name LIMIT $5)
     SELECT h.hash, r.total FROM ranked r JOIN hashes h ON h.id = r.id ORDER BY r.width DESC, r.qualified_name`,
    [at.map((f) => ids.get(f.hash)), at.map((f) => f.width), settledIds, edgeTypes, Math.max(0, Math.floor(limit))],
    (row) => [row[0] as string, Number(row[1])] as const,
  );
  return { hashes: rows.map(([hash]) => hash), total: rows[0]?.[1] ?? 0 };
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
    `${NODE_SELECT} WHERE n.qualified_name = ANY($1::text[]) AND ${live('n')} AND ${liveNode('n.node_id')}
     ORDER BY n.qualified_name, hn.hash`,
    [qualifiedNames],
    nodeFromRow,
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
