import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { StoreOpenError, graphExists, isServerLocation, openStore, shownLocation } from '../../src/store';
import { makeTempDir } from '../helpers/tempDir';

describe('store/open', () => {
  it('opens a graph file path (or :memory:) with the embedded sql.js store', async () => {
    const location = path.join(makeTempDir(), 'graph.sqlite');
    const store = await openStore(location);
    assert.equal(store.location, location);
    assert.deepEqual(store.capabilities, { runtime: true, feedback: true, testScope: true, bulkLoad: true });
    await store.close();
    const memory = await openStore(':memory:');
    assert.equal(memory.location, ':memory:');
    await memory.close();
  });

  it('opens a postgres:// or postgresql:// location with the PostgreSQL store, never as a file name, and never echoes its password', async () => {
    for (const location of ['postgres://ckg:secret@127.0.0.1:1/graph', 'postgresql://ckg:secret@127.0.0.1:1/graph']) {
      await assert.rejects(openStore(location), (error: Error) => error instanceof StoreOpenError
        && error.message.startsWith(`-db ${location.replace('secret', '***')}: cannot connect to PostgreSQL`) && !error.message.includes('secret'));
      assert.equal(isServerLocation(location), true);
      assert.equal(graphExists(location), true, 'the server holds it; opening says when it cannot be reached');
      assert.equal(shownLocation(location), location.replace('secret', '***'));
    }
    assert.equal(isServerLocation('graph.sqlite'), false);
    assert.equal(shownLocation('postgres.sqlite'), 'postgres.sqlite');
  });
});
