import type { EdgeEvent, GraphEdge, GraphNode, Hash } from '../../model';
import type { RuntimeEdgeUpdate, ServiceSeen } from '../records';
import type { SqlJsDatabase } from './database';
import { rangeEvents, writeOutRangeHolding } from './edgeEventRanges';
import { insertEdge } from './edgeWrites';
import { EMPTY_HASH_ID, ID_OF, ensureId } from './hashIds';
import { EDGE_COLUMNS, EDGE_FROM, LIVE, NODE_COLUMNS, NODE_FROM, edgeFromRow, nodeFromRow } from './rows';

/**
 * Runtime edge writes and reads of the sql.js store (migration 006). Runtime edges sit in
 * `edges` with no owning file ('', id 0) and open at the next snapshot seq of their repo, so they
 * belong to no snapshot until the next commit-triggered one (SPEC 3.5). Every write here
 * updates in place: the edge hash never changes (SPEC 2.3 rules 2-3).
 */

/** Runtime-observed provenance (SPEC 2.6) as SQL, on an unaliased `provenance`. */
export const RUNTIME_EDGE = "(provenance LIKE 'otel\\_%' ESCAPE '\\' OR provenance = 'runtime_unresolved')";

const jsonList = (values: readonly string[]): string => JSON.stringify(values);

export function liveEdgesByHash(database: SqlJsDatabase, hashes: readonly Hash[]): GraphEdge[] {
  if (hashes.length === 0) return [];
  return database.all(
    `SELECT ${EDGE_COLUMNS} FROM ${EDGE_FROM} WHERE e.edge_id IN (SELECT h.id FROM json_each(?) j JOIN hashes h ON h.hash = j.value) AND e.${LIVE}`,
    [jsonList(hashes)],
    edgeFromRow,
  );
}

export function liveRuntimeEdges(database: SqlJsDatabase): GraphEdge[] {
  return database.all(`SELECT ${EDGE_COLUMNS} FROM ${EDGE_FROM} WHERE ${RUNTIME_EDGE} AND e.${LIVE}`, [], edgeFromRow);
}

export function liveNodesByHash(database: SqlJsDatabase, hashes: readonly Hash[]): GraphNode[] {
  if (hashes.length === 0) return [];
  return database.all(
    `SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE n.node_id IN (SELECT h.id FROM json_each(?) j JOIN hashes h ON h.hash = j.value) AND n.${LIVE}`,
    [jsonList(hashes)],
    nodeFromRow,
  );
}

export function insertRuntimeEdge(
  database: SqlJsDatabase, edge: GraphEdge, repoHash: Hash, seq: number, confidenceCap: number, at: number,
): void {
  const edgeId = insertEdge(database, edge, repoHash, seq);
  database.run('INSERT OR REPLACE INTO runtime_edge_state (edge_id, confidence_cap) VALUES (?, ?)', [edgeId, confidenceCap]);
  database.run("INSERT INTO edge_events (edge_id, event, at, snapshot_hash) VALUES (?, 'added', ?, NULL)", [edgeId, at]);
}

export function updateRuntimeEdge(database: SqlJsDatabase, edgeHash: Hash, update: RuntimeEdgeUpdate): void {
  database.run(
    `UPDATE edges SET observation_count = ?, last_observed = ?, confidence = ?, provenance = ? WHERE edge_id = ${ID_OF} AND ${LIVE}`,
    [update.observationCount, update.lastObserved, update.confidence, update.provenance, edgeHash],
  );
  if (update.confidenceCap !== undefined) {
    database.run('INSERT OR REPLACE INTO runtime_edge_state (edge_id, confidence_cap) VALUES (?, ?)', [ensureId(database, edgeHash), update.confidenceCap]);
  }
}

/**
 * Closes a runtime edge at `seq` and logs 'removed'. A row that opened at `seq` is dropped
 * outright, unless another repository's snapshot holds it (migration 011): then it is
 * closed too, so that snapshot still reads it.
 */
export function removeRuntimeEdge(database: SqlJsDatabase, edgeHash: Hash, seq: number, at: number): void {
  writeOutRangeHolding(database, edgeHash, seq);
  const edgeId = ensureId(database, edgeHash);
  database.run(
    `DELETE FROM edges WHERE edge_id = ? AND added_in = ? AND owner_file_id = ${EMPTY_HASH_ID}
       AND NOT EXISTS (SELECT 1 FROM snapshot_runtime_edges s WHERE s.edge_id = edges.edge_id AND s.edge_added_in = edges.added_in)`,
    [edgeId, seq],
  );
  database.run(`UPDATE edges SET removed_in = ? WHERE edge_id = ? AND owner_file_id = ${EMPTY_HASH_ID} AND ${LIVE}`, [seq, edgeId]);
  database.run('DELETE FROM runtime_observations WHERE edge_id = ?', [edgeId]);
  database.run('DELETE FROM runtime_edge_state WHERE edge_id = ?', [edgeId]);
  database.run("INSERT INTO edge_events (edge_id, event, at, snapshot_hash) VALUES (?, 'removed', ?, NULL)", [edgeId, at]);
}

