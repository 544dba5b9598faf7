import type { Hash } from '../../model';
import type { SqlJsDatabase } from './database';

/**
 * The first load of a repo at `seq` (GraphStore.bulkLoad): secondary indexes of the graph
 * tables are dropped and rebuilt afterwards, and the 'added' events of the loaded edges
 * are logged in one statement.
 */
export function bulkLoad<T>(database: SqlJsDatabase, repoHash: Hash, seq: number, snapshotHash: Hash, work: () => T): T {
  // Secondary indexes are dropped and rebuilt around a large load: building a B-tree
  // from sorted keys is far cheaper than inserting tens of thousands of random hashes.
  const indexes = database.all(
    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('nodes', 'edges', 'files')",
    [],
    (row) => ({ name: row[0] as string, sql: row[1] as string }),
  );
  for (const index of indexes) database.exec(`DROP INDEX ${index.name}`);
  try {
    const result = work();
    database.run(
      `INSERT INTO edge_events (edge_hash, event, at, snapshot_hash)
       SELECT edge_hash, 'added', ?, ? FROM edges WHERE repo_hash = ? AND added_in = ? ORDER BY rowid`,
      [Math.floor(Date.now() / 1000), snapshotHash, repoHash, seq],
    );
    return result;
  } finally {
    for (const index of indexes) database.exec(index.sql);
  }
}
