import * as assert from 'node:assert/strict';
import { tool } from '../../../src/mcp/tools/trace_dataflow';
import type { ToolDeps } from '../../../src/mcp/tool';
import type { WireNode } from '../../../src/mcp/wire';
import type { GraphStore } from '../../../src/store';
import { callTool, depsOver, toolError } from '../../helpers/directTool';
import { indexFixture } from '../../helpers/indexFixture';

type Items = { items: { Node: WireNode; Depth: number }[]; truncated: boolean };
const REPO = 'fixtures/go-basic://';

describe('mcp tool trace_dataflow', () => {
  let store: GraphStore;
  let deps: ToolDeps;
  const hashOf = (local: string): string => store.nodesByPrefix(REPO + local, 10).find((n) => n.qualifiedName === REPO + local)!.nodeHash;
  before(async () => {
    store = await indexFixture('go-basic');
    deps = depsOver(store);
  });

  it('lists every transitive callee with its shortest depth, external calls as placeholders', async () => {
    const result = await callTool<Items>(tool, { source_hash: hashOf('example.com/go-basic.main') }, deps);
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
    const result = await callTool<Items>(tool, { source_hash: hashOf('example.com/go-basic.main'), max_depth: 1 }, deps);
    assert.equal(result.items.length, 3);
  });

  it('errors on an unknown hash, a malformed hash and a bad max_depth', async () => {
    assert.equal(await toolError(tool, { source_hash: 'b'.repeat(64) }, deps), `source_hash: no node with hash ${'b'.repeat(64)}`);
    assert.equal(await toolError(tool, {}, deps), 'source_hash: expected 64 lowercase hex characters');
    assert.match(await toolError(tool, { source_hash: 'b'.repeat(64), max_depth: 21 }, deps), /^max_depth: expected an integer from 1 to 20/);
  });
});
