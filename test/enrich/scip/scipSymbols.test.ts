import * as assert from 'node:assert/strict';
import { parseScipSymbol } from '../../../src/enrich/scip/scipSymbols';

describe('enrich/scip/scipSymbols', () => {
  it('reads the last descriptor and the symbol it belongs to', () => {
    assert.deepEqual(parseScipSymbol('scip-typescript npm x 1.0.0 src/`shapes.ts`/Store#items.'), {
      descriptor: { name: 'items', suffix: 'term' }, parent: 'scip-typescript npm x 1.0.0 src/`shapes.ts`/Store#', depth: 4,
    });
    assert.deepEqual(parseScipSymbol('scip-typescript npm x 1.0.0 src/`shapes.ts`/Store#add().')?.descriptor, { name: 'add', suffix: 'method' });
    assert.deepEqual(parseScipSymbol('scip-typescript npm x 1.0.0 src/`shapes.ts`/Store#add(+1).')?.descriptor, { name: 'add', suffix: 'method' });
    assert.deepEqual(parseScipSymbol('scip-typescript npm x 1.0.0 src/`shapes.ts`/Store#add().(item)')?.descriptor, { name: 'item', suffix: 'parameter' });
    assert.deepEqual(parseScipSymbol('scip-typescript npm x 1.0.0 src/`shapes.ts`/Box#[T]')?.descriptor, { name: 'T', suffix: 'typeParameter' });
    assert.deepEqual(parseScipSymbol('scip-typescript npm x 1.0.0 src/`shapes.ts`/table.first0:')?.descriptor, { name: 'first0', suffix: 'meta' });
    assert.deepEqual(parseScipSymbol('rust-analyzer cargo c 0.1 m/vec!')?.descriptor, { name: 'vec', suffix: 'macro' });
    const top = parseScipSymbol('scip-python python p 1 `pkg.shapes`/make_shape().');
    assert.deepEqual([top?.descriptor, top?.parent], [{ name: 'make_shape', suffix: 'method' }, 'scip-python python p 1 `pkg.shapes`/']);
  });

  it('unescapes backticked names and doubled spaces in the package fields', () => {
    assert.deepEqual(parseScipSymbol('s m p 1 `we``ird name`.')?.descriptor, { name: 'we`ird name', suffix: 'term' });
    assert.deepEqual(parseScipSymbol('s  x m p 1 a/b.'), { descriptor: { name: 'b', suffix: 'term' }, parent: 's  x m p 1 a/', depth: 2 });
  });

  it('gives nothing for local symbols and text outside the grammar', () => {
    for (const symbol of ['local 3', 'too few fields', 's m p 1 ', 's m p 1 a', 's m p 1 `open.', 's m p 1 a(b', 's m p 1 (x']) {
      assert.equal(parseScipSymbol(symbol), undefined, symbol);
    }
  });
});
