import * as assert from 'node:assert/strict';
import { HEAVY_TEST_TIMEOUT_MS } from '../../helpers/extractSource';
import { decodeFacts, encodeFacts } from '../../../src/index/factsCodec';
import { extract, lines } from './helpers';

/** A deterministic byte soup: the same "random" file on every run. */
function pseudoRandomText(length: number, seed: number): string {
  let state = seed;
  let text = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    text += String.fromCharCode(state % 0x3000);
  }
  return text;
}

describe('extract/typescript nasty input', () => {
  it('keeps the facts around a syntax error and counts it', async () => {
    const facts = await extract('src/broken.ts', lines(
      'export function before() { ok(); }',
      'function broken( { if (',
      'export class After { run() { this.go(); } }',
    ));
    assert.ok(facts.syntaxErrors > 0);
    assert.ok(facts.symbols.some((s) => s.name === 'before'));
    assert.ok(facts.calls.some((c) => c.caller === 'before' && c.callee.form === 'name' && c.callee.name === 'ok'));
  });

  it('types receivers of 3000-step chains only to a bounded depth, so their facts encode', async () => {
    const facts = await extract('src/chain.ts', lines(
      'function f(s: S) {',
      `  s${'.b()'.repeat(3000)}.c();`,
      `  const x = s${'.f'.repeat(3000)};`,
      '  x.m();',
      '}',
    ));
    // 3001 calls in the chain and x.m().
    assert.equal(facts.calls.length, 3002);
    assert.equal(decodeFacts(encodeFacts(facts)).calls.length, 3002);
  }).timeout(HEAVY_TEST_TIMEOUT_MS);

  it('returns empty facts for an empty file', async () => {
    const facts = await extract('src/empty.ts', '');
    assert.deepEqual(facts, { path: 'src/empty.ts', language: 'typescript', symbols: [], imports: [], calls: [], references: [], routes: [], syntaxErrors: 0 });
  });

  it('survives random bytes in every grammar', async () => {
    for (const path of ['src/noise.ts', 'src/noise.tsx', 'src/noise.js']) {
      const facts = await extract(path, pseudoRandomText(20_000, path.length));
      assert.equal(facts.path, path);
    }
  });

  it('survives deep nesting and unterminated constructs', async () => {
    const deep = `${'f(() => {'.repeat(500)}${'})'.repeat(500)}`;
    const facts = await extract('src/deep.js', deep);
    assert.equal(facts.calls.length, 500);
    for (const source of ['class {', 'export default', 'import {', '@Controller(', 'describe(`${', 'const = ;']) {
      await extract('src/fragment.test.ts', source);
    }
  });

  it('extracts a 2 MB generated file', async () => {
    const chunk = (i: number): string => lines(
      `export function handler${i}(req: Request, store: Store) {`,
      `  const value = store.get('key${i}');`,
      `  return transform${i % 10}(value, [${i}, ${i + 1}, "${'x'.repeat(20)}"]);`,
      '}',
    );
    let source = "import { transform0 } from './t';\n";
    for (let i = 0; source.length < 2_000_000; i++) source += chunk(i);
    const facts = await extract('src/generated.ts', source);
    const symbols = facts.symbols.length;
    assert.ok(symbols > 10_000, `only ${symbols} symbols`);
    assert.equal(facts.calls.length, symbols * 2);
    assert.deepEqual(facts.calls[0]?.callee, { form: 'member', object: 'store', property: 'get', objectType: 'Store' });
  }).timeout(HEAVY_TEST_TIMEOUT_MS);
});
