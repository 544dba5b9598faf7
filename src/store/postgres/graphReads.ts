import type { EdgeType, FileRecord, GraphEdge, GraphNode, Hash, RepoRecord, SnapshotRecord } from '../../model';
import type { GraphCounts, LiveFile, RepoCounts } from '../records';
import {
  EDGE_SELECT, FILE_SELECT, LIVE_FILE_SELECT, NODE_SELECT, REPO_SELECT, SNAPSHOT_SELECT, at, edgeFromRow, fileFromRow, idOf, idsOf, live,
  liveFileFromRow, nodeFromRow, snapshotFromRow,
} from './rows';
import { repoFromRow } from '../columnCodecs';
import { bucketDigests } from '../edgeHashBuckets';
import type { Sql } from './sql';

/** Reads of the PostgreSQL store: repos, snapshots, the live graph, point-in-time rows and counts. */

/** SnapshotLog.repo (roles.ts) over PostgreSQL. */
export function repo(sql: Sql, repoHash: Hash): Promise<RepoRecord | undefined> {
  return sql.one(`${REPO_SELECT} WHERE r.repo_id = ${idOf(1)}`, [repoHash], repoFromRow);
}

/** SnapshotLog.repos (roles.ts) over PostgreSQL. */
export function repos(sql: Sql): Promise<RepoRecord[]> {
  return sql.rows(`${REPO_SELECT} ORDER BY r.repo_url`, [], repoFromRow);
}

/** SnapshotLog.nextSnapshotSeq (roles.ts) over PostgreSQL. */
export async function nextSnapshotSeq(sql: Sql, repoHash: Hash): Promise<number> {
  return Number(await sql.scalar(`SELECT coalesce(max(seq), 0) + 1 FROM snapshots WHERE repo_id = ${idOf(1)}`, [repoHash]));
}

/** SnapshotLog.snapshot (roles.ts) over PostgreSQL. */
export function snapshot(sql: Sql, snapshotHash: Hash): Promise<SnapshotRecord | undefined> {
  return sql.one(`${SNAPSHOT_SELECT} WHERE s.snapshot_hash = $1`, [snapshotHash], snapshotFromRow);
}

/** SnapshotLog.snapshots (roles.ts) over PostgreSQL. */
export function snapshots(sql: Sql, repoHash?: Hash): Promise<SnapshotRecord[]> {
  return repoHash
    ? sql.rows(`${SNAPSHOT_SELECT} WHERE s.repo_id = ${idOf(1)} ORDER BY s.seq`, [repoHash], snapshotFromRow)
    : sql.rows(`${SNAPSHOT_SELECT} ORDER BY hr.hash, s.seq`, [], snapshotFromRow);
}

/** SnapshotLog.latestSnapshot (roles.ts) over PostgreSQL. */
export function latestSnapshot(sql: Sql, repoHash: Hash): Promise<SnapshotRecord | undefined> {
  return sql.one(`${SNAPSHOT_SELECT} WHERE s.repo_id = ${idOf(1)} ORDER BY s.seq DESC LIMIT 1`, [repoHash], snapshotFromRow);
}

/** GraphReader.liveFiles (roles.ts) over PostgreSQL. */
export function liveFiles(sql: Sql, repoHash: Hash): Promise<LiveFile[]> {
  return sql.rows(`${LIVE_FILE_SELECT} WHERE f.repo_id = ${idOf(1)} AND ${live('f')} ORDER BY f.path`, [repoHash], liveFileFromRow);
}

/** GraphReader.liveFile (roles.ts) over PostgreSQL. */
export function liveFile(sql: Sql, repoHash: Hash, path: string): Promise<LiveFile | undefined> {
  return sql.one(`${LIVE_FILE_SELECT} WHERE f.repo_id = ${idOf(1)} AND f.path = $2 AND ${live('f')}`, [repoHash, path], liveFileFromRow);
}

