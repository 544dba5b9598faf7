import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { openStore } from '../../src/store';
import { makeTempDir } from '../helpers/tempDir';

const A = 'a'.repeat(64);

describe('store/sqljs feedback (migration 005)', () => {
  it('answers for thousands of hashes in one call', async () => {
    const store = await openStore(':memory:');
    const hashes = Array.from({ length: 5000 }, (_, i) => i.toString(16).padStart(64, '0'));
    await store.recordFeedback(hashes[4321], 's', true, 1);
    assert.deepEqual([...(await store.feedbackCounts(hashes)).keys()], [hashes[4321]]);
  });

  it('is not a graph write: the generation stays, so cached views stay', async () => {
    const store = await openStore(':memory:');
    const before = await store.generation();
    await store.recordFeedback(A, 's1', true, 1);
    assert.deepEqual(await store.generation(), before);
  });

  it('persists votes in the graph file', async () => {
    const dbPath = path.join(makeTempDir(), 'graph.db');
    const store = await openStore(dbPath);
    await store.recordFeedback(A, 's1', true, 1);
    await store.save();
    await store.close();
    const reopened = await openStore(dbPath);
    assert.deepEqual((await reopened.feedbackCounts([A])).get(A), { useful: 1, notUseful: 0 });
    await reopened.close();
  });
});
