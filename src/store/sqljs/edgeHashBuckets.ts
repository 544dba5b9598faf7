import type { Hash } from '../../model';
import { bucketDigests } from '../edgeHashBuckets';
import type { SqlJsDatabase } from './database';
import { idOf } from './hashIds';

/**
 * SnapshotLog.edgeBucketDigests over sql.js: each bucket's digest is kept in
 * edge_hash_buckets (migration 017), whose triggers empty it when an edge of the repo, or
 * a runtime edge its snapshot holds, enters or leaves the bucket. Only emptied buckets are
 * read and digested again.
 */

/** Above this many emptied buckets, one read of every leaf in hash order beats a read per bucket. */
const READ_ALL_ABOVE = 256;

/** Leaf hashes from `from` up to `to`: ids of live edges of the repo, or of runtime edges it holds, in hash order. */
const LEAVES = `SELECT h.hash FROM hashes h WHERE h.hash >= ? AND h.hash < ?
  AND (EXISTS (SELECT 1 FROM edges e WHERE e.edge_id = h.id AND e.repo_id = ? AND e.removed_in IS NULL)
    OR EXISTS (SELECT 1 FROM snapshot_runtime_edges s WHERE s.edge_id = h.id AND s.repo_id = ? AND s.removed_in IS NULL))
  ORDER BY h.hash`;

/** Sorts after every hash that starts with a bucket's digits: hashes are lowercase hex. */
const AFTER_HEX = '~';

export function edgeBucketDigests(database: SqlJsDatabase, repoHash: Hash, digestOf: (sortedHashes: readonly Hash[]) => Hash): Hash[] {
  // A repository with no stored id has no edges.
  const repoId = idOf(database, repoHash);
  if (repoId === undefined) return [];
  const emptied = database.all("SELECT bucket FROM edge_hash_buckets WHERE repo_id = ? AND digest = ''", [repoId], (row) => row[0] as string);
  if (emptied.length > 0) {
    const leaves = (from: string, to: string): Hash[] => database.all(LEAVES, [from, to, repoId, repoId], (row) => row[0] as string);
    const digests = emptied.length > READ_ALL_ABOVE
      ? bucketDigests(leaves('0', AFTER_HEX), digestOf)
      : new Map(emptied.flatMap((bucket) => {
        const hashes = leaves(bucket, bucket + AFTER_HEX);
        return hashes.length > 0 ? [[bucket, digestOf(hashes)] as const] : [];
      }));
    for (const bucket of emptied) {
      const digest = digests.get(bucket);
      if (digest === undefined) database.run('DELETE FROM edge_hash_buckets WHERE repo_id = ? AND bucket = ?', [repoId, bucket]);
      else database.run('UPDATE edge_hash_buckets SET digest = ? WHERE repo_id = ? AND bucket = ?', [digest, repoId, bucket]);
    }
  }
  return database.all('SELECT digest FROM edge_hash_buckets WHERE repo_id = ? ORDER BY bucket', [repoId], (row) => row[0] as string);
}

/** The trigger that empties a bucket when an edge row is inserted (migration 017). */
const INSERT_TRIGGER = 'edges_bucket_added';

/**
 * Runs a bulk load without the insert trigger, whose row-by-row upserts were a fifth of
 * the load's inserts, then empties at once the buckets of every edge row inserted after
 * `afterRowid` (an insert, also a replacing one, takes a rowid above every earlier one).
 * Closing and deleting rows keep their triggers: a load rarely does either.
 */
export async function withoutInsertTrigger<T>(database: SqlJsDatabase, afterRowid: number, work: () => Promise<T>): Promise<T> {
  const trigger = database.scalar("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", [INSERT_TRIGGER]);
  if (typeof trigger !== 'string') return work();
  database.exec(`DROP TRIGGER ${INSERT_TRIGGER}`);
  try {
    return await work();
  } finally {
    database.exec(trigger);
    database.run(
      `INSERT INTO edge_hash_buckets (repo_id, bucket, digest)
         SELECT DISTINCT e.repo_id, substr(h.hash, 1, 3), '' FROM edges e JOIN hashes h ON h.id = e.edge_id WHERE e.rowid > ? AND e.removed_in IS NULL
         ON CONFLICT (repo_id, bucket) DO UPDATE SET digest = ''`,
      [afterRowid],
    );
  }
}
