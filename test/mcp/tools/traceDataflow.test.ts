import * as assert from 'node:assert/strict';
import type { ToolDefinition, ToolDeps } from '../../../src/mcp/tool';
import { tool } from '../../../src/mcp/tools/traceDataflow';
import type { WireNode } from '../../../src/mcp/wire';
import type { GraphStore } from '../../../src/store';
import { callTool, depsOver, hashIn, toolError } from '../../helpers/directTool';
import { indexFixture } from '../../helpers/indexFixture';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';

type Items = { items: { Node: WireNode; Depth: number }[]; truncated: boolean };
const REPO = 'fixtures/go-basic://';

describe('mcp tool trace_dataflow', () => {
  let store: GraphStore;
  let deps: ToolDeps;
  before(async () => {
    store = await indexFixture('go-basic');
    deps = depsOver(store);
  });

  it('lists every transitive callee with its shortest depth, external calls as placeholders', async () => {
    const result = await callTool<Items>(tool, { source_hash: await hashIn(store, 'example.com/go-basic.main') }, deps);
    assert.deepEqual(result.items.map((i) => `${i.Depth} ${i.Node.QualifiedName.slice(REPO.length)}`), [
      '1 UNRESOLVED/fmt.Println',
      '1 example.com/go-basic/service.Seed',
      '1 example.com/go-basic/service.Service.Lookup',
      '2 example.com/go-basic/service.Logger.Printf',
      '2 example.com/go-basic/service.New',
      '2 example.com/go-basic/store.Fill',
      '2 example.com/go-basic/store.NewMemoryStore',
      '2 example.com/go-basic/store.Store.Get',
      '3 UNRESOLVED/fmt.Printf',
      '3 example.com/go-basic/store.Journal.Record',
      '3 example.com/go-basic/store.MemoryStore.Put',
    ]);
    assert.equal(result.truncated, false);
  });

  it('honours max_depth', async () => {
    const result = await callTool<Items>(tool, { source_hash: await hashIn(store, 'example.com/go-basic.main'), max_depth: 1 }, deps);
    assert.equal(result.items.length, 3);
  });

  it('errors on an unknown hash, a malformed hash and a bad max_depth', async () => {
    assert.equal(await toolError(tool, { source_hash: 'b'.repeat(64) }, deps), `source_hash: no node with hash ${'b'.repeat(64)}`);
    assert.equal(await toolError(tool, {}, deps), 'source_hash: expected 64 lowercase hex characters');
    assert.match(await toolError(tool, { source_hash: 'b'.repeat(64), max_depth: 21 }, deps), /^max_depth: expected an integer from 1 to 20/);
  });
});

describe('mcp tool trace_dataflow through an SDK client', () => {
  it('answers with structured content its output schema accepts, and isError on bad input', async () => {
    const { deps, store } = await fixtureDeps('go-basic');
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    try {
      const ok = structured(await mcp.call('trace_dataflow', { source_hash: await hashIn(store, 'example.com/go-basic.main') }));
      assert.ok((ok.items as unknown[]).length === 11, JSON.stringify(ok).slice(0, 500));
      const failed = await mcp.call('trace_dataflow', { source_hash: 'a'.repeat(64) });
      assert.equal(failed.isError, true);
      assert.ok(textOf(failed).includes('source_hash: no node with hash'), textOf(failed));
    } finally {
      await mcp.close();
    }
  });
});
