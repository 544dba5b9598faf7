import * as assert from 'node:assert/strict';
import { type PostgresCluster, sharedPostgresCluster } from '../support/postgresCluster';
import { exportGraph, indexRepo, waitForLockHeldBy } from './teamDatabase';
import { addGeneratedModules, copyFixture } from './teamRepos';
import { type CkgProcess, spawnCkg, stopStartedProcesses } from './teamProcesses';

/**
 * Two `ckg index` processes of the built CLI at once on one PostgreSQL database. The first
 * is frozen (SIGSTOP of its process group) while it holds the writer lock, so the second
 * meets a held lock every time, whatever the machine's speed; it is let go (SIGCONT) after.
 */
describe('team: two concurrent indexers on one database', function () {
  this.timeout(300_000);
  let cluster: PostgresCluster;
  before(async () => {
    cluster = await sharedPostgresCluster();
  });
  afterEach(async () => {
    await stopStartedProcesses();
  });

  it('of the same repository: the second waits for the first, both exit 0, and the graph is a clean index\'s', async () => {
    const url = await cluster.createDatabase();
    const repo = copyFixture('ts-basic');
    addGeneratedModules(repo, 60);
    const first = startIndex(url, repo, 'fixtures/same');
    const second = await holdWhileLocked(url, first, async () => {
      const waiting = startIndex(url, repo, 'fixtures/same');
      // Whether the lock is the graph's or the repository's (`the writer lock of repository …`).
      await waiting.saidOnStderr(/waiting for the writer lock( of repository \w+)? on postgres:\/\/ckg:\*\*\*@\S+ held by ckg pid \d+@/);
      return waiting;
    });
    assert.equal(await first.exit, 0, first.stderr());
    assert.equal(await second.exit, 0, second.stderr());
    assert.ok(!second.stderr().includes(cluster.password));
    assert.equal(exportGraph(url), await cleanExport([[repo, 'fixtures/same']]));
  });

  it('of the same repository with --no-wait: the second exits 4 naming the holder, the first completes', async () => {
    const url = await cluster.createDatabase();
    const repo = copyFixture('ts-basic');
    const first = startIndex(url, repo, 'fixtures/same');
    const refused = await holdWhileLocked(url, first, async () => {
      const second = spawnCkg(['index', repo, '--repo-url', 'fixtures/same', '-db', url, '--no-wait'], 'ckg index --no-wait');
      assert.equal(await second.exit, 4, second.stderr());
      return second.stderr();
    });
    assert.match(refused, /another writer holds the lock( of this repository)?: ckg pid \d+@\S+: ckg index .*not waiting \(--no-wait\), try again when it has finished/);
    assert.ok(!refused.includes(cluster.password));
    assert.equal(await first.exit, 0, first.stderr());
    assert.equal(exportGraph(url), await cleanExport([[repo, 'fixtures/same']]));
  });

  it('of different repositories: both exit 0 and both repositories are complete', async () => {
    const url = await cluster.createDatabase();
    const shop = copyFixture('ts-basic');
    addGeneratedModules(shop, 60);
    const routes = copyFixture('go-routes');
    const indexers = [startIndex(url, shop, 'fixtures/shop'), startIndex(url, routes, 'fixtures/routes')];
    const codes = await Promise.all(indexers.map((p) => p.exit));
    assert.deepEqual(codes, [0, 0], indexers.map((p) => p.stderr()).join('\n'));
    const together = exportGraph(url);
    assert.equal(together, await cleanExport([[shop, 'fixtures/shop'], [routes, 'fixtures/routes']]));
    for (const name of ['fixtures/shop', 'fixtures/routes']) assert.ok(together.includes(`"${name}://`), `${name} is in the graph`);
  });

  /** The export of the repositories indexed one after the other into a fresh database. */
  async function cleanExport(repos: Array<[string, string]>): Promise<string> {
    const clean = await cluster.createDatabase();
    for (const [repo, repoUrl] of repos) indexRepo(clean, repo, repoUrl);
    return exportGraph(clean);
  }
});

function startIndex(url: string, repo: string, repoUrl: string): CkgProcess {
  return spawnCkg(['index', repo, '--repo-url', repoUrl, '-db', url], `ckg index ${repoUrl}`);
}

/**
 * Freezes `holder` once it holds the writer lock, runs `meanwhile`, and lets it go again,
 * also when `meanwhile` fails (a frozen process would never exit).
 */
async function holdWhileLocked<T>(url: string, holder: CkgProcess, meanwhile: () => Promise<T>): Promise<T> {
  await waitForLockHeldBy(url, holder.child.pid!, () => holder.child.exitCode === null);
  process.kill(-holder.child.pid!, 'SIGSTOP');
  try {
    return await meanwhile();
  } finally {
    process.kill(-holder.child.pid!, 'SIGCONT');
  }
}
