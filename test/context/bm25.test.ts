import * as assert from 'node:assert/strict';
import { Bm25Index, DEFAULTS } from '../../src/context/bm25';

describe('context/bm25', () => {
  it('validates its parameters, naming the module', () => {
    assert.throws(() => new Bm25Index([], { k1: -1 }), { message: 'context/bm25: k1 must be a finite number >= 0' });
    assert.throws(() => new Bm25Index([], { k1: Number.NaN }), /k1 must be/);
    assert.throws(() => new Bm25Index([], { b: 1.5 }), { message: 'context/bm25: b must be in [0,1]' });
    assert.throws(() => new Bm25Index([['a']]).search(['a'], 0), { message: 'context/bm25: limit must be a positive integer' });
    assert.deepEqual(DEFAULTS, { k1: 1.2, b: 0.75 });
  });

  it('ranks rare terms above common ones and repeated terms above single ones', () => {
    const index = new Bm25Index([
      ['workspace', 'start'], // 0
      ['workspace', 'stop', 'timeout'], // 1
      ['workspace', 'list'], // 2
      ['timeout', 'timeout', 'config'], // 3
    ]);
    assert.equal(index.size, 4);
    assert.equal(index.documentFrequency('workspace'), 3);
    assert.equal(index.documentFrequency('missing'), 0);
    const hits = index.search(['workspace', 'timeout'], 10);
    assert.equal(hits[0].doc, 1, 'both terms');
    assert.equal(hits[1].doc, 3, 'the rarer term twice beats the common one');
    assert.deepEqual(hits.map((h) => h.doc).slice(2), [0, 2], 'ties keep document order');
    assert.ok(hits.every((h, i) => i === 0 || hits[i - 1].score >= h.score));
  });

  it('counts each query term once and ignores unknown terms', () => {
    const index = new Bm25Index([['a', 'b'], ['b']]);
    assert.deepEqual(index.search(['a', 'a', 'zzz'], 5), index.search(['a'], 5));
    assert.deepEqual(index.search(['zzz'], 5), []);
  });

  it('normalises by length: the shorter document wins on equal counts', () => {
    const index = new Bm25Index([['token', 'x', 'y', 'z', 'w'], ['token', 'x']]);
    assert.equal(index.search(['token'], 1)[0].doc, 1);
    const flat = new Bm25Index([['token', 'x', 'y', 'z', 'w'], ['token', 'x']], { b: 0 });
    const [first, second] = flat.search(['token'], 2);
    assert.equal(first.score, second.score, 'b = 0 ignores length');
  });

  it('with coordination, weighs each score by the share of the known query terms the document holds', () => {
    // 0 matches one rare term twice; 1 matches three common ones once: plain BM25 prefers 0.
    const documents = [['rare', 'rare', 'x'], ['alpha', 'beta', 'gamma'], ['alpha', 'beta', 'gamma', 'y'], ['alpha', 'y'], ['beta', 'x'], ['gamma', 'z']];
    const index = new Bm25Index(documents);
    const query = ['rare', 'alpha', 'beta', 'gamma', 'unknown'];
    assert.equal(index.search(query, 1)[0].doc, 0);
    const coordinated = index.search(query, 10, true);
    assert.equal(coordinated[0].doc, 1, 'three of four known terms beat one');
    const plain = new Map(index.search(query, 10).map((h) => [h.doc, h.score]));
    assert.equal(coordinated.find((h) => h.doc === 0)!.score, plain.get(0)! / 4, 'one of the four terms the index knows: `unknown` does not count');
  });

  it('returns at most limit hits', () => {
    const index = new Bm25Index(Array.from({ length: 20 }, () => ['same']));
    assert.equal(index.search(['same'], 5).length, 5);
    assert.deepEqual(index.search(['same'], 3).map((h) => h.doc), [0, 1, 2]);
  });
});
