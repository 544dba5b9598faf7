import * as assert from 'node:assert/strict';
import { Identity } from '../../../src/model';
import type { GraphStore } from '../../../src/store';
import { FILE, REPO, edge, joinHashes, node, placeholder, snapshot } from './rows';

/** RuntimeEdgeStore and FeedbackStore, on a backend whose capabilities say it has them. */
export function runtimeAndFeedbackContract(open: () => Promise<GraphStore>): void {
  let store: GraphStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  it('writes runtime edges in place: observations, confidence caps, and collection with events', async function () {
    if (!store.capabilities.runtime) this.skip();
    const f = node('f');
    const target = placeholder('GET /x');
    await store.insertSnapshot(snapshot(1));
    await store.replaceFileNodes(FILE, [f], 1);
    const runtime = { ...edge(f, target, 0, 'runtime_calls', 'otel_trace'), ownerFileHash: '', callSiteFile: '', observationCount: 3, lastObserved: 100 };
    await store.runtimeTransaction(async (tx) => {
      await tx.ensureRepoLevelNodes([target], 2);
      await tx.insertRuntimeEdge(runtime, REPO, 2, 0.95, 100);
      await tx.addObservations(runtime.edgeHash, 5, 2);
      await tx.addObservations(runtime.edgeHash, 6, 1);
    });
    assert.deepEqual((await store.liveRuntimeEdges()).map((e) => e.edgeHash), [runtime.edgeHash]);
    assert.deepEqual(await store.runtimeConfidenceCaps([runtime.edgeHash]), new Map([[runtime.edgeHash, 0.95]]));
    assert.deepEqual(await store.observationTotals([runtime.edgeHash], 6), new Map([[runtime.edgeHash, 1]]));
    assert.deepEqual(await store.observationTotals('all', 0), new Map([[runtime.edgeHash, 3]]));
    await store.runtimeTransaction((tx) => tx.updateRuntimeEdge(runtime.edgeHash, {
      observationCount: 9, lastObserved: 200, confidence: 0.5, provenance: 'otel_trace:{trace_ids:[t1]}', confidenceCap: 0.6,
    }));
    const [updated] = await store.liveRuntimeEdges();
    assert.deepEqual([updated.edgeHash, updated.observationCount, updated.confidence, updated.provenance],
      [runtime.edgeHash, 9, 0.5, 'otel_trace:{trace_ids:[t1]}'], 'the hash stays; the provenance carries trace ids');
    assert.deepEqual(await store.runtimeConfidenceCaps([runtime.edgeHash]), new Map([[runtime.edgeHash, 0.6]]));
    assert.equal(await store.runtimeTransaction((tx) => tx.pruneObservations(6)), 1);
    await store.runtimeTransaction(async (tx) => {
      await tx.removeRuntimeEdge(runtime.edgeHash, 2, 300);
      assert.equal(await tx.closeUntouchedPlaceholders([target.nodeHash, f.nodeHash]), 1, 'only the untouched placeholder closes');
    });
    assert.deepEqual(await store.liveRuntimeEdges(), []);
    assert.deepEqual((await store.edgeEvents(runtime.edgeHash)).map((e) => e.event), ['added', 'removed']);
    assert.deepEqual(await store.liveRepoLevelNodes(REPO), []);
  });

  it('holds a runtime edge another repo stores in the snapshots of the repo whose node it touches (SPEC 3.5)', async function () {
    if (!store.capabilities.runtime) this.skip();
    const other = Identity.repo('example.com/caller');
    const caller = { ...placeholder('client'), repoHash: other, nodeHash: Identity.node('example.com/caller', 'example.com/caller://UNRESOLVED/client', 'function') };
    const handler = node('handler');
    await store.insertSnapshot(snapshot(1));
    await store.replaceFileNodes(FILE, [handler], 1);
    const runtime = { ...edge(caller, handler, 0, 'runtime_calls', 'otel_trace'), ownerFileHash: '', callSiteFile: '', observationCount: 1, lastObserved: 100 };
    await store.runtimeTransaction(async (tx) => {
      await tx.ensureRepoLevelNodes([caller], 1);
      await tx.insertRuntimeEdge(runtime, other, 1, 0.95, 100);
    });
    assert.deepEqual(await store.holdForeignRuntimeEdges(REPO, 2), [runtime.edgeHash]);
    assert.deepEqual(await store.holdForeignRuntimeEdges(REPO, 2), [runtime.edgeHash], 'holding again at the same seq changes nothing');
    assert.deepEqual(await store.edgeBucketDigests(REPO, joinHashes), [runtime.edgeHash], 'a held edge is a leaf of the snapshot');
    assert.deepEqual((await store.edgesAt(REPO, 2)).map((e) => e.edgeHash), [runtime.edgeHash]);
    assert.deepEqual(await store.edgesAt(REPO, 1), [], 'not the snapshot before');
    await store.runtimeTransaction((tx) => tx.removeRuntimeEdge(runtime.edgeHash, 1, 200));
    assert.deepEqual(await store.liveRuntimeEdges(), []);
    assert.deepEqual((await store.edgesAt(REPO, 2)).map((e) => e.edgeHash), [runtime.edgeHash], 'collected, still read by the snapshot that held it');
    assert.deepEqual(await store.holdForeignRuntimeEdges(REPO, 3), []);
    assert.deepEqual(await store.edgeBucketDigests(REPO, joinHashes), [], 'released, no longer a leaf');
    assert.deepEqual(await store.edgesAt(REPO, 3), []);
  });

  it('keeps services seen, ingest counters and placeholders of services outside the indexed repos', async function () {
    if (!store.capabilities.runtime) this.skip();
    await store.runtimeTransaction(async (tx) => {
      await tx.recordServicesSeen([{ serviceName: 'checkout', firstSeen: 10, lastSeen: 20, spans: 2 }]);
      await tx.recordServicesSeen([{ serviceName: 'checkout', firstSeen: 30, lastSeen: 40, spans: 3 }]);
      await tx.addRuntimeCounters({ spans_received: 5 });
      await tx.addRuntimeCounters({ spans_received: 2, spans_mapped: 1 });
    });
    assert.deepEqual(await store.servicesSeen(), [{ serviceName: 'checkout', firstSeen: 10, lastSeen: 40, spans: 5 }]);
    assert.deepEqual(await store.runtimeCounters(), { spans_received: 7, spans_mapped: 1 });
    assert.deepEqual(await store.liveNodesOutsideRepos(), []);
  });

  it('counts feedback votes per symbol, one per session, the latest kept', async function () {
    if (!store.capabilities.feedback) this.skip();
    const [a, b] = ['a'.repeat(64), 'b'.repeat(64)];
    await store.recordFeedback(a, 's1', true, 100);
    await store.recordFeedback(a, 's2', true, 101);
    await store.recordFeedback(a, 's3', false, 102);
    await store.recordFeedback(b, 's1', true, 103);
    await store.recordFeedback(b, 's1', false, 104);
    const expected = new Map([[a, { useful: 2, notUseful: 1 }], [b, { useful: 0, notUseful: 1 }]]);
    assert.deepEqual(await store.feedbackCounts([a, b, 'c'.repeat(64)]), expected);
    assert.deepEqual(await store.feedbackCounts('all'), expected);
    assert.deepEqual(await store.feedbackCounts([]), new Map());
    await assert.rejects(store.recordFeedback(a, '', true, 1), { message: 'store/feedback: sessionId must not be empty' });
    await assert.rejects(store.recordFeedback(a, 's', true, 1.5), { message: 'store/feedback: at must be a Unix time in whole seconds' });
  });
}
