import * as assert from 'node:assert/strict';
import type { ToolDefinition } from '../../../src/mcp/tool';
import { tool } from '../../../src/mcp/tools/staleEdges';
import type { WireEdge } from '../../../src/mcp/wire';
import { callTool, depsOver, editedGoBasic, snapshotIn, toolError, type TwoSnapshots } from '../../helpers/directTool';
import { liveNodes } from '../../helpers/indexFixture';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';

const REPO = 'fixtures/go-basic://example.com/go-basic/';

describe('mcp tool stale_edges', () => {
  let fixture: TwoSnapshots;
  before(async () => {
    fixture = await editedGoBasic();
  });

  it('lists live edges the snapshot does not have, as SPEC edges', async () => {
    const deps = depsOver(fixture.store);
    const edges = await callTool<WireEdge[]>(tool, { snapshot_hash: fixture.before.snapshotHash }, deps);
    const qualified = new Map((await liveNodes(fixture.store)).map((n) => [n.nodeHash, n.qualifiedName]));
    const name = (hash: string): string => qualified.get(hash)!.slice(REPO.length);
    assert.deepEqual(edges.map((e) => `${name(e.SourceHash)} ${e.EdgeType} ${name(e.TargetHash)}`), [
      'service.Extra calls service.pick',
      'service.Seed calls service.Default',
    ]);
    const live = new Set((await fixture.store.liveEdges()).map((e) => e.edgeHash));
    assert.ok(edges.every((e) => live.has(e.EdgeHash)));
    assert.equal(edges[0]!.CallSiteFile, 'service/extra.go');
  });

  it('lists nothing for the latest snapshot', async () => {
    const deps = depsOver(fixture.store);
    assert.deepEqual(await callTool(tool, { snapshot_hash: fixture.after.snapshotHash }, deps), []);
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
