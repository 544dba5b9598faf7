import * as assert from 'node:assert/strict';
import type { ToolDefinition } from '../../../src/mcp/tool';
import { tool } from '../../../src/mcp/tools/prImpact';
import { callTool, depsOver, editedGoBasic, snapshotIn, toolError, type TwoSnapshots } from '../../helpers/directTool';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';

type Named = { qualified_name: string; kind: string; depth: number };
interface Impact {
  old_snapshot: string;
  new_snapshot: string;
  changed_symbols: {
    symbol: { qualified_name: string; kind: string; file: string; line: number; node_hash: string };
    change_type: string;
    callers: Named[];
    callees: Named[];
    caller_count: number;
    callee_count: number;
  }[];
  affected_edges: { source_name: string; target_name: string; edge_type: string; confidence: number }[];
  summary: { total_symbols_changed: number; total_callers_affected: number; total_callees_affected: number; risk_level: string };
}
const PREFIX = 'fixtures/go-basic://example.com/go-basic';
const short = (name: string): string => name.slice(PREFIX.length);

describe('mcp tool pr_impact', () => {
  let fixture: TwoSnapshots;
  before(async () => {
    fixture = await editedGoBasic();
  });

  it('lists changed symbols with change type, callers and callees, the affected call edges and a risk level', async () => {
    const deps = depsOver(fixture.store);
    const impact = await callTool<Impact>(tool, { old_snapshot: fixture.before.snapshotHash, new_snapshot: fixture.after.snapshotHash }, deps);
    assert.deepEqual([impact.old_snapshot, impact.new_snapshot], [fixture.before.snapshotHash, fixture.after.snapshotHash]);
    assert.deepEqual(impact.changed_symbols.map((c) => ({
      symbol: short(c.symbol.qualified_name), type: c.change_type, callers: c.callers.map((r) => `${r.depth} ${short(r.qualified_name)}`),
      callees: c.callees.map((r) => short(r.qualified_name)), counts: [c.caller_count, c.callee_count],
    })), [
      { symbol: '/service.Extra', type: 'added', callers: [], callees: ['/service.pick'], counts: [0, 1] },
      { symbol: '/service.Probe', type: 'signature_changed', callers: ['1 /service.TestProbeMissing'], callees: ['/service.pick', '/store.Store.Get'], counts: [1, 2] },
      {
        symbol: '/service.Seed', type: 'modified', callers: ['1 .main', '1 /service.TestLookup'],
        callees: ['/service.Default', '/service.New', '/store.NewMemoryStore'], counts: [2, 3],
      },
      // Removed: its callers are those of the base snapshot.
      {
        symbol: '/store.Fill', type: 'removed', callers: ['1 /service.Seed', '2 .main', '2 /service.TestLookup'],
        callees: ['/store.MemoryStore.Put'], counts: [3, 1],
      },
    ]);
    const fill = impact.changed_symbols.at(-1)!.symbol;
    assert.deepEqual([fill.kind, fill.file, fill.line], ['function', 'store/memory.go', 45]);
    assert.deepEqual(impact.affected_edges.map((e) => `${short(e.source_name)} ${e.edge_type} ${short(e.target_name)}`), [
      '.main calls /service.Seed',
      '/service.Seed calls /store.Fill',
      '/service.TestLookup calls /service.Seed',
      '/service.TestProbeMissing calls /service.Probe',
    ]);
    assert.deepEqual(impact.summary, {
      total_symbols_changed: 4, total_callers_affected: 4, total_callees_affected: 6, risk_level: 'medium',
      cross_repo_repositories: 0, breaking_callers: 4,
    });
  });

  it('rates an unchanged pair low with nothing changed', async () => {
    const deps = depsOver(fixture.store);
    const same = fixture.after.snapshotHash;
    const impact = await callTool<Impact>(tool, { old_snapshot: same, new_snapshot: same }, deps);
    assert.deepEqual([impact.changed_symbols, impact.affected_edges, impact.summary.risk_level], [[], [], 'low']);
  });

  it('errors on unknown or malformed snapshots', async () => {
    const deps = depsOver(fixture.store);
    assert.match(await toolError(tool, { old_snapshot: fixture.before.snapshotHash, new_snapshot: '9'.repeat(64) }, deps),
      /^new_snapshot: no snapshot with hash 9{64}/);
    assert.equal(await toolError(tool, { old_snapshot: 42, new_snapshot: fixture.before.snapshotHash }, deps),
      'old_snapshot: expected 64 lowercase hex characters');
  });
});

describe('mcp tool pr_impact through an SDK client', () => {
  it('answers with structured content its output schema accepts, and isError on bad input', async () => {
    const { deps, store } = await fixtureDeps('go-basic');
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    try {
      const ok = structured(await mcp.call('pr_impact', { old_snapshot: await snapshotIn(store), new_snapshot: await snapshotIn(store) }));
      assert.ok((ok.summary as { risk_level: string }).risk_level === 'low', JSON.stringify(ok).slice(0, 500));
      const failed = await mcp.call('pr_impact', { old_snapshot: await snapshotIn(store), new_snapshot: 'b'.repeat(64) });
      assert.equal(failed.isError, true);
      assert.ok(textOf(failed).includes('new_snapshot: no snapshot with hash'), textOf(failed));
    } finally {
      await mcp.close();
    }
  });
});
