import * as assert from 'node:assert/strict';
import { ScopeIndex, type SourceRange, type SourceSpan } from '../../src/extract/scopeIndex';

/** A named span, so assertions read as the scope they expect. */
function span(name: string, start: number, end: number): SourceRange<string> {
  return { start, end, value: name };
}

/**
 *   0         10        20        30        40
 *   [file-level code ][ outer ........................ ]
 *                      [ a .......]   [ b ........ ]
 *                        [ a1 ]         [ b1 ]
 */
const TREE = [span('b1', 26, 30), span('outer', 10, 40), span('a', 11, 20), span('b', 24, 35), span('a1', 12, 15)];

/** The innermost span holding `offset` by brute force: the shortest of all that hold it. */
function naiveInnermost(spans: readonly SourceSpan[], holds: (s: SourceSpan) => boolean): SourceSpan | undefined {
  return spans.filter(holds).sort((x, y) => (x.end - x.start) - (y.end - y.start))[0];
}

/** Properly nested spans from a seeded generator: children inside parents, siblings apart. */
function randomTree(seed: number, size: number): SourceRange<number>[] {
  let state = seed;
  const next = (below: number): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
  const spans: SourceRange<number>[] = [];
  const grow = (start: number, end: number, depth: number): void => {
    let at = start;
    while (spans.length < size && depth < 6 && end - at > 2) {
      const from = at + next(Math.max(1, Math.min(4, end - at - 2)));
      const to = Math.min(end, from + 1 + next(Math.max(1, end - from)));
      if (to <= from) break;
      spans.push({ start: from, end: to, value: spans.length });
      grow(from + 1, to - 1, depth + 1);
      at = to + next(3);
    }
  };
  grow(0, 400, 0);
  return spans;
}

describe('extract/scopeIndex', () => {
  const index = new ScopeIndex(TREE);
  const nameAt = (offset: number): string | undefined => index.at(offset)?.value;
  const nameAround = (offset: number): string | undefined => index.around(offset)?.value;

  it('lists spans outer first, in source order, each with the innermost span around it', () => {
    assert.deepEqual(index.all.map((s) => s.value), ['outer', 'a', 'a1', 'b', 'b1']);
    assert.deepEqual(index.all.map((_s, i) => index.parentOf(i)?.value), [undefined, 'outer', 'a', 'outer', 'b']);
    assert.equal(index.parentIndex(0), -1);
    assert.equal(index.get(index.parentIndex(2)).value, 'a');
  });

  it('finds the innermost span holding an offset, start included and end excluded', () => {
    assert.equal(nameAt(0), undefined);
    assert.equal(nameAt(10), 'outer');
    assert.equal(nameAt(11), 'a');
    assert.equal(nameAt(12), 'a1');
    assert.equal(nameAt(15), 'a');
    assert.equal(nameAt(20), 'outer');
    assert.equal(nameAt(27), 'b1');
    assert.equal(nameAt(30), 'b');
    assert.equal(nameAt(35), 'outer');
    assert.equal(nameAt(40), undefined);
    assert.equal(index.indexAt(45), -1);
  });

  it('climbs out of closed spans to the one still open', () => {
    // The last span starting by 33 is b1, closed at 30: b is the one still open.
    assert.equal(nameAt(33), 'b');
    // After a1 and a both closed, only outer is left.
    assert.equal(nameAt(22), 'outer');
  });

  it('does not count a span as around its own start when asked for strictly enclosing spans', () => {
    assert.equal(nameAround(12), 'a');
    assert.equal(nameAround(11), 'outer');
    assert.equal(nameAround(10), undefined);
    assert.equal(nameAround(13), 'a1');
    assert.equal(index.indexAround(0), -1);
  });

  it('keeps equal spans in their given order, the first one outside the second', () => {
    const twins = new ScopeIndex([span('first', 5, 9), span('second', 5, 9)]);
    assert.deepEqual(twins.all.map((s) => s.value), ['first', 'second']);
    assert.equal(twins.parentOf(1)?.value, 'first');
    assert.equal(twins.at(6)?.value, 'second');
  });

  it('builds scopes outer first, each knowing the scope around it', () => {
    interface Built extends SourceSpan {
      readonly path: string;
    }
    const built = ScopeIndex.nest(TREE, (s, parent: Built | undefined): Built => ({
      start: s.start, end: s.end, path: parent ? `${parent.path}/${s.value}` : s.value,
    }));
    assert.deepEqual(built.all.map((s) => s.path), ['outer', 'outer/a', 'outer/a/a1', 'outer/b', 'outer/b/b1']);
    assert.equal(built.at(28)?.path, 'outer/b/b1');
  });

  it('is empty-safe', () => {
    const empty = new ScopeIndex<SourceSpan>([]);
    assert.equal(empty.at(0), undefined);
    assert.equal(empty.around(3), undefined);
    assert.deepEqual(empty.all, []);
  });

  it('agrees with a brute-force search on generated nested spans', () => {
    for (const seed of [1, 7, 42, 1234]) {
      const spans = randomTree(seed, 80);
      const tree = new ScopeIndex(spans);
      for (let offset = 0; offset <= 400; offset++) {
        assert.equal(tree.at(offset), naiveInnermost(spans, (s) => s.start <= offset && offset < s.end), `seed ${seed} at ${offset}`);
        assert.equal(tree.around(offset), naiveInnermost(spans, (s) => s.start < offset && offset < s.end), `seed ${seed} around ${offset}`);
      }
    }
  });
});
