import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { postgresBinDir } from '../../support/postgresBinaries';
import { startPostgresCluster } from '../../support/postgresCluster';

/** The throwaway cluster the PostgreSQL tests run against (test/support/postgresCluster.ts). */
describe('store/postgres: the test cluster', () => {
  it('fails, naming the package to install, when PostgreSQL is not installed', () => {
    assert.throws(() => postgresBinDir(['/nonexistent/bin']), /PostgreSQL is not installed: .*apt-get install postgresql/);
    assert.ok(fs.existsSync(path.join(postgresBinDir(), 'initdb')), 'this machine has one');
  });

  it('runs the server as a user other than root, and leaves no server or folder behind when stopped', async function () {
    this.timeout(120_000);
    const cluster = await startPostgresCluster();
    const url = await cluster.createDatabase();
    const client = new Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query("SELECT current_setting('data_directory') AS data, pg_backend_pid() AS pid");
    await client.end();
    const folder = path.dirname(rows[0].data as string);
    const postmasterPid = Number(fs.readFileSync(path.join(rows[0].data as string, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const owner = fs.statSync(`/proc/${postmasterPid}`).uid;
    assert.notEqual(owner, 0, 'PostgreSQL refuses root; the server runs as another user');
    cluster.stop();
    assert.equal(fs.existsSync(folder), false, 'the folder is removed');
    // Stopped means exited; the process entry lasts until this process reaps its child.
    const state = (): string => (fs.existsSync(`/proc/${postmasterPid}`) ? fs.readFileSync(`/proc/${postmasterPid}/stat`, 'utf8').split(') ')[1]?.[0] ?? '' : 'gone');
    assert.ok(['gone', 'Z'].includes(state()), `the server is stopped (state ${state()})`);
  });
});