/** GraphReader.hasLiveFiles (roles.ts) over PostgreSQL. */
export async function hasLiveFiles(sql: Sql, repoHash: Hash): Promise<boolean> {
  return (await sql.scalar(`SELECT 1 FROM files f WHERE f.repo_id = ${idOf(1)} AND ${live('f')} LIMIT 1`, [repoHash])) !== undefined;
}

/** GraphReader.liveFileRecords (roles.ts) over PostgreSQL. */
export function liveFileRecords(sql: Sql, repoHash?: Hash): Promise<FileRecord[]> {
  return repoHash
    ? sql.rows(`${FILE_SELECT} WHERE f.repo_id = ${idOf(1)} AND ${live('f')} ORDER BY f.path`, [repoHash], fileFromRow)
    : sql.rows(`${FILE_SELECT} WHERE ${live('f')} ORDER BY hr.hash, f.path`, [], fileFromRow);
}

/** SnapshotLog.filesAt (roles.ts) over PostgreSQL. */
export function filesAt(sql: Sql, repoHash: Hash, seq: number): Promise<FileRecord[]> {
  return sql.rows(`${FILE_SELECT} WHERE f.repo_id = ${idOf(1)} AND ${at('f', 2)} ORDER BY f.path`, [repoHash, seq], fileFromRow);
}

/** GraphReader.liveNodesOfFile (roles.ts) over PostgreSQL. */
export function liveNodesOfFile(sql: Sql, fileHash: Hash): Promise<GraphNode[]> {
  return sql.rows(`${NODE_SELECT} WHERE n.file_id = ${idOf(1)} AND ${live('n')}`, [fileHash], nodeFromRow);
}

/** GraphReader.liveNodesOfRepo (roles.ts) over PostgreSQL. */
export function liveNodesOfRepo(sql: Sql, repoHash: Hash): Promise<GraphNode[]> {
  return sql.rows(`${NODE_SELECT} WHERE n.repo_id = ${idOf(1)} AND ${live('n')}`, [repoHash], nodeFromRow);
}

/** GraphReader.liveRepoLevelNodes (roles.ts) over PostgreSQL. */
export function liveRepoLevelNodes(sql: Sql, repoHash: Hash): Promise<GraphNode[]> {
  return sql.rows(`${NODE_SELECT} WHERE n.file_id = 0 AND n.repo_id = ${idOf(1)} AND ${live('n')}`, [repoHash], nodeFromRow);
}

/** GraphReader.liveNodesOutsideRepos (roles.ts) over PostgreSQL. */
export function liveNodesOutsideRepos(sql: Sql): Promise<GraphNode[]> {
  return sql.rows(
    `${NODE_SELECT} WHERE n.file_id = 0 AND ${live('n')} AND NOT EXISTS (SELECT 1 FROM repos r WHERE r.repo_id = n.repo_id)`, [], nodeFromRow,
  );
}

/** GraphReader.node (roles.ts) over PostgreSQL. */
export function node(sql: Sql, nodeHash: Hash): Promise<GraphNode | undefined> {
  return sql.one(`${NODE_SELECT} WHERE n.node_id = ${idOf(1)} AND ${live('n')}`, [nodeHash], nodeFromRow);
}

/** GraphReader.nodesByPrefix (roles.ts) over PostgreSQL. */
export function nodesByPrefix(sql: Sql, prefix: string, limit: number): Promise<GraphNode[]> {
  // A range on the indexed column instead of LIKE: no escaping, and the index is used.
  return sql.rows(
    `${NODE_SELECT} WHERE n.qualified_name >= $1 AND n.qualified_name < $2 AND ${live('n')} ORDER BY n.qualified_name LIMIT $3`,
    [prefix, `${prefix}\uffff`, limit],
    nodeFromRow,
  );
}

/** SnapshotLog.nodesAt (roles.ts) over PostgreSQL. */
export function nodesAt(sql: Sql, repoHash: Hash, seq: number): Promise<GraphNode[]> {
  return sql.rows(`${NODE_SELECT} WHERE n.repo_id = ${idOf(1)} AND ${at('n', 2)}`, [repoHash, seq], nodeFromRow);
}

