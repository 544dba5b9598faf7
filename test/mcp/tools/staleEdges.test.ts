import * as assert from 'node:assert/strict';
import type { ToolDefinition } from '../../../src/mcp/tool';
import { tool } from '../../../src/mcp/tools/staleEdges';
import type { WireEdge } from '../../../src/mcp/wire';
import { callTool, depsOver, editedGoBasic, snapshotIn, toolError, type TwoSnapshots } from '../../helpers/directTool';
import { liveNodes } from '../../helpers/indexFixture';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';
import { NOW, addRuntimeEdges, withoutRuntime } from '../runtimeFixture';
import { serverDepsFor } from '../../../src/mcp/serverDeps';

const REPO = 'fixtures/go-basic://example.com/go-basic/';
type StaleReply = { items: Array<WireEdge & { kind: string }>; static_count: number; runtime_count: number };

describe('mcp tool stale_edges', () => {
  let fixture: TwoSnapshots;
  before(async () => {
    fixture = await editedGoBasic();
  });

  it('lists live edges the snapshot does not have, as SPEC edges', async () => {
    const deps = depsOver(fixture.store);
    const reply = await callTool<StaleReply>(tool, { snapshot_hash: fixture.before.snapshotHash }, deps);
    const edges = reply.items;
    const qualified = new Map((await liveNodes(fixture.store)).map((n) => [n.nodeHash, n.qualifiedName]));
    const name = (hash: string): string => qualified.get(hash)!.slice(REPO.length);
    assert.deepEqual(edges.map((e) => `${name(e.SourceHash)} ${e.EdgeType} ${name(e.TargetHash)}`), [
      'service.Extra calls service.pick',
      'service.Seed calls service.Default',
    ]);
    const live = new Set((await fixture.store.liveEdges()).map((e) => e.edgeHash));
    assert.ok(edges.every((e) => live.has(e.EdgeHash)));
    assert.equal(edges[0]!.CallSiteFile, 'service/extra.go');
    assert.deepEqual(edges.map((e) => e.kind), ['static', 'static']);
  });

  it('lists nothing for the latest snapshot', async () => {
    const deps = depsOver(fixture.store);
    assert.deepEqual((await callTool<StaleReply>(tool, { snapshot_hash: fixture.after.snapshotHash }, deps)).items, []);
  });

  it('errors on unknown or malformed snapshot hashes', async () => {
    const deps = depsOver(fixture.store);
    assert.equal(await toolError(tool, { snapshot_hash: '7'.repeat(64) }, deps),
      `snapshot_hash: no snapshot with hash ${'7'.repeat(64)} (the ckg://repos/<repo_hash>/snapshots resource lists them)`);
    assert.equal(await toolError(tool, { snapshot_hash: '7'.repeat(63) }, deps), 'snapshot_hash: expected 64 lowercase hex characters');
  });
});

describe('mcp tool stale_edges through an SDK client', () => {
  it('answers with structured content its output schema accepts, and isError on bad input', async () => {
    const { deps, store } = await fixtureDeps('go-basic');
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    try {
      const ok = structured(await mcp.call('stale_edges', { snapshot_hash: await snapshotIn(store) }));
      assert.ok((ok.items as unknown[]).length === 0 && ok.truncated === false, JSON.stringify(ok).slice(0, 500));
      const failed = await mcp.call('stale_edges', { snapshot_hash: 'c'.repeat(64) });
      assert.equal(failed.isError, true);
      assert.ok(textOf(failed).includes('snapshot_hash: no snapshot with hash'), textOf(failed));
    } finally {
      await mcp.close();
    }
  });
});

describe('mcp tool stale_edges: static and runtime staleness apart (SPEC 4.10.2)', () => {
  it('adds runtime edges of the repository with no observation within stale_days, oldest first, as kind runtime', async () => {
    const { deps, store } = await fixtureDeps('go-routes', { now: () => NOW });
    const { names } = await addRuntimeEdges(store);
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    const noRuntime = await connect(serverDepsFor(withoutRuntime(store)), { tools: [tool as unknown as ToolDefinition] });
    try {
      const snapshot = await snapshotIn(store);
      const stale = async (args: Record<string, unknown>, client = mcp): Promise<StaleReply> =>
        structured<StaleReply>(await client.call('stale_edges', { snapshot_hash: snapshot, ...args }));
      // healthz was last observed 100 days ago, createUser 40; getUser (1 day) and the unresolved route (2 days) are current.
      const byDefault = await stale({});
      assert.deepEqual(byDefault.items.map((e) => [e.EdgeHash, e.kind]), [[names.healthz, 'runtime'], [names.createUser, 'runtime']]);
      assert.deepEqual([byDefault.static_count, byDefault.runtime_count], [0, 2]);
      assert.equal(byDefault.items[1]!.LastObserved, NOW - 40 * 86_400);
      assert.deepEqual((await stale({ stale_days: 60 })).items.map((e) => e.EdgeHash), [names.healthz]);
      assert.deepEqual((await stale({ stale_days: 1 })).items.map((e) => e.EdgeHash),
        [names.healthz, names.createUser, names.missing], 'the unresolved route\'s edge touches the repo through its placeholder too');
      // A store without runtime support still answers the static half.
      assert.deepEqual(await stale({}, noRuntime).then((r) => [r.items.length, r.static_count, r.runtime_count]), [0, 0, 0]);
      const bad = await mcp.call('stale_edges', { snapshot_hash: snapshot, stale_days: 0 });
      assert.equal(bad.isError, true);
      assert.match(textOf(bad), /stale_days: expected an integer from 1 to 3650/);
    } finally {
      await mcp.close();
      await noRuntime.close();
    }
  });
});
