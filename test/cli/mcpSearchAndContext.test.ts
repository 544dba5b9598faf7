import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';
import { CLI, ckg } from '../helpers/builtCli';

type Reply = { items: Array<{ QualifiedName: string }>; truncated: boolean; suggestions?: string[]; searched?: { query: string } };

/**
 * graph_query's search by name and the context tools' budget and token count, as an agent
 * reaches them: the SDK client over stdio to the built CLI.
 */
describe('ckg mcp: graph_query without an exact name, context budgets and counts (built bundle)', () => {
  let client: Client;
  const stderr: string[] = [];

  before(async () => {
    assert.ok(fs.existsSync(CLI), `${CLI} is missing: run npm run build first (npm test does)`);
    const db = path.join(makeTempDir(), 'graph.sqlite');
    const indexed = ckg('index', path.join(FIXTURE_REPOS, 'ts-basic'), '--repo-url', 'fixtures/ts-basic', '-db', db);
    assert.equal(indexed.status, 0, indexed.stderr);
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '-db', db], stderr: 'pipe' });
    transport.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
    client = new Client({ name: 'e2e-search', version: '1' });
    await client.connect(transport);
  });
  after(async () => {
    await client.close();
    assert.equal(stderr.join(''), '', 'nothing on stderr when all is well');
  });

  const search = async (text: string): Promise<{ reply: Reply; texts: string[] }> => {
    const result = await client.callTool({ name: 'graph_query', arguments: { prefix: text } });
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    return { reply: result.structuredContent as Reply, texts: (result.content as Array<{ text: string }>).map((c) => c.text) };
  };
  const names = (reply: Reply): string[] => reply.items.map((n) => n.QualifiedName.replace('fixtures/ts-basic://', ''));

  it('finds a symbol by a bare name in any case, and by its camel humps', async () => {
    assert.equal(names((await search('displayname')).reply)[0], 'src/models.User.displayName');
    assert.equal(names((await search('dN')).reply)[0], 'src/models.User.displayName');
    assert.equal(names((await search('User.displayName')).reply)[0], 'src/models.User.displayName');
  });

  it('finds the symbols of a file by path segments', async () => {
    const { reply } = await search('src/models');
    assert.ok(reply.items.length >= 5);
    assert.ok(names(reply).every((n) => n.startsWith('src/models')), names(reply).join());
  });

  it('keeps the SPEC prefix behaviour when the text has ://', async () => {
    const { reply } = await search('fixtures/ts-basic://src/models.User.');
    assert.ok(names(reply).includes('src/models.User.displayName'));
    assert.deepEqual(names(reply), [...names(reply)].sort());
    assert.deepEqual((await search('displayName://')).reply.items, [], 'a prefix, not a name');
  });

  it('says what it searched and suggests the nearest names when nothing matches', async () => {
    const { reply, texts } = await search('dispalyName');
    assert.deepEqual(reply.items, []);
    assert.equal(reply.searched?.query, 'dispalyName');
    assert.equal(reply.suggestions?.[0], 'displayName');
    assert.match(texts[1], /no symbol matches "dispalyName".*nearest names: displayName/);
  });

  it('counts token_count exactly as the encoder counts the final text, in every format', async () => {
    const encoder = new Tiktoken(cl100k);
    for (const format of ['xml', 'json', 'markdown', 'gcf', 'gcb']) {
      const result = await client.callTool({ name: 'context_for_task', arguments: { task_description: 'register users and parse urls', token_budget: 3000, format } });
      const reply = result.structuredContent as { content: string; token_count: number };
      const text = (result.content as Array<{ text: string }>)[0].text;
      assert.equal(text, reply.content);
      assert.equal(reply.token_count, encoder.encode(text, [], []).length, format);
      assert.deepEqual(result._meta?.['ckg/budget'], { requested: 3000, used: 3000, reason: 'as requested' });
    }
  });

  it('says that a budget above the reply cap was lowered, and why', async () => {
    const result = await client.callTool({ name: 'context_for_task', arguments: { task_description: 'register users', token_budget: 50_000 } });
    assert.deepEqual(result._meta?.['ckg/budget'], { requested: 50_000, used: 22_264, reason: 'reply cap 25000 tokens' });
    assert.match((result.content as Array<{ text: string }>)[1].text, /^token_budget 50000 was lowered to 22264: a reply must fit the 25000-token reply cap/);
  });
});