/**
 * Closes placeholder nodes (owned by no file) that no live edge touches any more, at the
 * next snapshot seq of each one's repo: where runtime rows open and close.
 */
export function closeUntouchedPlaceholders(database: SqlJsDatabase, nodeHashes: readonly Hash[]): number {
  const orphans = database.all(
    `SELECT n.node_id, hr.hash FROM nodes n JOIN hashes hr ON hr.id = n.repo_id
     WHERE n.node_id IN (SELECT h.id FROM json_each(?) j JOIN hashes h ON h.hash = j.value) AND n.file_id = ${EMPTY_HASH_ID} AND n.${LIVE}
       AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.target_id = n.node_id AND e.${LIVE})
       AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.source_id = n.node_id AND e.${LIVE})`,
    [jsonList(nodeHashes)],
    (row) => ({ nodeId: row[0] as number, repoHash: row[1] as string }),
  );
  const seqs = new Map<Hash, number>();
  for (const { nodeId, repoHash } of orphans) {
    let seq = seqs.get(repoHash);
    if (seq === undefined) {
      seq = Number(database.scalar('SELECT coalesce(max(seq), 0) + 1 FROM snapshots WHERE repo_hash = ?', [repoHash]));
      seqs.set(repoHash, seq);
    }
    database.run('DELETE FROM nodes WHERE node_id = ? AND added_in = ?', [nodeId, seq]);
    database.run(`UPDATE nodes SET removed_in = ? WHERE node_id = ? AND ${LIVE}`, [seq, nodeId]);
  }
  return orphans.length;
}

export function confidenceCaps(database: SqlJsDatabase, hashes: readonly Hash[]): Map<Hash, number> {
  if (hashes.length === 0) return new Map();
  return new Map(database.all(
    `SELECT h.hash, s.confidence_cap FROM runtime_edge_state s JOIN hashes h ON h.id = s.edge_id
     WHERE s.edge_id IN (SELECT h.id FROM json_each(?) j JOIN hashes h ON h.hash = j.value)`,
    [jsonList(hashes)],
    (row) => [row[0] as string, row[1] as number],
  ));
}

export function addObservations(database: SqlJsDatabase, edgeHash: Hash, day: number, count: number): void {
  database.run(
    `INSERT INTO runtime_observations (edge_id, day, count) VALUES (?, ?, ?)
     ON CONFLICT (edge_id, day) DO UPDATE SET count = count + excluded.count`,
    [ensureId(database, edgeHash), day, count],
  );
}

/** Observations per edge on days >= sinceDay; edges with none are absent. */
export function observationTotals(database: SqlJsDatabase, hashes: readonly Hash[] | 'all', sinceDay: number): Map<Hash, number> {
  const rows = hashes === 'all'
    ? database.all(
      `SELECT h.hash, o.total FROM (SELECT edge_id, SUM(count) AS total FROM runtime_observations WHERE day >= ? GROUP BY edge_id) o
       JOIN hashes h ON h.id = o.edge_id`,
      [sinceDay],
      (row) => [row[0] as string, Number(row[1])] as const,
    )
    : database.all(
      `SELECT h.hash, SUM(o.count) FROM runtime_observations o JOIN hashes h ON h.id = o.edge_id
       WHERE o.edge_id IN (SELECT h.id FROM json_each(?) j JOIN hashes h ON h.hash = j.value) AND o.day >= ? GROUP BY o.edge_id`,
      [jsonList(hashes), sinceDay],
      (row) => [row[0] as string, Number(row[1])] as const,
    );
  return new Map(rows);
}

export function pruneObservations(database: SqlJsDatabase, beforeDay: number): number {
  database.run('DELETE FROM runtime_observations WHERE day < ?', [beforeDay]);
  return database.changes();
}

export function recordServicesSeen(database: SqlJsDatabase, services: readonly ServiceSeen[]): void {
  for (const s of services) {
    database.run(
      `INSERT INTO runtime_services (service_name, first_seen, last_seen, spans) VALUES (?, ?, ?, ?)
       ON CONFLICT (service_name) DO UPDATE SET last_seen = max(last_seen, excluded.last_seen), spans = spans + excluded.spans`,
      [s.serviceName, s.firstSeen, s.lastSeen, s.spans],
    );
  }
}

export function servicesSeen(database: SqlJsDatabase): ServiceSeen[] {
  return database.all(
    'SELECT service_name, first_seen, last_seen, spans FROM runtime_services ORDER BY service_name',
    [],
    (row) => ({ serviceName: row[0] as string, firstSeen: row[1] as number, lastSeen: row[2] as number, spans: row[3] as number }),
  );
}

