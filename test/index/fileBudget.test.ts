import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { extractFile } from '../../src/extract/parser';
import { SKIP_OVER_TIME_BUDGET, SKIP_OVER_WORK_BUDGET } from '../../src/extract/workBudget';
import { ParsePool } from '../../src/index/parsePool';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { type GraphStore, openStore } from '../../src/store';
import { liveNodes } from '../helpers/indexFixture';
import { makeTempDir, writeTree } from '../helpers/tempDir';

/** Ten small Go files: more than the inline limit, so the run uses the parse pool. */
function goFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 10; i++) files[`pkg/f${i}.go`] = `package pkg\n\nfunc F${i}() int { return ${i} }\n`;
  return files;
}

describe('index: bounded work per file', () => {
  let store: GraphStore;
  beforeEach(async () => {
    store = await openStore(':memory:');
  });
  afterEach(() => store.close());

  it('skips 100 KB of ( with the work-budget reason, names it, and indexes the rest through the parse pool', async () => {
    const root = makeTempDir();
    writeTree(root, { ...goFiles(), 'pkg/parens.go': '('.repeat(100_000) });
    const warnings: string[] = [];
    // No time limit: the cut-off is the counted work alone, the same on every machine.
    const summary = await new RepoIndexer(store, (m) => warnings.push(m)).index({
      repoPath: root, repoUrl: 'example.com/budget', workers: 2, fileBudget: { milliseconds: 0 },
    });
    assert.equal(summary.skipped[SKIP_OVER_WORK_BUDGET], 1);
    assert.deepEqual(warnings, [`pkg/parens.go: skipped, ${SKIP_OVER_WORK_BUDGET}`]);
    assert.equal(summary.files.indexed, 11);
    const functions = (await liveNodes(store)).filter((n) => n.kind === 'function');
    assert.equal(functions.length, 10);

    const again = await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'example.com/budget', workers: 2, fileBudget: { milliseconds: 0 } });
    assert.equal(again.newSnapshot, false, 'the skipped file is not parsed again while unchanged');
  });

  it('parses a file skipped over the time budget again on the next index: the machine was busy, the file may pass', async () => {
    const root = makeTempDir();
    const big = Array.from({ length: 20_000 }, (_, i) => `func G${i}() int { return ${i} }`).join('\n');
    writeTree(root, { ...goFiles(), 'pkg/big.go': `package pkg\n\n${big}\n` });
    const index = (milliseconds?: number) => new RepoIndexer(store, () => undefined).index({
      repoPath: root, repoUrl: 'example.com/budget', workers: 2, fileBudget: { milliseconds },
    });
    // A millisecond is over long before 20,000 functions are parsed, on any machine (a
    // worker's first files may miss it too, loading their grammar).
    const cut = await index(1);
    assert.ok((cut.skipped[SKIP_OVER_TIME_BUDGET] ?? 0) >= 1, JSON.stringify(cut.skipped));
    assert.ok((await liveNodes(store)).every((n) => !n.qualifiedName.endsWith('.G0')), 'big.go was skipped');
    const again = await index();
    assert.equal(again.newSnapshot, true, 'the file counts as not indexed yet');
    assert.equal(again.skipped[SKIP_OVER_TIME_BUDGET], undefined);
    assert.equal((await liveNodes(store)).filter((n) => n.kind === 'function').length, 20_010);
    assert.equal((await index()).newSnapshot, false, 'once parsed, it is kept like any other file');
  });

  it('cuts off a file by work units, deterministically: a tiny budget skips an ordinary file, the default keeps it', async () => {
    const source = 'package pkg\n\nfunc F() int { return 1 }\n';
    assert.equal((await extractFile('f.go', source, { milliseconds: 0, workUnits: 10 }))?.skipReason, SKIP_OVER_WORK_BUDGET);
    assert.equal((await extractFile('f.go', source))?.skipReason, undefined);
    assert.equal((await extractFile('q.sql', 'CREATE TABLE t (id INT);', { milliseconds: 0, workUnits: 5 }))?.skipReason, SKIP_OVER_WORK_BUDGET);
  });

  it('replaces a worker stuck on one file, skips that file over the time budget, and parses the others', async () => {
    const pool = new ParsePool(1, { stuckAfterMs: 3000, workerScript: path.join(__dirname, 'hangingParseWorker.ts') });
    try {
      const sources = goFiles();
      const outcomes = await Promise.all([
        pool.parse('pkg/hang.go', 'package pkg\n'),
        ...Object.entries(sources).map(([p, s]) => pool.parse(p, s)),
      ]);
      assert.equal(outcomes[0]!.facts?.skipReason, SKIP_OVER_TIME_BUDGET);
      for (const outcome of outcomes.slice(1)) assert.equal(outcome.facts?.symbols.length, 1, JSON.stringify(outcome.facts ?? outcome.error));
      assert.equal(pool.replaced, 1);
    } finally {
      await pool.close();
    }
  });
});
