import * as assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { workingTreeRepoHash } from '../../../src/index/repoIdentity';
import { CLI, ckg } from '../../helpers/builtCli';
import { GO_CATALOG, PY_CHECKOUT, WEB_CLIENT } from '../../helpers/httpServiceTrees';
import { makeTempDir, writeTree } from '../../helpers/tempDir';
import { type PostgresCluster, sharedPostgresCluster } from '../../support/postgresCluster';
import { startPostgresChild } from '../../support/postgresProcesses';

/** A web client calling routes of two services in two other repositories: each index re-links the others' files. */
const TREES = { 'test/web': WEB_CLIENT, 'test/catalog': GO_CATALOG, 'test/checkout': PY_CHECKOUT };
type RepoName = keyof typeof TREES;

function writeRepos(): Record<RepoName, string> {
  const roots = {} as Record<RepoName, string>;
  for (const [name, files] of Object.entries(TREES)) {
    const root = fs.realpathSync(makeTempDir('ckg-lock-'));
    writeTree(root, files);
    roots[name as RepoName] = root;
  }
  return roots;
}

/** A running `ckg index`: its exit code, and stderr so far; `saying` resolves once stderr matches. */
function startIndex(root: string, name: string, url: string): { child: ChildProcess; exit: Promise<number | null>; stderr: () => string; saying: (pattern: RegExp) => Promise<void> } {
  const child = spawn(process.execPath, [CLI, 'index', root, '--repo-url', name, '-db', url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  const listeners: Array<() => void> = [];
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    for (const listener of listeners) listener();
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const saying = (pattern: RegExp) => new Promise<void>((resolve, reject) => {
    const check = () => pattern.test(stderr) && resolve();
    listeners.push(check);
    check();
    void exit.then((code) => reject(new Error(`ckg index exited with ${code} before saying ${pattern}: ${stderr}`)));
  });
  return { child, exit, stderr: () => stderr, saying };
}

/** The graph as `ckg export` writes it: what two ways of indexing must agree on. */
function exported(db: string): string {
  const result = ckg('export', '-db', db, '--format', 'jsonl');
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

/** The same repositories indexed one after another into a graph file. */
function sequentialExport(roots: Record<RepoName, string>, order: readonly RepoName[]): string {
  const file = path.join(makeTempDir(), 'graph.sqlite');
  for (const name of order) assert.equal(ckg('index', roots[name], '--repo-url', name, '-db', file).status, 0);
  return exported(file);
}

/** The built `ckg index` on PostgreSQL: one writer per repository, indexers of different repositories at once. */
describe('store/postgres: one writer per repository (built ckg)', function () {
  this.timeout(240_000);
  let cluster: PostgresCluster;
  before(async () => {
    cluster = await sharedPostgresCluster();
  });

  it('indexes another repository while one is locked; the locked one refuses with --no-wait, or waits until its holder is killed', async () => {
    const url = await cluster.createDatabase();
    const roots = writeRepos();
    const holder = startPostgresChild('lock-repo', url, workingTreeRepoHash(roots['test/catalog'], 'test/catalog'));
    try {
      assert.equal(await holder.firstLine, 'held', holder.stderr());
      const other = ckg('index', roots['test/web'], '--repo-url', 'test/web', '-db', url, '--no-wait');
      assert.equal(other.status, 0, `another repository is not held up: ${other.stderr}`);
      const refused = ckg('index', roots['test/catalog'], '--repo-url', 'test/catalog', '-db', url, '--no-wait');
      assert.equal(refused.status, 4, refused.stderr);
      assert.match(refused.stderr, /another writer holds the lock of this repository: ckg pid \d+@\S+: postgresChild lock-repo .*not waiting \(--no-wait\)/);
      assert.ok(!refused.stderr.includes(cluster.password));
      const waiting = startIndex(roots['test/catalog'], 'test/catalog', url);
      await waiting.saying(/waiting for the writer lock of repository [0-9a-f]{12} on postgres:\/\/ckg:\*\*\*@/);
      // A holder killed outright: PostgreSQL ends its session and its lock with it.
      holder.child.kill('SIGKILL');
      assert.equal(await waiting.exit, 0, waiting.stderr());
      assert.match(waiting.stderr(), /still waiting|waiting for/);
      assert.equal(exported(url), sequentialExport(roots, ['test/web', 'test/catalog']));
    } finally {
      if (holder.child.exitCode === null) holder.child.kill('SIGKILL');
      await holder.exit;
    }
  });

  it('runs indexers of repositories that link to each other at once, and the graph is the one a sequential index gives', async () => {
    const url = await cluster.createDatabase();
    const roots = writeRepos();
    const names = Object.keys(TREES) as RepoName[];
    // The graph's lock held elsewhere: every indexer scans and parses under its own
    // repository's lock, all three at once, and waits only to link and write.
    const holder = startPostgresChild('lock', url);
    let runs: Array<ReturnType<typeof startIndex>> = [];
    try {
      assert.equal(await holder.firstLine, 'held', holder.stderr());
      runs = names.map((name) => startIndex(roots[name], name, url));
      await Promise.all(runs.map((run) => run.saying(/waiting for the writer lock on postgres:\/\/ckg:\*\*\*@\S+ held by ckg pid \d+@\S+: postgresChild lock/)));
    } finally {
      holder.release();
      await holder.exit;
    }
    const codes = await Promise.all(runs.map((run) => run.exit));
    assert.deepEqual(codes, names.map(() => 0), runs.map((run) => run.stderr()).join('\n'));
    const expected = sequentialExport(roots, names);
    assert.ok(expected.includes('POST /orders') && expected.includes('GET /products/{id}'));
    assert.equal(exported(url), expected);
    // Again, each repository changed, all at once: the re-links of each other's files meet.
    for (const name of names) fs.appendFileSync(path.join(roots[name], name === 'test/checkout' ? 'extra.py' : name === 'test/web' ? 'src/extra.ts' : 'extra.go'),
      name === 'test/checkout' ? 'def extra():\n    return 1\n' : name === 'test/web' ? 'export const extra = 1;\n' : 'package main\n\nfunc extra() int { return 1 }\n');
    const again = names.map((name) => startIndex(roots[name], name, url));
    assert.deepEqual(await Promise.all(again.map((run) => run.exit)), names.map(() => 0), again.map((run) => run.stderr()).join('\n'));
    assert.equal(exported(url), sequentialExport(roots, names));
  });

  it('makes a second indexer of the same repository wait for the first, then index', async () => {
    const url = await cluster.createDatabase();
    const roots = writeRepos();
    const first = startIndex(roots['test/catalog'], 'test/catalog', url);
    const second = startIndex(roots['test/catalog'], 'test/catalog', url);
    assert.deepEqual(await Promise.all([first.exit, second.exit]), [0, 0], `${first.stderr()}\n${second.stderr()}`);
    assert.equal(exported(url), sequentialExport(roots, ['test/catalog']));
  });
});
