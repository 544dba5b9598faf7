import * as assert from 'node:assert/strict';
import { Client } from 'pg';
import { StoreOpenError, openStore } from '../../../src/store';
import { LATEST_POSTGRES_SCHEMA, POSTGRES_MIGRATIONS } from '../../../src/store/postgres/migrations';
import { loadMigrations } from '../../../src/store/sqljs/migrations';
import { type PostgresCluster, sharedPostgresCluster } from '../../support/postgresCluster';
import { startPostgresChild } from '../../support/postgresProcesses';

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('store/postgres: schema', () => {
  let cluster: PostgresCluster;
  before(async () => {
    cluster = await sharedPostgresCluster();
  });

  it('numbers its migrations as the graph-file store does', () => {
    assert.deepEqual(POSTGRES_MIGRATIONS.map((m) => m.version), loadMigrations().map((m) => m.version));
    assert.equal(LATEST_POSTGRES_SCHEMA, POSTGRES_MIGRATIONS.length);
  });

  it('creates the integer-id schema on an empty database, stamped, and opens it again unchanged', async () => {
    const url = await cluster.createDatabase();
    await (await openStore(url)).close();
    await (await openStore(url)).close();
    const meta = await query(url, 'SELECT key, value FROM meta ORDER BY key');
    assert.deepEqual(meta, [{ key: 'format', value: 'code-knowledge-graph' }, { key: 'schema_version', value: String(LATEST_POSTGRES_SCHEMA) }]);
    assert.deepEqual(await query(url, 'SELECT id, hash FROM hashes'), [{ id: '0', hash: '' }], 'id 0 is the empty hash, once');
  });

  it('refuses a schema from a newer ckg with the graph-file store\'s words, and the password masked', async () => {
    const url = await cluster.createDatabase();
    await (await openStore(url)).close();
    await query(url, "UPDATE meta SET value = '99' WHERE key = 'schema_version'");
    await assert.rejects(openStore(url), (error: Error) => error instanceof StoreOpenError
      && error.message.includes(`written by a newer ckg (schema 99; this build knows up to ${LATEST_POSTGRES_SCHEMA}); upgrade ckg`)
      && error.message.includes('postgres://ckg:***@') && !error.message.includes(cluster.password));
  });

  it('never touches a database that holds other tables', async () => {
    const url = await cluster.createDatabase();
    await query(url, 'CREATE TABLE customers (id int)');
    await assert.rejects(openStore(url), (error: Error) => error instanceof StoreOpenError && /not a code-knowledge-graph database; refusing to modify it/.test(error.message));
    assert.deepEqual(await query(url, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"), [{ table_name: 'customers' }]);
  });

  it('lets several processes open one fresh database at once: one migrates, the others find it done', async () => {
    const url = await cluster.createDatabase();
    const children = Array.from({ length: 4 }, () => startPostgresChild('open', url));
    const lines = await Promise.all(children.map((c) => c.firstLine));
    assert.deepEqual(lines, ['opened', 'opened', 'opened', 'opened']);
    assert.deepEqual(await Promise.all(children.map((c) => c.exit)), [0, 0, 0, 0]);
    assert.deepEqual(await query(url, "SELECT value FROM meta WHERE key = 'schema_version'"), [{ value: String(LATEST_POSTGRES_SCHEMA) }]);
    assert.deepEqual(await query(url, 'SELECT count(*)::int AS n FROM generation'), [{ n: 1 }]);
  });

  it('says a wrong password or an unreachable server clearly, without the password', async () => {
    const url = await cluster.createDatabase();
    const wrong = url.replace(cluster.password, 'not-the-password');
    await assert.rejects(openStore(wrong), (error: Error) => error instanceof StoreOpenError
      && /cannot connect to PostgreSQL: password authentication failed/.test(error.message) && !error.message.includes('not-the-password'));
    await assert.rejects(openStore(`postgres://ckg:${cluster.password}@127.0.0.1:1/none`), (error: Error) => error instanceof StoreOpenError
      && /cannot connect to PostgreSQL: .*ECONNREFUSED/.test(error.message) && !error.message.includes(cluster.password));
  });
});
