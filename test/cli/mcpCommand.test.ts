import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { TOOLS } from '../../src/mcp/registry';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';
import { CLI, INSPECTOR, ckg, exited, startHttp } from '../helpers/builtCli';

describe('ckg mcp (built bundle)', () => {
  let db: string;
  let repoHash: string;

  before(() => {
    assert.ok(fs.existsSync(CLI), `${CLI} is missing: run npm run build first (npm test does)`);
    db = path.join(makeTempDir(), 'graph.sqlite');
    const indexed = ckg('index', path.join(FIXTURE_REPOS, 'go-routes'), '--repo-url', 'fixtures/go-routes', '-db', db);
    assert.equal(indexed.status, 0, indexed.stderr);
    const snapshots = JSON.parse(ckg('snapshots', '-db', db, '--json').stdout);
    repoHash = snapshots[0].repo_hash;
  });

  it('serves stdio to the SDK client: lists the tools and answers calls', async () => {
    const stderr: string[] = [];
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '-db', db], stderr: 'pipe' });
    transport.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
    const client = new Client({ name: 'e2e-stdio', version: '1' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name), TOOLS.map((t) => t.name));
      const files = await client.callTool({ name: 'repo_graph', arguments: { repo_hash: repoHash } });
      assert.ok((files.structuredContent as { items: Array<{ Path: string }> }).items.some((f) => f.Path === 'handlers.go'));
      const dead = await client.callTool({ name: 'dead_routes', arguments: {} });
      assert.equal((dead.structuredContent as { items: unknown[] }).items.length, 12, 'no traffic yet: every route is dead');
      const bad = await client.callTool({ name: 'ownership', arguments: { repo_hash: 'x' } });
      assert.equal(bad.isError, true);
      const { resources } = await client.listResources();
      assert.ok(resources.some((r) => r.uri === `ckg://repos/${repoHash}/snapshots`));
    } finally {
      await client.close();
    }
    assert.equal(stderr.join(''), '', 'nothing on stderr when all is well');
  });

  it('writes nothing but JSON-RPC on stdout, and answers what it read before stdin ended', () => {
    const requests = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'graph_query', arguments: { prefix: 'fixtures/go-routes://example.com/go-routes.h' } } },
    ];
    const result = spawnSync(process.execPath, [CLI, 'mcp', '-db', db], {
      input: requests.map((r) => JSON.stringify(r)).join('\n') + '\n', encoding: 'utf8', timeout: 30_000,
    });
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.trim().split('\n');
    const messages = lines.map((line) => JSON.parse(line));
    assert.deepEqual(messages.map((m) => m.id), [1, 2, 3]);
    assert.ok(messages.every((m) => m.jsonrpc === '2.0'));
    assert.equal(messages[2].result.structuredContent.items[0].QualifiedName, 'fixtures/go-routes://example.com/go-routes.healthz');
  });

  it('serves Streamable HTTP on an OS-assigned port, picks up a newer graph file, and stops cleanly on SIGTERM', async () => {
    const { child, url, stderr } = await startHttp(db);
    try {
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = new Client({ name: 'e2e-http', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      try {
        assert.deepEqual((await client.listTools()).tools.map((t) => t.name), TOOLS.map((t) => t.name));
        const before = await client.callTool({ name: 'graph_query', arguments: { prefix: 'fixtures/py-basic://' } });
        assert.deepEqual((before.structuredContent as { items: unknown[] }).items, []);
        // Synchronous on purpose: this client is blocked while another process indexes, as
        // a script would be, and its next call reuses its idle connection afterwards.
        const other = ckg('index', path.join(FIXTURE_REPOS, 'py-basic'), '--repo-url', 'fixtures/py-basic', '-db', db);
        assert.equal(other.status, 0, other.stderr);
        const after = await client.callTool({ name: 'graph_query', arguments: { prefix: 'fixtures/py-basic://' } });
        assert.ok((after.structuredContent as { items: unknown[] }).items.length > 0, 'the server re-read the file another process wrote');
        assert.equal(typeof after._meta?.['ckg/indexAgeSeconds'], 'number');
      } finally {
        await client.close();
      }
      child.kill('SIGTERM');
      assert.equal(await exited(child), 0, stderr());
      assert.match(stderr(), /shutting down/);
    } finally {
      // A failed assertion must not leave the server running.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('requires the token given with --token or CKG_TOKEN', async () => {
    const { child, url } = await startHttp(db, '--token', 'tok');
    try {
      const denied = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      assert.equal(denied.status, 401);
      const client = new Client({ name: 'e2e-http', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: 'Bearer tok' } } }));
      assert.ok((await client.listTools()).tools.length > 0);
      await client.close();
    } finally {
      child.kill('SIGINT');
      assert.equal(await exited(child), 0);
    }
  });

  it('indexes only under --allow-root (repeated or comma-separated), refusing traversal and /proc', () => {
    const roots = [makeTempDir(), makeTempDir()];
    const repo = path.join(roots[1], 'svc');
    fs.mkdirSync(repo);
    fs.writeFileSync(path.join(repo, 'core.py'), 'def run():\n    return 1\n');
    const call = (id: number, repoPath: string) => ({
      jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'index_repo', arguments: { repo_url: 'example.com/svc', repo_path: repoPath } },
    });
    const requests = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      call(2, repo), call(3, `${repo}/../../../../../../etc`), call(4, '/proc/self/fd'),
    ];
    const ownDb = path.join(makeTempDir(), 'graph.sqlite');
    const result = spawnSync(process.execPath, [CLI, 'mcp', '-db', ownDb, '--allow-root', roots[0], `--allow-root=${roots[0]},${roots[1]}`], {
      input: requests.map((r) => JSON.stringify(r)).join('\n') + '\n', encoding: 'utf8', timeout: 30_000,
    });
    assert.equal(result.status, 0, result.stderr);
    const replies = result.stdout.trim().split('\n').map((line) => JSON.parse(line));
    const text = (id: number): string => replies.find((r) => r.id === id).result.content[0].text;
    assert.match(text(2), /^index_repo complete: /);
    assert.match(text(3), /^repo_path: .*etc is outside the allowed roots \(/);
    assert.match(text(4), /^repo_path: \/proc\/self\/fd is on a special filesystem/);
    const missing = ckg('mcp', '-db', ownDb, '--allow-root', path.join(roots[0], 'none'));
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /--allow-root .*none: no such directory/);
    assert.match(ckg('mcp', '-db', ownDb, '--allow-root', '/proc').stderr, /--allow-root \/proc: \/proc, \/sys, \/dev are never indexed/);
  });

  it('refuses a non-loopback address without a token, and bad options, with exit 2', () => {
    const refused = ckg('mcp', '-db', db, '--http', '0.0.0.0:0');
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /refusing a non-loopback address without a token; set --token or CKG_TOKEN/);
    const malformed = ckg('mcp', '-db', db, '--http', 'localhost');
    assert.equal(malformed.status, 2);
    assert.match(malformed.stderr, /expected HOST:PORT/);
    assert.equal(ckg('mcp', '-db', db, '--token', 't').status, 2, '--token without --http is a mistake');
    assert.match(ckg('mcp').stderr, /-db <db_path> is required/);
  });

  describe('with the MCP Inspector CLI (a client we did not write)', () => {
    const inspector = (...args: string[]) => spawnSync(INSPECTOR, ['--cli', process.execPath, CLI, 'mcp', '-db', db, ...args], {
      encoding: 'utf8', timeout: 60_000, env: { ...process.env, MCP_CATALOG_PATH: path.join(makeTempDir(), 'catalog.json') },
    });

    it('lists the tools, with schemas it accepts', () => {
      const result = inspector('--method', 'tools/list', '--strict');
      assert.equal(result.status, 0, result.stderr);
      assert.deepEqual(JSON.parse(result.stdout).tools.map((t: { name: string }) => t.name), TOOLS.map((t) => t.name));
      assert.match(result.stderr, /0 errors/);
    });

    it('calls a tool', () => {
      const result = inspector('--method', 'tools/call', '--tool-name', 'repo_graph', '--tool-arg', `repo_hash=${repoHash}`);
      assert.equal(result.status, 0, result.stderr);
      const reply = JSON.parse(result.stdout);
      assert.equal(reply.isError, undefined);
      assert.ok(reply.structuredContent.items.some((f: { Path: string }) => f.Path === 'main.go'));
      assert.equal(typeof reply._meta['ckg/generation'], 'number');
    });
  });
});
