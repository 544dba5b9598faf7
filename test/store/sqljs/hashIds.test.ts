import * as assert from 'node:assert/strict';
import { openStore } from '../../../src/store';
import type { SqlJsDatabase } from '../../../src/store/sqljs/database';
import { BatchIds, EMPTY_HASH_ID, ensureId, idOf } from '../../../src/store/sqljs/hashIds';

/** The id table of migration 014: one id per hash, never changed, whichever path stored it. */
describe('store/sqljs: hash ids', () => {
  async function database(): Promise<SqlJsDatabase> {
    const store = await openStore(':memory:');
    return (store as unknown as { database: SqlJsDatabase }).database;
  }

  it('gives the empty hash id 0 and every other hash one id, stored once', async () => {
    const db = await database();
    assert.equal(idOf(db, ''), EMPTY_HASH_ID);
    assert.equal(ensureId(db, ''), EMPTY_HASH_ID);
    const a = ensureId(db, 'a');
    assert.equal(ensureId(db, 'a'), a);
    assert.notEqual(ensureId(db, 'b'), a);
    assert.equal(idOf(db, 'never'), undefined);
    assert.equal(db.scalar("SELECT count(*) FROM hashes WHERE hash = 'a'"), 1);
  });

  it('assigns a batch ids in its order, keeps the ids of hashes stored before, and agrees with the table', async () => {
    const db = await database();
    const before = ensureId(db, 'm');
    const ids = new BatchIds(db);
    ids.assignNew(['k', 'm', 'n', 'k']);
    assert.equal(ids.of('m'), before, 'a stored hash keeps its id');
    assert.ok(ids.of('k') < ids.of('n'), 'new ids ascend in the order given');
    ids.assignNew(['p']);
    const late = ids.of('q');
    for (const hash of ['k', 'm', 'n', 'p', 'q', '']) assert.equal(idOf(db, hash), ids.of(hash), hash);
    assert.equal(ids.of('q'), late);
    assert.equal(db.scalar('SELECT count(*) FROM hashes'), 6, "'' and the five hashes, once each");
    assert.equal(ensureId(db, 'r') > late, true, 'a later id never reuses one');
  });

  it("returns a batch's ids in its order, whether or not it remembers them, the stored ones read back", async () => {
    const db = await database();
    const before = ensureId(db, 'y');
    const ids = new BatchIds(db);
    const remembered = ids.assignNew(['w', 'x']);
    const unremembered = ids.assignNew(['x', 'y', 'z', 'z2'], false);
    assert.deepEqual(remembered, [idOf(db, 'w'), idOf(db, 'x')]);
    assert.deepEqual(unremembered, ['x', 'y', 'z', 'z2'].map((hash) => idOf(db, hash)), 'the ids the table holds, in order');
    assert.equal(unremembered[1], before, 'a hash stored before keeps its id');
    assert.equal(unremembered[0], remembered[1], 'a hash this batch remembered keeps its id');
    assert.equal(ids.of('z'), idOf(db, 'z'), 'an unremembered hash is still found by of, in the table');
  });
});