export function addRuntimeCounters(database: SqlJsDatabase, deltas: Readonly<Record<string, number>>): void {
  for (const [name, delta] of Object.entries(deltas)) {
    if (delta === 0) continue;
    database.run(
      `INSERT INTO runtime_counters (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = value + excluded.value`,
      [name, delta],
    );
  }
}

export function runtimeCounters(database: SqlJsDatabase): Record<string, number> {
  return Object.fromEntries(database.all('SELECT name, value FROM runtime_counters ORDER BY name', [], (row) => [row[0] as string, row[1] as number]));
}

export function edgeEvents(database: SqlJsDatabase, edgeHash?: Hash): EdgeEvent[] {
  const map = (row: unknown[]): EdgeEvent => ({
    id: row[0] as number, edgeHash: row[1] as string, event: row[2] as EdgeEvent['event'], at: row[3] as number,
    snapshotHash: (row[4] as string | null) ?? null,
  });
  const rows = edgeHash
    ? database.all(
      `SELECT ev.id, h.hash, ev.event, ev.at, ev.snapshot_hash FROM edge_events ev JOIN hashes h ON h.id = ev.edge_id
       WHERE ev.edge_id = ${ID_OF} ORDER BY ev.id`,
      [edgeHash],
      map,
    )
    : database.all(
      'SELECT ev.id, h.hash, ev.event, ev.at, ev.snapshot_hash FROM edge_events ev JOIN hashes h ON h.id = ev.edge_id ORDER BY ev.id', [], map,
    );
  // A bulk load's 'added' events are ranges (edgeEventRanges.ts), read back as rows.
  const derived = rangeEvents(database, edgeHash);
  return derived.length === 0 ? rows : [...rows, ...derived].sort((a, b) => a.id - b.id);
}

/** Live nodes whose repo is not indexed: placeholders of services seen only in traces. */
export function liveNodesOutsideRepos(database: SqlJsDatabase): GraphNode[] {
  return database.all(
    `SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE n.file_id = ${EMPTY_HASH_ID} AND n.${LIVE} AND hr.hash NOT IN (SELECT repo_hash FROM repos)`,
    [],
    nodeFromRow,
  );
}

/** The runtime part of the GraphStore interface over one database; SqlJsStore extends it. */
export abstract class SqlJsRuntimeTables {
  constructor(protected readonly database: SqlJsDatabase) {}

  liveEdgesByHash(edgeHashes: readonly Hash[]): GraphEdge[] {
    return liveEdgesByHash(this.database, edgeHashes);
  }

  liveRuntimeEdges(): GraphEdge[] {
    return liveRuntimeEdges(this.database);
  }

  liveNodesByHash(nodeHashes: readonly Hash[]): GraphNode[] {
    return liveNodesByHash(this.database, nodeHashes);
  }

  insertRuntimeEdge(edge: GraphEdge, repoHash: Hash, seq: number, confidenceCap: number, at: number): void {
    insertRuntimeEdge(this.database, edge, repoHash, seq, confidenceCap, at);
  }

  updateRuntimeEdge(edgeHash: Hash, update: RuntimeEdgeUpdate): void {
    updateRuntimeEdge(this.database, edgeHash, update);
  }

  removeRuntimeEdge(edgeHash: Hash, seq: number, at: number): void {
    removeRuntimeEdge(this.database, edgeHash, seq, at);
  }

  closeUntouchedPlaceholders(nodeHashes: readonly Hash[]): number {
    return closeUntouchedPlaceholders(this.database, nodeHashes);
  }

  runtimeConfidenceCaps(edgeHashes: readonly Hash[]): Map<Hash, number> {
    return confidenceCaps(this.database, edgeHashes);
  }

  addObservations(edgeHash: Hash, day: number, count: number): void {
    addObservations(this.database, edgeHash, day, count);
  }

  observationTotals(edgeHashes: readonly Hash[] | 'all', sinceDay: number): Map<Hash, number> {
    return observationTotals(this.database, edgeHashes, sinceDay);
  }

  pruneObservations(beforeDay: number): number {
    return pruneObservations(this.database, beforeDay);
  }

  recordServicesSeen(services: readonly ServiceSeen[]): void {
    recordServicesSeen(this.database, services);
  }

  servicesSeen(): ServiceSeen[] {
    return servicesSeen(this.database);
  }

  addRuntimeCounters(deltas: Readonly<Record<string, number>>): void {
    addRuntimeCounters(this.database, deltas);
  }

  runtimeCounters(): Record<string, number> {
    return runtimeCounters(this.database);
  }

  edgeEvents(edgeHash?: Hash): EdgeEvent[] {
    return edgeEvents(this.database, edgeHash);
  }

  liveNodesOutsideRepos(): GraphNode[] {
    return liveNodesOutsideRepos(this.database);
  }
}
