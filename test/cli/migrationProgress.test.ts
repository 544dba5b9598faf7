import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLI, ckg, exited, startServe } from '../helpers/builtCli';
import { eventually } from '../helpers/gitRepo';
import { makeTempDir } from '../helpers/tempDir';
import { writeUsersMigration } from '../helpers/usersMigration';
import { OtelService } from '../runtime/otelApp';

interface Progress {
  old: { runtime_calls: number; static_callers: number; traffic_status: string };
  new: { runtime_calls: number; static_callers: number; traffic_status: string };
  percent_migrated: { static: number | null; runtime: number | null };
  callers_on_old: Array<{ qualified_name: string; static: boolean; runtime_calls: number; also_on_new: boolean }>;
  traffic_on_old: Array<{ source_name: string; calls: number; trace_ids: string[] }>;
}

async function toolNames(...args: string[]): Promise<string[]> {
  const client = new Client({ name: 'list', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...args], stderr: 'pipe' }));
  try {
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await client.close();
  }
}

/**
 * migration_progress end to end: the users-migration monorepo indexed by the built CLI,
 * `ckg serve --extra-tools` receiving spans from real OTel SDK exporters (gRPC and
 * HTTP/protobuf), and a real MCP client over Streamable HTTP watching the percentage move
 * as the web service's calls move from users-v1 to users-v2.
 */
describe('migration_progress from real OTel exporters through ckg serve --extra-tools (built CLI)', function () {
  this.timeout(120_000);
  let db: string;

  before(() => {
    const root = makeTempDir();
    writeUsersMigration(root);
    db = path.join(makeTempDir(), 'graph.sqlite');
    const indexed = ckg('index', root, '--repo-url', 'example.com/shop', '-db', db);
    assert.equal(indexed.status, 0, indexed.stderr);
  });

  it('is served by ckg mcp only with --extra-tools or mcp.extra_tools, and ckg call says which flag it needs', async () => {
    const plain = await toolNames('-db', db);
    assert.equal(plain.length, 22);
    assert.ok(!plain.includes('migration_progress'));
    assert.ok((await toolNames('-db', db, '--extra-tools')).includes('migration_progress'));
    const config = path.join(makeTempDir(), 'ckg.config.yaml');
    fs.writeFileSync(config, 'mcp:\n  extra_tools: true\n');
    assert.ok((await toolNames('-db', db, '--config', config)).includes('migration_progress'));
    const refused = ckg('call', 'migration_progress', '{"old":"users-v1","new":"users-v2"}', '-db', db);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /migration_progress is an extra tool beyond SPEC's 22: add --extra-tools/);
    const called = ckg('call', 'migration_progress', '{"old":"users-v1","new":"users-v2"}', '-db', db, '--extra-tools');
    assert.equal(called.status, 0, called.stderr);
    assert.deepEqual((JSON.parse(called.stdout) as Progress).percent_migrated, { static: 33.3, runtime: null });
  });

  it('moves percent_migrated as the traffic moves from users-v1 to users-v2', async () => {
    const config = path.join(makeTempDir(), 'ckg.config.yaml');
    fs.writeFileSync(config, 'trace_ingestion:\n  batch_interval: 100ms\n');
    const serve = await startServe(db, '--extra-tools', '--config', config);
    const client = new Client({ name: 'migration', version: '1' });
    const web = new OtelService('web', 'grpc', serve.grpc);
    const v1 = new OtelService('users-v1', 'proto', serve.http);
    const v2 = new OtelService('users-v2', 'grpc', serve.grpc);
    // The web page's handler calls one version of the users service; each call is a trace of three spans.
    const pageCalls = async (version: 'v1' | 'v2', count: number): Promise<void> => {
      const peer = version === 'v1' ? v1 : v2;
      for (let i = 0; i < count; i++) {
        const page = web.start('GET /page', SpanKind.SERVER, { 'http.request.method': 'GET', 'http.route': '/page', 'url.path': '/page' });
        const call = web.start('GET', SpanKind.CLIENT, {
          'http.request.method': 'GET', 'url.full': `http://users-${version}.internal/${version}/users/${i}`, 'server.address': `users-${version}.internal`,
        }, page);
        peer.start(`GET /${version}/users/{id}`, SpanKind.SERVER, {
          'http.request.method': 'GET', 'http.route': `/${version}/users/{id}`, 'url.path': `/${version}/users/${i}`,
        }, call).end();
        call.end();
        page.end();
      }
      await Promise.all([web.flush(), v1.flush(), v2.flush()]);
    };
    const progress = async (): Promise<Progress> => {
      const reply = (await client.callTool({ name: 'migration_progress', arguments: { old: 'users-v1', new: 'users-v2' } })) as CallToolResult;
      assert.equal(reply.isError, undefined, JSON.stringify(reply.content));
      return reply.structuredContent as unknown as Progress;
    };
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(serve.mcp)));
      assert.ok((await client.listTools()).tools.some((t) => t.name === 'migration_progress'));

      await pageCalls('v1', 8);
      const before = await eventually('8 calls to users-v1', async () => {
        const p = await progress();
        return p.old.runtime_calls === 8 && p;
      });
      assert.deepEqual(before.percent_migrated, { static: 33.3, runtime: 0 });
      assert.equal(before.new.traffic_status, 'unknown', 'users-v2 has sent no span yet');
      assert.deepEqual(before.callers_on_old.map((c) => [c.qualified_name.split('://')[1], c.static, c.runtime_calls]), [
        ['services/web/server.renderPage', false, 8],
        ['services/web/users.loadOld', true, 0],
        ['services/web/users.loadProfile', true, 0],
      ]);
      assert.equal(before.traffic_on_old[0].calls, 8);
      assert.ok(before.traffic_on_old[0].trace_ids.length >= 2);

      await pageCalls('v2', 24);
      const after = await eventually('24 calls to users-v2', async () => {
        const p = await progress();
        return p.new.runtime_calls === 24 && p;
      });
      assert.deepEqual(after.percent_migrated, { static: 33.3, runtime: 75 });
      assert.equal(after.new.traffic_status, 'observed');
      assert.equal(after.callers_on_old[0].also_on_new, true, 'renderPage calls both versions');

      await pageCalls('v2', 24);
      const later = await eventually('48 calls to users-v2', async () => {
        const p = await progress();
        return p.new.runtime_calls === 48 && p;
      });
      assert.deepEqual(later.percent_migrated, { static: 33.3, runtime: 85.7 });
    } finally {
      await client.close();
      await Promise.all([web.shutdown(), v1.shutdown(), v2.shutdown()]);
      serve.child.kill('SIGTERM');
    }
    assert.equal(await exited(serve.child), 0, serve.stderr());
  });
});
