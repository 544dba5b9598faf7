import * as assert from 'node:assert/strict';
import { type GraphStore, openStore, staticGeneration } from '../../../src/store';
import { type PostgresCluster, sharedPostgresCluster } from '../../support/postgresCluster';
import { startPostgresChild } from '../../support/postgresProcesses';
import { FILE, node } from '../contract/rows';

const names = async (store: GraphStore): Promise<string[]> => (await store.liveNodesOfFile(FILE)).map((n) => n.qualifiedName.split('.').pop()!).sort();

describe('store/postgres: transactions between processes', () => {
  let cluster: PostgresCluster;
  const open: GraphStore[] = [];
  before(async () => {
    cluster = await sharedPostgresCluster();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((store) => store.close()));
  });
  const openOn = async (url: string): Promise<GraphStore> => {
    const store = await openStore(url);
    open.push(store);
    return store;
  };

  it('shows another store nothing of an open transaction, all of it once committed, and nothing of a rolled-back one', async () => {
    const url = await cluster.createDatabase();
    const [writer, reader] = [await openOn(url), await openOn(url)];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inside!: () => void;
    const begun = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const run = writer.transaction(async (tx) => {
      await tx.replaceFileNodes(FILE, [node('f'), node('g')], 1);
      inside();
      await held;
    });
    await begun;
    assert.deepEqual(await names(reader), [], 'another store does not see an open transaction');
    release();
    await run;
    assert.deepEqual(await names(reader), ['f', 'g']);
    await assert.rejects(writer.transaction(async (tx) => {
      await tx.replaceFileNodes(FILE, [node('h')], 2);
      throw new Error('the run failed');
    }), /the run failed/);
    assert.deepEqual(await names(reader), ['f', 'g'], 'a rolled-back transaction leaves the committed graph');
  });

  it('tells every store of the database that the graph moved: the generation is a row they all read', async () => {
    const url = await cluster.createDatabase();
    const [writer, server] = [await openOn(url), await openOn(url)];
    const before = await server.generation();
    await writer.transaction((tx) => tx.replaceFileNodes(FILE, [node('f')], 1));
    await writer.runtimeTransaction((tx) => tx.addRuntimeCounters({ spans_received: 1 }));
    const after = await server.generation();
    assert.equal(after.total - before.total, 2);
    assert.equal(staticGeneration(after) - staticGeneration(before), 1, 'a runtime-only write leaves the static generation');
    assert.notEqual(await server.persistedVersion(), undefined);
    assert.equal(await server.isCurrent(), true, 'a server database is always current');
  });

  it('adds up observations that two stores write into one edge at once: no update is lost', async () => {
    const url = await cluster.createDatabase();
    const stores = [await openOn(url), await openOn(url)];
    const edgeHash = 'e'.repeat(64);
    await Promise.all(stores.map((store) => Promise.all(Array.from({ length: 25 }, () =>
      store.runtimeTransaction((tx) => tx.addObservations(edgeHash, 20_000, 2))))));
    assert.deepEqual(await stores[0].observationTotals([edgeHash], 0), new Map([[edgeHash, 100]]));
  });

  it('keeps the last committed graph when a writer is killed inside a transaction', async function () {
    this.timeout(120_000);
    const url = await cluster.createDatabase();
    const child = startPostgresChild('kill-in-transaction', url);
    assert.equal(await child.firstLine, 'inside', child.stderr());
    child.child.kill('SIGKILL');
    await child.exit;
    const store = await openOn(url);
    assert.deepEqual(await names(store), ['committed']);
    await store.transaction((tx) => tx.replaceFileNodes(FILE, [node('committed'), node('after')], 2));
    assert.deepEqual(await names(store), ['after', 'committed'], 'the killed writer left nothing locked');
  });
});