/** GraphReader.liveEdgesOwnedBy (roles.ts) over PostgreSQL. */
export function liveEdgesOwnedBy(sql: Sql, fileHash: Hash): Promise<GraphEdge[]> {
  return sql.rows(`${EDGE_SELECT} WHERE e.owner_file_id = ${idOf(1)} AND ${live('e')}`, [fileHash], edgeFromRow);
}

/** GraphReader.ownersOfEdgesInto (roles.ts) over PostgreSQL. */
export async function ownersOfEdgesInto(sql: Sql, targetHashes: readonly Hash[]): Promise<Hash[]> {
  if (targetHashes.length === 0) return [];
  return sql.rows(
    `SELECT DISTINCT ho.hash FROM edges e JOIN hashes ho ON ho.id = e.owner_file_id
     WHERE e.target_id IN ${idsOf(1)} AND ${live('e')} AND e.owner_file_id <> 0 ORDER BY ho.hash`,
    [targetHashes],
    (row) => row[0] as string,
  );
}

/** The live edges a filter selects, as one statement and its parameters; in edge id order, so every read lists them alike. */
export function liveEdgesQuery(filter: { readonly edgeType?: EdgeType; readonly repoHash?: Hash; readonly provenance?: string }): [string, unknown[]] {
  const where = [live('e')];
  const params: unknown[] = [];
  if (filter.edgeType) {
    params.push(filter.edgeType);
    where.push(`e.edge_type = $${params.length}`);
  }
  if (filter.repoHash) {
    params.push(filter.repoHash);
    where.push(`e.repo_id = ${idOf(params.length)}`);
  }
  if (filter.provenance) {
    params.push(filter.provenance);
    where.push(`e.provenance = $${params.length}`);
  }
  return [`${EDGE_SELECT} WHERE ${where.join(' AND ')} ORDER BY e.edge_id`, params];
}

/** GraphReader.liveEdgesByHash (roles.ts) over PostgreSQL. */
export async function liveEdgesByHash(sql: Sql, edgeHashes: readonly Hash[]): Promise<GraphEdge[]> {
  if (edgeHashes.length === 0) return [];
  return sql.rows(`${EDGE_SELECT} WHERE e.edge_id IN ${idsOf(1)} AND ${live('e')}`, [edgeHashes], edgeFromRow);
}

/**
 * SnapshotLog.edgeBucketDigests (roles.ts) over PostgreSQL: every bucket digested from the
 * live rows on each call; the server reads them in one query.
 */
export async function edgeBucketDigests(sql: Sql, repoHash: Hash, digestOf: (sortedHashes: readonly Hash[]) => Hash): Promise<Hash[]> {
  const leaves = await sql.rows(
    `WITH r AS (SELECT ${idOf(1)} AS id)
     SELECT he.hash FROM edges e JOIN hashes he ON he.id = e.edge_id, r WHERE e.repo_id = r.id AND ${live('e')}
     UNION ALL
     SELECT he.hash FROM snapshot_runtime_edges s JOIN hashes he ON he.id = s.edge_id, r WHERE s.repo_id = r.id AND s.removed_in IS NULL`,
    [repoHash],
    (row) => row[0] as string,
  );
  // Sorted here as JavaScript compares strings, whatever collation the column has.
  return [...bucketDigests(leaves.sort(), digestOf).values()];
}

/** SnapshotLog.edgesAt (roles.ts) over PostgreSQL. */
export function edgesAt(sql: Sql, repoHash: Hash, seq: number): Promise<GraphEdge[]> {
  return sql.rows(`${EDGE_SELECT} WHERE e.repo_id = ${idOf(1)} AND ${at('e', 2)}`, [repoHash, seq], edgeFromRow);
}

