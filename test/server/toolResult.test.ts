import * as assert from 'node:assert/strict';
import { specResult } from '../../src/server/toolResult';

describe('server/toolResult', () => {
  it('unwraps a list result to its items, also when the tool adds fields beside them', () => {
    assert.deepEqual(specResult({ isError: false, text: '', structured: { items: [1, 2], truncated: false } }), [1, 2]);
    const withRuntimeLayer = { items: [{ Depth: 1 }], truncated: false, RuntimeCallers: [], RuntimeCount: 0 };
    assert.deepEqual(specResult({ isError: false, text: '', structured: withRuntimeLayer }), [{ Depth: 1 }]);
  });

  it('keeps an object result whole and turns a tool error into an exception', () => {
    assert.deepEqual(specResult({ isError: false, text: '', structured: { path_count: 1 } }), { path_count: 1 });
    assert.throws(() => specResult({ isError: true, text: 'target_hash: not found' }), { message: 'target_hash: not found' });
    assert.throws(() => specResult({ isError: false, text: 'x' }), /expected structured content, got none/);
  });
});
