import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EdgePlan, lspEdge } from '../../src/enrich/edgePlan';
import { enrichTargetsOf } from '../../src/enrich/targets';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { Identity, QualifiedName } from '../../src/model';
import { type GraphStore, openStore } from '../../src/store';
import { makeTempDir, writeTree } from '../helpers/tempDir';

const FILES = {
  'src/a.ts': 'export function helper(): number { return 1; }\n',
  'src/b.ts': "import { helper } from './a';\nexport function run(): number { return helper(); }\n",
  'src/c.ts': "import { helper } from './a';\nexport const handlers = [helper];\n",
  'src/d.ts': 'export function alone(): number { return 4; }\n',
};

async function indexed(): Promise<{ store: GraphStore; indexer: RepoIndexer; root: string; repoHash: string }> {
  const root = fs.realpathSync(makeTempDir());
  writeTree(root, FILES);
  const store = await openStore(':memory:');
  const indexer = new RepoIndexer(store);
  const summary = await indexer.index({ repoPath: root, repoUrl: 'test/targets' });
  return { store, indexer, root, repoHash: summary.repoHash };
}

const nodeNamed = async (store: GraphStore, repoHash: string, name: string) => {
  const node = (await store.liveNodesOfRepo(repoHash)).find((n) => QualifiedName.localPart(n.qualifiedName) === name);
  assert.ok(node, name);
  return node;
};

describe('enrich/enrichTargetsOf', () => {
  it('names the files an index run parsed, and for each lsp_resolved edge it replaced the file whose query made it', async () => {
    const { store, indexer, root, repoHash } = await indexed();
    const helper = await nodeNamed(store, repoHash, 'src/a.helper');
    const run = await nodeNamed(store, repoHash, 'src/b.run');
    const handlers = await nodeNamed(store, repoHash, 'src/c.handlers');
    // As enrichment leaves them: b's call upgraded (owned by b), c's reference of helper (owned by c, asked on a.ts).
    const plan = new EdgePlan();
    const b = Identity.file(repoHash, 'src/b.ts');
    const c = Identity.file(repoHash, 'src/c.ts');
    const contentOf = async (fileHash: string) => (await store.liveFiles(repoHash)).find((f) => f.fileHash === fileHash)!.contentHash;
    const inferred = (await store.liveEdgesOwnedBy(b)).find((e) => e.edgeType === 'calls')!;
    plan.remove(b, repoHash, await contentOf(b), inferred.edgeHash);
    plan.add(repoHash, await contentOf(b), lspEdge(run.nodeHash, helper.nodeHash, 'calls', b, { file: 'src/b.ts', line: 2, col: 44 }));
    plan.add(repoHash, await contentOf(c), lspEdge(handlers.nodeHash, helper.nodeHash, 'references', c, { file: 'src/c.ts', line: 2, col: 26 }));
    assert.equal(await store.transaction((tx) => plan.apply(tx)), 0);

    // A new export in a.ts re-links b and c: their lsp_resolved edges are rebuilt as static ones.
    fs.appendFileSync(path.join(root, 'src/a.ts'), 'export function more(): number { return 2; }\n');
    const surface = await indexer.reindexFiles(root, ['src/a.ts']);
    assert.deepEqual(surface.parsedPaths, ['src/a.ts']);
    assert.deepEqual(surface.replacedNonStaticEdges.map((e) => `${e.edgeType} ${e.provenance}`).sort(), ['calls lsp_resolved', 'references lsp_resolved']);
    assert.deepEqual((await enrichTargetsOf(store, surface)).map((t) => t.path).sort(), ['src/a.ts', 'src/b.ts']);

    // A body-only edit of d.ts re-links nobody: only d is named, nothing replaced.
    fs.writeFileSync(path.join(root, 'src/d.ts'), 'export function alone(): number { return 5; }\n');
    const body = await indexer.reindexFiles(root, ['src/d.ts']);
    assert.deepEqual([body.parsedPaths, body.replacedNonStaticEdges.length], [['src/d.ts'], 0]);
    assert.deepEqual((await enrichTargetsOf(store, body)).map((t) => t.path), ['src/d.ts']);
  });

  it('leaves out files that are gone, and reports nothing for a run that changed nothing', async () => {
    const { store, indexer, root, repoHash } = await indexed();
    const unchanged = await indexer.index({ repoPath: root, repoUrl: 'test/targets' });
    assert.deepEqual([unchanged.parsedPaths, unchanged.replacedNonStaticEdges], [[], []]);
    assert.deepEqual(await enrichTargetsOf(store, unchanged), []);
    const b = Identity.file(repoHash, 'src/b.ts');
    const gone = await enrichTargetsOf(store, {
      repoHash, parsedPaths: [],
      replacedNonStaticEdges: [lspEdge((await nodeNamed(store, repoHash, 'src/b.run')).nodeHash, '0'.repeat(64), 'references', b, undefined)],
    });
    assert.deepEqual(gone, [], 'a references edge whose target is no longer live names no file');
  });
});
