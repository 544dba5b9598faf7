import * as assert from 'node:assert/strict';
import type { ToolDefinition } from '../../../src/mcp/tool';
import { tool } from '../../../src/mcp/tools/semanticDiff';
import { callTool, depsOver, editedGoBasic, snapshotIn, toolError, twoRepos, type TwoSnapshots } from '../../helpers/directTool';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';

type Named = { source_name: string; target_name: string; edge_type: string; confidence: number };
interface Semantic {
  old_snapshot: string;
  new_snapshot: string;
  nodes_added: { qualified_name: string; kind: string; file: string; line: number; signature: string; node_hash: string }[];
  nodes_removed: Semantic['nodes_added'];
  nodes_modified: { qualified_name: string; kind: string; edges_added: number; edges_removed: number; body_changed: boolean; signature_changed: boolean }[];
  edges_added: Named[];
  edges_removed: Named[];
  summary: Record<string, number>;
}
const REPO = 'fixtures/go-basic://example.com/go-basic/';
const short = (name: string): string => name.slice(REPO.length);

describe('mcp tool semantic_diff', () => {
  let fixture: TwoSnapshots;
  before(async () => {
    fixture = await editedGoBasic();
  });

  it('reports added, removed and modified symbols and named edges with a summary', async () => {
    const deps = depsOver(fixture.store);
    const diff = await callTool<Semantic>(tool, { old_snapshot: fixture.before.snapshotHash, new_snapshot: fixture.after.snapshotHash }, deps);
    assert.deepEqual([diff.old_snapshot, diff.new_snapshot], [fixture.before.snapshotHash, fixture.after.snapshotHash]);
    const extra = (await fixture.store.nodesByPrefix(`${REPO}service.Extra`, 1))[0]!;
    assert.deepEqual(diff.nodes_added[0], {
      qualified_name: `${REPO}service.Extra`, kind: 'function', file: 'service/extra.go', line: 3, signature: 'func Extra() string',
      node_hash: extra.nodeHash,
    });
    assert.deepEqual(diff.nodes_added.map((n) => short(n.qualified_name)), ['service.Extra', 'service/extra.go']);
    assert.deepEqual(diff.nodes_removed.map((n) => [short(n.qualified_name), n.file, n.signature]), [
      ['store.Fill', 'store/memory.go', 'func Fill(s *MemoryStore, pairs map[string]string)'],
    ]);
    assert.deepEqual(diff.nodes_modified.map((m) => [short(m.qualified_name), m.kind, m.edges_added, m.edges_removed, m.body_changed, m.signature_changed]), [
      ['service.Probe', 'function', 0, 0, true, true],
      ['service.Seed', 'function', 1, 1, true, false],
    ]);
    const show = (e: Named): string => `${short(e.source_name)} ${e.edge_type} ${short(e.target_name)} ${e.confidence}`;
    assert.deepEqual(diff.edges_added.map(show), ['service.Extra calls service.pick 0.7', 'service.Seed calls service.Default 0.7']);
    assert.deepEqual(diff.edges_removed.map(show), [
      'service.Seed calls store.Fill 0.7', 'store.Fill references store.MemoryStore 0.7', 'store.Fill calls store.MemoryStore.Put 0.7',
    ]);
    assert.deepEqual(diff.summary, { nodes_added: 2, nodes_removed: 1, nodes_modified: 2, edges_added: 2, edges_removed: 3 });
  });

  it('errors on unknown or malformed snapshots and on snapshots of two repositories', async () => {
    const deps = depsOver(fixture.store);
    assert.match(await toolError(tool, { old_snapshot: '0'.repeat(64), new_snapshot: fixture.after.snapshotHash }, deps),
      /^old_snapshot: no snapshot with hash 0{64}/);
    assert.equal(await toolError(tool, { old_snapshot: fixture.before.snapshotHash }, deps), 'new_snapshot: expected 64 lowercase hex characters');
    const two = await twoRepos();
    assert.match(await toolError(tool, { old_snapshot: two.tsSnapshot, new_snapshot: two.goSnapshot }, depsOver(two.store)),
      /^new_snapshot: expected a snapshot of the same repository as old_snapshot \(fixtures\/ts-basic\)/);
  });
});

describe('mcp tool semantic_diff through an SDK client', () => {
  it('answers with structured content its output schema accepts, and isError on bad input', async () => {
    const { deps, store } = await fixtureDeps('go-basic');
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    try {
      const ok = structured(await mcp.call('semantic_diff', { old_snapshot: await snapshotIn(store), new_snapshot: await snapshotIn(store) }));
      assert.ok((ok.summary as { nodes_added: number }).nodes_added === 0, JSON.stringify(ok).slice(0, 500));
      const failed = await mcp.call('semantic_diff', { old_snapshot: 'a'.repeat(64), new_snapshot: 'a'.repeat(64) });
      assert.equal(failed.isError, true);
      assert.ok(textOf(failed).includes('old_snapshot: no snapshot with hash'), textOf(failed));
    } finally {
      await mcp.close();
    }
  });
});
