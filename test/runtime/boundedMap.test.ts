import * as assert from 'node:assert/strict';
import { BoundedMap } from '../../src/runtime/boundedMap';

describe('runtime/boundedMap', () => {
  it('keeps the most recent half of its capacity at least, and never more than its capacity', () => {
    const map = new BoundedMap<number, number>(1000);
    for (let i = 0; i < 100_000; i++) {
      map.set(i, i * 2);
      assert.ok(map.size <= 1000, `size ${map.size} after ${i + 1} inserts`);
    }
    for (let i = 100_000 - 500; i < 100_000; i++) assert.equal(map.get(i), i * 2);
    assert.equal(map.get(0), undefined);
    assert.equal(map.get(100_000 - 1001), undefined);
  });

  it('caches misses as null and forgets everything on clear', () => {
    const map = new BoundedMap<string, string | null>(4);
    map.set('a', null);
    assert.equal(map.get('a'), null);
    assert.equal(map.get('b'), undefined);
    map.clear();
    assert.equal(map.get('a'), undefined);
    assert.equal(map.size, 0);
  });

  it('refuses a capacity below 2', () => {
    assert.throws(() => new BoundedMap(1), /runtime\/boundedMap: capacity must be an integer >= 2, got 1/);
  });
});
