import type { GraphEdge, Hash } from '../../model';
import type { SqlJsDatabase } from './database';
import { EDGE_COLUMNS, edgeFromRow } from './rows';
import { RUNTIME_EDGE } from './runtimeStore';

/**
 * Runtime edges a repository's snapshots hold though another repository stores them
 * (migration 011, SPEC 3.5). A runtime edge row lives under its caller's repository; a
 * snapshot of the callee's repository must hold it too, as every runtime edge touching
 * the repository's nodes, in either direction. Membership is an interval in the
 * repository's own snapshot seqs, pointing at one version of the edge row.
 */

/** The live runtime edges stored under another repository that touch a live node of this one, with their row version. */
function foreignRuntimeEdges(database: SqlJsDatabase, repoHash: Hash): Map<Hash, number> {
  return new Map(database.all(
    // NOT INDEXED: the table in its own order, not a lookup per live row (see reads.ts).
    `SELECT e.edge_hash, e.added_in FROM edges e NOT INDEXED
     WHERE ${RUNTIME_EDGE.replaceAll('provenance', 'e.provenance')} AND e.removed_in IS NULL AND e.repo_hash != ?
       AND (EXISTS (SELECT 1 FROM nodes n WHERE n.node_hash = e.source_hash AND n.repo_hash = ? AND n.removed_in IS NULL)
         OR EXISTS (SELECT 1 FROM nodes n WHERE n.node_hash = e.target_hash AND n.repo_hash = ? AND n.removed_in IS NULL))`,
    [repoHash, repoHash, repoHash],
    (row) => [row[0] as string, row[1] as number] as const,
  ));
}

/**
 * Makes the repository's snapshot at `seq` hold the runtime edges other repositories
 * store that touch its live nodes: opens the ones not yet held, closes the ones held
 * that no longer are live or touch it. Returns the hashes held from `seq` on.
 */
export function holdForeignRuntimeEdges(database: SqlJsDatabase, repoHash: Hash, seq: number): Hash[] {
  const wanted = foreignRuntimeEdges(database, repoHash);
  const held = database.all(
    'SELECT edge_hash, edge_added_in, added_in FROM snapshot_runtime_edges WHERE repo_hash = ? AND removed_in IS NULL',
    [repoHash],
    (row) => ({ edgeHash: row[0] as string, edgeAddedIn: row[1] as number, addedIn: row[2] as number }),
  );
  for (const span of held) {
    if (wanted.get(span.edgeHash) === span.edgeAddedIn) {
      wanted.delete(span.edgeHash);
      continue;
    }
    if (span.addedIn === seq) {
      database.run('DELETE FROM snapshot_runtime_edges WHERE repo_hash = ? AND edge_hash = ? AND added_in = ?', [repoHash, span.edgeHash, seq]);
    } else {
      database.run('UPDATE snapshot_runtime_edges SET removed_in = ? WHERE repo_hash = ? AND edge_hash = ? AND added_in = ?',
        [seq, repoHash, span.edgeHash, span.addedIn]);
    }
  }
  for (const [edgeHash, edgeAddedIn] of wanted) {
    database.run(
      'INSERT OR REPLACE INTO snapshot_runtime_edges (repo_hash, edge_hash, edge_added_in, added_in, removed_in) VALUES (?, ?, ?, ?, NULL)',
      [repoHash, edgeHash, edgeAddedIn, seq],
    );
  }
  return liveHeldEdgeHashes(database, repoHash);
}

/** Hashes of the runtime edges the repository's newest snapshot holds from other repositories. */
export function liveHeldEdgeHashes(database: SqlJsDatabase, repoHash: Hash): Hash[] {
  return database.all(
    'SELECT edge_hash FROM snapshot_runtime_edges WHERE repo_hash = ? AND removed_in IS NULL ORDER BY edge_hash',
    [repoHash],
    (row) => row[0] as string,
  );
}

/** The edges held from other repositories at the repository's snapshot `seq`, as their rows are now. */
export function heldEdgesAt(database: SqlJsDatabase, repoHash: Hash, seq: number): GraphEdge[] {
  const columns = EDGE_COLUMNS.split(', ').map((c) => `e.${c}`).join(', ');
  return database.all(
    `SELECT ${columns} FROM snapshot_runtime_edges s JOIN edges e ON e.edge_hash = s.edge_hash AND e.added_in = s.edge_added_in
     WHERE s.repo_hash = ? AND s.added_in <= ? AND (s.removed_in IS NULL OR s.removed_in > ?)`,
    [repoHash, seq, seq],
    edgeFromRow,
  );
}
