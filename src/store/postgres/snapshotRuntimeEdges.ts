import type { GraphEdge, Hash } from '../../model';
import { heldSpanChanges } from '../heldRuntimeSpans';
import { EDGE_SELECT, edgeFromRow, hashIds, idIn, idOf } from './rows';
import { RUNTIME_EDGE } from './runtimeTables';
import type { Sql } from './sql';

/**
 * Runtime edges a repository's snapshots hold though another repository stores them
 * (migration 011, SPEC 3.5): membership is an interval in the repository's own snapshot
 * seqs, pointing at one version of the edge row.
 */

/**
 * Makes the repository's snapshot at `seq` hold the runtime edges other repositories
 * store that touch its live nodes: opens the ones not yet held, closes the ones held
 * that no longer are live or touch it. Returns the hashes held from `seq` on.
 */
export async function holdForeignRuntimeEdges(sql: Sql, repoHash: Hash, seq: number): Promise<Hash[]> {
  const repoId = idIn(await hashIds(sql, [repoHash]), repoHash);
  const wanted = new Map(await sql.rows(
    `SELECT e.edge_id, e.added_in FROM edges e
     WHERE ${RUNTIME_EDGE} AND e.removed_in IS NULL AND e.repo_id <> $1
       AND (EXISTS (SELECT 1 FROM nodes n WHERE n.node_id = e.source_id AND n.repo_id = $1 AND n.removed_in IS NULL)
         OR EXISTS (SELECT 1 FROM nodes n WHERE n.node_id = e.target_id AND n.repo_id = $1 AND n.removed_in IS NULL))`,
    [repoId],
    (row) => [row[0] as number, row[1] as number] as const,
  ));
  const held = await sql.rows(
    'SELECT edge_id, edge_added_in, added_in FROM snapshot_runtime_edges WHERE repo_id = $1 AND removed_in IS NULL',
    [repoId],
    (row) => ({ edgeId: row[0] as number, edgeAddedIn: row[1] as number, addedIn: row[2] as number }),
  );
  const changes = heldSpanChanges(wanted, held, seq);
  for (const span of changes.drop) {
    await sql.run('DELETE FROM snapshot_runtime_edges WHERE repo_id = $1 AND edge_id = $2 AND added_in = $3', [repoId, span.edgeId, seq]);
  }
  for (const span of changes.close) {
    await sql.run('UPDATE snapshot_runtime_edges SET removed_in = $1 WHERE repo_id = $2 AND edge_id = $3 AND added_in = $4',
      [seq, repoId, span.edgeId, span.addedIn]);
  }
  for (const [edgeId, edgeAddedIn] of changes.open) {
    await sql.run(
      `INSERT INTO snapshot_runtime_edges (repo_id, edge_id, edge_added_in, added_in, removed_in) VALUES ($1, $2, $3, $4, NULL)
       ON CONFLICT (repo_id, edge_id, added_in) DO UPDATE SET edge_added_in = excluded.edge_added_in, removed_in = NULL`,
      [repoId, edgeId, edgeAddedIn, seq],
    );
  }
  return sql.rows(
    `SELECT h.hash FROM snapshot_runtime_edges s JOIN hashes h ON h.id = s.edge_id
     WHERE s.repo_id = $1 AND s.removed_in IS NULL ORDER BY h.hash`,
    [repoId],
    (row) => row[0] as string,
  );
}

/** The edges held from other repositories at the repository's snapshot `seq`, as their rows are now. */
export function heldEdgesAt(sql: Sql, repoHash: Hash, seq: number): Promise<GraphEdge[]> {
  return sql.rows(
    `${EDGE_SELECT} JOIN snapshot_runtime_edges s ON s.edge_id = e.edge_id AND s.edge_added_in = e.added_in
     WHERE s.repo_id = ${idOf(1)} AND s.added_in <= $2 AND (s.removed_in IS NULL OR s.removed_in > $2)`,
    [repoHash, seq],
    edgeFromRow,
  );
}
