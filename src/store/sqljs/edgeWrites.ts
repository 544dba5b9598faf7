import { type GraphEdge, type Hash, sameCallSites } from '../../model';
import type { ReplaceResult } from '../records';
import type { SqlJsDatabase } from './database';
import { writeOutRangeHolding } from './edgeEventRanges';
import { ID_OF, IdMemo } from './hashIds';
import { liveEdgesOwnedBy } from './reads';
import { encodeLaterCallSites } from '../columnCodecs';
import { EDGE_INSERT_COLUMNS, LIVE, edgeValues } from './rows';

/** Edge rows owned by files, and the edge event log their changes write (SPEC §6.2). */

/** An edge closed earlier in this same seq is replaced (same primary key). */
export function insertEdge(database: SqlJsDatabase, edge: GraphEdge, repoHash: Hash, seq: number, memo = new IdMemo(database)): number {
  const ids = { edge: memo.of(edge.edgeHash), source: memo.of(edge.sourceHash), target: memo.of(edge.targetHash), ownerFile: memo.of(edge.ownerFileHash) };
  database.run(
    `INSERT OR REPLACE INTO edges (${EDGE_INSERT_COLUMNS}, repo_id, added_in) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [...edgeValues(edge, ids), memo.of(repoHash), seq],
  );
  return ids.edge;
}

function closeOwnedEdge(database: SqlJsDatabase, edgeHash: Hash, ownerFileHash: Hash, seq: number): void {
  writeOutRangeHolding(database, edgeHash, seq);
  database.run(`DELETE FROM edges WHERE edge_id = ${ID_OF} AND owner_file_id = ${ID_OF} AND added_in = ?`, [edgeHash, ownerFileHash, seq]);
  database.run(
    `UPDATE edges SET removed_in = ? WHERE edge_id = ${ID_OF} AND owner_file_id = ${ID_OF} AND ${LIVE}`, [seq, edgeHash, ownerFileHash],
  );
}

function recordEdgeEvent(database: SqlJsDatabase, edgeHash: Hash, event: 'added' | 'removed', at: number, snapshotHash: Hash | null): void {
  database.run(`INSERT INTO edge_events (edge_id, event, at, snapshot_hash) VALUES (${ID_OF}, ?, ?, ?)`, [edgeHash, event, at, snapshotHash]);
}

export function replaceOwnedEdges(
  database: SqlJsDatabase, ownerFileHash: Hash, repoHash: Hash, edges: readonly GraphEdge[], seq: number, snapshotHash: Hash,
): ReplaceResult {
  const live = new Map(liveEdgesOwnedBy(database, ownerFileHash).map((e) => [e.edgeHash, e]));
  const now = Math.floor(Date.now() / 1000);
  const ids = new IdMemo(database);
  const seen = new Set<Hash>();
  let added = 0;
  let removed = 0;
  for (const edge of edges) {
    if (seen.has(edge.edgeHash)) continue;
    seen.add(edge.edgeHash);
    const old = live.get(edge.edgeHash);
    live.delete(edge.edgeHash);
    if (old) {
      // Sites are not part of the identity: they move in place, with no new version or event.
      if (!sameCallSites(old, edge)) {
        database.run(
          `UPDATE edges SET call_site_file = ?, call_site_line = ?, call_site_col = ?, later_call_sites = ? WHERE edge_id = ${ID_OF} AND ${LIVE}`,
          [edge.callSiteFile, edge.callSiteLine, edge.callSiteCol, encodeLaterCallSites(edge), edge.edgeHash],
        );
      }
      continue;
    }
    // INSERT OR REPLACE may replace a row a bulk load's event range holds.
    writeOutRangeHolding(database, edge.edgeHash, seq);
    const edgeId = insertEdge(database, edge, repoHash, seq, ids);
    database.run('INSERT INTO edge_events (edge_id, event, at, snapshot_hash) VALUES (?, ?, ?, ?)', [edgeId, 'added', now, snapshotHash]);
    added++;
  }
  for (const gone of live.values()) {
    closeOwnedEdge(database, gone.edgeHash, ownerFileHash, seq);
    recordEdgeEvent(database, gone.edgeHash, 'removed', now, snapshotHash);
    removed++;
  }
  return { added, removed };
}

export function retainOwnedEdges(database: SqlJsDatabase, ownerFileHash: Hash, keep: ReadonlySet<Hash>, seq: number, snapshotHash: Hash): number {
  const now = Math.floor(Date.now() / 1000);
  let removed = 0;
  for (const edge of liveEdgesOwnedBy(database, ownerFileHash)) {
    if (keep.has(edge.edgeHash)) continue;
    closeOwnedEdge(database, edge.edgeHash, ownerFileHash, seq);
    recordEdgeEvent(database, edge.edgeHash, 'removed', now, snapshotHash);
    removed++;
  }
  return removed;
}
