import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { CLI, ROOT, ckg } from '../../helpers/builtCli';
import { makeTempDir } from '../../helpers/tempDir';
import { type PostgresCluster, sharedPostgresCluster } from '../../support/postgresCluster';
import { startPostgresChild } from '../../support/postgresProcesses';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'repos');

/** The built `ckg` (run `npm run build` first) with a PostgreSQL graph: what a user runs. */
describe('store/postgres: the built ckg on a PostgreSQL graph', function () {
  this.timeout(180_000);
  let cluster: PostgresCluster;
  before(async () => {
    cluster = await sharedPostgresCluster();
  });

  it('indexes repositories into PostgreSQL and exports what a graph file of the same repositories exports', async () => {
    const url = await cluster.createDatabase();
    const file = path.join(makeTempDir(), 'graph.sqlite');
    for (const repo of ['ts-basic', 'go-routes', 'polyglot-grpc']) {
      for (const db of [file, url]) {
        // Named: a fixture folder inside a clone would take the clone's origin as its name.
        const indexed = ckg('index', path.join(FIXTURES, repo), '--repo-url', `fixtures/${repo}`, '-db', db);
        assert.equal(indexed.status, 0, indexed.stderr);
      }
    }
    const fromFile = ckg('export', '-db', file, '--format', 'jsonl');
    const fromServer = ckg('export', '-db', url, '--format', 'jsonl');
    assert.equal(fromServer.status, 0, fromServer.stderr);
    assert.ok(fromFile.stdout.split('\n').length > 300, 'the repositories have a graph to compare');
    assert.equal(fromServer.stdout, fromFile.stdout);
    const stats = ckg('stats', '-db', url);
    assert.equal(stats.status, 0, stats.stderr);
    assert.match(stats.stdout, /^repos {5}3$/m);
    assert.match(stats.stdout, /^db {8}postgres:\/\/ckg:\*\*\*@127\.0\.0\.1:\d+\/\w+$/m);
    const snapshots = ckg('snapshots', '-db', url);
    assert.equal(snapshots.status, 0, snapshots.stderr);
    for (const output of [stats, snapshots, fromServer]) assert.ok(!`${output.stdout}${output.stderr}`.includes(cluster.password));
  });

  it('serves a PostgreSQL graph with ckg serve, which stops on SIGTERM and lets the next writer in', async () => {
    const url = await cluster.createDatabase();
    assert.equal(ckg('index', path.join(FIXTURES, 'ts-basic'), '-db', url).status, 0);
    const serve = spawn(process.execPath, [CLI, 'serve', '-db', url, '--http', '127.0.0.1:0', '--otlp-grpc', '127.0.0.1:0', '--otlp-http', '127.0.0.1:0'],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const exit = new Promise<number | null>((resolve) => serve.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      serve.stderr!.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (/OTLP\/HTTP listening/.test(stderr)) resolve();
      });
      void exit.then((code) => reject(new Error(`ckg serve exited with ${code}: ${stderr}`)));
    });
    serve.kill('SIGTERM');
    // A server that does not stop is killed here, not left running after the test.
    const stopped = await Promise.race([exit, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 60_000))]);
    if (stopped === 'still running') serve.kill('SIGKILL');
    assert.equal(stopped, 0, stderr);
    assert.ok(!stderr.includes(cluster.password));
    const next = ckg('index', path.join(FIXTURES, 'ts-basic'), '-db', url, '--no-wait');
    assert.equal(next.status, 0, next.stderr);
  });

  it('makes a second writer of the graph fail with --no-wait (exit 4), or wait and then index', async () => {
    const url = await cluster.createDatabase();
    const repo = path.join(FIXTURES, 'ts-basic');
    const holder = startPostgresChild('lock', url);
    try {
      assert.equal(await holder.firstLine, 'held', holder.stderr());
      const refused = ckg('index', repo, '-db', url, '--no-wait');
      assert.equal(refused.status, 4, refused.stderr);
      assert.match(refused.stderr, /another writer holds the lock: ckg pid \d+@\S+: postgresChild lock .*not waiting \(--no-wait\)/);
      assert.ok(!refused.stderr.includes(cluster.password));
      const waiting = spawn(process.execPath, [CLI, 'index', repo, '-db', url], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      const saidWaiting = new Promise<void>((resolve) => {
        waiting.stderr!.on('data', (d: Buffer) => {
          stderr += d.toString();
          if (stderr.includes('waiting for the writer lock')) resolve();
        });
      });
      const exit = new Promise<number | null>((resolve) => waiting.once('exit', resolve));
      await saidWaiting;
      holder.release();
      assert.equal(await exit, 0, stderr);
      assert.ok(!stderr.includes(cluster.password));
      assert.match(ckg('stats', '-db', url).stdout, /^files {5}12$/m);
    } finally {
      holder.release();
      await holder.exit;
    }
  });
});
