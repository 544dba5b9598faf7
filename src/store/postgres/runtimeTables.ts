import type { EdgeEvent, GraphEdge, Hash } from '../../model';
import type { RuntimeEdgeUpdate, ServiceSeen } from '../records';
import { insertEdges, recordEdgeEvents } from './graphWrites';
import { EDGE_SELECT, edgeFromRow, hashIds, idIn, idOf, idsOf, live } from './rows';
import { LOCK_CLASS } from './schema';
import type { Sql } from './sql';

/**
 * Runtime edges and their bookkeeping (migrations 004, 006, 011). Runtime edges sit in
 * `edges` with owner id 0 (the empty hash) and open at the next snapshot seq of their repo;
 * every write updates in place, the edge hash never changes (SPEC 2.3 rules 2-3).
 */

/** The second key of the lock runtime transactions take (schema.ts has the first and the schema's; writerLock.ts the writer's). */
const RUNTIME_WRITE_LOCK = 3;

/**
 * Called first in every runtime transaction: runtime writes of all processes sharing the
 * database (each `ckg serve` replica's trace ingest and decay) take turns, each reading the
 * live runtime edges after the one before committed. Without it two replicas writing the
 * same edges in different orders deadlocked (PostgreSQL then aborts one, and its batch of
 * spans was lost), and a replica could create an edge another had just created, logging
 * 'added' twice. Each such transaction is a few milliseconds; the lock ends with it.
 */
