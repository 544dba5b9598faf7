import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { LspOracle } from '../../src/enrich/lspOracle';
import { copyWorkspace } from '../helpers/workspaceCopy';

const PYRIGHT = require.resolve('pyright/langserver.index.js');

function pyright(root: string, log: string[] = []): LspOracle {
  return new LspOracle({ command: process.execPath, args: [PYRIGHT, '--stdio'], rootPath: root, timeoutMs: 60_000, log: (m) => log.push(m) });
}

describe('enrich/LspOracle (a real pyright over LSP)', function () {
  this.timeout(120_000);
  let oracle: LspOracle | undefined;
  afterEach(async () => {
    await oracle?.close();
    oracle = undefined;
  });

  it('answers definitions and references as pyright resolves them, through imports and inferred types', async () => {
    const app = copyWorkspace('py-app');
    oracle = pyright(app.root);
    const [total, price] = await oracle.locations('definition', [app.at('shop/cart.py', 'total(items))'), app.at('shop/cart.py', 'price(total')]);
    assert.deepEqual(total, [app.at('shop/pricing.py', 'total(items: list[int])')]);
    // `pricer` has no annotation: only inference knows it is a FlatPricer.
    const flatPrice = app.at('shop/pricing.py', 'return amount + 1');
    assert.deepEqual(price, [{ path: flatPrice.path, line: flatPrice.line - 1, character: '    def '.length }]);
    const [totalRefs] = await oracle.locations('references', [app.at('shop/pricing.py', 'total(items: list[int])')]);
    const sites = totalRefs!.map((l) => `${path.relative(app.root, l.path)}:${l.line}`).sort();
    assert.deepEqual(sites, ['shop/cart.py:2', 'shop/cart.py:7']);
  });

  it('answers [] where nothing is defined, null when cancelled or not provided, and rejects a bad timeout or kind', async () => {
    const app = copyWorkspace('py-app');
    oracle = pyright(app.root);
    const [nothing] = await oracle.locations('definition', [{ ...app.at('shop/cart.py', 'A cart'), character: 4 }]);
    assert.deepEqual(nothing, []);
    const aborted = new AbortController();
    aborted.abort();
    assert.deepEqual(await oracle.locations('definition', [app.at('shop/cart.py', 'total(items))')], aborted.signal), [null]);
    assert.throws(() => new LspOracle({ command: process.execPath, args: [], rootPath: app.root, timeoutMs: 0 }), /timeoutMs must be a positive integer, got 0/);
    // pyright does not provide implementation queries: no answer rather than an empty one.
    assert.deepEqual(await oracle.locations('implementation', [app.at('shop/pricing.py', 'class Pricer')]), [null]);
    await assert.rejects(oracle.locations('hover' as never, []), /kind must be definition, implementation or references, got hover/);
  });

  it('answers null, and says why, when the server cannot start', async () => {
    const app = copyWorkspace('py-app');
    const log: string[] = [];
    oracle = new LspOracle({ command: path.join(app.root, 'no-such-server'), args: [], rootPath: app.root, timeoutMs: 60_000, log: (m) => log.push(m) });
    const started = Date.now();
    assert.deepEqual(await oracle.locations('definition', [app.at('shop/cart.py', 'total(items))')]), [null]);
    assert.ok(Date.now() - started < 10_000, 'a server that is gone is not waited for');
    assert.ok(log.some((m) => /no-such-server did not start: .*ENOENT/.test(m)), log.join('\n'));
  });
});
