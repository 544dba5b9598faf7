import * as assert from 'node:assert/strict';
import { type PostgresCluster, sharedPostgresCluster } from '../support/postgresCluster';
import { exportGraph, indexRepo, queryRows, waitForOpenWriteTransaction } from './teamDatabase';
import { addGeneratedModules, copyFixture } from './teamRepos';
import { spawnCkg, stopStartedProcesses } from './teamProcesses';

const REPO_URL = 'fixtures/killed';

/** `ckg index` killed with SIGKILL inside its write transaction, on a PostgreSQL graph. */
describe('team: a killed indexer', function () {
  this.timeout(300_000);
  let cluster: PostgresCluster;
  before(async () => {
    cluster = await sharedPostgresCluster();
  });
  afterEach(async () => {
    await stopStartedProcesses();
  });

  it('leaves the last committed graph, and the next run completes', async () => {
    const url = await cluster.createDatabase();
    const repo = copyFixture('ts-basic');
    indexRepo(url, repo, REPO_URL);
    const before = exportGraph(url);
    const snapshotsBefore = await snapshotCount(url);

    // Enough new files that the run's one write transaction is open a while.
    addGeneratedModules(repo, 300);
    const doomed = spawnCkg(['index', repo, '--repo-url', REPO_URL, '-db', url], 'ckg index (to be killed)');
    await waitForOpenWriteTransaction(url, () => doomed.child.exitCode === null);
    process.kill(-doomed.child.pid!, 'SIGKILL');
    assert.equal(await doomed.exit, null, 'killed by the signal, not finished');

    assert.equal(exportGraph(url), before, 'the graph is the one committed before the run');
    assert.equal(await snapshotCount(url), snapshotsBefore, 'no snapshot of the killed run');

    // The next run takes the lock the killed one held (its session is gone) and completes.
    indexRepo(url, repo, REPO_URL);
    const clean = await cluster.createDatabase();
    indexRepo(clean, repo, REPO_URL);
    const after = exportGraph(url);
    assert.equal(after, exportGraph(clean), 'the re-run gives the graph of a clean index');
    assert.ok(after.includes(`"${REPO_URL}://src/generated/module299.step299"`), 'the new files are in the graph');
  });
});

async function snapshotCount(url: string): Promise<number> {
  return Number((await queryRows(url, 'SELECT count(*) FROM snapshots'))[0][0]);
}
