import * as assert from 'node:assert/strict';
import type { ToolDefinition, ToolDeps } from '../../../src/mcp/tool';
import { tool } from '../../../src/mcp/tools/crossRepoCallers';
import type { WireNode } from '../../../src/mcp/wire';
import type { GraphStore } from '../../../src/store';
import { callTool, depsOver, hashIn, toolError } from '../../helpers/directTool';
import { indexFixture } from '../../helpers/indexFixture';
import { callSitesRepo } from '../callSitesRepo';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';

type Items = { items: { Node: WireNode; Depth: number }[]; truncated: boolean };
const REPO = 'fixtures/go-basic://';

describe('mcp tool cross_repo_callers', () => {
  let store: GraphStore;
  let deps: ToolDeps;
  before(async () => {
    store = await indexFixture('go-basic');
    deps = depsOver(store);
  });

  it('lists every transitive caller with its shortest depth, by depth then name', async () => {
    const result = await callTool<Items>(tool, { target_hash: await hashIn(store, 'example.com/go-basic/store.Journal.Record') }, deps);
    assert.deepEqual(result.items.map((i) => `${i.Depth} ${i.Node.QualifiedName.slice(REPO.length)}`), [
      '1 example.com/go-basic/store.MemoryStore.Put',
      '1 example.com/go-basic/store.NewMemoryStore',
      '2 example.com/go-basic/service.Default',
      '2 example.com/go-basic/service.Seed',
      '2 example.com/go-basic/service.pick',
      '2 example.com/go-basic/store.Fill',
      '3 example.com/go-basic.main',
      '3 example.com/go-basic/service.Probe',
      '3 example.com/go-basic/service.TestLookup',
      '4 example.com/go-basic/service.TestProbeMissing',
    ]);
    assert.equal(result.truncated, false);
    assert.deepEqual(Object.keys(result.items[0]!.Node), ['NodeHash', 'FileHash', 'QualifiedName', 'Kind', 'Line', 'Signature']);
    assert.equal(result.items[0]!.Node.Kind, 'method');
  });

  it('honours max_depth', async () => {
    const result = await callTool<Items>(tool, { target_hash: await hashIn(store, 'example.com/go-basic/store.Journal.Record'), max_depth: 1 }, deps);
    assert.deepEqual(result.items.map((i) => i.Depth), [1, 1]);
  });

  it('returns an empty list for a symbol nobody calls', async () => {
    const result = await callTool<Items>(tool, { target_hash: await hashIn(store, 'example.com/go-basic.main') }, deps);
    assert.deepEqual(result.items, []);
  });

  it('errors on an unknown hash, a malformed hash and a bad max_depth', async () => {
    assert.equal(await toolError(tool, { target_hash: 'a'.repeat(64) }, deps), `target_hash: no node with hash ${'a'.repeat(64)}`);
    assert.equal(await toolError(tool, { target_hash: 'XYZ' }, deps), 'target_hash: expected 64 lowercase hex characters');
    assert.match(await toolError(tool, { target_hash: 'a'.repeat(64), max_depth: 0 }, deps), /^max_depth: expected an integer from 1 to 20/);
  });

  it('is read-only', () => {
    assert.equal(tool.annotations.readOnlyHint, true);
  });
});

describe('mcp tool cross_repo_callers through an SDK client', () => {
  it('answers with structured content its output schema accepts, and isError on bad input', async () => {
    const { deps, store } = await fixtureDeps('go-basic');
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    try {
      const ok = structured(await mcp.call('cross_repo_callers', { target_hash: await hashIn(store, 'example.com/go-basic/store.Journal.Record') }));
      assert.ok((ok.items as unknown[]).length === 10, JSON.stringify(ok).slice(0, 500));
      const failed = await mcp.call('cross_repo_callers', { target_hash: 'Z'.repeat(64) });
      assert.equal(failed.isError, true);
      assert.ok(textOf(failed).includes('target_hash: expected 64 lowercase hex characters'), textOf(failed));
    } finally {
      await mcp.close();
    }
  });
});

describe('mcp tool cross_repo_callers: every call site of each caller', () => {
  it('lists where each caller calls the next symbol of its path, every site in source order', async () => {
    const { store, deps, hashOf } = await callSitesRepo();
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    try {
      type Sited = { items: { Node: WireNode; Depth: number; CallSites: { File: string; Line: number; Col: number }[] }[] };
      const result = structured<Sited>(await mcp.call('cross_repo_callers', { target_hash: await hashOf('src/util.helper') }));
      assert.deepEqual(result.items.map((i) => [i.Depth, i.Node.QualifiedName.split('.').at(-1), i.CallSites.map((s) => `${s.Line}:${s.Col}`)]), [
        [1, 'main', ['4:10', '4:22']],
        [1, 'outer', ['9:19']],
      ]);
      assert.equal(result.items[0]!.CallSites[0]!.File, 'src/main.ts');
      const twoDeep = structured<Sited>(await mcp.call('cross_repo_callers', { target_hash: await hashOf('src/main.main') }));
      assert.deepEqual(twoDeep.items.map((i) => i.CallSites.map((s) => `${s.Line}:${s.Col}`)), [['8:3', '9:10']]);
    } finally {
      await mcp.close();
      await store.close();
    }
  });
});