export async function serializeRuntimeWrites(sql: Sql): Promise<void> {
  await sql.run('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_CLASS, RUNTIME_WRITE_LOCK]);
}

/** Runtime-observed provenance (SPEC 2.6) of edges under alias `e`. */
export const RUNTIME_EDGE = "(e.provenance LIKE 'otel\\_%' OR e.provenance = 'runtime_unresolved')";

/** RuntimeEdgeStore.liveRuntimeEdges (roles.ts) over PostgreSQL. */
export function liveRuntimeEdges(sql: Sql): Promise<GraphEdge[]> {
  return sql.rows(`${EDGE_SELECT} WHERE ${RUNTIME_EDGE} AND ${live('e')} ORDER BY e.edge_id`, [], edgeFromRow);
}

/** RuntimeEdgeStore.insertRuntimeEdge (roles.ts) over PostgreSQL. */
export async function insertRuntimeEdge(sql: Sql, edge: GraphEdge, repoHash: Hash, seq: number, confidenceCap: number, at: number): Promise<void> {
  const [edgeId] = await insertEdges(sql, [edge], repoHash, seq);
  await setConfidenceCap(sql, edgeId, confidenceCap);
  await recordEdgeEvents(sql, [edge.edgeHash], 'added', at, null);
}

async function setConfidenceCap(sql: Sql, edgeId: number, cap: number): Promise<void> {
  await sql.run(
    `INSERT INTO runtime_edge_state (edge_id, confidence_cap) VALUES ($1, $2)
     ON CONFLICT (edge_id) DO UPDATE SET confidence_cap = excluded.confidence_cap`,
    [edgeId, cap],
  );
}

/** RuntimeEdgeStore.updateRuntimeEdge (roles.ts) over PostgreSQL. */
export async function updateRuntimeEdge(sql: Sql, edgeHash: Hash, update: RuntimeEdgeUpdate): Promise<void> {
  await sql.run(
    `UPDATE edges e SET observation_count = $1, last_observed = $2, confidence = $3, provenance = $4 WHERE e.edge_id = ${idOf(5)} AND ${live('e')}`,
    [update.observationCount, update.lastObserved, update.confidence, update.provenance, edgeHash],
  );
  if (update.confidenceCap !== undefined) {
    const id = await sql.scalar('SELECT id FROM hashes WHERE hash = $1', [edgeHash]);
    if (id !== undefined) await setConfidenceCap(sql, id as number, update.confidenceCap);
  }
}

/**
 * Closes a runtime edge at `seq` and logs 'removed'. A row that opened at `seq` is dropped
 * outright, unless another repository's snapshot holds it (migration 011): then it is
 * closed too, so that snapshot still reads it.
 */
export async function removeRuntimeEdge(sql: Sql, edgeHash: Hash, seq: number, at: number): Promise<void> {
  const id = await sql.scalar('SELECT id FROM hashes WHERE hash = $1', [edgeHash]);
  if (id !== undefined) {
    await sql.run(
      `DELETE FROM edges e WHERE e.edge_id = $1 AND e.added_in = $2 AND e.owner_file_id = 0
         AND NOT EXISTS (SELECT 1 FROM snapshot_runtime_edges s WHERE s.edge_id = e.edge_id AND s.edge_added_in = e.added_in)`,
      [id, seq],
    );
    await sql.run(`UPDATE edges e SET removed_in = $2 WHERE e.edge_id = $1 AND e.owner_file_id = 0 AND ${live('e')}`, [id, seq]);
    await sql.run('DELETE FROM runtime_observations WHERE edge_id = $1', [id]);
    await sql.run('DELETE FROM runtime_edge_state WHERE edge_id = $1', [id]);
  }
  await hashIds(sql, [edgeHash]);
  await recordEdgeEvents(sql, [edgeHash], 'removed', at, null);
}

/**
 * Closes placeholder nodes (owned by no file) that no live edge touches any more, at the
 * next snapshot seq of each one's repo: where runtime rows open and close.
 */
export async function closeUntouchedPlaceholders(sql: Sql, nodeHashes: readonly Hash[]): Promise<number> {
  if (nodeHashes.length === 0) return 0;
  const orphans = await sql.rows(
    `SELECT n.node_id, n.repo_id, (SELECT coalesce(max(s.seq), 0) + 1 FROM snapshots s WHERE s.repo_id = n.repo_id) FROM nodes n
     WHERE n.node_id IN ${idsOf(1)} AND n.file_id = 0 AND ${live('n')}
       AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.target_id = n.node_id AND ${live('e')})
       AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.source_id = n.node_id AND ${live('e')})`,
    [nodeHashes],
    (row) => ({ nodeId: row[0] as number, seq: Number(row[2]) }),
  );
  for (const { nodeId, seq } of orphans) {
    await sql.run('DELETE FROM nodes WHERE node_id = $1 AND added_in = $2', [nodeId, seq]);
    await sql.run('UPDATE nodes SET removed_in = $2 WHERE node_id = $1 AND removed_in IS NULL', [nodeId, seq]);
  }
  return orphans.length;
}

/** RuntimeEdgeStore.runtimeConfidenceCaps (roles.ts) over PostgreSQL. */
export async function runtimeConfidenceCaps(sql: Sql, edgeHashes: readonly Hash[]): Promise<Map<Hash, number>> {
  if (edgeHashes.length === 0) return new Map();
  return new Map(await sql.rows(
    'SELECT h.hash, s.confidence_cap FROM runtime_edge_state s JOIN hashes h ON h.id = s.edge_id WHERE h.hash = ANY($1::text[])',
    [edgeHashes],
    (row) => [row[0] as string, row[1] as number] as const,
  ));
}

/** RuntimeEdgeStore.addObservations (roles.ts) over PostgreSQL. */
export async function addObservations(sql: Sql, edgeHash: Hash, day: number, count: number): Promise<void> {
  const ids = await hashIds(sql, [edgeHash]);
  // One statement: concurrent ingest into the same row adds up, never loses an update.
  await sql.run(
    `INSERT INTO runtime_observations (edge_id, day, count) VALUES ($1, $2, $3)
     ON CONFLICT (edge_id, day) DO UPDATE SET count = runtime_observations.count + excluded.count`,
    [idIn(ids, edgeHash), day, count],
  );
}

/** RuntimeEdgeStore.observationTotals (roles.ts) over PostgreSQL. */
export async function observationTotals(sql: Sql, edgeHashes: readonly Hash[] | 'all', sinceDay: number): Promise<Map<Hash, number>> {
  const select = 'SELECT h.hash, sum(o.count) FROM runtime_observations o JOIN hashes h ON h.id = o.edge_id WHERE o.day >= $1';
  const map = (row: unknown[]): readonly [Hash, number] => [row[0] as string, Number(row[1])];
  return new Map(edgeHashes === 'all'
    ? await sql.rows(`${select} GROUP BY h.hash`, [sinceDay], map)
    : await sql.rows(`${select} AND h.hash = ANY($2::text[]) GROUP BY h.hash`, [sinceDay, edgeHashes], map));
}

/** RuntimeEdgeStore.pruneObservations (roles.ts) over PostgreSQL. */
export function pruneObservations(sql: Sql, beforeDay: number): Promise<number> {
  return sql.run('DELETE FROM runtime_observations WHERE day < $1', [beforeDay]);
}

/** RuntimeEdgeStore.recordServicesSeen (roles.ts) over PostgreSQL. */
export async function recordServicesSeen(sql: Sql, services: readonly ServiceSeen[]): Promise<void> {
  for (const s of services) {
    await sql.run(
      `INSERT INTO runtime_services (service_name, first_seen, last_seen, spans) VALUES ($1, $2, $3, $4)
       ON CONFLICT (service_name) DO UPDATE SET last_seen = greatest(runtime_services.last_seen, excluded.last_seen),
         spans = runtime_services.spans + excluded.spans`,
      [s.serviceName, s.firstSeen, s.lastSeen, s.spans],
    );
  }
}

/** RuntimeEdgeStore.servicesSeen (roles.ts) over PostgreSQL. */
export function servicesSeen(sql: Sql): Promise<ServiceSeen[]> {
  return sql.rows(
    'SELECT service_name, first_seen, last_seen, spans FROM runtime_services ORDER BY service_name',
    [],
    (row) => ({ serviceName: row[0] as string, firstSeen: row[1] as number, lastSeen: row[2] as number, spans: row[3] as number }),
  );
}

/** RuntimeEdgeStore.addRuntimeCounters (roles.ts) over PostgreSQL. */
export async function addRuntimeCounters(sql: Sql, deltas: Readonly<Record<string, number>>): Promise<void> {
  for (const [name, delta] of Object.entries(deltas)) {
    if (delta === 0) continue;
    await sql.run(
      'INSERT INTO runtime_counters (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = runtime_counters.value + excluded.value',
      [name, delta],
    );
  }
}

/** RuntimeEdgeStore.runtimeCounters (roles.ts) over PostgreSQL. */
export async function runtimeCounters(sql: Sql): Promise<Record<string, number>> {
  return Object.fromEntries(await sql.rows('SELECT name, value FROM runtime_counters ORDER BY name', [], (row) => [row[0] as string, row[1] as number]));
}

/** SnapshotLog.edgeEvents (roles.ts) over PostgreSQL. */
export function edgeEvents(sql: Sql, edgeHash?: Hash): Promise<EdgeEvent[]> {
  const select = 'SELECT v.id, h.hash, v.event, v.at, v.snapshot_hash FROM edge_events v JOIN hashes h ON h.id = v.edge_id';
  const map = (row: unknown[]): EdgeEvent => ({
    id: row[0] as number, edgeHash: row[1] as string, event: row[2] as EdgeEvent['event'], at: row[3] as number,
    snapshotHash: (row[4] as string | null) ?? null,
  });
  return edgeHash
    ? sql.rows(`${select} WHERE v.edge_id = ${idOf(1)} ORDER BY v.id`, [edgeHash], map)
    : sql.rows(`${select} ORDER BY v.id`, [], map);
}
