import * as assert from 'node:assert/strict';
import type { ToolDefinition, ToolDeps } from '../../../src/mcp/tool';
import { tool } from '../../../src/mcp/tools/communities';
import { callTool, depsOver, toolError, twoRepos } from '../../helpers/directTool';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';

interface Community { id: number; size: number; top_symbols: string[]; cohesion: number; dominant_package: string }
interface List { communities: Community[]; node_count: number; edge_count: number; community_count: number; truncated: boolean }
interface ForSymbol { symbol: string; community: Community; neighbors: (Community & { shared_weight: number })[] }

describe('mcp tool communities', () => {
  let deps: ToolDeps;
  let store: Awaited<ReturnType<typeof twoRepos>>['store'];
  before(async () => {
    ({ store } = await twoRepos());
    deps = depsOver(store);
  });

  it('lists communities largest first with their summary, deterministically', async () => {
    const list = await callTool<List>(tool, {}, deps);
    assert.ok(list.communities.length > 2);
    assert.deepEqual(list.communities.map((c) => c.id), list.communities.map((_, i) => i));
    assert.deepEqual(list.communities.map((c) => c.size), [...list.communities.map((c) => c.size)].sort((a, b) => b - a));
    assert.equal(list.communities.reduce((sum, c) => sum + c.size, 0), list.node_count);
    assert.deepEqual([list.community_count, list.truncated], [list.communities.length, false]);
    assert.ok(list.edge_count > list.communities.length);
    for (const c of list.communities) {
      assert.ok(c.top_symbols.length >= 1 && c.top_symbols.length <= Math.min(5, c.size));
      assert.ok(c.cohesion >= 0 && c.cohesion <= 1);
      assert.ok(!c.top_symbols.some((s) => s.includes('UNRESOLVED/')), 'placeholders are not clustered');
      assert.ok(c.dominant_package.length > 0);
    }
    const again = await callTool<List>(tool, { action: 'list' }, depsOver(store));
    assert.deepEqual(again, list, 'a fresh view clusters the same way');
  });

  it('restricts the clustering to repositories by URL prefix', async () => {
    const all = await callTool<List>(tool, {}, deps);
    const go = await callTool<List>(tool, { repo_url: 'fixtures/go' }, deps);
    assert.ok(go.node_count > 0 && go.node_count < all.node_count);
    assert.ok(go.communities.every((c) => c.top_symbols.every((s) => s.startsWith('fixtures/go-basic://'))));
    assert.ok(go.communities.some((c) => c.dominant_package.startsWith('example.com/go-basic')));
  });

  it('gives the community of a symbol and its neighbours by shared edge weight', async () => {
    const list = await callTool<List>(tool, { repo_url: 'fixtures/go-basic' }, deps);
    const result = await callTool<ForSymbol>(tool, { action: 'for_symbol', symbol: 'example.com/go-basic/store.Fill', repo_url: 'fixtures/go-basic' }, deps);
    assert.equal(result.symbol, 'fixtures/go-basic://example.com/go-basic/store.Fill');
    assert.deepEqual(result.community, list.communities[result.community.id]);
    assert.ok(result.neighbors.length > 0);
    assert.ok(!result.neighbors.some((n) => n.id === result.community.id));
    const weights = result.neighbors.map((n) => n.shared_weight);
    assert.deepEqual(weights, [...weights].sort((a, b) => b - a));
    const { shared_weight: _w, ...first } = result.neighbors[0]!;
    assert.deepEqual(first, list.communities[first.id]);
  });

  it('errors on a missing, unknown or unclustered symbol, a bad action and an unknown repo_url', async () => {
    assert.equal(await toolError(tool, { action: 'for_symbol' }, deps), 'symbol: expected a qualified name when action is for_symbol');
    assert.equal(await toolError(tool, { action: 'for_symbol', symbol: 'no.Such' }, deps),
      'symbol: no symbol named no.Such (graph_query lists qualified names by prefix)');
    assert.match(await toolError(tool, { action: 'for_symbol', symbol: 'fixtures/go-basic://UNRESOLVED/fmt.Println' }, deps),
      /^symbol: fixtures\/go-basic:\/\/UNRESOLVED\/fmt\.Println is not clustered/);
    assert.match(await toolError(tool, { action: 'for_symbol', symbol: 'example.com/go-basic/store.Fill', repo_url: 'fixtures/ts' }, deps),
      /is not clustered/);
    assert.equal(await toolError(tool, { action: 'explode' }, deps), 'action: expected one of list, for_symbol');
    assert.equal(await toolError(tool, { repo_url: 'github.com/' }, deps),
      'repo_url: expected the start of an indexed repository URL, no repository starts with github.com/');
  });
});

describe('mcp tool communities through an SDK client', () => {
  it('answers with structured content its output schema accepts, and isError on bad input', async () => {
    const { deps } = await fixtureDeps('go-basic');
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    try {
      const ok = structured(await mcp.call('communities', { action: 'for_symbol', symbol: 'example.com/go-basic/store.Fill' }));
      assert.ok(ok.symbol === 'fixtures/go-basic://example.com/go-basic/store.Fill', JSON.stringify(ok).slice(0, 500));
      const failed = await mcp.call('communities', { action: 'for_symbol' });
      assert.equal(failed.isError, true);
      assert.ok(textOf(failed).includes('symbol: expected a qualified name when action is for_symbol'), textOf(failed));
    } finally {
      await mcp.close();
    }
  });
});
