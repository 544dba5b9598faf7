import * as assert from 'node:assert/strict';
import { SpanKind } from '@opentelemetry/api';
import { RepoIndexer } from '../../src/index/repoIndexer';
import type { WireEdge } from '../../src/mcp/wire';
import { type OpenServerDeps, serverDepsFor } from '../../src/mcp/serverDeps';
import { TRACE_INGESTION_DEFAULTS, type ServiceMap } from '../../src/runtime/config';
import { type RunningRuntime, startRuntimeService } from '../../src/runtime/runtimeService';
import { type GraphStore, openStore } from '../../src/store';
import { nodeNames } from '../helpers/indexFixture';
import { writeShopMonorepo } from '../helpers/monorepoShop';
import { makeTempDir } from '../helpers/tempDir';
import { type Connected, connect, structured, textOf } from '../mcp/mcpHarness';
import { OtelService } from './otelApp';

/** `cart-prod` is a deployment of the cart folder under another traced name. */
const SERVICE_MAP: ServiceMap = { 'cart-prod': { repo: 'shop', path: 'services/cart' } };
const config = {
  ...TRACE_INGESTION_DEFAULTS, otlpGrpcEndpoint: '127.0.0.1:0', otlpHttpEndpoint: '127.0.0.1:0', batchIntervalMs: 50, serviceMap: SERVICE_MAP,
};
const CALLS = 12;

describe('runtime traffic of a monorepo\'s services, from real OTel exporters', function () {
  this.timeout(60_000);
  let store: GraphStore;
  let deps: OpenServerDeps;
  let runtime: RunningRuntime;
  let mcp: Connected;
  let name: (hash: string) => string;

  before(async () => {
    const root = makeTempDir();
    writeShopMonorepo(root);
    store = await openStore(':memory:');
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'example.com/shop' });
    deps = serverDepsFor(store, { runtimeServiceMap: SERVICE_MAP });
    runtime = await startRuntimeService(deps, { config, log: () => undefined });
    mcp = await connect(deps);

    // checkout serves POST /checkout and calls cart's GET /cart/{id}; cart-prod serves GET /health.
    const checkout = new OtelService('checkout', 'grpc', runtime.grpcAddress);
    const cart = new OtelService('cart', 'proto', runtime.httpAddress);
    const cartProd = new OtelService('cart-prod', 'grpc', runtime.grpcAddress);
    for (let i = 0; i < CALLS; i++) {
      const order = checkout.start('POST /checkout', SpanKind.SERVER, { 'http.request.method': 'POST', 'http.route': '/checkout', 'url.path': '/checkout' });
      const client = checkout.start('GET', SpanKind.CLIENT, {
        'http.request.method': 'GET', 'url.full': `http://cart.internal/cart/${i}`, 'server.address': 'cart.internal',
      }, order);
      // Each span names its parent by span ID, as propagation does; the mapper follows those IDs.
      cart.start('GET /cart/{id}', SpanKind.SERVER, { 'http.request.method': 'GET', 'http.route': '/cart/{id}', 'url.path': `/cart/${i}` }, client).end();
      client.end();
      order.end();
      cartProd.start('GET /health', SpanKind.SERVER, { 'http.request.method': 'GET', 'http.route': '/health', 'url.path': '/health' }).end();
    }
    await Promise.all([checkout.flush(), cart.flush(), cartProd.flush()]);
    await runtime.queue.flush();
    await Promise.all([checkout.shutdown(), cart.shutdown(), cartProd.shutdown()]);
    name = await nodeNames(store);
  });
  after(async () => {
    await mcp?.close();
    await runtime?.close();
    await store?.close();
  });

  const traffic = async (service: string, extra: Record<string, string> = {}): Promise<{ edges: string[]; status: string; text: string }> => {
    const result = await mcp.call('runtime_traffic', { service_name: service, ...extra });
    const edges = structured<{ items: WireEdge[] }>(result).items
      .map((e) => `${name(e.SourceHash)} -> ${name(e.TargetHash)} ${e.EdgeType} ${e.ObservationCount}`);
    return { edges: edges.sort(), status: (result._meta?.['ckg/traffic'] as { status: string }).status, text: textOf(result) };
  };
  const dead = async (args: Record<string, string> = {}): Promise<string[]> =>
    structured<{ items: Array<{ ServiceName: string; RoutePattern: string }> }>(await mcp.call('dead_routes', args)).items
      .map((r) => `${r.ServiceName} ${r.RoutePattern}`);

  it('maps each service\'s spans to the routes of its own folder, under its traced name', async () => {
    const cart = await traffic('cart');
    assert.equal(cart.status, 'observed', cart.text);
    assert.deepEqual(cart.edges, [
      `UNRESOLVED/client -> services/cart/server.cartHealth runtime_calls ${CALLS}`,
      `services/checkout/server.placeOrder -> services/cart/server.getCart runtime_calls ${CALLS}`,
    ]);
    const checkout = await traffic('checkout');
    assert.equal(checkout.status, 'observed', checkout.text);
    assert.deepEqual(checkout.edges, [
      `UNRESOLVED/client -> services/checkout/server.placeOrder runtime_calls ${CALLS}`,
      `services/checkout/server.placeOrder -> services/cart/server.getCart runtime_calls ${CALLS}`,
    ]);
  });

  it('answers for a service_map name that points at a folder: that folder\'s routes, not the other service\'s same path', async () => {
    const cartProd = await traffic('cart-prod');
    assert.equal(cartProd.status, 'observed', cartProd.text);
    assert.deepEqual(cartProd.edges, [
      `UNRESOLVED/client -> services/cart/server.cartHealth runtime_calls ${CALLS}`,
      `services/checkout/server.placeOrder -> services/cart/server.getCart runtime_calls ${CALLS}`,
    ]);
  });

  it('says confirmed zero traffic only for a route of a service that sent spans and got none there', async () => {
    const health = await traffic('checkout', { route_pattern: 'GET /health' });
    assert.equal(health.status, 'confirmed_zero', health.text);
    assert.match(health.text, /checkout: confirmed zero traffic matching GET \/health/);
  });

  it('lists dead routes per traced service', async () => {
    assert.deepEqual(await dead({ service_name: 'cart' }), []);
    assert.deepEqual(await dead({ service_name: 'cart-prod' }), []);
    assert.deepEqual(await dead({ service_name: 'checkout' }), ['checkout GET /health']);
    assert.deepEqual(await dead({ service_name: 'shop' }), ['shop GET /admin']);
    assert.deepEqual(await dead(), ['checkout GET /health', 'shop GET /admin']);
    const unknown = await mcp.call('dead_routes', { service_name: 'nobody-at-all' });
    assert.equal(unknown.isError, true);
    assert.match(textOf(unknown), /service_name: unknown service "nobody-at-all"/);
  });
});
