import * as assert from 'node:assert/strict';
import { growableBytes, grown } from '../../../src/store/sqljs/growableBytes';

describe('store/sqljs/growableBytes', () => {
  it('grows a growable array in place: the same memory, the bytes kept, the new room zeroed', () => {
    const bytes = growableBytes(8);
    bytes.set([1, 2, 3, 4, 5, 6, 7, 8]);
    const bigger = grown(bytes, 8, 1 << 20);
    assert.equal(bigger.buffer, bytes.buffer, 'no copy');
    assert.equal(bigger.length, 1 << 20);
    assert.deepEqual([...bigger.subarray(0, 8)], [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.ok(bigger.subarray(8).every((b) => b === 0));
    assert.equal(grown(bigger, 8, 16).length, 16, 'a smaller capacity is a view, the buffer keeps its size');
  });

  it('copies a plain array once, into one that grows in place from then on', () => {
    const plain = Uint8Array.from([9, 8, 7, 0, 0]);
    const first = grown(plain, 3, 64);
    assert.notEqual(first.buffer, plain.buffer);
    assert.deepEqual([...first.subarray(0, 4)], [9, 8, 7, 0]);
    const second = grown(first, 3, 4096);
    assert.equal(second.buffer, first.buffer);
    assert.deepEqual([...second.subarray(0, 3)], [9, 8, 7]);
  });

  it('copies an array that does not start its buffer (a view MEMFS may hold after a hand-over)', () => {
    const whole = growableBytes(16);
    whole.set([5, 6, 7], 4);
    const view = whole.subarray(4, 7);
    const next = grown(view, 3, 32);
    assert.notEqual(next.buffer, whole.buffer);
    assert.deepEqual([...next.subarray(0, 3)], [5, 6, 7]);
  });
});
