import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Pool } from 'pg';
import { META_KEYS } from '../../../src/mcp/server';
import { type GenerationNotice, type GraphStore, openStore } from '../../../src/store';
import { ROOT, ckg, exited, startHttp } from '../../helpers/builtCli';
import { eventually } from '../../helpers/gitRepo';
import { type PostgresCluster, sharedPostgresCluster } from '../../support/postgresCluster';
import { FILE, node } from '../contract/rows';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'repos');

/** Connections that LISTEN for generations on the database `url` names. */
async function listeners(url: string): Promise<number> {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    const result = await pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'ckg listen' AND datname = current_database()");
    return result.rows[0].n as number;
  } finally {
    await pool.end();
  }
}

/** Ends every listening connection of that database from the server's side, as a restart or a firewall would. */
async function dropListeners(url: string): Promise<void> {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    await pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'ckg listen' AND datname = current_database()");
  } finally {
    await pool.end();
  }
}

describe('store/postgres: replicas hear of new generations (LISTEN/NOTIFY)', function () {
  this.timeout(180_000);
  let cluster: PostgresCluster;
  before(async () => {
    cluster = await sharedPostgresCluster();
  });

  describe('the store', () => {
    let url: string;
    let writer: GraphStore;
    let reader: GraphStore;
    beforeEach(async () => {
      url = await cluster.createDatabase();
      writer = await openStore(url);
      reader = await openStore(url);
    });
    afterEach(async () => {
      await writer.close();
      await reader.close();
    });

    it('tells a watcher of another process\'s commit with its generation, and records when it was committed', async () => {
      const heard: GenerationNotice[] = [];
      const watch = reader.watchGenerations!((notice) => heard.push(notice));
      try {
        await eventually('listening', () => watch.listening);
        assert.deepEqual(heard, [{ kind: 'resync' }]);
        const before = Date.now() / 1000;
        await writer.transaction((tx) => tx.replaceFileNodes(FILE, [node('a')], 1));
        await writer.runtimeTransaction((tx) => tx.addRuntimeCounters({ spans_received: 1 }));
        const after = Date.now() / 1000;
        const { total, runtime, committedAt } = await reader.generation();
        await eventually('both notices', () => heard.length === 3);
        assert.deepEqual(heard.slice(1), [{ kind: 'committed', total: total - 1, runtime: runtime - 1 }, { kind: 'committed', total, runtime }]);
        assert.ok(committedAt! >= before - 1 && committedAt! <= after + 1, `${committedAt} within [${before}, ${after}]`);
        await assert.rejects(writer.transaction(async (tx) => {
          await tx.replaceFileNodes(FILE, [node('b')], 2);
          throw new Error('rolled back');
        }));
        await writer.transaction((tx) => tx.replaceFileNodes(FILE, [node('c')], 2));
        await eventually('the next commit', () => heard.length === 4);
        assert.deepEqual(heard[3], { kind: 'committed', total: total + 1, runtime }, 'a rolled-back transaction announces nothing');
      } finally {
        await watch.close();
      }
    });

    it('reconnects a dropped listener and says it may have missed notices; the generation row stays the truth meanwhile', async () => {
      const heard: GenerationNotice[] = [];
      const logged: string[] = [];
      const watch = reader.watchGenerations!((notice) => heard.push(notice), (message) => logged.push(message));
      try {
        await eventually('listening', () => watch.listening);
        await dropListeners(url);
        await eventually('the drop noticed', () => !watch.listening || heard.filter((n) => n.kind === 'resync').length > 1);
        await writer.transaction((tx) => tx.replaceFileNodes(FILE, [node('while down')], 1));
        assert.equal((await reader.generation()).total, (await writer.generation()).total);
        await eventually('listening again', () => watch.listening && heard.filter((n) => n.kind === 'resync').length === 2, 30_000);
        assert.match(logged.join('\n'), /lost the connection that listens for new generations/);
        assert.ok(!logged.join('\n').includes(cluster.password));
      } finally {
        await watch.close();
      }
      assert.equal(await listeners(url), 0, 'a closed watch leaves no connection behind');
    });
  });

  it('two ckg mcp servers on one database: a write through one is in the other\'s next reply, whose generation moved', async () => {
    const url = await cluster.createDatabase();
    assert.equal(ckg('index', path.join(FIXTURES, 'ts-basic'), '--repo-url', 'fixtures/ts-basic', '-db', url).status, 0);
    const first = await startHttp(url, '--allow-root', FIXTURES);
    const second = await startHttp(url);
    const clients: McpClient[] = [];
    const connect = async (at: string) => {
      const client = new McpClient({ name: 'replica-test', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(at)));
      clients.push(client);
      return client;
    };
    try {
      const [one, two] = [await connect(first.url), await connect(second.url)];
      await eventually('both servers listening', async () => (await listeners(url)) === 2);
      const query = () => two.callTool({ name: 'graph_query', arguments: { prefix: 'fixtures/go-basic://' } });
      const before = await query();
      assert.deepEqual((before.structuredContent as { items: unknown[] }).items, []);
      const generationBefore = before._meta?.[META_KEYS.generation] as number;
      assert.equal(typeof before._meta?.[META_KEYS.generationAge], 'number');
      const indexed = await one.callTool({ name: 'index_repo', arguments: { repo_url: 'fixtures/go-basic', repo_path: path.join(FIXTURES, 'go-basic') } });
      assert.ok(!indexed.isError, JSON.stringify(indexed.content));
      const after = await query();
      assert.ok((after.structuredContent as { items: unknown[] }).items.length > 0, 'the other server answers from the new graph');
      assert.ok((after._meta?.[META_KEYS.generation] as number) > generationBefore);
      assert.ok((after._meta?.[META_KEYS.generationAge] as number) >= 0);
      // Listeners dropped: replies stay current (the generation row), and the listeners come back.
      await dropListeners(url);
      assert.equal(ckg('index', path.join(FIXTURES, 'py-basic'), '--repo-url', 'fixtures/py-basic', '-db', url).status, 0);
      const third = await two.callTool({ name: 'graph_query', arguments: { prefix: 'fixtures/py-basic://' } });
      assert.ok((third.structuredContent as { items: unknown[] }).items.length > 0);
      assert.ok((third._meta?.[META_KEYS.generation] as number) > (after._meta?.[META_KEYS.generation] as number));
      await eventually('both listening again', async () => (await listeners(url)) === 2, 60_000);
    } finally {
      for (const client of clients) await client.close();
      first.child.kill('SIGTERM');
      second.child.kill('SIGTERM');
    }
    assert.equal(await exited(first.child), 0, first.stderr());
    assert.equal(await exited(second.child), 0, second.stderr());
    assert.ok(!`${first.stderr()}${second.stderr()}`.includes(cluster.password));
  });
});
