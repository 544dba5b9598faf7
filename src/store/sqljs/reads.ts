import type { FileRecord, GraphEdge, GraphNode, Hash } from '../../model';
import type { GraphCounts, RepoCounts } from '../records';
import type { SqlJsDatabase } from './database';
import { rangeEventCount } from './edgeEventRanges';
import { ID_OF } from './hashIds';
import {
  AT, EDGE_COLUMNS, EDGE_FROM, FILE_COLUMNS, FILE_FROM, LIVE, NODE_COLUMNS, NODE_FROM, edgeFromRow, fileFromRow, nodeFromRow,
} from './rows';

/**
 * Read-only queries of the sql.js store: counts and point-in-time reads.
 *
 * Scans of `edges` say NOT INDEXED: through a partial index each live row is a lookup in
 * the table, in hash order; the table read in its own order is several times faster
 * (issue 19: counts for the CLI's summary were a fifth of a one-file re-index). A
 * repository's counts read the covering indexes of migration 017 instead, no table row.
 */
export function counts(database: SqlJsDatabase): GraphCounts {
  const nodesByKind = Object.fromEntries(database.all(
    `SELECT kind, count(*) FROM nodes WHERE ${LIVE} GROUP BY kind ORDER BY kind`, [], (row) => [row[0] as string, row[1] as number],
  ));
  // One pass over the edges: counts by type and the sites of calls edges.
  const edgeRows = database.all(
    `SELECT edge_type, count(*), sum(CASE WHEN edge_type = 'calls'
         THEN (call_site_file != '' OR call_site_line != 0) + CASE later_call_sites WHEN '' THEN 0 ELSE json_array_length(later_call_sites) END
         ELSE 0 END)
       FROM edges NOT INDEXED WHERE ${LIVE} GROUP BY edge_type ORDER BY edge_type`,
    [],
    (row) => ({ type: row[0] as string, count: row[1] as number, callSites: Number(row[2] ?? 0) }),
  );
  const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
  return {
    repos: Number(database.scalar('SELECT count(*) FROM repos')),
    files: Number(database.scalar(`SELECT count(*) FROM files WHERE ${LIVE}`)),
    nodes: sum(Object.values(nodesByKind)),
    edges: sum(edgeRows.map((row) => row.count)),
    nodesByKind,
    edgesByType: Object.fromEntries(edgeRows.map((row) => [row.type, row.count])),
    callSites: sum(edgeRows.map((row) => row.callSites)),
    snapshots: Number(database.scalar('SELECT count(*) FROM snapshots')),
  };
}

export function liveNodesOfFile(database: SqlJsDatabase, fileHash: Hash): GraphNode[] {
  return database.all(`SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE n.file_id = ${ID_OF} AND n.${LIVE}`, [fileHash], nodeFromRow);
}

export function liveEdgesOwnedBy(database: SqlJsDatabase, fileHash: Hash): GraphEdge[] {
  return database.all(`SELECT ${EDGE_COLUMNS} FROM ${EDGE_FROM} WHERE e.owner_file_id = ${ID_OF} AND e.${LIVE}`, [fileHash], edgeFromRow);
}

export function nodesAt(database: SqlJsDatabase, repoHash: Hash, seq: number): GraphNode[] {
  return database.all(`SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE n.repo_id = ${ID_OF} AND ${AT}`, [repoHash, seq, seq], nodeFromRow);
}

export function edgesAt(database: SqlJsDatabase, repoHash: Hash, seq: number): GraphEdge[] {
  return database.all(`SELECT ${EDGE_COLUMNS} FROM ${EDGE_FROM} WHERE e.repo_id = ${ID_OF} AND ${AT}`, [repoHash, seq, seq], edgeFromRow);
}

export function filesAt(database: SqlJsDatabase, repoHash: Hash, seq: number): FileRecord[] {
  return database.all(
    `SELECT ${FILE_COLUMNS} FROM ${FILE_FROM} WHERE f.repo_id = ${ID_OF} AND ${AT} ORDER BY f.path`, [repoHash, seq, seq], fileFromRow,
  );
}

export function liveFileRecords(database: SqlJsDatabase, repoHash?: Hash): FileRecord[] {
  return repoHash
    ? database.all(`SELECT ${FILE_COLUMNS} FROM ${FILE_FROM} WHERE f.repo_id = ${ID_OF} AND f.${LIVE} ORDER BY f.path`, [repoHash], fileFromRow)
    : database.all(`SELECT ${FILE_COLUMNS} FROM ${FILE_FROM} WHERE f.${LIVE} ORDER BY hr.hash, f.path`, [], fileFromRow);
}

export function nodesByPrefix(database: SqlJsDatabase, prefix: string, limit: number): GraphNode[] {
  // A range on the indexed column instead of LIKE: no escaping, and the index is used.
  return database.all(
    `SELECT ${NODE_COLUMNS} FROM ${NODE_FROM}
     WHERE n.qualified_name >= ? AND n.qualified_name < ? AND n.${LIVE} ORDER BY n.qualified_name LIMIT ?`,
    [prefix, `${prefix}\uffff`, limit],
    nodeFromRow,
  );
}

export function countsOfRepo(database: SqlJsDatabase, repoHash: Hash, options: { readonly byKind?: boolean } = {}): RepoCounts {
  const files = Number(database.scalar(`SELECT count(*) FROM files WHERE repo_id = ${ID_OF} AND ${LIVE}`, [repoHash]));
  if (!options.byKind) {
    return {
      files,
      nodes: Number(database.scalar(`SELECT count(*) FROM nodes WHERE repo_id = ${ID_OF} AND ${LIVE}`, [repoHash])),
      edges: Number(database.scalar(`SELECT count(*) FROM edges WHERE repo_id = ${ID_OF} AND ${LIVE}`, [repoHash])),
    };
  }
  const byValue = (sql: string): Record<string, number> => Object.fromEntries(database.all(sql, [repoHash], (row) => [row[0] as string, row[1] as number]));
  const nodesByKind = byValue(`SELECT kind, count(*) FROM nodes WHERE repo_id = ${ID_OF} AND ${LIVE} GROUP BY kind ORDER BY kind`);
  const edgesByType = byValue(`SELECT edge_type, count(*) FROM edges WHERE repo_id = ${ID_OF} AND ${LIVE} GROUP BY edge_type ORDER BY edge_type`);
  const sum = (counts: Record<string, number>): number => Object.values(counts).reduce((total, count) => total + count, 0);
  return {
    files,
    nodes: sum(nodesByKind),
    edges: sum(edgesByType),
    nodesByKind,
    edgesByType,
  };
}

/** The edge event log's size by event. */
export function edgeEventCounts(database: SqlJsDatabase): { readonly added: number; readonly removed: number } {
  const rows = new Map(database.all('SELECT event, count(*) FROM edge_events GROUP BY event', [], (r) => [r[0] as string, r[1] as number]));
  return { added: (rows.get('added') ?? 0) + rangeEventCount(database), removed: rows.get('removed') ?? 0 };
}
