import type { Hash } from '../model';

/**
 * A snapshot's Merkle leaves (its live edge hashes and the runtime edges it holds) are
 * grouped by their first hex digits, so a store can keep each group's digest until an edge
 * in it changes (sql.js: migration 017). 4,096 buckets: a re-index that changes a hundred
 * edges recomputes about 2% of a large repository's leaves.
 */
export const EDGE_BUCKET_DIGITS = 3;

/** The bucket an edge hash falls in. */
export function edgeBucketOf(hash: Hash): string {
  return hash.slice(0, EDGE_BUCKET_DIGITS);
}

/** `digestOf` of each bucket's hashes, from sorted hashes: bucket by bucket, in bucket order. */
export function bucketDigests(sortedHashes: readonly Hash[], digestOf: (bucketHashes: readonly Hash[]) => Hash): Map<string, Hash> {
  const digests = new Map<string, Hash>();
  let start = 0;
  for (let i = 1; i <= sortedHashes.length; i++) {
    const bucket = edgeBucketOf(sortedHashes[start]!);
    if (i < sortedHashes.length && edgeBucketOf(sortedHashes[i]!) === bucket) continue;
    digests.set(bucket, digestOf(sortedHashes.slice(start, i)));
    start = i;
  }
  return digests;
}
