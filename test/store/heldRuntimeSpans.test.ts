import * as assert from 'node:assert/strict';
import { heldSpanChanges } from '../../src/store/heldRuntimeSpans';

describe('store/heldRuntimeSpans', () => {
  it('keeps a hold on the wanted version, drops one opened at this seq, closes an older one and opens what is new', () => {
    const held = [
      { edgeId: 1, edgeAddedIn: 3, addedIn: 2 }, // still wanted at this version: kept
      { edgeId: 2, edgeAddedIn: 3, addedIn: 5 }, // opened at this seq, no longer wanted: dropped
      { edgeId: 3, edgeAddedIn: 1, addedIn: 2 }, // an older hold on a version that changed: closed
    ];
    const changes = heldSpanChanges(new Map([[1, 3], [3, 4], [4, 5]]), held, 5);
    assert.deepEqual(changes, { drop: [held[1]], close: [held[2]], open: [[3, 4], [4, 5]] });
  });
});
