import * as assert from 'node:assert/strict';
import { extract, lines } from './helpers';

const SUITE = lines(
  "describe('url', () => {",
  '  beforeEach(() => reset());',
  "  it('parses hosts', () => {",
  '    expect(parse("a")).toBe(1);',
  '  });',
  "  describe.each([1, 2])('with %i', (n) => {",
  "    test.only('works', async () => { await check(n); });",
  "    it.each([3])('row %i', (m) => verify(m));",
  '  });',
  "  it.skip(`skipped`, function () {});",
  '  it(name, () => {});',
  '});',
);

describe('extract/typescript tests', () => {
  it('names tests by their titles from the outermost describe', async () => {
    const facts = await extract('src/url.test.ts', SUITE);
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind, s.line, s.col]), [
      ['url', 'test', 1, 0],
      ['url > parses hosts', 'test', 3, 2],
      ['url > with %i', 'test', 6, 2],
      ['url > with %i > works', 'test', 7, 4],
      ['url > with %i > row %i', 'test', 8, 4],
      ['url > skipped', 'test', 10, 2],
    ]);
    assert.equal(facts.symbols[1]?.signature, "it('parses hosts', () =>");
  });

  it('attributes calls in test callbacks to the test, and leaves the test calls out', async () => {
    const facts = await extract('src/url.test.ts', SUITE);
    assert.deepEqual(facts.calls.map((c) => `${c.caller}: ${c.callee.form === 'member' ? `${c.callee.object}.${c.callee.property}` : c.callee.name}`), [
      'url: beforeEach',
      'url: reset',
      'url > parses hosts: expect',
      'url > parses hosts: parse',
      'url > parses hosts: expect(parse("a")).toBe',
      'url > with %i > works: check',
      'url > with %i > row %i: verify',
    ]);
  });

  it('finds tests only in test files: *.test.*, *.spec.*, test directories', async () => {
    const testFiles = [
      'src/a.spec.js', 'src/__tests__/a.ts', 'test/b.test.tsx', 'x.test.mjs', 'test/parser.js', 'packages/x/tests/y.ts',
      'src/a.spec.db.ts', 'e2e/app.e2e-spec.ts', 'src/types.test-d.ts',
    ];
    for (const path of testFiles) {
      const facts = await extract(path, "it('runs', () => {});\n");
      assert.deepEqual(facts.symbols.map((s) => s.name), ['runs'], path);
    }
    const plain = await extract('src/latest.ts', "it('runs', () => {});\n");
    assert.deepEqual(plain.symbols, []);
    assert.deepEqual(plain.calls.map((c) => c.callee), [{ form: 'name', name: 'it' }]);
  });
});
