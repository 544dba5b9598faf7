import * as assert from 'node:assert/strict';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { openStore } from '../../src/store';
import { nodeNames } from '../helpers/indexFixture';
import { makeTempDir, writeTree } from '../helpers/tempDir';

describe('index/RepoIndexer after a restart', () => {
  it('re-indexes a saved file when the first index of this process found nothing changed', async () => {
    const root = makeTempDir();
    writeTree(root, { 'a.ts': 'export function a() { return 1; }\n', 'b.ts': "import { a } from './a';\nexport function b() { return a(); }\n" });
    const store = await openStore(':memory:');
    await new RepoIndexer(store).index({ repoPath: root });
    // A new process over the same graph: its first index changes nothing and loads no table.
    const restarted = new RepoIndexer(store);
    assert.equal((await restarted.index({ repoPath: root })).newSnapshot, false);
    await restarted.prepareForEdits(root);
    writeTree(root, { 'b.ts': "import { a } from './a';\nexport function b() { return a() + a(); }\nexport function c() { return a(); }\n" });
    const summary = await restarted.reindexFiles(root, ['b.ts']);
    assert.equal(summary.files.changed, 1);
    const name = await nodeNames(store);
    const names = (await store.liveEdges({ edgeType: 'calls' })).map((e) => name(e.sourceHash).split('.').pop()).sort();
    assert.deepEqual(names, ['b', 'c'], 'the call from the new function c links through the loaded table');
  });
});
