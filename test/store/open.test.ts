import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { StoreOpenError, openStore } from '../../src/store';
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

  it('refuses a postgres:// location clearly until that backend exists, never as a file name', async () => {
    for (const location of ['postgres://ckg@db.example/graph', 'postgresql://ckg:secret@db.example/graph']) {
      await assert.rejects(openStore(location), (error: Error) => error instanceof StoreOpenError
        && /PostgreSQL backend is not built yet/.test(error.message) && !error.message.includes('secret'));
    }
  });
});
