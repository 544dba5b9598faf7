import * as assert from 'node:assert/strict';
import type { Hash } from '../../../src/model';
import { type GraphStore, openStore } from '../../../src/store';
import { FILE, OTHER_FILE, REPO, edge, hashesJoinedByBucket, joinHashes, node } from '../contract/rows';

/**
 * sql.js keeps each bucket's digest (migration 017) and digests again only the buckets an
 * edge entered or left since: the answer is always the live set's, and the work is the change's.
 */
describe('store/sqljs: edge hash buckets digest only what changed', () => {
  let store: GraphStore;
  beforeEach(async () => {
    store = await openStore(':memory:');
  });
  afterEach(async () => {
    await store.close();
  });

  const target = node('t');
  const callers = Array.from({ length: 60 }, (_, i) => node(`f${i}`));
  const edges = callers.map((caller) => edge(caller, target));
  const bucketOf = (hash: Hash): string => hash.slice(0, 3);

  /** The digests, and the buckets digested to answer (each bucket's first hash names it). */
  async function digest(): Promise<{ digests: string[]; digested: string[] }> {
    const digested: string[] = [];
    const digests = await store.edgeBucketDigests(REPO, (hashes) => {
      digested.push(bucketOf(hashes[0]!));
      return joinHashes(hashes);
    });
    return { digests, digested: digested.sort() };
  }

  it('digests every bucket once, then none until an edge enters or leaves one, then only those', async () => {
    await store.replaceFileNodes(FILE, [...callers, target], 1);
    await store.replaceOwnedEdges(FILE, REPO, edges.slice(0, 50), 1, 's1');
    const first = await digest();
    assert.deepEqual(first.digests, hashesJoinedByBucket(edges.slice(0, 50).map((e) => e.edgeHash)));
    assert.equal(first.digested.length, first.digests.length);
    assert.deepEqual(await digest(), { digests: first.digests, digested: [] }, 'nothing changed, nothing digested');

    // One edge leaves, one enters; a call site moving is no change of membership.
    const kept = [{ ...edges[1]!, callSiteLine: 40 }, ...edges.slice(2, 50), edges[55]!];
    await store.replaceOwnedEdges(FILE, REPO, kept, 2, 's2');
    const second = await digest();
    assert.deepEqual(second.digests, hashesJoinedByBucket(kept.map((e) => e.edgeHash)));
    const changed = [...new Set([bucketOf(edges[0]!.edgeHash), bucketOf(edges[55]!.edgeHash)])].sort();
    const left = bucketOf(edges[0]!.edgeHash);
    const emptied = !kept.some((e) => bucketOf(e.edgeHash) === left);
    assert.deepEqual(second.digested, changed.filter((bucket) => !(emptied && bucket === left)), 'an emptied bucket is dropped, not digested');
  });

  it('buckets the edges of a bulk load, whose inserts skip the trigger, and tracks inserts after it again', async () => {
    await store.transaction((tx) => tx.bulkLoad(REPO, 1, 's1', () => tx.insertNewRows([...callers, target], edges.slice(0, 50), REPO, 1)));
    assert.deepEqual((await digest()).digests, hashesJoinedByBucket(edges.slice(0, 50).map((e) => e.edgeHash)));
    const later = { ...edges[50]!, ownerFileHash: OTHER_FILE };
    await store.replaceOwnedEdges(OTHER_FILE, REPO, [later], 2, 's2');
    const after = await digest();
    assert.deepEqual(after.digests, hashesJoinedByBucket([...edges.slice(0, 50), later].map((e) => e.edgeHash)));
    assert.deepEqual(after.digested, [bucketOf(later.edgeHash)]);
  });
});
