import * as assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI, ckg } from '../helpers/builtCli';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';
import { deadPid, lockText, startLockHolder } from '../helpers/writerProcesses';

/** A `ckg` run in the background: its exit code and everything it wrote. */
function ckgAsync(...args: string[]): { child: ChildProcess; done: Promise<{ status: number | null; stdout: string; stderr: string }>; stderr: () => string } {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const done = new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (status) => resolve({ status, stdout, stderr })));
  return { child, done, stderr: () => stderr };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 25));
}

function repoUrls(db: string): string[] {
  const stats = ckg('stats', '-db', db);
  assert.equal(stats.status, 0, stats.stderr);
  return [...stats.stdout.matchAll(/^ {2}(fixtures\/\S+)/gm)].map((m) => m[1]).sort();
}

describe('cli: one writer per graph (built bundle, real processes)', () => {
  before(() => {
    assert.ok(fs.existsSync(CLI), `${CLI} is missing: run npm run build first (npm test does)`);
  });

  it('keeps both repositories when two ckg index runs write one graph at once', async () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    const runs = [ckgAsync('index', path.join(FIXTURE_REPOS, 'go-basic'), '--repo-url', 'fixtures/go-basic', '-db', db),
      ckgAsync('index', path.join(FIXTURE_REPOS, 'py-basic'), '--repo-url', 'fixtures/py-basic', '-db', db)];
    for (const result of await Promise.all(runs.map((r) => r.done))) assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(repoUrls(db), ['fixtures/go-basic', 'fixtures/py-basic']);
    assert.ok(!fs.existsSync(`${db}.lock`), 'both let go of the lock');
  });

  it('makes writers that start while another holds the lock wait, saying who holds it, and keeps all their work', async () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    const holder = startLockHolder(db);
    const pid = Number((await holder.firstLine).replace('held ', ''));
    const runs = ['go-basic', 'py-basic', 'ts-basic'].map((name) =>
      ckgAsync('index', path.join(FIXTURE_REPOS, name), '--repo-url', `fixtures/${name}`, '-db', db));
    await until(() => runs.every((r) => r.stderr().includes('waiting for the writer lock')));
    for (const run of runs) {
      assert.match(run.stderr(), new RegExp(`waiting for the writer lock on .*graph\\.sqlite held by pid ${pid} \\(holdWriterLock test\\) since \\d{4}-`));
    }
    holder.release();
    for (const result of await Promise.all(runs.map((r) => r.done))) assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(repoUrls(db), ['fixtures/go-basic', 'fixtures/py-basic', 'fixtures/ts-basic']);
  });

  it('fails at once under --no-wait with a clear message and exit code 4', async () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    const logs = path.join(makeTempDir(), 'access.log');
    fs.writeFileSync(logs, '127.0.0.1 - - [10/Oct/2026:13:55:36 +0000] "GET /health HTTP/1.1" 200 2\n');
    assert.equal(ckg('index', path.join(FIXTURE_REPOS, 'go-basic'), '--repo-url', 'fixtures/go-basic', '-db', db).status, 0);
    const holder = startLockHolder(db);
    try {
      const pid = Number((await holder.firstLine).replace('held ', ''));
      const index = ckg('index', path.join(FIXTURE_REPOS, 'py-basic'), '--no-wait', '-db', db);
      assert.equal(index.status, 4, index.stderr);
      assert.match(index.stderr, new RegExp(`^ckg index: -db \\S+graph\\.sqlite: another writer holds the lock: pid ${pid} \\(holdWriterLock test\\) since \\S+; not waiting \\(--no-wait\\)`));
      const ingest = ckg('ingest-logs', logs, '--service', 'go', '--no-wait', '-db', db);
      assert.equal(ingest.status, 4, ingest.stderr);
      assert.match(ingest.stderr, /^ckg ingest-logs: .*another writer holds the lock/);
    } finally {
      holder.release();
      await holder.exit;
    }
    assert.deepEqual(repoUrls(db), ['fixtures/go-basic'], 'nothing was written');
  });

  it('takes over a stale lock left by a killed process', () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    fs.writeFileSync(`${db}.lock`, lockText(deadPid()));
    const result = ckg('index', path.join(FIXTURE_REPOS, 'go-basic'), '--repo-url', 'fixtures/go-basic', '--no-wait', '-db', db);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(repoUrls(db), ['fixtures/go-basic']);
    assert.deepEqual(fs.readdirSync(path.dirname(db)), ['graph.sqlite'], 'the stale lock is gone, and so is the new one');
  });

  it('refuses to index into a read-only graph file (exit 3), before any work', () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    assert.equal(ckg('index', path.join(FIXTURE_REPOS, 'go-basic'), '--repo-url', 'fixtures/go-basic', '-db', db).status, 0);
    fs.chmodSync(db, 0o444);
    const before = fs.readFileSync(db);
    const result = ckg('index', path.join(FIXTURE_REPOS, 'py-basic'), '-db', db);
    assert.equal(result.status, 3, result.stderr);
    assert.match(result.stderr, /^ckg index: -db \S+graph\.sqlite: the graph file is read-only; refusing to replace it/);
    assert.equal(result.stdout, '');
    assert.deepEqual(fs.readFileSync(db), before);
  });
});
