import * as assert from 'node:assert/strict';
import { rankBm25, termCounts, tokenize } from '../../bench/lib/contextBm25.mjs';

describe('bench context BM25', () => {
  it('splits identifiers into camel and snake parts and keeps the whole compound', () => {
    assert.deepEqual(tokenize('parseHTTPHeader(max_size) the a'), ['parse', 'http', 'header', 'parsehttpheader', 'max', 'size', 'maxsize']);
  });

  it('scores by the Lucene idf and length-normalised term frequency (k1 1.2, b 0.75)', () => {
    const documents = [
      { id: 'a.ts', ...termCounts('watch watch deep') },
      { id: 'b.ts', ...termCounts('render patch props') },
    ];
    const ranked = rankBm25(documents, 'watch depth');
    assert.deepEqual(ranked.map((r) => r.id), ['a.ts']);
    // N 2, df 1: idf ln(1 + 1.5 / 1.5) = ln 2; tf 2, length 3 = the average length.
    assert.ok(Math.abs(ranked[0].score - (Math.log(2) * 2 * 2.2) / (2 + 1.2)) < 1e-9);
  });

  it('prefers the shorter document for the same term frequency and breaks ties by id', () => {
    const documents = [
      { id: 'long.ts', ...termCounts('flush jobs queue queue queue queue queue queue') },
      { id: 'short.ts', ...termCounts('flush jobs') },
      { id: 'same.ts', ...termCounts('flush jobs') },
      { id: 'other.ts', ...termCounts('render') },
    ];
    assert.deepEqual(rankBm25(documents, 'flush').map((r) => r.id), ['same.ts', 'short.ts', 'long.ts']);
  });
});
