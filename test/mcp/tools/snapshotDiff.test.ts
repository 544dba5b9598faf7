import * as assert from 'node:assert/strict';
import type { ToolDefinition } from '../../../src/mcp/tool';
import { tool } from '../../../src/mcp/tools/snapshotDiff';
import type { WireEdge, WireNode } from '../../../src/mcp/wire';
import { callTool, depsOver, editedGoBasic, snapshotIn, toolError, twoRepos, type TwoSnapshots } from '../../helpers/directTool';
import { liveNodes } from '../../helpers/indexFixture';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';

interface Diff {
  OldSnapshot: string;
  NewSnapshot: string;
  EdgesAdded: WireEdge[];
  EdgesRemoved: WireEdge[];
  NodesAdded: WireNode[];
  NodesRemoved: WireNode[];
}
const REPO = 'fixtures/go-basic://';

describe('mcp tool snapshot_diff', () => {
  let fixture: TwoSnapshots;
  before(async () => {
    fixture = await editedGoBasic();
  });

  it('lists nodes and edges present in one snapshot only, as SPEC records', async () => {
    const deps = depsOver(fixture.store);
    const diff = await callTool<Diff>(tool, { old_snapshot: fixture.before.snapshotHash, new_snapshot: fixture.after.snapshotHash }, deps);
    assert.deepEqual([diff.OldSnapshot, diff.NewSnapshot], [fixture.before.snapshotHash, fixture.after.snapshotHash]);
    assert.deepEqual(diff.NodesAdded.map((n) => n.QualifiedName), [
      `${REPO}example.com/go-basic/service.Extra`, `${REPO}example.com/go-basic/service/extra.go`,
    ]);
    assert.deepEqual(diff.NodesRemoved.map((n) => n.QualifiedName), [`${REPO}example.com/go-basic/store.Fill`]);
    const qualified = new Map((await liveNodes(fixture.store)).map((n) => [n.nodeHash, n.qualifiedName]));
    const name = (hash: string): string => qualified.get(hash)?.slice(REPO.length) ?? hash;
    assert.deepEqual(diff.EdgesAdded.map((e) => `${name(e.SourceHash)} ${e.EdgeType} ${name(e.TargetHash)}`), [
      'example.com/go-basic/service.Extra calls example.com/go-basic/service.pick',
      'example.com/go-basic/service.Seed calls example.com/go-basic/service.Default',
    ]);
    assert.equal(diff.EdgesRemoved.length, 3);
    assert.ok(diff.EdgesRemoved.every((e) => e.EdgeHash.length === 64 && e.Provenance === 'ast_inferred' && e.ObservationCount === 0));
    assert.deepEqual(Object.keys(diff.EdgesAdded[0]!), [
      'EdgeHash', 'SourceHash', 'TargetHash', 'EdgeType', 'Confidence', 'Provenance', 'CallSiteLine', 'CallSiteCol', 'CallSiteFile',
      'ObservationCount', 'LastObserved',
    ]);
  });

  it('diffs in reverse when the old snapshot is the newer one', async () => {
    const deps = depsOver(fixture.store);
    const diff = await callTool<Diff>(tool, { old_snapshot: fixture.after.snapshotHash, new_snapshot: fixture.before.snapshotHash }, deps);
    assert.deepEqual(diff.NodesAdded.map((n) => n.QualifiedName), [`${REPO}example.com/go-basic/store.Fill`]);
    assert.equal(diff.NodesRemoved.length, 2);
  });

  it('finds nothing between a snapshot and itself', async () => {
    const deps = depsOver(fixture.store);
    const same = fixture.before.snapshotHash;
    const diff = await callTool<Diff>(tool, { old_snapshot: same, new_snapshot: same }, deps);
    assert.deepEqual([diff.NodesAdded, diff.NodesRemoved, diff.EdgesAdded, diff.EdgesRemoved], [[], [], [], []]);
  });

  it('errors on unknown or malformed snapshots and on snapshots of two repositories', async () => {
    const deps = depsOver(fixture.store);
    const known = fixture.before.snapshotHash;
    assert.equal(await toolError(tool, { old_snapshot: 'e'.repeat(64), new_snapshot: known }, deps),
      `old_snapshot: no snapshot with hash ${'e'.repeat(64)} (the ckg://repos/<repo_hash>/snapshots resource lists them)`);
    assert.match(await toolError(tool, { old_snapshot: known, new_snapshot: 'f'.repeat(64) }, deps), /^new_snapshot: no snapshot with hash f{64}/);
    assert.equal(await toolError(tool, { old_snapshot: known, new_snapshot: 'short' }, deps), 'new_snapshot: expected 64 lowercase hex characters');
    const two = await twoRepos();
    assert.equal(await toolError(tool, { old_snapshot: two.goSnapshot, new_snapshot: two.tsSnapshot }, depsOver(two.store)),
      'new_snapshot: expected a snapshot of the same repository as old_snapshot (fixtures/go-basic), got one of fixtures/ts-basic');
  });
});

describe('mcp tool snapshot_diff through an SDK client', () => {
  it('answers with structured content its output schema accepts, and isError on bad input', async () => {
    const { deps, store } = await fixtureDeps('go-basic');
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    try {
      const ok = structured(await mcp.call('snapshot_diff', { old_snapshot: await snapshotIn(store), new_snapshot: await snapshotIn(store) }));
      assert.ok(Array.isArray(ok.NodesAdded) && (ok.EdgesRemoved as unknown[]).length === 0, JSON.stringify(ok).slice(0, 500));
      const failed = await mcp.call('snapshot_diff', { old_snapshot: 'a'.repeat(64), new_snapshot: 'a'.repeat(64) });
      assert.equal(failed.isError, true);
      assert.ok(textOf(failed).includes('old_snapshot: no snapshot with hash'), textOf(failed));
    } finally {
      await mcp.close();
    }
  });
});