/** GraphReader.counts (roles.ts) over PostgreSQL. */
export async function counts(sql: Sql): Promise<GraphCounts> {
  const nodesByKind = Object.fromEntries(await sql.rows(
    `SELECT kind, count(*) FROM nodes n WHERE ${live('n')} GROUP BY kind ORDER BY kind`, [], (row) => [row[0] as string, Number(row[1])],
  ));
  const edgeRows = await sql.rows(
    `SELECT edge_type, count(*), sum(CASE WHEN edge_type = 'calls'
         THEN (CASE WHEN call_site_file <> '' OR call_site_line <> 0 THEN 1 ELSE 0 END)
           + (CASE WHEN later_call_sites = '' THEN 0 ELSE jsonb_array_length(later_call_sites::jsonb) END)
         ELSE 0 END)
       FROM edges e WHERE ${live('e')} GROUP BY edge_type ORDER BY edge_type`,
    [],
    (row) => ({ type: row[0] as string, count: Number(row[1]), callSites: Number(row[2] ?? 0) }),
  );
  const [repoCount, fileCount, snapshotCount] = await sql.one(
    `SELECT (SELECT count(*) FROM repos), (SELECT count(*) FROM files f WHERE ${live('f')}), (SELECT count(*) FROM snapshots)`,
    [],
    (row) => row.map(Number),
  ) ?? [0, 0, 0];
  const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
  return {
    repos: repoCount,
    files: fileCount,
    nodes: sum(Object.values(nodesByKind)),
    edges: sum(edgeRows.map((row) => row.count)),
    nodesByKind,
    edgesByType: Object.fromEntries(edgeRows.map((row) => [row.type, row.count])),
    callSites: sum(edgeRows.map((row) => row.callSites)),
    snapshots: snapshotCount,
  };
}

/** GraphReader.countsOfRepo (roles.ts) over PostgreSQL. */
export async function countsOfRepo(sql: Sql, repoHash: Hash, options: { readonly byKind?: boolean } = {}): Promise<RepoCounts> {
  if (!options.byKind) {
    const [files, nodes, edges] = await sql.one(
      `WITH r AS (SELECT ${idOf(1)} AS id)
       SELECT (SELECT count(*) FROM files f, r WHERE f.repo_id = r.id AND ${live('f')}),
              (SELECT count(*) FROM nodes n, r WHERE n.repo_id = r.id AND ${live('n')}),
              (SELECT count(*) FROM edges e, r WHERE e.repo_id = r.id AND ${live('e')})`,
      [repoHash],
      (row) => row.map(Number),
    ) ?? [0, 0, 0];
    return { files, nodes, edges };
  }
  const files = Number(await sql.one(
    `SELECT count(*) FROM files f WHERE f.repo_id = ${idOf(1)} AND ${live('f')}`, [repoHash], (row) => row[0],
  ) ?? 0);
  const byValue = async (column: string, table: string): Promise<Record<string, number>> => Object.fromEntries(await sql.rows(
    `SELECT t.${column}, count(*) FROM ${table} t WHERE t.repo_id = ${idOf(1)} AND ${live('t')} GROUP BY t.${column} ORDER BY t.${column}`,
    [repoHash],
    (row) => [row[0] as string, Number(row[1])],
  ));
  const nodesByKind = await byValue('kind', 'nodes');
  const edgesByType = await byValue('edge_type', 'edges');
  const sum = (counts: Record<string, number>): number => Object.values(counts).reduce((total, count) => total + count, 0);
  return { files, nodes: sum(nodesByKind), edges: sum(edgesByType), nodesByKind, edgesByType };
}

/** The edge event log's size by event. */
export async function edgeEventCounts(sql: Sql): Promise<{ readonly added: number; readonly removed: number }> {
  const rows = new Map(await sql.rows('SELECT event, count(*) FROM edge_events GROUP BY event', [], (r) => [r[0] as string, Number(r[1])]));
  return { added: rows.get('added') ?? 0, removed: rows.get('removed') ?? 0 };
}
