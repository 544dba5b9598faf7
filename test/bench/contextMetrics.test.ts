import * as assert from 'node:assert/strict';
import { changedSymbols, distinctInOrder, meanScores, median, reachableScores, scoreRanking, touchedLines } from '../../bench/lib/contextMetrics.mjs';

describe('bench context metrics', () => {
  it('scores P@10, R@10, Hit@10 and the reciprocal rank of the first hit', () => {
    const ranked = ['x', 'a', 'y', 'b'];
    assert.deepEqual(scoreRanking(ranked, ['a', 'b', 'c']), { precision: 0.2, recall: 2 / 3, hit: 1, reciprocalRank: 0.5 });
    assert.deepEqual(scoreRanking(ranked, ['z']), { precision: 0, recall: 0, hit: 0, reciprocalRank: 0 });
    const late = [...Array.from({ length: 11 }, (_, i) => `f${i}`), 'a'];
    assert.deepEqual(scoreRanking(late, ['a']), { precision: 0, recall: 0, hit: 0, reciprocalRank: 1 / 12 });
  });

  it('bounds what fusing two rankings could reach: the better first hit per commit, the union of both top tens, every truth file', () => {
    const pairs = [
      // The engine finds a first, the baseline b second: best-of 1; the union holds both.
      { engine: ['a', 'x'], baseline: ['y', 'b'], truth: ['a', 'b', 'c'] },
      // Only the baseline finds d, third; neither finds e.
      { engine: ['x', 'y'], baseline: ['x', 'y', 'd'], truth: ['d', 'e'] },
      // A hit beyond both top tens counts for the MRR, not for P@10.
      { engine: [...Array.from({ length: 10 }, (_, i) => `f${i}`), 'g'], baseline: [], truth: ['g'] },
    ];
    const reach = reachableScores(pairs);
    assert.equal(reach.bestOfMrr, (1 + 1 / 3 + 1 / 11) / 3);
    assert.equal(reach.unionPrecision, (0.2 + 0.1 + 0) / 3);
    assert.equal(reach.ceilingPrecision, (0.3 + 0.2 + 0.1) / 3);
    assert.ok(Number.isNaN(reachableScores([]).bestOfMrr));
  });

  it('averages scores and takes medians', () => {
    const mean = meanScores([{ precision: 0.1, recall: 1, hit: 1, reciprocalRank: 1 }, { precision: 0, recall: 0, hit: 0, reciprocalRank: 0 }]);
    assert.deepEqual(mean, { precision: 0.05, recall: 0.5, hit: 0.5, reciprocalRank: 0.5 });
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 2, 3]), 2.5);
    assert.deepEqual(distinctInOrder(['b', 'a', 'b', 'c']), ['b', 'a', 'c']);
  });

  it('reads the old side of -U0 hunks, a pure insertion touching the line it follows', () => {
    const diff = [
      'diff --git a/src/a.ts b/src/a.ts', '--- a/src/a.ts', '+++ b/src/a.ts', '@@ -3,2 +3,4 @@ x', '@@ -10 +12 @@', '@@ -20,0 +23,2 @@',
      'diff --git a/src/new.ts b/src/new.ts', '--- /dev/null', '+++ b/src/new.ts', '@@ -0,0 +1,3 @@',
    ].join('\n');
    assert.deepEqual([...touchedLines(diff)], [['src/a.ts', [[3, 4], [10, 10], [20, 20]]]]);
  });

  it('finds the symbols whose lines the diff touched, modules left out', () => {
    const touched = new Map([['a.ts', [[10, 12] as [number, number]]]]);
    const nodes = [
      { nodeHash: 'm', kind: 'module', line: 1, endLine: 100, path: 'a.ts' },
      { nodeHash: 'f', kind: 'function', line: 5, endLine: 10, path: 'a.ts' },
      { nodeHash: 'g', kind: 'function', line: 13, endLine: 20, path: 'a.ts' },
      { nodeHash: 'h', kind: 'function', line: 5, endLine: 10, path: 'b.ts' },
    ];
    assert.deepEqual([...changedSymbols(nodes, touched)], ['f']);
  });
});
