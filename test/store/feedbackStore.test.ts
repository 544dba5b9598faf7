import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { openSqlJsStore } from '../../src/store';
import { makeTempDir } from '../helpers/tempDir';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

describe('store/sqljs feedback (migration 005)', () => {
  it('counts useful and not-useful votes per symbol', async () => {
    const store = await openSqlJsStore(':memory:');
    assert.equal(store.capabilities.feedback, true);
    store.recordFeedback(A, 's1', true, 100);
    store.recordFeedback(A, 's2', true, 101);
    store.recordFeedback(A, 's3', false, 102);
    store.recordFeedback(B, 's1', false, 103);
    assert.deepEqual(store.feedbackCounts([A, B, 'c'.repeat(64)]), new Map([
      [A, { useful: 2, notUseful: 1 }],
      [B, { useful: 0, notUseful: 1 }],
    ]));
    assert.deepEqual(store.feedbackCounts([]), new Map());
    assert.deepEqual(store.feedbackCounts([B]), new Map([[B, { useful: 0, notUseful: 1 }]]));
  });

  it('keeps one vote per session: voting again replaces it', async () => {
    const store = await openSqlJsStore(':memory:');
    store.recordFeedback(A, 's1', true, 100);
    store.recordFeedback(A, 's1', true, 101);
    assert.deepEqual(store.feedbackCounts([A]).get(A), { useful: 1, notUseful: 0 });
    store.recordFeedback(A, 's1', false, 102);
    assert.deepEqual(store.feedbackCounts([A]).get(A), { useful: 0, notUseful: 1 });
  });

  it('answers for thousands of hashes in one call', async () => {
    const store = await openSqlJsStore(':memory:');
    const hashes = Array.from({ length: 5000 }, (_, i) => i.toString(16).padStart(64, '0'));
    store.recordFeedback(hashes[4321], 's', true, 1);
    assert.deepEqual([...store.feedbackCounts(hashes).keys()], [hashes[4321]]);
  });

  it('is not a graph write: the generation stays, so cached views stay', async () => {
    const store = await openSqlJsStore(':memory:');
    const before = store.generation;
    store.recordFeedback(A, 's1', true, 1);
    assert.equal(store.generation, before);
  });

  it('validates the session and the time', async () => {
    const store = await openSqlJsStore(':memory:');
    assert.throws(() => store.recordFeedback(A, '', true, 1), { message: 'store/feedback: sessionId must not be empty' });
    assert.throws(() => store.recordFeedback(A, 's', true, 1.5), { message: 'store/feedback: at must be a Unix time in whole seconds' });
  });

  it('persists votes in the graph file', async () => {
    const dbPath = path.join(makeTempDir(), 'graph.db');
    const store = await openSqlJsStore(dbPath);
    store.recordFeedback(A, 's1', true, 1);
    await store.save();
    store.close();
    const reopened = await openSqlJsStore(dbPath);
    assert.deepEqual(reopened.feedbackCounts([A]).get(A), { useful: 1, notUseful: 0 });
    reopened.close();
  });
});
