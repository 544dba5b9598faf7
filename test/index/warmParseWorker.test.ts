import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SKIP_OVER_TIME_BUDGET } from '../../src/extract/workBudget';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { WarmParseWorker } from '../../src/index/warmParseWorker';
import { type GraphStore, openStore } from '../../src/store';
import { liveNodes } from '../helpers/indexFixture';
import { makeTempDir, writeTree } from '../helpers/tempDir';

const REPO_URL = 'example.com/saves';

describe('index: the warm parse worker of a long-lived host (saves)', () => {
  let store: GraphStore;
  let warm: WarmParseWorker;
  beforeEach(async () => {
    store = await openStore(':memory:');
    // The real worker, except that it never answers for a file named hang.go.
    warm = new WarmParseWorker({ stuckAfterMs: 3000, workerScript: path.join(__dirname, 'hangingParseWorker.ts') });
  });
  afterEach(async () => {
    await warm.close();
    await store.close();
  });

  it('replaces the worker stuck on a saved file, skips that file by name, answers queries meanwhile, and parses the next save', async () => {
    const root = makeTempDir();
    writeTree(root, { 'pkg/a.go': 'package pkg\n\nfunc A() int { return 1 }\n', 'pkg/b.go': 'package pkg\n\nfunc B() int { return A() }\n' });
    const warnings: string[] = [];
    const indexer = new RepoIndexer(store, (m) => warnings.push(m), warm);
    await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    await indexer.prepareForEdits(root);

    fs.writeFileSync(path.join(root, 'pkg/hang.go'), 'package pkg\n\nfunc H() {}\n');
    let saved = false;
    const save = indexer.reindexFiles(root, ['pkg/hang.go']).finally(() => {
      saved = true;
    });
    // The host's thread is free while the worker spins: the graph answers.
    const counts = await store.counts();
    assert.ok(counts.nodes > 0);
    assert.equal(saved, false, 'the save is still waiting for the stuck worker');

    const summary = await save;
    assert.equal(summary.skipped[SKIP_OVER_TIME_BUDGET], 1);
    assert.deepEqual(warnings, [`pkg/hang.go: skipped, ${SKIP_OVER_TIME_BUDGET}`]);
    assert.equal(warm.replaced, 1);
    assert.ok((await liveNodes(store)).every((n) => !n.qualifiedName.endsWith('.H')), 'hang.go has no symbols');

    fs.writeFileSync(path.join(root, 'pkg/a.go'), 'package pkg\n\nfunc A() int { return 1 }\n\nfunc A2() int { return 2 }\n');
    const next = await indexer.reindexFiles(root, ['pkg/a.go']);
    assert.equal(next.files.indexed, 1);
    assert.deepEqual(next.skipped, {});
    assert.ok((await liveNodes(store)).some((n) => n.qualifiedName.endsWith('.A2')), 'the replacement worker parsed the next save');
    assert.equal(warm.replaced, 1);
  });

  it('parses a small index run in the warm worker too: a stuck file there is skipped and retried on the next run', async () => {
    const root = makeTempDir();
    writeTree(root, { 'pkg/a.go': 'package pkg\n\nfunc A() int { return 1 }\n', 'pkg/hang.go': 'package pkg\n\nfunc H() {}\n' });
    const indexer = new RepoIndexer(store, () => undefined, warm);
    const first = await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    assert.equal(first.skipped[SKIP_OVER_TIME_BUDGET], 1);
    assert.equal(warm.replaced, 1);
    assert.ok((await liveNodes(store)).some((n) => n.qualifiedName.endsWith('.A')));

    const again = await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    assert.equal(again.newSnapshot, true, 'a file skipped over time is parsed again');
    assert.equal(warm.replaced, 2);
  });

  it('refuses use after close with a named error', async () => {
    await warm.close();
    assert.throws(() => warm.parse('a.go', 'package a\n'), /index\/WarmParseWorker: used after close\(\)/);
  });
});
