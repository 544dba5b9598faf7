import * as assert from 'node:assert/strict';
import { seededRandom } from '../../src/graph/seededRandom';
import { CutSizes } from '../../src/mcp/cutSizes';
import { cutLists } from '../../src/mcp/replyCap';

/** What the size model must equal at every limit: the cut, rendered. */
const renderedBytes = (value: unknown, limit: number): number => Buffer.byteLength(JSON.stringify(cutLists(value, limit)));

function assertExactAtEveryLimit(value: unknown, upTo: number): void {
  const sizes = new CutSizes(value);
  for (let limit = 0; limit <= upTo; limit++) assert.equal(sizes.bytesAt(limit), renderedBytes(value, limit), `limit ${limit}`);
}

describe('mcp/cutSizes', () => {
  it('sizes a blast_radius-shaped result exactly at every cut', () => {
    const caller = (i: number) => ({ Caller: { NodeHash: i.toString(16).padStart(64, '0'), QualifiedName: `acme://src/cart.fn${i}` }, Depth: 1 + (i % 3), Sites: [i, i + 1, i + 2].slice(0, i % 4) });
    const result = { Target: { Kind: 'function', Line: 4 }, ByRepo: { a: Array.from({ length: 40 }, (_, i) => caller(i)), b: [] }, TotalCount: 40, Truncated: false };
    assertExactAtEveryLimit(result, 45);
  });

  it('follows JSON where it leaves values out: undefined, functions and symbols dropped from objects, null in lists', () => {
    const value = { a: undefined, b: () => 1, c: Symbol('s'), d: [undefined, () => 1, Symbol('t'), 1], e: 1 };
    assertExactAtEveryLimit(value, 5);
    assertExactAtEveryLimit({ a: undefined }, 1);
    assertExactAtEveryLimit([], 1);
  });

  it('counts UTF-8 bytes and escapes, in keys and in values', () => {
    assertExactAtEveryLimit({ 'clé "ü"': ['naïve\n', 'tab\t', '😀', '\u0001', 'a\\b'], n: [NaN, -0, 1e21, null, true] }, 6);
  });

  it('sizes what cutLists makes of objects that are not plain (a Date becomes {})', () => {
    assertExactAtEveryLimit({ when: new Date(0), list: [new Map([[1, 2]]), new Date(1)] }, 3);
  });

  it('agrees with the rendered cut on random nested values', () => {
    const random = seededRandom(19);
    const leaf = (): unknown => [() => Math.floor(random() * 1e6), () => 'x'.repeat(Math.floor(random() * 20)), () => random() < 0.5, () => null, () => undefined][Math.floor(random() * 5)]();
    const build = (depth: number): unknown => {
      const pick = random();
      if (depth === 0 || pick < 0.4) return leaf();
      if (pick < 0.7) return Array.from({ length: Math.floor(random() * 8) }, () => build(depth - 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 5) }, (_, i) => [`k${i}`, build(depth - 1)]));
    };
    for (let sample = 0; sample < 200; sample++) assertExactAtEveryLimit({ root: build(4) }, 9);
  });
});
