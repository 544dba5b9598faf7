import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, ckg } from '../helpers/builtCli';
import { GO_CATALOG, WEB_CLIENT } from '../helpers/httpServiceTrees';
import { makeTempDir, writeTree } from '../helpers/tempDir';

interface WireNode { readonly NodeHash: string; readonly QualifiedName: string }
interface WireRoute { readonly ServiceName: string; readonly RoutePattern: string }

const ROUTE = 'test/catalog://example.com/catalog.GET /products/{id}';

/** Indexes each tree with the built CLI into one graph file, in the order given. */
function indexed(trees: ReadonlyArray<readonly [string, Record<string, string>]>): string {
  const db = path.join(makeTempDir('ckg-http-cli-'), 'graph.sqlite');
  for (const [url, files] of trees) {
    const root = fs.realpathSync(makeTempDir('ckg-http-repo-'));
    writeTree(root, files);
    const run = ckg('index', root, '--repo-url', url, '-db', db);
    assert.equal(run.status, 0, run.stderr);
  }
  return db;
}

async function withClient<T>(db: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ name: 'http-across', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '-db', db], stderr: 'pipe' }));
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

describe('ckg index of an HTTP client and the service it calls, two repositories in one graph, queried by a real MCP client (built CLI)', function () {
  this.timeout(120_000);

  for (const order of [[['test/web', WEB_CLIENT], ['test/catalog', GO_CATALOG]], [['test/catalog', GO_CATALOG], ['test/web', WEB_CLIENT]]] as const) {
    it(`blast_radius of the route lists the caller in the other repository, and dead_routes counts it (${order.map(([url]) => url).join(' then ')})`, async () => {
      await withClient(indexed(order), async (client) => {
        const found = await client.callTool({ name: 'graph_query', arguments: { prefix: ROUTE } });
        const route = (found.structuredContent as { items: WireNode[] }).items.find((n) => n.QualifiedName === ROUTE);
        assert.ok(route, JSON.stringify(found.structuredContent));
        const blast = await client.callTool({ name: 'blast_radius', arguments: { target_hash: route.NodeHash } });
        const byRepo = (blast.structuredContent as { ByRepo: Record<string, Array<{ Caller: WireNode }>> }).ByRepo;
        assert.deepEqual(Object.keys(byRepo), ['test/web']);
        assert.deepEqual(byRepo['test/web']!.map((c) => c.Caller.QualifiedName), ['test/web://src/api.loadProduct']);

        const dead = await client.callTool({ name: 'dead_routes', arguments: {} });
        const rows = (dead.structuredContent as { items: WireRoute[] }).items.map((r) => `${r.ServiceName} ${r.RoutePattern}`);
        const staticCallers = (dead._meta as Record<string, number[]>)['ckg/staticCallers'];
        assert.deepEqual(rows, ['catalog GET /health', 'catalog GET /products/{id}'], 'no traffic yet: both routes are dead');
        assert.deepEqual(staticCallers, [0, 1], 'the request in the web client reaches GET /products/{id}');
        const text = (dead.content as Array<{ text: string }>).map((c) => c.text).join('\n');
        assert.match(text, /1 of 2 dead routes have no static caller either[^\n]*: catalog GET \/health\./);
      });
    });
  }
});
