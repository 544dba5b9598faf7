import * as assert from 'node:assert/strict';
import type { WireEdge } from '../../../src/mcp/wire';
import { type Connected, connect, fixtureDeps, structured, textOf } from '../mcpHarness';
import { NOW, addRuntimeEdges, withoutRuntime } from '../runtimeFixture';
import { serverDepsFor } from '../../../src/mcp/serverDeps';
import type { GraphStore } from '../../../src/store';

describe('mcp tool runtime_traffic', () => {
  let mcp: Connected;
  let edges: Record<string, string>;
  let noRuntime: Connected;
  let store: GraphStore;

  before(async () => {
    const fixture = await fixtureDeps('go-routes', { now: () => NOW });
    const deps = fixture.deps;
    store = fixture.store;
    edges = (await addRuntimeEdges(store)).names;
    mcp = await connect(deps);
    noRuntime = await connect(serverDepsFor(withoutRuntime(store)));
  });
  after(async () => {
    await mcp.close();
    await noRuntime.close();
  });

  const items = async (args: Record<string, unknown>): Promise<WireEdge[]> =>
    structured<{ items: WireEdge[] }>(await mcp.call('runtime_traffic', args)).items;

  it('lists the runtime edges of a service, busiest first, with observations', async () => {
    const result = await items({ service_name: 'go-routes' });
    assert.deepEqual(result.map((e) => e.EdgeHash), [edges.getUser, edges.createUser, edges.missing, edges.healthz]);
    assert.deepEqual(result.map((e) => e.ObservationCount), [500, 20, 7, 3]);
    assert.equal(result[0].LastObserved, NOW - 86_400);
    assert.equal(result[0].Provenance, 'otel_trace');
    assert.equal(result[2].Provenance, 'runtime_unresolved');
    assert.ok(result.every((e) => e.EdgeType.startsWith('runtime_')), 'static edges are never runtime traffic');
  });

  it('filters target routes with SQL LIKE and honours limit', async () => {
    assert.deepEqual((await items({ service_name: 'go-routes', route_pattern: 'get /users/%' })).map((e) => e.EdgeHash), [edges.getUser]);
    assert.deepEqual((await items({ service_name: 'go-routes', route_pattern: 'POST _api/users' })).map((e) => e.EdgeHash), [edges.createUser]);
    assert.deepEqual((await items({ service_name: 'go-routes', route_pattern: 'GET /missing' })).map((e) => e.EdgeHash), [edges.missing]);
    assert.deepEqual(await items({ service_name: 'go-routes', route_pattern: 'DELETE %' }), []);
    assert.deepEqual((await items({ service_name: 'go-routes', limit: 2 })).map((e) => e.EdgeHash), [edges.getUser, edges.createUser]);
  });

  it('errors on an unknown service, naming the known ones', async () => {
    const result = await mcp.call('runtime_traffic', { service_name: 'payments' });
    assert.equal(result.isError, true);
    assert.equal(
      textOf(result),
      'service_name: unknown service "payments": no data (it has sent no spans and no indexed repository runs as it; known: go-routes)',
    );
  });

  it('reports each edge with count, provenance and confidence band (SPEC 4.10.3)', async () => {
    const result = await mcp.call('runtime_traffic', { service_name: 'go-routes' });
    const lines = result.content.slice(1).map((c) => (c.type === 'text' ? c.text : ''));
    assert.equal(lines[0], 'go-routes: 4 runtime edges');
    assert.match(lines[1], /Handlers\.getUser \(runtime_calls\): 500 observations, otel_trace, confidence 0\.85 \(high\)/);
    assert.match(lines[2], /Handlers\.createUser \(runtime_calls\): 20 observations, otel_trace, confidence 0\.2 \(stale\)/);
    assert.match(lines[3], /UNRESOLVED\/GET \/missing \(runtime_calls\): 7 observations, runtime_unresolved, confidence 0\.3 \(low\)/);
    assert.deepEqual(result._meta?.['ckg/traffic'], { service: 'go-routes', status: 'observed', edges: 4 });
  });

  it('tells confirmed zero traffic from unknown when no edge matches', async () => {
    const unknown = await mcp.call('runtime_traffic', { service_name: 'go-routes', route_pattern: 'PATCH %' });
    assert.deepEqual(structured<{ items: unknown[] }>(unknown).items, []);
    assert.equal((unknown._meta?.['ckg/traffic'] as { status: string }).status, 'unknown');
    assert.match(textOf(unknown), /go-routes: unknown \(no data\) matching PATCH %: no spans have been seen/);
    await store.transaction((tx) => tx.recordServicesSeen([{ serviceName: 'go-routes', firstSeen: NOW - 60, lastSeen: NOW - 60, spans: 3 }]));
    const zero = await mcp.call('runtime_traffic', { service_name: 'go-routes', route_pattern: 'PATCH %' });
    assert.equal((zero._meta?.['ckg/traffic'] as { status: string }).status, 'confirmed_zero');
    assert.match(textOf(zero), /go-routes: confirmed zero traffic matching PATCH %: the service has sent spans \(last 2027-01-15T07:59:00.000Z\)/);
  });

  it('rejects a limit outside 1..1000', async () => {
    const result = await mcp.call('runtime_traffic', { service_name: 'go-routes', limit: 0 });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /limit: expected an integer from 1 to 1000/);
  });

  it('gives the SPEC error on a store without runtime support', async () => {
    const result = await noRuntime.call('runtime_traffic', { service_name: 'go-routes' });
    assert.equal(result.isError, true);
    assert.equal(textOf(result), 'runtime queries not available: store does not support runtime methods');
  });
});
