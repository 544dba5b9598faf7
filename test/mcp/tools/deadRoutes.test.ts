import * as assert from 'node:assert/strict';
import type { WireRouteSymbol } from '../../../src/mcp/wire';
import { serverDepsFor } from '../../../src/mcp/serverDeps';
import { type Connected, connect, fixtureDeps, structured, textOf } from '../mcpHarness';
import { NOW, addRuntimeEdges, withoutRuntime } from '../runtimeFixture';

describe('mcp tool dead_routes', () => {
  let mcp: Connected;
  let noRuntime: Connected;

  before(async () => {
    const { deps, store } = await fixtureDeps('go-routes', { now: () => NOW });
    await addRuntimeEdges(store);
    mcp = await connect(deps);
    noRuntime = await connect(serverDepsFor(withoutRuntime(store)));
  });
  after(async () => {
    await mcp.close();
    await noRuntime.close();
  });

  const dead = async (args: Record<string, unknown>): Promise<WireRouteSymbol[]> =>
    structured<{ items: WireRouteSymbol[] }>(await mcp.call('dead_routes', args)).items;

  it('lists routes whose handler saw no traffic within 30 days by default, sorted', async () => {
    const routes = await dead({});
    assert.equal(routes.length, 10);
    const patterns = routes.map((r) => r.RoutePattern);
    assert.ok(!patterns.includes('GET /users/{id}') && !patterns.includes('GET /api/users/{id}'), 'getUser was observed a day ago');
    assert.ok(patterns.includes('POST /users'), 'createUser was last observed 40 days ago');
    assert.ok(patterns.includes('GET /version'), 'a route never observed is dead');
    assert.deepEqual(patterns, [...patterns].sort());
    assert.deepEqual(Object.keys(routes[0]), ['ServiceName', 'RoutePattern', 'MappingType', 'NodeHash', 'CreatedAt']);
    assert.equal(routes[0].ServiceName, 'go-routes');
  });

  it('widens the window with stale_days', async () => {
    assert.equal((await dead({ stale_days: 60 })).length, 8);
    const year = await dead({ stale_days: 365 });
    assert.equal(year.length, 6);
    assert.ok(!year.some((r) => r.RoutePattern.endsWith('/healthz')));
  });

  it('rejects stale_days that is not a positive integer', async () => {
    const result = await mcp.call('dead_routes', { stale_days: 1.5 });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /stale_days: expected an integer from 1 to 3650/);
  });

  it('gives the SPEC error on a store without runtime support', async () => {
    const result = await noRuntime.call('dead_routes', {});
    assert.equal(result.isError, true);
    assert.equal(textOf(result), 'runtime queries not available: store does not support runtime methods');
  });

  it('says which dead routes nothing in the code reaches either: no linked request, rpc client or publisher', async () => {
    const { deps } = await fixtureDeps('ts-routes', { now: () => NOW });
    const client = await connect(deps);
    try {
      const result = await client.call('dead_routes', {});
      const routes = structured<{ items: WireRouteSymbol[] }>(result).items;
      const callers = result._meta?.['ckg/staticCallers'] as number[];
      assert.equal(callers.length, routes.length);
      const reached = routes.filter((_, i) => callers[i]! > 0).map((r) => r.RoutePattern).sort();
      assert.deepEqual(reached, ['DELETE /admin/audit', 'GET /api/users', 'GET /health'], 'the requests src/client/api.ts sends');
      assert.match(textOf(result), new RegExp(`${routes.length - 3} of ${routes.length} dead routes have no static caller either`));
      assert.match(textOf(result), /ts-routes POST \/users/);
    } finally {
      await client.close();
    }
  });
});
