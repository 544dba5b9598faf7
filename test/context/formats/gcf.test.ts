import * as assert from 'node:assert/strict';
import { renderGcf } from '../../../src/context/formats/gcf';
import { sampleDocument } from './sampleDocument';

describe('context/formats/gcf', () => {
  const lines = renderGcf(sampleDocument()).split('\n');

  it('starts with a header, the query and the repositories', () => {
    assert.deepEqual(lines.slice(0, 4), [
      'GCF1 pr budget=8000 symbols=3/42', 'q src/cart.ts, src/price.ts', 'R0 example.com/billing', 'R1 example.com/shop',
    ]);
  });

  it('groups symbols by distance, with id, kind, relevance, location and name last', () => {
    const groups = lines.filter((l) => l.startsWith('# '));
    assert.deepEqual(groups, ['# distance 0', '# distance 1', '# distance 2', '# edges']);
    assert.ok(lines.includes('0 method 1000 src/cart.ts:12-20 R1 src/cart.Cart.total'));
    assert.ok(lines.includes('1 function 412 src/price.ts:3 R1 src/price.sum'));
    assert.ok(lines.includes('2 function 7 api/refund.go:7-9 api.Refund'), 'R0 symbols carry no tag');
  });

  it('names only relations to symbols left out, and writes the others as id pairs', () => {
    assert.ok(lines.includes(' < src/checkout.pay, +3'));
    assert.ok(lines.includes(' > example.com/billing://api.Charge'));
    assert.ok(lines.includes(' : src/money.Money'));
    assert.equal(lines.at(-1), 'calls 0>1', 'the edge is written once although both ends list it');
  });

  it('gives source as a start line and a line count, followed by exactly those lines', () => {
    const at = lines.indexOf(' src 12 3 +5');
    assert.ok(at > 0);
    assert.deepEqual(lines.slice(at + 1, at + 4), ['total(): Money {', '  const s = `a ``` b`; // ]]> here', '  return sum(this.items);']);
    assert.ok(lines.includes(' src stale'));
    assert.ok(lines.includes(' sig function sum(xs: Money[]): Money'));
    assert.ok(lines.includes(' doc Refund gives money back.'));
  });
});
