import * as assert from 'node:assert/strict';
import { InMemoryGraphView } from '../../src/graph/graphView';
import { LayeredGraphView } from '../../src/graph/layeredGraphView';
import { nodesNamed } from '../../src/graph/viewIndex';
import { GraphCache, SNAPSHOT_VIEWS_KEPT } from '../../src/query/graphCache';
import type { WireEdge } from '../../src/mcp/wire';
import { QualifiedName } from '../../src/model';
import { RuntimeIngestor } from '../../src/runtime/ingestor';
import { type GraphStore, staticGeneration } from '../../src/store';
import { indexFixture, liveNodes } from '../helpers/indexFixture';
import { httpCall } from '../runtime/spanFactory';
import { connect, fixtureDeps, structured } from '../mcp/mcpHarness';
import { NOW } from '../mcp/runtimeFixture';

const DAY = 86_400;

/** The live graph read straight from the store, the way the cache read it before runtime layers. */
async function fromScratch(store: GraphStore): Promise<InMemoryGraphView> {
  const repos = new Map((await store.repos()).map((r) => [r.repoHash, r]));
  const nodes = [...await liveNodes(store), ...await store.liveNodesOutsideRepos()];
  return new InMemoryGraphView(nodes, await store.liveEdges(), new Map((await store.liveFileRecords()).map((f) => [f.fileHash, f])), repos);
}

/** Edges and the nodes they touch, as sorted hashes: what every traversal can reach. */
function reachable(view: InMemoryGraphView | LayeredGraphView): { edges: string[]; nodes: string[] } {
  const edges = view.edges.map((e) => e.edgeHash).sort();
  const nodes = [...new Set(view.edges.flatMap((e) => [e.sourceHash, e.targetHash]))].filter((h) => view.nodes.has(h)).sort();
  return { edges, nodes };
}

