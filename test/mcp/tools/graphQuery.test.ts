import * as assert from 'node:assert/strict';
import { GRAPH_QUERY_DEFAULTS, NAME_MATCHES } from '../../../src/mcp/tools/graphQuery';
import type { WireNode } from '../../../src/mcp/wire';
import { type Connected, connect, fixtureDeps, structured, textOf } from '../mcpHarness';
import { indexFixture } from '../../helpers/indexFixture';
import { type GraphNode, Identity } from '../../../src/model';
import { serverDepsFor } from '../../../src/mcp/serverDeps';
import { NOW, addRuntimeEdges } from '../runtimeFixture';

type ListReply = {
  items: WireNode[]; truncated: boolean; hint?: string;
  searched?: { query: string; symbols: number; matched_on: string[] }; suggestions?: string[];
};
const local = (n: WireNode): string => n.QualifiedName.replace('fixtures/go-basic://example.com/go-basic', '');

describe('mcp tool graph_query', () => {
  let mcp: Connected;
  before(async () => {
    mcp = await connect((await fixtureDeps('go-basic')).deps);
  });
  after(() => mcp.close());

  it('returns the nodes under a prefix as SPEC Nodes, sorted by qualified name', async () => {
    const result = await mcp.call('graph_query', { prefix: 'fixtures/go-basic://example.com/go-basic/service.' });
    const reply = structured<ListReply>(result);
    assert.equal(reply.truncated, false);
    const names = reply.items.map((n) => n.QualifiedName.replace('fixtures/go-basic://example.com/go-basic/service.', ''));
    assert.deepEqual(names, [...names].sort());
    assert.ok(names.includes('New') && names.includes('Service.Lookup') && names.includes('MaxKeyLength'));
    const lookup = reply.items.find((n) => n.QualifiedName.endsWith('service.Service.Lookup'))!;
    assert.deepEqual(Object.keys(lookup), ['NodeHash', 'FileHash', 'QualifiedName', 'Kind', 'Line', 'Signature']);
    assert.equal(lookup.Kind, 'method');
    assert.equal(lookup.Line, 30);
    assert.match(lookup.NodeHash, /^[0-9a-f]{64}$/);
    assert.deepEqual(JSON.parse(textOf(result)), reply.items, 'the text is the SPEC array');
  });

  it('returns an empty list for a prefix nothing starts with', async () => {
    assert.deepEqual(structured<ListReply>(await mcp.call('graph_query', { prefix: 'nowhere://' })).items, []);
  });

  it('searches by name without ://: exact, camel humps, path segments, case-insensitively', async () => {
    const exact = structured<ListReply>(await mcp.call('graph_query', { prefix: 'lookup' }));
    assert.equal(local(exact.items[0]), '/service.Service.Lookup');
    assert.equal(exact.truncated, false);
    assert.equal(exact.searched, undefined, 'a search that found something carries no more fields');
    assert.equal(local(structured<ListReply>(await mcp.call('graph_query', { prefix: 'NMS' })).items[0]), '/store.NewMemoryStore');
    assert.equal(local(structured<ListReply>(await mcp.call('graph_query', { prefix: 'newMem' })).items[0]), '/store.NewMemoryStore');
    const path = structured<ListReply>(await mcp.call('graph_query', { prefix: 'store/memory' }));
    assert.ok(path.items.length > 2);
    assert.ok(path.items.every((n) => local(n).startsWith('/store')), path.items.map(local).join());
    assert.ok(path.items.some((n) => local(n) === '/store.NewMemoryStore'));
  });

  it('lists nodes by prefix when no name matches but qualified names start with the text (a repository URL)', async () => {
    const reply = structured<ListReply>(await mcp.call('graph_query', { prefix: 'fixtures/go-b' }));
    assert.ok(reply.items.length > 20);
    assert.ok(reply.items.every((n) => n.QualifiedName.startsWith('fixtures/go-basic://')));
    assert.equal(reply.searched, undefined);
  });

  it('says what a fruitless name search searched and suggests the nearest names, in text and structured content', async () => {
    const result = await mcp.call('graph_query', { prefix: 'NewMemroyStore' });
    const reply = structured<ListReply>(result);
    assert.deepEqual(reply.items, []);
    assert.equal(reply.truncated, false);
    assert.equal(reply.searched!.query, 'NewMemroyStore');
    assert.ok(reply.searched!.symbols > 20);
    assert.deepEqual(reply.searched!.matched_on, [...NAME_MATCHES]);
    assert.equal(reply.suggestions![0], 'NewMemoryStore');
    const [json, note] = result.content.map((c) => (c as { text: string }).text);
    assert.equal(json, '[]');
    assert.match(note, /^no symbol matches "NewMemroyStore": searched the names of \d+ symbols case-insensitively by exact name, .*nearest names: NewMemoryStore/);
  });

  it('caps the list and says how to narrow it', async () => {
    const store = await indexFixture('go-basic');
    const repo = (await store.repos())[0];
    const many: GraphNode[] = Array.from({ length: GRAPH_QUERY_DEFAULTS.maxResults + 5 }, (_, i) => {
      const qualifiedName = `${repo.repoUrl}://gen.Symbol${String(i).padStart(4, '0')}`;
      return {
        nodeHash: Identity.node(repo.repoUrl, qualifiedName, 'function'), fileHash: '', repoHash: repo.repoHash, qualifiedName,
        kind: 'function', line: 0, column: 0, endLine: 0, signature: '', bodyHash: '', doc: '',
      };
    });
    await store.transaction(async (tx) => tx.ensureRepoLevelNodes(many, (await tx.latestSnapshot(repo.repoHash))!.seq));
    const wide = await connect(serverDepsFor(store));
    const capped = await connect(serverDepsFor(store, { replyTokenCap: 5000 }));
    try {
      const result = await wide.call('graph_query', { prefix: `${repo.repoUrl}://gen.` });
      const reply = structured<ListReply>(result);
      assert.equal(reply.items.length, GRAPH_QUERY_DEFAULTS.maxResults);
      assert.equal(reply.truncated, true);
      assert.match(reply.hint!, /^truncated: more than 200 nodes start with .*use a longer prefix\.$/);
      assert.equal(textOf(result).split('\n')[1], reply.hint, 'the text says it too');
      // Under a 5,000-token cap 200 nodes do not fit: the cap cuts further and says so too.
      const cut = structured<ListReply>(await capped.call('graph_query', { prefix: `${repo.repoUrl}://gen.` }));
      assert.ok(cut.items.length < GRAPH_QUERY_DEFAULTS.maxResults && cut.items.length > 20);
      assert.match(cut.hint!, /more than 200 nodes .* over the 5000-token cap/);
      const search = structured<ListReply>(await wide.call('graph_query', { prefix: 'symbol0' }));
      assert.equal(search.items.length, GRAPH_QUERY_DEFAULTS.maxResults);
      assert.equal(search.truncated, true);
      assert.match(search.hint!, /^truncated: 205 symbols match "symbol0"; the best 200 are listed; use a longer name or a qualified-name prefix with :\/\/\.$/);
      assert.equal(local(search.items[0]).replace(/.*\./, ''), 'Symbol0000', 'same length: by qualified name');
    } finally {
      await wide.close();
      await capped.close();
    }
  });

  it('rejects a missing or empty prefix, naming the argument', async () => {
    for (const args of [{}, { prefix: '' }, { prefix: 7 }]) {
      const result = await mcp.call('graph_query', args);
      assert.equal(result.isError, true);
      assert.match(textOf(result), /prefix: expected a non-empty string/);
    }
    const blank = await mcp.call('graph_query', { prefix: '  ' });
    assert.equal(blank.isError, true);
    assert.match(textOf(blank), /^prefix: expected a qualified-name prefix with `:\/\/` or a name to search for/);
  });
});

