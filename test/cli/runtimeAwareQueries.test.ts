import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ROOT_CONTEXT, type Span, SpanKind, trace } from '@opentelemetry/api';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { serverDepsFor } from '../../src/mcp/serverDeps';
import { isRuntimeEdge } from '../../src/query/runtimeIndex';
import { TRACE_INGESTION_DEFAULTS } from '../../src/runtime/config';
import { startRuntimeService } from '../../src/runtime/runtimeService';
import { openStore } from '../../src/store';
import { CLI } from '../helpers/builtCli';
import { writeShopMonorepo } from '../helpers/monorepoShop';
import { makeTempDir } from '../helpers/tempDir';
import { FakeScheduler } from '../runtime/fakeScheduler';
import { OtelService } from '../runtime/otelApp';

const REPO = 'example.com/shop';
const DAY = 86_400;
const OLD_CALLS = 5;
const FRESH_CALLS = 12;
const config = { ...TRACE_INGESTION_DEFAULTS, otlpGrpcEndpoint: '127.0.0.1:0', otlpHttpEndpoint: '127.0.0.1:0', batchIntervalMs: 50 };

interface WireEdge { EdgeHash: string; SourceHash: string; TargetHash: string; EdgeType: string; Confidence: number; ObservationCount: number; kind: string }
interface WireNode { NodeHash: string; QualifiedName: string }
interface Owned { file: { Path: string }; nodes: WireNode[]; traffic?: Array<Record<string, unknown> & { NodeHash: string }> }

/**
 * One call of checkout's POST /checkout, which calls cart over HTTP, as real instrumentation
 * records it: server span, client span, and cart's server span, all at `at` (ms).
 */
function checkoutCall(checkout: OtelService, cart: OtelService, cartPath: string, cartRoute: string, at: number): void {
  const start = (service: OtelService, name: string, kind: SpanKind, attributes: Record<string, string>, parent?: Span): Span => {
    const context = parent ? trace.setSpanContext(ROOT_CONTEXT, { ...parent.spanContext(), isRemote: true }) : ROOT_CONTEXT;
    return service.provider.getTracer('ckg-test').startSpan(name, { kind, attributes, startTime: at }, context);
  };
  const order = start(checkout, 'POST /checkout', SpanKind.SERVER, { 'http.request.method': 'POST', 'http.route': '/checkout', 'url.path': '/checkout' });
  const client = start(checkout, 'GET', SpanKind.CLIENT, {
    'http.request.method': 'GET', 'url.full': `http://cart.internal${cartPath}`, 'server.address': 'cart.internal',
  }, order);
  start(cart, `GET ${cartRoute}`, SpanKind.SERVER, { 'http.request.method': 'GET', 'http.route': cartRoute, 'url.path': cartPath }, client).end(at + 5);
  client.end(at + 6);
  order.end(at + 7);
}

/**
 * SPEC 4.10.2's stale_edges split, ownership traffic and graph_query provenance filter, end
 * to end: real OTel SDK exporters send spans to the real receivers of the runtime service;
 * traffic to cart's GET /cart/{id} stops, and the decay job, run by an injected clock 40
 * days later, ages its edge; then a real MCP client asks the built CLI over stdio.
 */