describe('query/graphCache: runtime edges over a cached static view', () => {
  it('keeps the static view through ingest and decay, shows every runtime change, and rebuilds on a static write', async () => {
    const store = await indexFixture('go-routes');
    let now = NOW;
    const ingestor = new RuntimeIngestor(() => store, { now: () => now });
    const cache = new GraphCache(() => store);
    const first = (await cache.liveView()) as LayeredGraphView;
    const staticAtStart = staticGeneration(await store.generation());

    await ingestor.ingestSpans([...httpCall('checkout', 'go-routes', 'GET', '/users/42', '/users/{id}', NOW - 10),
      ...httpCall('checkout', 'go-routes', 'GET', '/nowhere/7', undefined, NOW - 5)], true);
    assert.equal(staticGeneration(await store.generation()), staticAtStart, 'ingest is a runtime-only write');
    const afterIngest = (await cache.liveView()) as LayeredGraphView;
    assert.notEqual(afterIngest, first);
    assert.equal(afterIngest.base, first.base, 'the static view is reused');
    assert.deepEqual(reachable(afterIngest), reachable(await fromScratch(store)));
    assert.equal(afterIngest.layerEdges.length, 2);
    const handler = [...afterIngest.nodes.values()].find((n) => n.qualifiedName.endsWith('.Handlers.getUser'))!;
    assert.deepEqual(afterIngest.incoming(handler.nodeHash, 'runtime_calls').map((e) => e.observationCount), [1]);
    const unresolved = QualifiedName.unresolved('go-routes', 'GET /nowhere/{id}');
    assert.equal(nodesNamed(afterIngest, unresolved).length, 1, 'placeholders are found by name');
    assert.equal(await cache.liveView(), afterIngest, 'no write, same view');

    await ingestor.ingestSpans(httpCall('checkout', 'go-routes', 'GET', '/users/43', '/users/{id}', NOW - 1), true);
    const again = (await cache.liveView()) as LayeredGraphView;
    assert.equal(again.base, first.base);
    assert.deepEqual(again.incoming(handler.nodeHash, 'runtime_calls').map((e) => e.observationCount), [2]);

    now = NOW + 91 * DAY;
    await ingestor.decayConfidence();
    assert.equal(await ingestor.collectGarbage(), 2);
    await ingestor.count({ batches_dropped: 1 });
    assert.equal(staticGeneration(await store.generation()), staticAtStart, 'decay, GC and counters are runtime-only writes too');
    const collected = (await cache.liveView()) as LayeredGraphView;
    assert.equal(collected.base, first.base);
    assert.equal(collected.layerEdges.length, 0);
    assert.equal(nodesNamed(collected, unresolved).length, 0, 'collected placeholders leave the view');
    assert.deepEqual(reachable(collected), reachable(await fromScratch(store)));

    const repo = (await store.repos())[0];
    await store.transaction((tx) => tx.upsertRepo({ ...repo, serviceName: 'users' }));
    assert.notEqual(((await cache.liveView()) as LayeredGraphView).base, first.base, 'a static write rebuilds the static view');
  });

  it('answers runtime_traffic through a real client with each batch, while the static answers stay put', async () => {
    const { deps, store } = await fixtureDeps('go-routes', { now: () => NOW });
    const mcp = await connect(deps);
    try {
      const ingestor = new RuntimeIngestor(() => deps.store(), { now: () => NOW });
      const counts = async (): Promise<number[]> =>
        structured<{ items: WireEdge[] }>(await mcp.call('runtime_traffic', { service_name: 'go-routes' })).items.map((e) => e.ObservationCount);
      const handler = (await store.liveNodesOfRepo((await store.repos())[0].repoHash)).find((n) => n.qualifiedName.endsWith('.Handlers.getUser'))!;
      const callers = async (): Promise<{ items: unknown[]; RuntimeObservations: number }> =>
        structured(await mcp.call('cross_repo_callers', { target_hash: handler.nodeHash }));
      const staticCallers = (await callers()).items;
      for (let batch = 1; batch <= 3; batch++) {
        await ingestor.ingestSpans(httpCall('checkout', 'go-routes', 'GET', `/users/${batch}`, '/users/{id}', NOW - 60 + batch), true);
        assert.deepEqual(await counts(), [batch]);
        const now = await callers();
        assert.deepEqual(now.items, staticCallers, 'runtime edges are not calls edges');
        assert.equal(now.RuntimeObservations, batch, 'they are the runtime layer beside them');
      }
    } finally {
      await mcp.close();
    }
  });

  it('keeps snapshot views only for the current generation and store, at most eight', async () => {
    const store = await indexFixture('go-routes');
    let current: GraphStore = store;
    const cache = new GraphCache(() => current);
    const [snapshot] = await store.snapshots();
    const first = await cache.snapshotView(snapshot);
    assert.equal(await cache.snapshotView(snapshot), first, 'same generation, same view');
    assert.deepEqual(cache.size, { static: 0, live: 0, snapshots: 1 });

    const ingestor = new RuntimeIngestor(() => store, { now: () => NOW });
    await ingestor.count({ spans_received: 1 }); // any write moves the generation on
    await cache.liveView();
    assert.deepEqual(cache.size, { static: 1, live: 1, snapshots: 0 }, 'a new generation releases older snapshot views at once');
    assert.notEqual(await cache.snapshotView(snapshot), first);

    for (let i = 0; i < SNAPSHOT_VIEWS_KEPT + 3; i++) await cache.snapshotView({ ...snapshot, snapshotHash: `${i}`.padStart(64, '0') });
    assert.equal(cache.size.snapshots, SNAPSHOT_VIEWS_KEPT);

    current = await indexFixture('go-routes');
    await cache.liveView();
    assert.deepEqual(cache.size, { static: 1, live: 1, snapshots: 0 }, 'a replaced store drops every view built from the old one');
  });

  it('refreshes only a view it holds: a cache that has built none loads nothing when told the graph moved', async () => {
    const store = await indexFixture('go-routes');
    let reads = 0;
    const counted = new Proxy(store, {
      get(target, name, receiver) {
        const member = Reflect.get(target, name, receiver);
        if (name === 'liveNodesOfRepo' || name === 'liveEdges' || name === 'forEachLiveEdge') reads++;
        return typeof member === 'function' ? member.bind(target) : member;
      },
    });
    const cache = new GraphCache(() => counted);
    await cache.refresh();
    assert.equal(reads, 0, 'nothing built, nothing to refresh');
    assert.deepEqual(cache.size, { static: 0, live: 0, snapshots: 0 });
    await cache.liveView();
    const afterFirst = reads;
    assert.ok(afterFirst > 0);
    await cache.refresh();
    assert.equal(cache.size.live, 1, 'a view it holds is kept current');
    await store.close();
  });
});

