import * as assert from 'node:assert/strict';
import type { GraphStore } from '../../../src/store';
import { REPO } from './rows';

/** FileStatCache: each source file's stat when its content was read, per repository. */
export function fileStatCacheContract(open: () => Promise<GraphStore>): void {
  let store: GraphStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  const OTHER_REPO = 'f'.repeat(64);
  const stat = (path: string, signature: string, contentHash: string) => ({ path, signature, contentHash });

  it('keeps the latest stat per repository and path, and forgets paths on request', async () => {
    await store.putFileStats(REPO, [stat('a.ts', '10:1:1:7', 'c1'), stat('b.ts', '20:2:2:8', 'c2')]);
    await store.putFileStats(REPO, [stat('a.ts', '11:3:3:7', 'c3')]);
    await store.putFileStats(OTHER_REPO, [stat('a.ts', '99:9:9:9', 'c9')]);
    assert.deepEqual(await store.fileStats(REPO), new Map([['a.ts', stat('a.ts', '11:3:3:7', 'c3')], ['b.ts', stat('b.ts', '20:2:2:8', 'c2')]]));
    await store.deleteFileStats(REPO, ['b.ts', 'never-there.ts']);
    assert.deepEqual([...(await store.fileStats(REPO)).keys()], ['a.ts']);
    assert.deepEqual([...(await store.fileStats(OTHER_REPO)).keys()], ['a.ts']);
    assert.deepEqual(await store.fileStats('0'.repeat(64)), new Map());
  });

  it('is no graph write', async () => {
    const before = await store.generation();
    await store.putFileStats(REPO, [stat('a.ts', '10:1:1:7', 'c1')]);
    await store.deleteFileStats(REPO, ['a.ts']);
    assert.deepEqual(await store.generation(), before);
  });
}
