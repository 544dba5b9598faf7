import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { META_KEYS } from '../../src/mcp/server';
import { openServerDeps, serverDepsFor } from '../../src/mcp/serverDeps';
import { openStore } from '../../src/store';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';
import { connect, structured } from './mcpHarness';

/** Another process's `ckg index`: a separate store that saves over the same file. */
async function indexElsewhere(db: string, fixture: string): Promise<void> {
  const store = await openStore(db);
  await new RepoIndexer(store).index({ repoPath: path.join(FIXTURE_REPOS, fixture), repoUrl: `fixtures/${fixture}` });
  await store.save();
  await store.close();
}

const repoUrls = async (call: (n: string, a?: Record<string, unknown>) => Promise<unknown>): Promise<string[]> => {
  const nodes = structured<{ items: Array<{ QualifiedName: string }> }>(await call('graph_query', { prefix: 'fixtures/' }) as never).items;
  return [...new Set(nodes.map((n) => n.QualifiedName.split('://')[0]))];
};

describe('mcp/serverDeps', () => {
  it('re-reads the graph file when another process wrote a newer one, and reports a growing generation', async () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    await indexElsewhere(db, 'go-basic');
    const deps = await openServerDeps(db);
    const mcp = await connect(deps);
    try {
      const first = await mcp.call('graph_query', { prefix: 'fixtures/' });
      assert.deepEqual(await repoUrls(mcp.call), ['fixtures/go-basic']);
      const before = deps.store();
      await indexElsewhere(db, 'py-basic');
      const second = await mcp.call('graph_query', { prefix: 'fixtures/' });
      assert.deepEqual(await repoUrls(mcp.call), ['fixtures/go-basic', 'fixtures/py-basic'], 'no stale answer after the file changed');
      assert.notEqual(deps.store(), before, 'a new store was read');
      await assert.rejects(before.repos(), 'the replaced store is closed once no request uses it');
      assert.ok((second._meta?.[META_KEYS.generation] as number) > (first._meta?.[META_KEYS.generation] as number));
      const unchanged = deps.store();
      await mcp.call('trace_stats');
      assert.equal(deps.store(), unchanged, 'an unchanged file is not read again');
    } finally {
      await mcp.close();
      await deps.close();
    }
  });

  it('does not re-read the file after its own index, and indexes on top of a newer file', async () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    assert.ok(!fs.existsSync(db));
    const deps = await openServerDeps(db);
    const mcp = await connect(deps);
    try {
      await mcp.call('index_repo', { repo_url: 'fixtures/go-basic', repo_path: path.join(FIXTURE_REPOS, 'go-basic') });
      assert.ok(fs.existsSync(db), 'index_repo saved the file');
      const own = deps.store();
      await mcp.call('trace_stats');
      assert.equal(deps.store(), own, 'its own save is not a newer file');
      await indexElsewhere(db, 'py-basic');
      await mcp.call('index_repo', { repo_url: 'fixtures/ts-basic', repo_path: path.join(FIXTURE_REPOS, 'ts-basic') });
      assert.deepEqual(await repoUrls(mcp.call), ['fixtures/go-basic', 'fixtures/py-basic', 'fixtures/ts-basic'],
        'the other process\'s repo survived this index');
      const onDisk = await openStore(db);
      assert.deepEqual((await onDisk.repos()).map((r) => r.repoUrl), ['fixtures/go-basic', 'fixtures/py-basic', 'fixtures/ts-basic']);
      await onDisk.close();
    } finally {
      await mcp.close();
      await deps.close();
    }
  });

  it('runs one index at a time', async () => {
    const deps = serverDepsFor(await openStore(':memory:'));
    const repoPath = path.join(FIXTURE_REPOS, 'go-basic');
    const events: string[] = [];
    const results = await Promise.all([1, 2, 3].map((run) =>
      deps.index({ repoPath, repoUrl: 'fixtures/go-basic', onProgress: (p) => events.push(`${run}:${p.phase}`) })));
    const runs = events.map((e) => e.split(':')[0]);
    assert.deepEqual(runs, [...runs].sort(), 'no run starts before the previous one is done');
    assert.ok(events.includes('1:done') && events.includes('3:done'));
    assert.deepEqual(results.map((r) => r.newSnapshot), [true, false, false], 'queued runs see the first one\'s work');
    await deps.close();
  });

  it('keeps answering from memory when the file cannot be read, and says so', async () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    await indexElsewhere(db, 'go-basic');
    const logged: string[] = [];
    const deps = await openServerDeps(db, { log: (m) => logged.push(m) });
    const mcp = await connect(deps);
    try {
      fs.writeFileSync(db, 'not a database');
      assert.deepEqual(await repoUrls(mcp.call), ['fixtures/go-basic']);
      assert.match(logged.join('\n'), /cannot re-read .*graph\.sqlite: .*not a graph database.*answering from the graph in memory/);
    } finally {
      await mcp.close();
      await deps.close();
    }
  });

  it('indexes under the writer lock: waits for another writer, says so, then indexes on top of its graph', async () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    await indexElsewhere(db, 'go-basic');
    const logged: string[] = [];
    const deps = await openServerDeps(db, { log: (m) => logged.push(m), writerCommand: 'ckg serve' });
    try {
      const other = await openStore(db, { writer: { command: 'ckg index ts-basic' } });
      const indexing = deps.index({ repoPath: path.join(FIXTURE_REPOS, 'py-basic'), repoUrl: 'fixtures/py-basic' });
      while (!logged.some((m) => m.includes('waiting for the writer lock'))) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.match(logged.join('\n'), new RegExp(`ckg serve: waiting for the writer lock on .*graph\\.sqlite held by pid ${process.pid} \\(ckg index ts-basic\\)`));
      // What the other writer saves while this one waits must survive.
      await new RepoIndexer(other).index({ repoPath: path.join(FIXTURE_REPOS, 'ts-basic'), repoUrl: 'fixtures/ts-basic' });
      await other.save();
      await other.close();
      await indexing;
      assert.ok(!fs.existsSync(`${db}.lock`), 'the lock was let go after the save');
    } finally {
      await deps.close();
    }
    const onDisk = await openStore(db);
    assert.deepEqual((await onDisk.repos()).map((r) => r.repoUrl).sort(), ['fixtures/go-basic', 'fixtures/py-basic', 'fixtures/ts-basic']);
    await onDisk.close();
  });

  it('holds the writer lock from a graph write until persist() has saved it', async () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    await indexElsewhere(db, 'go-basic');
    const deps = await openServerDeps(db);
    try {
      assert.ok(!fs.existsSync(`${db}.lock`), 'a server that only reads holds no lock');
      await deps.withGraphWrite(() => deps.store().addRuntimeCounters({ spans_received: 1 }));
      assert.equal(JSON.parse(fs.readFileSync(`${db}.lock`, 'utf8')).command, 'ckg mcp', 'held until saved');
      await deps.persist();
      assert.ok(!fs.existsSync(`${db}.lock`));
    } finally {
      await deps.close();
    }
  });

  it('refuses to save a change made without the lock over a graph another writer saved since', async () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    await indexElsewhere(db, 'go-basic');
    const deps = await openServerDeps(db);
    try {
      await deps.store().addRuntimeCounters({ spans_received: 1 });
      await indexElsewhere(db, 'py-basic');
      await assert.rejects(deps.persist(), /another writer changed .*graph\.sqlite since this server read it; not saving over it/);
      assert.ok(!fs.existsSync(`${db}.lock`));
    } finally {
      await deps.close();
    }
    const onDisk = await openStore(db);
    assert.deepEqual((await onDisk.repos()).map((r) => r.repoUrl).sort(), ['fixtures/go-basic', 'fixtures/py-basic']);
    await onDisk.close();
  });

  it('validates the reply cap', async () => {
    const store = await openStore(':memory:');
    assert.throws(() => serverDepsFor(store, { replyTokenCap: 10 }), /mcp\/serverDeps: replyTokenCap must be an integer above 64/);
    assert.equal(serverDepsFor(store).replyTokenCap, 25_000);
    await store.close();
  });
});
