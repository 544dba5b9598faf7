import * as assert from 'node:assert/strict';
import { goTypeText } from '../../../src/extract/go/writtenTypes';
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

  it('writes a type on one line, comments dropped and the line breaks Go reads as semicolons kept', () => {
    assert.equal(goTypeText('struct {\n\th  Histogram // the one\n\ttag string `json:"a//b"`\n\t/* grouped */ a, b int\n}'),
      'struct { h Histogram; tag string `json:"a//b"`; a, b int; }');
    assert.equal(goTypeText('func(\n\tctx context.Context,\n\tn int,\n) error'), 'func( ctx context.Context, n int, ) error');
    assert.equal(goTypeText('map[string]  *Item'), 'map[string] *Item');
  });

  it('reads the fields of a struct type written out, grouped and embedded ones too', () => {
    const field = (name: string) => goTypeSyntax.property?.(
      '[]struct { h *Histogram; tag string `json:"tag"`; a, b store.Journal; *pkg.Base; Items[int]; samples []chunks.Sample; buf [16]byte; }'.slice(2), name,
    );
    assert.equal(field('h'), '*Histogram');
    assert.equal(field('samples'), '[]chunks.Sample', 'a slice, not an embedded field');
    assert.equal(field('buf'), '[16]byte');
    assert.equal(field('tag'), 'string');
    assert.equal(field('b'), 'store.Journal');
    assert.equal(field('Base'), '*pkg.Base', 'an embedded field is named by its type');
    assert.equal(field('Items'), 'Items[int]');
    assert.equal(field('missing'), undefined);
    assert.equal(goTypeSyntax.property?.('*Store', 'h'), undefined, 'a named type: its declaration says');
    assert.equal(goTypeSyntax.element('[]struct { h *Histogram; }'), 'struct { h *Histogram; }');
  });
});
