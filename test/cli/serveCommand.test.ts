import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { openStore } from '../../src/store';
import { makeTempDir, writeTree } from '../helpers/tempDir';
import { CLI, ckg, exited, startServe } from '../helpers/builtCli';
import { OtelService, emitTraffic } from '../runtime/otelApp';

describe('ckg serve and ckg ingest-logs (built CLI)', function () {
  this.timeout(120_000);
  let db: string;

  before(() => {
    db = path.join(makeTempDir(), 'graph.sqlite');
    const indexed = ckg('index', path.join(FIXTURE_REPOS, 'go-routes'), '--repo-url', 'fixtures/go-routes', '-db', db);
    assert.equal(indexed.status, 0, indexed.stderr);
  });

  it('serves MCP and both OTLP receivers, and on SIGTERM writes the queue and saves', async () => {
    const serve = await startServe(db);
    const client = new Client({ name: 'test', version: '1' });
    try {
      const checkout = new OtelService('checkout', 'grpc', serve.grpc);
      const users = new OtelService('go-routes', 'proto', serve.http);
      const mailer = new OtelService('mailer', 'grpc', serve.grpc);
      for (let i = 0; i < 3; i++) emitTraffic(checkout, users, mailer);
      await Promise.all([checkout.shutdown(), users.shutdown(), mailer.shutdown()]);
      await client.connect(new StreamableHTTPClientTransport(new URL(serve.mcp)));
      // The batch interval is 10 s by default; the spans are still queued or already written.
      const stats = (await client.callTool({ name: 'trace_stats', arguments: {} })) as CallToolResult;
      assert.equal(stats.isError, undefined);
    } finally {
      await client.close();
      serve.child.kill('SIGTERM');
    }
    assert.equal(await exited(serve.child), 0, serve.stderr());
    assert.match(serve.stderr(), /shutting down/);
    const traffic = ckg('call', 'runtime_traffic', '{"service_name":"checkout"}', '-db', db);
    assert.equal(traffic.status, 0, traffic.stderr);
    const edges = (JSON.parse(traffic.stdout) as { items: Array<{ EdgeType: string; ObservationCount: number }> }).items;
    assert.deepEqual(edges.map((e) => [e.EdgeType, e.ObservationCount]).sort(), [['runtime_calls', 3], ['runtime_produces', 3], ['runtime_rpc', 3]],
      'queued spans were written and saved at shutdown');
  });

  it('lets a ckg index of the graph in while it runs with nothing to write', async () => {
    const serve = await startServe(db);
    try {
      // Its start-up decay run changed nothing: it must not keep the writer lock for later.
      const index = spawn(process.execPath, [CLI, 'index', path.join(FIXTURE_REPOS, 'go-routes'), '--repo-url', 'fixtures/go-routes', '-db', db],
        { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      index.stderr!.on('data', (d: Buffer) => {
        stderr += d.toString();
      });
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([exited(index), new Promise<'still waiting'>((resolve) => {
        timer = setTimeout(() => resolve('still waiting'), 90_000);
      })]);
      clearTimeout(timer);
      if (code === 'still waiting') index.kill('SIGKILL');
      assert.equal(code, 0, stderr);
    } finally {
      serve.child.kill('SIGTERM');
    }
    assert.equal(await exited(serve.child), 0, serve.stderr());
  });

  it('enriches after index_repo when the config enables it, and says so in every reply\'s _meta', async () => {
    const repo = fs.realpathSync(makeTempDir());
    writeTree(repo, {
      'src/repo.ts': 'export class Repo {\n  find(id: number): string { return String(id); }\n}\nexport function same<T>(value: T): T { return value; }\n',
      'src/run.ts': "import { Repo, same } from './repo';\nexport function run(): string {\n  return same(new Repo()).find(1);\n}\n",
    });
    const graph = path.join(makeTempDir(), 'graph.sqlite');
    const config = path.join(makeTempDir(), 'ckg.config.yaml');
    fs.writeFileSync(config, 'trace_ingestion: { enabled: false }\nenrichment: { enabled: true, budget: 5m }\n');
    const child = spawn(process.execPath, [CLI, 'serve', '-db', graph, '--http', '127.0.0.1:0', '--config', config, '--allow-root', repo],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const said = (pattern: RegExp) => new Promise<void>((resolve) => {
      const check = (): void => {
        if (pattern.test(stderr)) resolve();
        else child.stderr.once('data', check);
      };
      check();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const client = new Client({ name: 'test', version: '1' });
    try {
      await said(/ckg serve: enriching after each index_repo through language servers \(budget 300 s\)/);
      await client.connect(new StreamableHTTPClientTransport(new URL(/MCP listening on (\S+)/.exec(stderr)![1])));
      const indexed = (await client.callTool({ name: 'index_repo', arguments: { repo_url: 'local/enriched', repo_path: repo } })) as CallToolResult;
      assert.equal(indexed.isError, undefined, JSON.stringify(indexed.content));
      await said(/ckg serve: enrichment: {3}typescript references: .*\n/);
      assert.match(stderr, /ckg serve: enrichment: using tsserver for typescript \(2 files;/);
      assert.match(stderr, /ckg serve: enrichment: local\/enriched in [\d.]+ s\n/);
      assert.match(stderr, /ckg serve: enrichment: {3}typescript calls: \d+\/\d+ answered; .*added [1-9]/);
      const after = (await client.callTool({ name: 'trace_stats', arguments: {} })) as CallToolResult;
      assert.equal(after._meta?.['ckg/enriched'], true);
      assert.deepEqual(Object.keys(after._meta?.['ckg/enrichmentSources'] as object), ['lsp:tsserver']);
    } finally {
      await client.close();
      child.kill('SIGTERM');
    }
    assert.equal(await exited(child), 0, stderr);
    const saved = await openStore(graph);
    try {
      assert.ok((await saved.liveEdges({ provenance: 'lsp_resolved' })).length > 0, 'the enrichment was saved');
    } finally {
      await saved.close();
    }
  });

  it('refuses bad flags and config values, naming them', () => {
    const badFlag = ckg('serve', '-db', db, '--otlp-grpc', 'nowhere');
    assert.equal(badFlag.status, 2);
    assert.match(badFlag.stderr, /--otlp-grpc "nowhere": expected HOST:PORT/);
    const config = path.join(makeTempDir(), 'ckg.config.yaml');
    fs.writeFileSync(config, 'trace_ingestion:\n  batch_size: -1\n');
    const badConfig = ckg('serve', '-db', db, '--config', config);
    assert.equal(badConfig.status, 2);
    assert.match(badConfig.stderr, /trace_ingestion\.batch_size -1: expected an integer from 1 to 1000000/);
  });

  it('refuses OTLP receivers off loopback without a token or --otlp-insecure, before listening', () => {
    const refused = ckg('serve', '-db', db, '--http', '127.0.0.1:0', '--otlp-grpc', '0.0.0.0:0', '--otlp-http', '127.0.0.1:0');
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /OTLP\/gRPC receiver \(--otlp-grpc, trace_ingestion\.otlp_endpoint\): refusing to receive spans on 0\.0\.0\.0 without a token/);
    assert.match(refused.stderr, /set --token or CKG_TOKEN .* pass --otlp-insecure/);
    assert.doesNotMatch(refused.stderr, /listening on/);
  });

  it('ingests access logs from a file into runtime edges', () => {
    const log = path.join(makeTempDir(), 'access.log');
    fs.writeFileSync(log, [
      '10.0.0.1 - - [01/Jan/2026:10:00:00 +0000] "GET /users/42 HTTP/1.1" 200 512 "-" "curl/8"',
      '10.0.0.2 - - [01/Jan/2026:10:00:01 +0000] "GET /users/43 HTTP/1.1" 200 512 "-" "curl/8"',
      'garbage line',
      '{"time":"2026-01-01T10:00:02Z","method":"POST","path":"/api/users","status":201,"service":"go-routes","client_ip":"checkout"}',
    ].join('\n'));
    const result = ckg('ingest-logs', log, '-db', db, '--service', 'go-routes');
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, 'ingested 3 log entries: 2 runtime edges created, 0 updated; 1 lines skipped\n');
    assert.match(result.stderr, /line 3: expected the common or combined log format, or a JSON object/);
    const traffic = (JSON.parse(ckg('call', 'runtime_traffic', '{"service_name":"go-routes","route_pattern":"GET /users/%"}', '-db', db).stdout) as
      { items: Array<{ Provenance: string; ObservationCount: number }> }).items;
    assert.ok(traffic.some((e) => e.Provenance === 'otel_access_log' && e.ObservationCount === 2));
  });
});
