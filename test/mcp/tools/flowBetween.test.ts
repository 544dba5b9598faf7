import * as assert from 'node:assert/strict';
import type { ToolDefinition, ToolDeps } from '../../../src/mcp/tool';
import { tool } from '../../../src/mcp/tools/flowBetween';
import { callTool, depsOver, toolError } from '../../helpers/directTool';
import { indexFixture } from '../../helpers/indexFixture';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';

interface Flow { source: string; target: string; paths: { steps: { symbol: string; edge_type: string }[] }[]; path_count: number; truncated: boolean }
const REPO = 'fixtures/go-basic://';
const PKG = `${REPO}example.com/go-basic`;
const show = (flow: Flow): string[] =>
  flow.paths.map((p) => p.steps.map((s) => `${s.symbol.slice(PKG.length)}${s.edge_type ? ` -${s.edge_type}->` : ''}`).join(' '));

describe('mcp tool flow_between', () => {
  let deps: ToolDeps;
  before(async () => {
    deps = depsOver(await indexFixture('go-basic'));
  });

  it('returns the paths between two symbols, shortest first, with the edge type of each step', async () => {
    const flow = await callTool<Flow>(tool, { source_symbol: `${PKG}.main`, target_symbol: `${PKG}/store.Journal.Record` }, deps);
    assert.deepEqual(show(flow), [
      '.main -calls-> /service.Seed -calls-> /store.NewMemoryStore -calls-> /store.Journal.Record',
      '.main -calls-> /service.Seed -calls-> /store.Fill -calls-> /store.MemoryStore.Put -calls-> /store.Journal.Record',
    ]);
    assert.deepEqual([flow.source, flow.target, flow.path_count, flow.truncated], [`${PKG}.main`, `${PKG}/store.Journal.Record`, 2, false]);
  });

  it('follows static edges of any type and accepts names without the repo URL', async () => {
    const flow = await callTool<Flow>(tool, { source_symbol: 'example.com/go-basic.main', target_symbol: 'example.com/go-basic/store.MemoryStore' }, deps);
    assert.equal(flow.source, 'example.com/go-basic.main', 'the names are echoed as given');
    assert.ok(show(flow).includes('.main -calls-> /service.Seed -calls-> /store.Fill -references-> /store.MemoryStore'), show(flow).join('\n'));
    assert.ok(flow.paths.every((p) => p.steps.at(-1)!.edge_type === '' && p.steps.slice(0, -1).every((s) => s.edge_type !== '')));
  });

  it('honours max_depth and returns no paths when none is short enough', async () => {
    const flow = await callTool<Flow>(tool, { source_symbol: `${PKG}.main`, target_symbol: `${PKG}/store.Journal.Record`, max_depth: 3 }, deps);
    assert.equal(flow.path_count, 1);
    const none = await callTool<Flow>(tool, { source_symbol: `${PKG}/store.Journal.Record`, target_symbol: `${PKG}.main` }, deps);
    assert.deepEqual([none.paths, none.path_count, none.truncated], [[], 0, false]);
  });

  it('errors on unknown symbols and bad arguments', async () => {
    assert.equal(await toolError(tool, { source_symbol: 'nope.X', target_symbol: `${PKG}.main` }, deps),
      'source_symbol: no symbol named nope.X (expected a qualified name <repo_url>://<package_path>.<Symbol>; graph_query lists them by prefix)');
    assert.match(await toolError(tool, { source_symbol: `${PKG}.main`, target_symbol: 'nope.Y' }, deps), /^target_symbol: no symbol named nope\.Y/);
    assert.equal(await toolError(tool, { source_symbol: '', target_symbol: `${PKG}.main` }, deps), 'source_symbol: expected a non-empty string');
    assert.match(await toolError(tool, { source_symbol: `${PKG}.main`, target_symbol: `${PKG}.main`, max_depth: 11 }, deps),
      /^max_depth: expected an integer from 1 to 10/);
  });
});

describe('mcp tool flow_between through an SDK client', () => {
  it('answers with structured content its output schema accepts, and isError on bad input', async () => {
    const { deps } = await fixtureDeps('go-basic');
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    try {
      const ok = structured(await mcp.call('flow_between', { source_symbol: 'example.com/go-basic.main', target_symbol: 'example.com/go-basic/store.Journal.Record' }));
      assert.ok(ok.path_count === 2, JSON.stringify(ok).slice(0, 500));
      const failed = await mcp.call('flow_between', { source_symbol: 'x', target_symbol: 'y' });
      assert.equal(failed.isError, true);
      assert.ok(textOf(failed).includes('source_symbol: no symbol named x'), textOf(failed));
    } finally {
      await mcp.close();
    }
  });
});
