import * as assert from 'node:assert/strict';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { type GraphStore, openStore } from '../../src/store';
import { makeTempDir, writeTree } from '../helpers/tempDir';

/** A chain of modules, each calling the one before it: every link crosses a file. */
function chain(length: number, edited?: number): Record<string, string> {
  const tree: Record<string, string> = { 'm0.ts': 'export function f0() { return 0; }\n' };
  for (let i = 1; i < length; i++) {
    const extra = i === edited ? `\nexport function g${i}() { return f${i - 1}() + 1; }\n` : '';
    tree[`m${i}.ts`] = `import { f${i - 1} } from './m${i - 1}';\nexport function f${i}() { return f${i - 1}(); }\n${extra}`;
  }
  return tree;
}

async function liveEdgeHashes(store: GraphStore): Promise<string[]> {
  return (await store.liveEdges({})).map((e) => e.edgeHash).sort();
}

describe('index/RepoSymbolTables', () => {
  it("builds a restarted indexer's table of a large repository from one read of the stored facts, linking as a cold index does", async () => {
    const root = makeTempDir();
    writeTree(root, chain(90));
    const store = await openStore(':memory:');
    await new RepoIndexer(store).index({ repoPath: root });

    let bulkReads = 0;
    let fileReads = 0;
    const readAll = store.liveFactsOfRepo.bind(store);
    const readOne = store.facts.bind(store);
    store.liveFactsOfRepo = (repoHash, version) => {
      bulkReads++;
      return readAll(repoHash, version);
    };
    store.facts = (fileHash, contentHash, version) => {
      fileReads++;
      return readOne(fileHash, contentHash, version);
    };
    writeTree(root, chain(90, 45));
    const summary = await new RepoIndexer(store).index({ repoPath: root });
    assert.equal(summary.files.changed, 1);
    assert.equal(bulkReads, 1, 'the 89 unchanged files were read in one call');
    assert.ok(fileReads <= 2, `${fileReads} files read one by one`);

    const cold = await openStore(':memory:');
    await new RepoIndexer(cold).index({ repoPath: root });
    assert.deepEqual(await liveEdgeHashes(store), await liveEdgeHashes(cold));
    assert.ok((await store.liveEdges({ edgeType: 'calls' })).length >= 90, 'g45 calls f44 across files, as every f does');
  });
});
