import * as assert from 'node:assert/strict';
import { type GraphStore, staticGeneration } from '../../../src/store';
import { FILE, REPO, edge, node } from './rows';

/** Transactions, generations and the bulk path: one writer, and nobody reads half a write. */
export function lifecycleContract(open: () => Promise<GraphStore>): void {
  let store: GraphStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  it('commits a transaction whole, and rolls back all of a failed one', async () => {
    await store.transaction(async (tx) => {
      await tx.replaceFileNodes(FILE, [node('kept')], 1);
    });
    await assert.rejects(store.transaction(async (tx) => {
      await tx.replaceFileNodes(FILE, [node('kept'), node('lost')], 2);
      throw new Error('the run failed');
    }), /the run failed/);
    assert.deepEqual((await store.liveNodesOfFile(FILE)).map((n) => n.qualifiedName), ['example.com/r://a.kept']);
  });

  it('runs transactions one after another, and makes outside readers wait for the commit', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let begun!: () => void;
    const inside = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const first = store.transaction(async (tx) => {
      order.push('first begins');
      await tx.replaceFileNodes(FILE, [node('f')], 1);
      begun();
      await held;
      await tx.replaceFileNodes(FILE, [node('f'), node('g')], 1);
      order.push('first commits');
    });
    try {
      await inside;
      const second = store.transaction(async () => {
        order.push('second begins');
      });
      const reader = store.liveNodesOfFile(FILE).then((nodes) => {
        order.push(`reader sees ${nodes.length}`);
      });
      // Let every queued callback run while the first transaction is held open.
      for (let turn = 0; turn < 20; turn++) await Promise.resolve();
      assert.deepEqual(order, ['first begins'], 'nothing runs inside an open transaction but its own work');
      release();
      await Promise.all([first, second, reader]);
      assert.equal(order[1], 'first commits');
      assert.ok(order.includes('reader sees 2'), `the reader saw the committed write: ${order.join(', ')}`);
    } finally {
      release();
      await first;
    }
  });

  it('counts committed transactions, runtime-only ones apart', async () => {
    const start = await store.generation();
    await store.transaction((tx) => tx.replaceFileNodes(FILE, [node('f')], 1));
    await store.runtimeTransaction((tx) => tx.addRuntimeCounters({ spans_received: 1 }));
    const after = await store.generation();
    assert.equal(after.total - start.total, 2);
    assert.equal(after.runtime - start.runtime, 1);
    assert.equal(staticGeneration(after) - staticGeneration(start), 1);
    await assert.rejects(store.transaction(async () => {
      throw new Error('no commit');
    }));
    assert.deepEqual(await store.generation(), after, 'a rolled-back transaction is no write');
  });

  it('loads a first index in bulk when the backend has the path, with the same rows and events', async function () {
    if (!store.capabilities.bulkLoad) this.skip();
    const [f, g] = [node('f'), node('g')];
    await store.transaction((tx) => tx.bulkLoad(REPO, 1, 's1', async () => {
      await tx.insertNewRows([g, f], [edge(f, g)], REPO, 1);
    }));
    assert.deepEqual((await store.liveNodesOfRepo(REPO)).map((n) => n.nodeHash).sort(), [f.nodeHash, g.nodeHash].sort());
    assert.deepEqual(await store.edgeEventCounts(), { added: 1, removed: 0 });
    assert.deepEqual(await store.ownersOfEdgesInto([g.nodeHash]), [FILE], 'indexes answer again after the load');
  });

  it('says where it persists and whether it shows the newest graph', async () => {
    assert.equal(typeof store.location, 'string');
    assert.equal(await store.isCurrent(), true);
    await store.save();
    assert.equal(await store.isCurrent(), true, 'its own save keeps it current');
  });
}
