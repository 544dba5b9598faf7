import * as assert from 'node:assert/strict';
import { StoreLockedError, openStore } from '../../../src/store';
import { type PostgresCluster, sharedPostgresCluster } from '../../support/postgresCluster';
import { startPostgresChild } from '../../support/postgresProcesses';

describe('store/postgres: the writer lock (an advisory lock)', () => {
  let cluster: PostgresCluster;
  before(async () => {
    cluster = await sharedPostgresCluster();
  });

  it('refuses a second writer that will not wait, naming the holder; lets one in once the holder releases', async function () {
    this.timeout(120_000);
    const url = await cluster.createDatabase();
    const holder = startPostgresChild('lock', url);
    assert.equal(await holder.firstLine, 'held', holder.stderr());
    const refused = startPostgresChild('lock', url, '--no-wait');
    const line = await refused.firstLine;
    assert.match(line, /^refused -db postgres:\/\/ckg:\*\*\*@.*another writer holds the lock: ckg pid \d+@.*postgresChild lock.*not waiting \(--no-wait\)/);
    assert.ok(!line.includes(cluster.password));
    await refused.exit;
    const messages: string[] = [];
    const waiting = openStore(url, { writer: { onWait: (message) => messages.push(message) } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    holder.release();
    assert.equal(await holder.exit, 0);
    const store = await waiting;
    assert.match(messages[0] ?? '', /^waiting for the writer lock on postgres:\/\/ckg:\*\*\*@.* held by ckg pid \d+/);
    await store.close();
  });

  it('is let go when its holder is killed: the server ends the session', async function () {
    this.timeout(120_000);
    const url = await cluster.createDatabase();
    const holder = startPostgresChild('lock', url);
    assert.equal(await holder.firstLine, 'held', holder.stderr());
    holder.child.kill('SIGKILL');
    await holder.exit;
    const store = await openStore(url, { writer: { wait: true } });
    await store.close();
    const again = await openStore(url, { writer: { wait: false } });
    await again.close();
  });

  it('lets go of a lock still held when its store closes, so that closing never waits on it', async () => {
    const url = await cluster.createDatabase();
    const server = await openStore(url);
    const lease = await server.lockForWriting({ wait: false });
    await server.close();
    const next = await openStore(url, { writer: { wait: false } });
    await lease.release();
    await next.close();
  });

  it('says a held lock with code store_locked', async () => {
    const url = await cluster.createDatabase();
    const first = await openStore(url, { writer: { wait: false } });
    try {
      await assert.rejects(openStore(url, { writer: { wait: false } }), (error: Error) => error instanceof StoreLockedError && error.code === 'store_locked');
    } finally {
      await first.close();
    }
  });
});
