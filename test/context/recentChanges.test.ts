import * as assert from 'node:assert/strict';
import { buildTaskContext } from '../../src/context/contextBuilder';
import { recentChangeScores, recentlyChangedFiles, withRecentChanges } from '../../src/context/recentChanges';
import { symbolIndexOf } from '../../src/context/symbolIndex';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { GraphCache } from '../../src/query/graphCache';
import { openStore } from '../../src/store';
import { commitFiles, git } from '../helpers/gitRepo';
import { makeTempDir } from '../helpers/tempDir';

describe('context/recentChanges', () => {
  it('weighs each commit by its age, halving every half-life, on a log scale relative to the best', () => {
    // Newest first: a.ts changed in the newest commit and once more a half-life back; b.ts once, long ago.
    const scores = recentChangeScores([['a.ts'], ['c.ts'], ['a.ts', 'b.ts']], 2);
    const sum = { a: 1 + 0.5, b: 0.5, c: 2 ** -0.5 };
    assert.deepEqual([...scores.keys()].sort(), ['a.ts', 'b.ts', 'c.ts']);
    assert.equal(scores.get('a.ts'), 1);
    assert.ok(Math.abs(scores.get('b.ts')! - Math.log1p(sum.b) / Math.log1p(sum.a)) < 1e-12);
    assert.ok(Math.abs(scores.get('c.ts')! - Math.log1p(sum.c) / Math.log1p(sum.a)) < 1e-12);
    assert.deepEqual([...recentChangeScores([])], []);
  });

  it('puts the lately changed file first of two the task matches alike, and adds no file the task does not match', async () => {
    const root = makeTempDir();
    git(root, 'init', '-q');
    const invoice = (n: number) => `export function renderInvoiceTotal(amount: number) { return amount * ${n}; }\n`;
    commitFiles(root, {
      'src/zbilling/invoice.ts': invoice(1),
      'src/alegacy/invoice.ts': invoice(1),
      'src/other/busy.ts': 'export function unrelatedWork() { return 0; }\n',
    }, 'start');
    // The billing copy and an unrelated file keep changing; the legacy copy, first by name, never does.
    for (let i = 2; i < 6; i++) commitFiles(root, { 'src/zbilling/invoice.ts': invoice(i), 'src/other/busy.ts': `export function unrelatedWork() { return ${i}; }\n` }, `work ${i}`);
    // Both copies read alike again: only the history tells them apart.
    commitFiles(root, { 'src/zbilling/invoice.ts': invoice(1) }, 'back to one');
    assert.ok(recentlyChangedFiles(root)!.get('src/zbilling/invoice.ts')! > recentlyChangedFiles(root)!.get('src/alegacy/invoice.ts')!);
    assert.equal(recentlyChangedFiles(makeTempDir()), undefined, 'outside git: no history');

    const store = await openStore(':memory:');
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'local/recent' });
    const view = await new GraphCache(() => store).liveView();
    const index = symbolIndexOf(view);
    const textHits = index.searchText('render the invoice total', 100);
    const pathOf = (fileHash: string) => view.files.get(fileHash)!.path;
    const before = [...textHits.files].map(([f, s]) => [pathOf(f), s]);
    assert.deepEqual(before.map(([p]) => p).sort(), ['src/alegacy/invoice.ts', 'src/zbilling/invoice.ts']);
    assert.equal(before[0]![1], before[1]![1], 'the words alone tie');
    const after = withRecentChanges(index, textHits);
    assert.deepEqual([...after.files].map(([f, s]) => [pathOf(f), s]).map(([p]) => p), ['src/zbilling/invoice.ts', 'src/alegacy/invoice.ts']);
    assert.equal([...after.files.values()][0], 1);

    const context = buildTaskContext({ view }, { description: 'render the invoice total', tokenBudget: 2000, format: 'json' });
    const files = (JSON.parse(context.content) as { symbols: Array<{ file: string }> }).symbols.map((s) => s.file);
    assert.equal(files[0], 'src/zbilling/invoice.ts');
    assert.ok(!files.includes('src/other/busy.ts'), `a busy file the task does not match stays out: ${files.join(', ')}`);
    await store.close();
  });
});
