import * as assert from 'node:assert/strict';
import { type GraphEdge, QualifiedName } from '../../src/model';
import { RuntimeIngestor } from '../../src/runtime/ingestor';
import { SpanKind } from '../../src/runtime/spans';
import type { GraphStore } from '../../src/store';
import { indexFixture, liveNodes, localName } from '../helpers/indexFixture';
import { httpCall, span } from './spanFactory';

const NOW = 1_800_000_000;
const DAY = 86_400;

describe('runtime ingestor', () => {
  let store: GraphStore;
  let clock: number;
  let ingestor: RuntimeIngestor;

  beforeEach(async () => {
    store = await indexFixture('go-routes');
    clock = NOW;
    ingestor = new RuntimeIngestor(() => store, { now: () => clock });
  });

  const names = async (): Promise<Map<string, string>> => new Map(
    [...await liveNodes(store), ...await store.liveNodesOutsideRepos()]
      .map((n) => [n.nodeHash, n.qualifiedName]),
  );
  const describeEdges = async (edges: readonly GraphEdge[]): Promise<string[]> => {
    const n = await names();
    return edges.map((e) => describe(e, n));
  };
  const describe = (e: GraphEdge, n: Map<string, string>): string =>
    `${e.edgeType} ${localName(n.get(e.sourceHash) ?? '?')} -> ${localName(n.get(e.targetHash) ?? '?')} [${e.provenance.split(':')[0]}]`;

  it('maps a client call to the handler its route resolves to, once per call', async () => {
    const result = await ingestor.ingestSpans(httpCall('checkout', 'go-routes', 'GET', '/users/42', '/users/{id}', NOW - 10));
    assert.deepEqual(result, { created: 1, updated: 0 });
    const [edge] = await store.liveRuntimeEdges();
    assert.equal((await describeEdges([edge]))[0], 'runtime_calls UNRESOLVED/GET -> example.com/go-routes.Handlers.getUser [otel_trace]');
    assert.equal(edge.observationCount, 1);
    assert.equal(edge.confidence, 0.5);
    assert.equal(edge.lastObserved, NOW - 10);
    assert.match(edge.provenance, /^otel_trace:\{"trace_ids":\["[0-9a-f]{32}"\]\}$/);
    assert.deepEqual((await store.edgeEvents(edge.edgeHash)).map((e) => e.event), ['added']);
  });

  it('normalises a concrete path to the registered pattern when no route attribute is sent', async () => {
    await ingestor.ingestSpans([span({
      kind: SpanKind.CLIENT, serviceName: 'checkout', peerService: 'go-routes',
      attributes: { 'http.request.method': 'GET', 'url.full': 'http://users:8080/orders/17?x=1' },
    })]);
    assert.deepEqual(await describeEdges(await store.liveRuntimeEdges()), ['runtime_calls UNRESOLVED/op -> example.com/go-routes.Handlers.getOrder [otel_trace]']);
  });

  it('updates in place: same hash, count and confidence grow, no new event, at most 5 trace IDs', async () => {
    for (let i = 0; i < 12; i++) await ingestor.ingestSpans(httpCall('checkout', 'go-routes', 'GET', `/users/${i}`, '/users/{id}', NOW - 100 + i));
    const edges = await store.liveRuntimeEdges();
    assert.equal(edges.length, 1);
    assert.equal(edges[0].observationCount, 12);
    assert.equal(edges[0].confidence, 0.7);
    assert.equal(edges[0].lastObserved, NOW - 100 + 11);
    const ids = (JSON.parse(edges[0].provenance.slice('otel_trace:'.length)) as { trace_ids: string[] }).trace_ids;
    assert.equal(ids.length, 5);
    assert.deepEqual((await store.edgeEvents(edges[0].edgeHash)).map((e) => e.event), ['added']);
  });

  it('records unmapped routes as runtime_unresolved edges to <service>://UNRESOLVED/<route> at 0.3', async () => {
    await ingestor.ingestSpans(httpCall('checkout', 'go-routes', 'DELETE', '/carts/99', undefined, NOW));
    await ingestor.ingestSpans(httpCall('checkout', 'payments', 'POST', '/charges/abc123def4567890aa', undefined, NOW));
    const edges = (await describeEdges(await store.liveRuntimeEdges())).sort();
    assert.deepEqual(edges, [
      'runtime_calls UNRESOLVED/DELETE -> UNRESOLVED/DELETE /carts/{id} [runtime_unresolved]',
      'runtime_calls UNRESOLVED/POST -> UNRESOLVED/POST /charges/{id} [runtime_unresolved]',
    ]);
    assert.ok((await store.liveRuntimeEdges()).every((e) => e.confidence === 0.3));
    const n = await names();
    const targets = (await store.liveRuntimeEdges()).map((e) => n.get(e.targetHash)).sort();
    assert.deepEqual(targets, ['go-routes://UNRESOLVED/DELETE /carts/{id}', 'payments://UNRESOLVED/POST /charges/{id}']);
  });

  it('takes the caller operation from the local server span above the client span', async () => {
    const [inbound] = httpCall('edge', 'go-routes', 'POST', '/users', '/users', NOW);
    const outbound = span({
      kind: SpanKind.CLIENT, serviceName: 'go-routes', traceId: inbound.traceId, parentSpanId: inbound.spanId, peerService: 'go-routes-backend',
      attributes: { 'rpc.service': 'helloworld.Greeter', 'rpc.method': 'SayHello', 'rpc.system': 'grpc' },
    });
    // The client span arrives first, its parent one batch later: it waits for it.
    assert.deepEqual(await ingestor.ingestSpans([outbound]), { created: 0, updated: 0 });
    await ingestor.ingestSpans([inbound]);
    const rpc = (await store.liveRuntimeEdges()).filter((e) => e.edgeType === 'runtime_rpc');
    assert.deepEqual(await describeEdges(rpc), [
      'runtime_rpc example.com/go-routes.Handlers.createUser -> example.com/go-routes.greeterServer.SayHello [otel_trace]',
    ], 'heuristic mapping: go-routes-backend contains go-routes');
    assert.equal(rpc[0].confidence, 0.3, 'a heuristic service match caps confidence at 0.3');
  });

  it('types messaging spans per SPEC 3.3 and points both sides at the topic', async () => {
    const producer = span({
      kind: SpanKind.PRODUCER, serviceName: 'orders', attributes: { 'messaging.system': 'kafka', 'messaging.destination.name': 'order-placed' },
    });
    const consumer = span({
      kind: SpanKind.CONSUMER, serviceName: 'mailer', traceId: producer.traceId, parentSpanId: producer.spanId,
      attributes: { 'messaging.system': 'kafka', 'messaging.destination.name': 'order-placed', 'messaging.operation.type': 'process' },
    });
    await ingestor.ingestSpans([producer, consumer]);
    assert.deepEqual((await describeEdges(await store.liveRuntimeEdges())).sort(), [
      'runtime_consumes UNRESOLVED/op -> UNRESOLVED/order-placed [runtime_unresolved]',
      'runtime_produces UNRESOLVED/op -> UNRESOLVED/order-placed [runtime_unresolved]',
    ]);
  });

  it('counts a root server span as traffic from outside, and ignores 404s on unknown routes', async () => {
    const root = (path: string, status: number) => span({
      kind: SpanKind.SERVER, serviceName: 'go-routes',
      attributes: { 'http.request.method': 'GET', 'url.path': path, 'http.response.status_code': String(status) },
    });
    await ingestor.ingestSpans([root('/healthz', 200), root('/wp-admin.php', 404)]);
    assert.deepEqual(await describeEdges(await store.liveRuntimeEdges()), ['runtime_calls UNRESOLVED/client -> example.com/go-routes.healthz [otel_trace]']);
  });

  it('decays to stale at 30 days (0.2), to GC-eligible past 90 (0.0), then collects with a removed event', async () => {
    await ingestor.ingestSpans(httpCall('checkout', 'go-routes', 'GET', '/users/1', '/users/{id}', NOW));
    const [edge] = await store.liveRuntimeEdges();
    const at = async (days: number) => {
      clock = NOW + days * DAY;
      return { updated: await ingestor.decayConfidence(), collected: await ingestor.collectGarbage(), edge: (await store.liveEdgesByHash([edge.edgeHash]))[0] };
    };
    let step = await at(8);
    assert.equal(step.edge.observationCount, 0, 'the observation left the 7-day window');
    assert.equal(step.edge.confidence, 0.2);
    assert.equal(step.updated, 1);
    assert.deepEqual(await ingestor.runtimeEdgeStats(), { TotalEdges: 1, ActiveEdges: 1, StaleEdges: 0, GCEligible: 0, ByEdgeType: { runtime_calls: 1 } });
    step = (await at(31));
    assert.equal(step.edge.confidence, 0.2);
    assert.equal((await ingestor.runtimeEdgeStats()).StaleEdges, 1);
    step = (await at(90));
    assert.equal(step.collected, 0, 'exactly 90 days is not beyond the threshold');
    clock = NOW + 91 * DAY;
    assert.equal((await ingestor.runtimeEdgeStats()).GCEligible, 1);
    assert.equal(await ingestor.decayConfidence(), 1);
    assert.equal((await store.liveEdgesByHash([edge.edgeHash]))[0].confidence, 0);
    assert.equal(await ingestor.collectGarbage(), 1);
    assert.deepEqual(await store.liveEdgesByHash([edge.edgeHash]), []);
    assert.deepEqual((await store.edgeEvents(edge.edgeHash)).map((e) => e.event), ['added', 'removed']);
    const placeholder = [...(await names()).values()].find((n) => QualifiedName.isUnresolved(n) && n.startsWith('checkout://'));
    assert.equal(placeholder, undefined, 'the caller placeholder no edge touches is closed');
  });

  it('decays without a write on a graph with no runtime edge: its generation stays', async () => {
    const before = await store.generation();
    assert.equal(await ingestor.decayConfidence(), 0);
    assert.equal(await ingestor.collectGarbage(), 0);
    assert.deepEqual(await store.generation(), before);
  });

  it('brings a stale edge back to active on a new observation', async () => {
    await ingestor.ingestSpans(httpCall('checkout', 'go-routes', 'GET', '/users/1', '/users/{id}', NOW));
    clock = NOW + 40 * DAY;
    await ingestor.decayConfidence();
    await ingestor.ingestSpans(httpCall('checkout', 'go-routes', 'GET', '/users/2', '/users/{id}', clock));
    const [edge] = await store.liveRuntimeEdges();
    assert.equal(edge.confidence, 0.5);
    assert.equal(edge.observationCount, 1);
    assert.equal(edge.lastObserved, clock);
  });

  it('never creates a snapshot and opens edges at the next snapshot seq', async () => {
    const repo = (await store.repos())[0];
    const before = (await store.snapshots()).length;
    await ingestor.ingestSpans(httpCall('checkout', 'go-routes', 'GET', '/users/1', '/users/{id}', NOW));
    assert.equal((await store.snapshots()).length, before);
    const latest = (await store.latestSnapshot(repo.repoHash))!;
    assert.ok(!(await store.edgesAt(repo.repoHash, latest.seq)).some((e) => e.provenance.startsWith('otel_')), 'not in the existing snapshot');
    assert.equal((await store.liveRuntimeEdges()).length, 1);
  });

  it('ingests access log entries with their own provenance', async () => {
    const result = await ingestor.ingestHTTPLogs([
      { timestamp: NOW, method: 'GET', path: '/users/7', statusCode: 200, serviceName: 'go-routes', clientIp: '10.0.0.1', duration: 0.1 },
      { timestamp: NOW, method: 'GET', path: '/users/8', statusCode: 200, serviceName: 'go-routes', clientIp: 'checkout', duration: 0.1 },
    ]);
    assert.deepEqual(result, { created: 2, updated: 0 });
    assert.deepEqual((await describeEdges(await store.liveRuntimeEdges())).sort(), [
      'runtime_calls UNRESOLVED/client -> example.com/go-routes.Handlers.getUser [otel_access_log]',
      'runtime_calls UNRESOLVED/client -> example.com/go-routes.Handlers.getUser [otel_access_log]',
    ]);
    assert.deepEqual((await store.servicesSeen()).map((s) => [s.serviceName, s.spans]), [['go-routes', 2]]);
  });
});
