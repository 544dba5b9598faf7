import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { EdgeEvent } from '../../../src/model';
import { type GraphStore, openStore } from '../../../src/store';
import { makeTempDir } from '../../helpers/tempDir';
import { FILE, OTHER_FILE, REPO, edge, node } from '../contract/rows';

/** A bulk load logs its 'added' events as a range (migration 013) that reads as the rows it stands for. */
describe('store/sqljs: edge event ranges of a bulk load', () => {
  let store: GraphStore;
  afterEach(async () => {
    await store.close();
  });

  const [f, g, h, k] = [node('f'), node('g'), node('h'), node('k')];
  const loaded = [edge(f, g), edge(g, h), edge(h, f)];
  const byRowid = [...loaded].sort((a, b) => (a.edgeHash < b.edgeHash ? -1 : 1));
  const earlier = { ...edge(k, f), ownerFileHash: OTHER_FILE };

  async function loadAfterOneEvent(): Promise<void> {
    await store.transaction((tx) => tx.replaceOwnedEdges(OTHER_FILE, REPO, [earlier], 1, 's1').then(() => undefined));
    await store.transaction((tx) => tx.bulkLoad(REPO, 2, 's2', () => tx.insertNewRows([f, g, h], loaded, REPO, 2)));
  }

  const shape = (events: EdgeEvent[]) => events.map((e) => [e.id, e.edgeHash, e.event, e.snapshotHash]);

  it('reads back the ids, order and snapshot the rows would have had, and later events number after them', async () => {
    store = await openStore(':memory:');
    await loadAfterOneEvent();
    const expected = [[1, earlier.edgeHash, 'added', 's1'], ...byRowid.map((e, i) => [2 + i, e.edgeHash, 'added', 's2'])];
    assert.deepEqual(shape(await store.edgeEvents()), expected);
    assert.deepEqual(shape(await store.edgeEvents(byRowid[1].edgeHash)), [expected[2]]);
    assert.deepEqual(await store.edgeEventCounts(), { added: 4, removed: 0 });
    await store.transaction((tx) => tx.retainOwnedEdges(FILE, new Set(loaded.map((e) => e.edgeHash).filter((e) => e !== byRowid[0].edgeHash)), 3, 's3').then(() => undefined));
    const events = await store.edgeEvents(byRowid[0].edgeHash);
    assert.deepEqual(shape(events), [[2, byRowid[0].edgeHash, 'added', 's2'], [5, byRowid[0].edgeHash, 'removed', 's3']], 'a closed edge keeps its added event');
  });

  it('writes the range out as rows before a row it holds is deleted in the same snapshot', async () => {
    store = await openStore(':memory:');
    await loadAfterOneEvent();
    const keep = new Set(loaded.map((e) => e.edgeHash).filter((e) => e !== byRowid[2].edgeHash));
    await store.transaction((tx) => tx.retainOwnedEdges(FILE, keep, 2, 's2').then(() => undefined));
    assert.deepEqual(shape(await store.edgeEvents()), [
      [1, earlier.edgeHash, 'added', 's1'], ...byRowid.map((e, i) => [2 + i, e.edgeHash, 'added', 's2']), [5, byRowid[2].edgeHash, 'removed', 's2'],
    ]);
    assert.deepEqual(await store.edgeEventCounts(), { added: 4, removed: 1 });
    // Re-opening it in the same snapshot inserts a new row: one more added event, no duplicate of the old.
    await store.transaction((tx) => tx.replaceOwnedEdges(FILE, REPO, loaded, 2, 's2').then(() => undefined));
    assert.deepEqual(shape(await store.edgeEvents(byRowid[2].edgeHash)).map((e) => e[2]), ['added', 'removed', 'added']);
  });

  it('keeps the range across a save and reopen of a graph file', async () => {
    const file = path.join(makeTempDir(), 'graph.sqlite');
    store = await openStore(file);
    await loadAfterOneEvent();
    const before = await store.edgeEvents();
    await store.save();
    await store.close();
    store = await openStore(file);
    assert.deepEqual(await store.edgeEvents(), before);
  });
});
