import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';
import { CLI, ckg } from '../helpers/builtCli';

type Reply = { items: Array<{ QualifiedName: string }>; truncated: boolean; suggestions?: string[]; searched?: { query: string } };

/** graph_query's search by name, as an agent reaches it: the SDK client over stdio to the built CLI. */
describe('ckg mcp: graph_query without an exact name (built bundle)', () => {
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
});