describe('runtime-aware stale_edges, ownership and graph_query (real OTel exporters, built CLI, real MCP client)', function () {
  this.timeout(120_000);
  let client: Client;
  let beforeSnapshot: string;
  let repoHash: string;
  let decayed: { before: number; after: number };

  before(async () => {
    const dir = makeTempDir('ckg-runtime-aware-');
    const root = path.join(dir, 'shop');
    const db = path.join(dir, 'graph.sqlite');
    writeShopMonorepo(root);
    const store = await openStore(db);
    const indexer = new RepoIndexer(store);
    const first = await indexer.index({ repoPath: root, repoUrl: REPO });
    beforeSnapshot = first.snapshotHash;
    repoHash = first.repoHash;
    // A code change after the snapshot: getCart now calls cartHealth (static staleness).
    const cartFile = path.join(root, 'services/cart/server.ts');
    fs.writeFileSync(cartFile, fs.readFileSync(cartFile, 'utf8').replace('function getCart(): void {}', 'function getCart(): void { cartHealth(); }'));
    await indexer.index({ repoPath: root, repoUrl: REPO });

    const realNow = Math.floor(Date.now() / 1000);
    let clock = realNow - 40 * DAY;
    const scheduler = new FakeScheduler();
    const deps = serverDepsFor(store, { now: () => clock });
    const runtime = await startRuntimeService(deps, { config, log: () => undefined, scheduler });
    const checkout = new OtelService('checkout', 'grpc', runtime.grpcAddress);
    const cart = new OtelService('cart', 'proto', runtime.httpAddress);
    const send = async (): Promise<void> => {
      await Promise.all([checkout.flush(), cart.flush()]);
      await runtime.queue.flush();
    };
    // 40 days ago: checkout called cart's GET /cart/{id}; that traffic has stopped since.
    for (let i = 0; i < OLD_CALLS; i++) checkoutCall(checkout, cart, `/cart/${i}`, '/cart/{id}', clock * 1000 + i);
    await send();
    // Today: checkout calls cart's GET /health.
    clock = realNow;
    for (let i = 0; i < FRESH_CALLS; i++) checkoutCall(checkout, cart, '/health', '/health', clock * 1000 - 1000 + i);
    await send();
    await Promise.all([checkout.shutdown(), cart.shutdown()]);
    const toGetCart = async (): Promise<number> => {
      const names = new Map((await store.liveNodesOfRepo(repoHash)).map((n) => [n.nodeHash, n.qualifiedName]));
      const edge = (await store.liveRuntimeEdges()).find((e) => names.get(e.targetHash)?.endsWith('.getCart') && isRuntimeEdge(e));
      assert.ok(edge, 'the old traffic made an edge to getCart');
      return edge.confidence;
    };
    const beforeDecay = await toGetCart();
    await scheduler.advance(config.confidenceDecayIntervalMs);
    decayed = { before: beforeDecay, after: await toGetCart() };
    await runtime.close();
    await store.close();

    client = new Client({ name: 'runtime-aware', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '-db', db], stderr: 'pipe' }));
  });
  after(async () => {
    await client?.close();
  });

  const call = async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
    const reply = await client.callTool({ name, arguments: args });
    assert.notEqual(reply.isError, true, JSON.stringify(reply.content));
    return reply.structuredContent as T;
  };
  const nodes = async (): Promise<Map<string, string>> => {
    const found = await call<{ items: WireNode[] }>('graph_query', { prefix: `${REPO}://` });
    return new Map(found.items.map((n) => [n.NodeHash, n.QualifiedName.replace(`${REPO}://`, '')]));
  };

  it('the decay job, at the injected clock 40 days on, aged the edge whose traffic stopped', () => {
    assert.equal(decayed.before, 0.5, `${OLD_CALLS} observations in the window`);
    assert.equal(decayed.after, 0.2, 'stale: no observation for 30 days');
  });

  it('stale_edges lists the code change as static and the silent runtime edge as runtime, counted apart', async () => {
    const name = await nodes();
    const stale = await call<{ items: WireEdge[]; static_count: number; runtime_count: number }>('stale_edges', { snapshot_hash: beforeSnapshot });
    const shown = stale.items.map((e) => `${e.kind} ${name.get(e.SourceHash)} ${e.EdgeType} ${name.get(e.TargetHash)}`);
    assert.deepEqual(shown, [
      'static services/cart/server.getCart calls services/cart/server.cartHealth',
      'runtime services/checkout/server.placeOrder runtime_calls services/cart/server.getCart',
    ]);
    assert.deepEqual([stale.static_count, stale.runtime_count], [1, 1]);
    assert.equal(stale.items[1].Confidence, 0.2);
    const wider = await call<{ items: WireEdge[] }>('stale_edges', { snapshot_hash: beforeSnapshot, stale_days: 60 });
    assert.deepEqual(wider.items.map((e) => e.kind), ['static'], 'within 60 days the edge was observed');
  });

  it('ownership gives each handler its traffic per service, confirmed zero or unknown', async () => {
    const owned = (await call<{ items: Owned[] }>('ownership', { repo_hash: repoHash })).items;
    const trafficOf = (file: string): Record<string, unknown> => {
      const item = owned.find((o) => o.file.Path === file)!;
      const names = new Map(item.nodes.map((n) => [n.NodeHash, n.QualifiedName.split('.').pop()!]));
      return Object.fromEntries((item.traffic ?? []).map(({ NodeHash, ...rest }) => [names.get(NodeHash)!, rest]));
    };
    const cart = trafficOf('services/cart/server.ts');
    assert.deepEqual(cart.cartHealth, {
      status: 'observed', observations: FRESH_CALLS, edges: 1, provenance: ['otel_trace'], confidence: 'high',
      by_service: [{ service: 'checkout', direction: 'incoming', observations: FRESH_CALLS, edges: 1, last_observed: (cart.cartHealth as { by_service: Array<{ last_observed: number }> }).by_service[0].last_observed }],
    });
    assert.equal((cart.getCart as { confidence: string }).confidence, 'stale');
    assert.deepEqual((cart.getCart as { by_service: Array<{ service: string; direction: string }> }).by_service
      .map((t) => `${t.direction} ${t.service}`), ['incoming checkout']);
    const checkout = trafficOf('services/checkout/server.ts');
    assert.deepEqual(checkout.checkoutHealth, { status: 'confirmed_zero', service: 'checkout' });
    assert.deepEqual((checkout.placeOrder as { by_service: Array<{ service: string; direction: string; observations: number }> }).by_service
      .map((t) => `${t.direction} ${t.service} ${t.observations}`), [`incoming external ${FRESH_CALLS}`, `outgoing cart ${FRESH_CALLS}`],
    'requests from outside the traced services, and calls to cart (the stopped traffic counts nothing in the window)');
    assert.deepEqual(trafficOf('tools/admin.ts').admin, { status: 'unknown', service: 'shop' }, 'shop never sent a span: unknown, not zero');
  });

  it('graph_query filters by provenance, and names the argument on a bad value', async () => {
    const local = async (provenance: string): Promise<string[]> =>
      (await call<{ items: WireNode[] }>('graph_query', { prefix: `${REPO}://services/`, provenance })).items
        .map((n) => n.QualifiedName.replace(`${REPO}://`, ''));
    assert.deepEqual(await local('runtime'), ['services/cart/server.cartHealth', 'services/cart/server.getCart', 'services/checkout/server.placeOrder']);
    const statics = await local('static');
    assert.ok(statics.includes('services/cart/server.getCart') && statics.includes('services/cart/server.cartHealth'), statics.join());
    assert.ok(!statics.includes('services/checkout/server.placeOrder') || statics.length > 3);
    assert.ok((await local('both')).length >= statics.length);
    assert.deepEqual((await call<{ items: WireNode[] }>('graph_query', { prefix: 'getCart', provenance: 'runtime' })).items
      .map((n) => n.QualifiedName), [`${REPO}://services/cart/server.getCart`], 'the name search still works under the filter');
    const bad = await client.callTool({ name: 'graph_query', arguments: { prefix: 'getCart', provenance: 'traces' } });
    assert.equal(bad.isError, true);
    assert.match((bad.content as Array<{ text: string }>)[0].text, /provenance: expected one of static, runtime, both/);
  });
});
