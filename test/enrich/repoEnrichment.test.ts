import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { enrichRepository } from '../../src/enrich/repoEnrichment';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { openStore } from '../../src/store';
import { makeTempDir, writeTree } from '../helpers/tempDir';

describe('enrich/enrichRepository (a real tsserver)', function () {
  this.timeout(120_000);

  it('checkpoints as it goes: visits are recorded batch by batch, before the run ends', async () => {
    const root = fs.realpathSync(makeTempDir());
    const files: Record<string, string> = { 'src/core.ts': 'export function core(): number { return 1; }\n' };
    for (let i = 0; i < 45; i++) files[`src/m${i}.ts`] = `import { core } from './core';\nexport function f${i}(): number { return core(); }\n`;
    writeTree(root, files);
    const store = await openStore(':memory:');
    const { repoHash } = await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'test/checkpoints' });
    const repo = (await store.repo(repoHash))!;
    const recordedAtCheckpoints: number[] = [];
    const lines: string[] = [];
    const summary = await enrichRepository(store, repo, {
      say: (line) => lines.push(line),
      checkpointEveryMs: 0,
      checkpoint: async () => {
        recordedAtCheckpoints.push((await store.enrichmentSummary(repoHash))[0]?.files ?? 0);
      },
    });
    assert.deepEqual(summary.servers.map((s) => [s.server, s.asked, s.left, s.failure]), [['tsserver', 46, 0, undefined]]);
    assert.deepEqual(recordedAtCheckpoints, [20, 40, 46], 'one checkpoint per batch of 20 files, each after recording its visits');
    assert.deepEqual(await store.enrichmentSummary(repoHash), [{ source: 'lsp:tsserver', files: 46, lastAt: (await store.enrichmentSummary(repoHash))[0].lastAt }]);
    assert.match(lines.join('\n'), /tsserver: asking about 46 files of 46/);
    await store.close();
  });
});
