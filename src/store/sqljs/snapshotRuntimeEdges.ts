import type { GraphEdge, Hash } from '../../model';
import type { SqlJsDatabase } from './database';
import { ID_OF, idOf } from './hashIds';
import { EDGE_COLUMNS, EDGE_FROM, edgeFromRow } from './rows';
import { RUNTIME_EDGE } from './runtimeStore';
import { heldSpanChanges } from '../heldRuntimeSpans';

/**
 * Runtime edges a repository's snapshots hold though another repository stores them
 * (migration 011, SPEC 3.5). A runtime edge row lives under its caller's repository; a
 * snapshot of the callee's repository must hold it too, as every runtime edge touching
 * the repository's nodes, in either direction. Membership is an interval in the
 * repository's own snapshot seqs, pointing at one version of the edge row.
 */

/** The live runtime edges stored under another repository that touch a live node of this one, by edge id, with their row version. */
function foreignRuntimeEdges(database: SqlJsDatabase, repoId: number): Map<number, number> {
  return new Map(database.all(
    // The partial index of live runtime edges (migration 017): there are few, not every edge.
    `SELECT e.edge_id, e.added_in FROM edges e
     WHERE ${RUNTIME_EDGE.replaceAll('provenance', 'e.provenance')} AND e.removed_in IS NULL AND e.repo_id != ?
       AND (EXISTS (SELECT 1 FROM nodes n WHERE n.node_id = e.source_id AND n.repo_id = ? AND n.removed_in IS NULL)
         OR EXISTS (SELECT 1 FROM nodes n WHERE n.node_id = e.target_id AND n.repo_id = ? AND n.removed_in IS NULL))`,
    [repoId, repoId, repoId],
    (row) => [row[0] as number, row[1] as number] as const,
  ));
}

/**
 * Makes the repository's snapshot at `seq` hold the runtime edges other repositories
 * store that touch its live nodes: opens the ones not yet held, closes the ones held
 * that no longer are live or touch it. Returns the hashes held from `seq` on.
 */
export function holdForeignRuntimeEdges(database: SqlJsDatabase, repoHash: Hash, seq: number): Hash[] {
  // A repository with no stored id has no nodes, so nothing to hold.
  const repoId = idOf(database, repoHash);
  if (repoId === undefined) return [];
  const wanted = foreignRuntimeEdges(database, repoId);
  const held = database.all(
    'SELECT edge_id, edge_added_in, added_in FROM snapshot_runtime_edges WHERE repo_id = ? AND removed_in IS NULL',
    [repoId],
    (row) => ({ edgeId: row[0] as number, edgeAddedIn: row[1] as number, addedIn: row[2] as number }),
  );
  const changes = heldSpanChanges(wanted, held, seq);
  for (const span of changes.drop) {
    database.run('DELETE FROM snapshot_runtime_edges WHERE repo_id = ? AND edge_id = ? AND added_in = ?', [repoId, span.edgeId, seq]);
  }
  for (const span of changes.close) {
    database.run('UPDATE snapshot_runtime_edges SET removed_in = ? WHERE repo_id = ? AND edge_id = ? AND added_in = ?',
      [seq, repoId, span.edgeId, span.addedIn]);
  }
  for (const [edgeId, edgeAddedIn] of changes.open) {
    database.run(
      'INSERT OR REPLACE INTO snapshot_runtime_edges (repo_id, edge_id, edge_added_in, added_in, removed_in) VALUES (?, ?, ?, ?, NULL)',
      [repoId, edgeId, edgeAddedIn, seq],
    );
  }
  return liveHeldEdgeHashes(database, repoHash);
}

/** Hashes of the runtime edges the repository's newest snapshot holds from other repositories. */
export function liveHeldEdgeHashes(database: SqlJsDatabase, repoHash: Hash): Hash[] {
  return database.all(
    `SELECT h.hash FROM snapshot_runtime_edges s JOIN hashes h ON h.id = s.edge_id
     WHERE s.repo_id = ${ID_OF} AND s.removed_in IS NULL ORDER BY h.hash`,
    [repoHash],
    (row) => row[0] as string,
  );
}

/** The edges held from other repositories at the repository's snapshot `seq`, as their rows are now. */
export function heldEdgesAt(database: SqlJsDatabase, repoHash: Hash, seq: number): GraphEdge[] {
  return database.all(
    `SELECT ${EDGE_COLUMNS} FROM ${EDGE_FROM} JOIN snapshot_runtime_edges s ON s.edge_id = e.edge_id AND s.edge_added_in = e.added_in
     WHERE s.repo_id = ${ID_OF} AND s.added_in <= ? AND (s.removed_in IS NULL OR s.removed_in > ?)`,
    [repoHash, seq, seq],
    edgeFromRow,
  );
}
