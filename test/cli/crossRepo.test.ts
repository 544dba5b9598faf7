import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, ckg } from '../helpers/builtCli';
import { GO_APP, GO_LIB, TS_APP, TS_LIB } from '../helpers/crossRepoTrees';
import { makeTempDir, writeTree } from '../helpers/tempDir';

interface WireNode { readonly NodeHash: string; readonly QualifiedName: string }

/** Indexes each tree with the built CLI into one graph file, in the order given. */
function indexed(trees: ReadonlyArray<readonly [string, Record<string, string>]>): string {
  const db = path.join(makeTempDir('ckg-cross-cli-'), 'graph.sqlite');
  for (const [url, files] of trees) {
    const root = fs.realpathSync(makeTempDir('ckg-cross-repo-'));
    writeTree(root, files);
    const run = ckg('index', root, '--repo-url', url, '-db', db);
    assert.equal(run.status, 0, run.stderr);
  }
  return db;
}

async function withClient<T>(db: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ name: 'cross-repo', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '-db', db], stderr: 'pipe' }));
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

async function nodeNamed(client: Client, qualifiedName: string): Promise<WireNode> {
  const reply = await client.callTool({ name: 'graph_query', arguments: { prefix: qualifiedName } });
  const node = (reply.structuredContent as { items: WireNode[] }).items.find((n) => n.QualifiedName === qualifiedName);
  assert.ok(node, `${qualifiedName} in ${JSON.stringify(reply.structuredContent)}`);
  return node;
}

describe('ckg index of two repositories into one graph, queried by a real MCP client (built CLI)', function () {
  this.timeout(120_000);

  it('cross_repo_callers and blast_radius of a Go library function list the application that calls it, indexed first or last', async () => {
    for (const order of [[['test/lib', GO_LIB], ['test/app', GO_APP]], [['test/app', GO_APP], ['test/lib', GO_LIB]]] as const) {
      const db = indexed(order);
      const stats = ckg('stats', '-db', db);
      assert.match(stats.stdout, /^ {2}test\/lib {2}\w{64} {2}\(service lib\)\n {4}provides go example\.com\/lib$/m, 'ckg stats says what each repository provides');
      await withClient(db, async (client) => {
        const target = await nodeNamed(client, 'test/lib://example.com/lib/greet.New');
        const callers = await client.callTool({ name: 'cross_repo_callers', arguments: { target_hash: target.NodeHash } });
        const named = (callers.structuredContent as { items: Array<{ Node: WireNode; Depth: number }> }).items.map((c) => `${c.Depth} ${c.Node.QualifiedName}`).sort();
        assert.deepEqual(named, ['1 test/app://example.com/app.main', '1 test/lib://example.com/lib/greet.Hello'], order.map(([url]) => url).join(' then '));
        const blast = await client.callTool({ name: 'blast_radius', arguments: { target_hash: target.NodeHash } });
        const byRepo = (blast.structuredContent as { ByRepo: Record<string, Array<{ Caller: WireNode }>> }).ByRepo;
        assert.deepEqual(Object.keys(byRepo).sort(), ['test/app', 'test/lib']);
        assert.deepEqual(byRepo['test/app']!.map((c) => c.Caller.QualifiedName), ['test/app://example.com/app.main']);
      });
    }
  });

  it('a TypeScript class method of an npm package reached through an instance in the application', async () => {
    await withClient(indexed([['test/ts-app', TS_APP], ['test/ts-lib', TS_LIB]]), async (client) => {
      const send = await nodeNamed(client, 'test/ts-lib://src/client.Client.send');
      const callers = await client.callTool({ name: 'cross_repo_callers', arguments: { target_hash: send.NodeHash } });
      const named = (callers.structuredContent as { items: Array<{ Node: WireNode }> }).items.map((c) => c.Node.QualifiedName);
      assert.deepEqual(named, ['test/ts-app://src/main.run']);
    });
  });
});
