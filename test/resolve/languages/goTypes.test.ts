import * as assert from 'node:assert/strict';
import { goTypeSyntax } from '../../../src/resolve/languages/goTypes';

describe('resolve/languages goTypes', () => {
  it('reads the results of a function type as written, named or not', () => {
    const result = (type: string, index: number) => goTypeSyntax.result?.(type, index);
    assert.equal(result('func(*testing.T) *terminal.TestOutput', 0), '*terminal.TestOutput');
    assert.equal(result('func() (int, error)', 1), 'error');
    assert.equal(result('func() (n int, err error)', 0), 'int');
    assert.equal(result('func() (a, b *T)', 0), '*T', 'a grouped name takes the type written after it');
    assert.equal(result('func() (m map[string]int, ch chan int)', 1), 'chan int');
    assert.equal(result('func() (chan int, error)', 0), 'chan int', 'a type that starts with a keyword names nothing');
    assert.equal(result('func(f func() int) func() string', 0), 'func() string');
    assert.equal(result('*func() int', 0), 'int');
    assert.equal(result('func()', 0), undefined, 'no result');
    assert.equal(result('func() (int, error)', 2), undefined);
    assert.equal(result('*Store', 0), undefined, 'not a function type');
  });
});
