import * as assert from 'node:assert/strict';
import { z } from 'zod';
import { countTokens } from '../../src/context/tokenizer';
import { TOOLS } from '../../src/mcp/registry';
import { META_KEYS } from '../../src/mcp/server';
import { serverDepsFor } from '../../src/mcp/serverDeps';
import { ToolError, defineTool } from '../../src/mcp/tool';
import { objectOutput } from '../../src/mcp/wire';
import type { GraphStore } from '../../src/store';
import { type Connected, connect, fixtureDeps, structured, textOf } from './mcpHarness';

const NOW = 1_900_000_000;

describe('mcp server', () => {
  let mcp: Connected;
  let store: GraphStore;
  before(async () => {
    const fixture = await fixtureDeps('go-routes', { now: () => NOW });
    store = fixture.store;
    mcp = await connect(fixture.deps);
  });
  after(() => mcp.close());

  it('lists every registry tool with title, described inputs, an output schema and annotations', async () => {
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(tools.map((t) => t.name), TOOLS.map((t) => t.name));
    for (const tool of tools) {
      const definition = TOOLS.find((t) => t.name === tool.name)!;
      assert.equal(tool.title, definition.title);
      assert.ok(tool.description && tool.description.length > 20, `${tool.name} has a description`);
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        assert.ok((property as { description?: string }).description, `${tool.name}.${name} is described`);
      }
      assert.equal(tool.outputSchema?.type, 'object', `${tool.name} has an object output schema`);
      assert.equal(tool.annotations?.readOnlyHint, definition.annotations.readOnlyHint);
    }
    assert.equal(tools.find((t) => t.name === 'index_repo')!.annotations?.readOnlyHint, false);
    assert.equal(tools.find((t) => t.name === 'graph_query')!.annotations?.readOnlyHint, true);
  });

  it('wraps SPEC arrays as {items, truncated} and renders the SPEC shape as text', async () => {
    const result = await mcp.call('repo_graph', { repo_hash: (await store.repos())[0].repoHash });
    const reply = structured<{ items: unknown[]; truncated: boolean }>(result);
    assert.deepEqual(Object.keys(reply), ['items', 'truncated']);
    assert.equal(reply.truncated, false);
    assert.deepEqual(JSON.parse(textOf(result)), reply.items);
  });

  it('puts the index age and the graph generation in every reply\'s _meta, errors included', async () => {
    const newest = Math.max(...(await store.snapshots()).map((s) => s.createdAt));
    const ok = await mcp.call('trace_stats');
    // trace_stats adds its ingest counters to the keys every reply has.
    const { 'ckg/ingest': ingest, ...common } = ok._meta!;
    const { total, committedAt } = await store.generation();
    assert.equal(typeof committedAt, 'number', 'an indexed graph knows when it was written');
    assert.deepEqual(common, {
      [META_KEYS.indexAge]: NOW - newest, [META_KEYS.indexedAt]: newest, [META_KEYS.generation]: total,
      [META_KEYS.generationAge]: Math.max(0, Math.floor(NOW - committedAt!)),
      [META_KEYS.enriched]: false, [META_KEYS.enrichmentAge]: null, [META_KEYS.enrichmentSources]: {},
    });
    assert.equal(typeof ingest, 'object');
    const failed = await mcp.call('repo_graph', { repo_hash: 'f'.repeat(64) });
    assert.equal(failed.isError, true);
    assert.equal(failed._meta?.[META_KEYS.indexAge], NOW - newest);
  });

  it('says whether the graph is enriched, by which source, and how long ago', async () => {
    const [file] = await store.liveFileRecords();
    await store.recordEnrichment([{ fileHash: file.fileHash, source: 'lsp:tsserver', contentHash: file.contentHash, inputDigest: 'typescript 5.9', edgesDigest: '', at: NOW - 30 }]);
    // The figures are kept a few seconds (visits are no graph write); a graph write refreshes them.
    await store.transaction(async () => undefined);
    const meta = (await mcp.call('trace_stats'))._meta!;
    assert.equal(meta[META_KEYS.enriched], true);
    assert.equal(meta[META_KEYS.enrichmentAge], 30);
    assert.deepEqual(meta[META_KEYS.enrichmentSources], { 'lsp:tsserver': { files: 1, ageSeconds: 30 } });
  });

  it('reports a null index age before anything is indexed', async () => {
    const { openStore } = await import('../../src/store');
    const empty = await connect(serverDepsFor(await openStore(':memory:')));
    try {
      const result = await empty.call('trace_stats');
      assert.equal(result._meta?.[META_KEYS.indexAge], null);
      assert.equal(result._meta?.[META_KEYS.generation], 0);
    } finally {
      await empty.close();
    }
  });

  it('turns ToolError into its message and any other failure into "internal error: ..." with the stack on the log', async () => {
    const logged: string[] = [];
    const failing = [
      defineTool({
        name: 'fails_cleanly', title: 't', description: 'd', category: 'Test', inputSchema: { n: z.number().describe('n') }, outputSchema: objectOutput({}),
        annotations: { readOnlyHint: true },
        handler: ({ n }) => {
          throw new ToolError(`n: ${n} is not allowed`);
        },
      }),
      defineTool({
        name: 'crashes', title: 't', description: 'd', category: 'Test', inputSchema: {}, outputSchema: objectOutput({}), annotations: { readOnlyHint: true },
        handler: () => {
          throw new TypeError('boom');
        },
      }),
      defineTool({
        name: 'throws_string', title: 't', description: 'd', category: 'Test', inputSchema: {}, outputSchema: objectOutput({}), annotations: { readOnlyHint: true },
        handler: async () => {
          throw 'a string'; // eslint-disable-line no-throw-literal
        },
      }),
    ];
    const custom = await connect(serverDepsFor(store), { tools: failing as never, log: (m) => logged.push(m) });
    try {
      const clean = await custom.call('fails_cleanly', { n: 3 });
      assert.deepEqual([clean.isError, textOf(clean)], [true, 'n: 3 is not allowed']);
      const crash = await custom.call('crashes');
      assert.deepEqual([crash.isError, textOf(crash)], [true, 'internal error: boom']);
      const thrown = await custom.call('throws_string');
      assert.deepEqual([thrown.isError, textOf(thrown)], [true, 'internal error: a string']);
      assert.equal(logged.length, 2);
      assert.match(logged[0], /crashes: internal error: TypeError: boom\n\s+at /);
    } finally {
      await custom.close();
    }
  });

  it('keeps every reply under the reply cap, cutting lists and saying how to narrow', async () => {
    const cap = 600;
    const small = await connect(serverDepsFor(store, { replyTokenCap: cap }));
    try {
      const result = await small.call('ownership', { repo_hash: (await store.repos())[0].repoHash });
      const reply = structured<{ items: unknown[]; truncated: boolean; hint: string }>(result);
      assert.equal(reply.truncated, true);
      assert.match(reply.hint, /over the 600-token cap, so every list was cut to at most \d+ entries .*narrow the request/);
      assert.ok(countTokens(JSON.stringify(reply)) <= cap);
      assert.ok(countTokens(textOf(result)) <= cap);
      assert.ok(reply.items.length > 0);
    } finally {
      await small.close();
    }
  });

  it('answers an unknown tool with an error result', async () => {
    const result = await mcp.call('no_such_tool');
    assert.equal(result.isError, true);
    assert.match(textOf(result), /no_such_tool not found/);
  });
});