describe('mcp tool graph_query: the provenance filter (SPEC 4.10.2)', () => {
  let mcp: Connected;
  const REPO = 'fixtures/go-routes://example.com/go-routes.';
  before(async () => {
    const { deps, store } = await fixtureDeps('go-routes', { now: () => NOW });
    await addRuntimeEdges(store);
    mcp = await connect(deps);
  });
  after(() => mcp.close());

  const names = async (args: Record<string, unknown>): Promise<string[]> =>
    structured<ListReply>(await mcp.call('graph_query', args)).items.map((n) => n.QualifiedName.replace(REPO, ''));

  it('keeps the nodes at an end of a runtime edge, or of a static edge; both is the default and keeps all', async () => {
    assert.deepEqual(await names({ prefix: REPO, provenance: 'runtime' }), ['Handlers.createUser', 'Handlers.getUser', 'healthz', 'main']);
    const all = await names({ prefix: REPO });
    assert.deepEqual(await names({ prefix: REPO, provenance: 'both' }), all);
    const statics = await names({ prefix: REPO, provenance: 'static' });
    assert.ok(statics.length > 4 && statics.length <= all.length, statics.join());
    assert.ok(statics.every((n) => all.includes(n)));
    assert.ok(statics.includes('main') && statics.includes('Handlers.getUser'), 'linked by code as well as by traffic');
    assert.deepEqual(statics, [...statics].sort());
  });

  it('filters a name search, keeping its ranking, and says when the filter left nothing', async () => {
    assert.deepEqual(await names({ prefix: 'getUser', provenance: 'runtime' }), ['Handlers.getUser']);
    assert.ok((await names({ prefix: 'user' })).length > (await names({ prefix: 'user', provenance: 'runtime' })).length);
    const result = await mcp.call('graph_query', { prefix: 'version', provenance: 'runtime' });
    assert.deepEqual(structured<ListReply>(result).items, []);
    assert.match(textOf(result).split('\n')[1], /^\d+ symbols match "version", but none is an end of a runtime edge; provenance both lists them\.$/);
  });

  it('rejects a provenance outside static, runtime and both, naming the argument', async () => {
    const result = await mcp.call('graph_query', { prefix: 'getUser', provenance: 'otel_trace' });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /provenance: expected one of static, runtime, both/);
  });
});
