import * as assert from 'node:assert/strict';
import { fuseByFile, reciprocalRankFusion } from '../../src/context/fusion';
import type { RankedSymbol } from '../../src/context/ranking';
import { ContextGraph } from './contextGraph';

describe('context/fusion', () => {
  it('sums 1 / (k + rank) over the rankings that hold an item', () => {
    const fused = reciprocalRankFusion([['a', 'b'], ['b', 'c']], 10);
    assert.equal(fused.get('a'), 1 / 11);
    assert.equal(fused.get('b'), 1 / 12 + 1 / 11);
    assert.equal(fused.get('c'), 1 / 12);
    assert.throws(() => reciprocalRankFusion([['a']], -1), { message: 'context/fusion: k must be a finite number >= 0' });
  });

  it('lifts a file both channels rank, decays siblings and adds files only the lexical channel found', () => {
    const g = new ContextGraph();
    const hub = g.node('hub.f', { file: 'hub.py' });
    const target = g.node('target.f', { file: 'target.py' });
    const sibling = g.node('target.g', { file: 'target.py', line: 5 });
    const lexicalOnly = g.node('docs.h', { file: 'docs.py' });
    const walked: RankedSymbol[] = [
      { node: hub, score: 0.9, distance: 1 },
      { node: target, score: 0.05, distance: 0 },
      { node: sibling, score: 0.01, distance: 1 },
    ];
    const fused = fuseByFile(walked, [target.fileHash, lexicalOnly.fileHash], (file) => (file === lexicalOnly.fileHash ? [lexicalOnly] : []), { k: 60 });
    assert.deepEqual(fused.map((s) => s.node.qualifiedName.split('://')[1]), ['target.f', 'hub.f', 'target.g', 'docs.h']);
    assert.equal(fused[0].score, 1 / 62 + 1 / 61);
    assert.equal(fused[2].score, (1 / 62 + 1 / 61) / 2);
    assert.equal(fused[3].distance, 0);
    assert.throws(() => fuseByFile(walked, [], () => [], { siblingDecay: 0 }), { message: 'context/fusion: siblingDecay must be in (0,1]' });
  });
});
