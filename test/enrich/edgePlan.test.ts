import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { EdgePlan, lspEdge } from '../../src/enrich/edgePlan';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { Identity, QualifiedName, callSitesOf } from '../../src/model';
import { openStore } from '../../src/store';
import { makeTempDir, writeTree } from '../helpers/tempDir';

describe('enrich/EdgePlan', () => {
  it('gives one lsp_resolved edge every site the language server confirmed for it', async () => {
    const root = fs.realpathSync(makeTempDir());
    writeTree(root, {
      'src/a.ts': 'export function helper(): number { return 1; }\n',
      'src/b.ts': "import { helper } from './a';\nexport function run(): number {\n  return helper() + helper();\n}\n",
    });
    const store = await openStore(':memory:');
    const { repoHash } = await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'test/plan' });
    const nodes = await store.liveNodesOfRepo(repoHash);
    const named = (name: string) => nodes.find((n) => QualifiedName.localPart(n.qualifiedName) === name)!;
    const b = Identity.file(repoHash, 'src/b.ts');
    const contentHash = (await store.liveFile(repoHash, 'src/b.ts'))!.contentHash;
    const plan = new EdgePlan();
    for (const col of [21, 10]) {
      plan.add(repoHash, contentHash, lspEdge(named('src/b.run').nodeHash, named('src/a.helper').nodeHash, 'calls', b, { file: 'src/b.ts', line: 3, col }));
    }
    await store.transaction((tx) => plan.apply(tx));
    const lsp = (await store.liveEdges({ provenance: 'lsp_resolved' }));
    assert.deepEqual(lsp.map((e) => callSitesOf(e).map((s) => `${s.line}:${s.col}`)), [['3:10', '3:21']]);
    await store.close();
  });
});
