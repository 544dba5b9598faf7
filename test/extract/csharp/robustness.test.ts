import * as assert from 'node:assert/strict';
import { HEAVY_TEST_TIMEOUT_MS } from '../../helpers/extractSource';
import { fixtureSources, fuzzExtractor } from '../../helpers/fuzz';
import { cs, extractCSharp } from './helpers';

/** A generated file of about `bytes` characters: many small classes calling each other. */
function generatedSource(bytes: number): string {
  const parts = ['using System;\n\nnamespace Gen;\n'];
  let size = parts[0]!.length;
  for (let i = 0; size < bytes; i++) {
    const previous = Math.max(i - 1, 0);
    const part = [
      `public class T${i}`,
      '{',
      `    private readonly T${previous} _next = new T${previous}();`,
      `    public const int C${i} = ${i};`,
      `    public string Get${i}(string key) => _next.Get${previous}(key) + C${i};`,
      `    [Fact] public void Test${i}() { var t = new T${i}(); t.Get${i}("k"); }`,
      '}',
      '',
    ].join('\n');
    parts.push(part);
    size += part.length;
  }
  return parts.join('\n');
}

describe('extract/csharp on nasty input', () => {
  it('returns partial facts and counts errors for a syntax error mid-file', async () => {
    const facts = await extractCSharp(cs(
      'namespace P;',
      'class A {',
      '  void Before() { B(); }',
      '  void Broken( { var x = ; }',
      '  void After() { C(); }',
      '}',
    ));
    assert.ok(facts.syntaxErrors > 0);
    assert.equal(facts.packageName, 'P');
    // The parser closes the class at the error: After survives, as a top-level function.
    const names = facts.symbols.map((s) => s.name);
    assert.ok(names.includes('A.Before') && names.includes('After'), `symbols: ${names.join(', ')}`);
    assert.ok(facts.calls.some((c) => c.caller === 'A.Before' && c.callee.form === 'member' && c.callee.property === 'B'));
  });

  it('handles an empty file and a file of usings only', async () => {
    const empty = await extractCSharp('');
    assert.deepEqual([empty.symbols, empty.imports, empty.calls, empty.references, empty.routes, empty.syntaxErrors], [[], [], [], [], [], 0]);
    assert.equal(empty.packageName, undefined);
    const usings = await extractCSharp('using System;\n');
    assert.deepEqual([usings.imports.length, usings.symbols.length, usings.syntaxErrors], [1, 0, 0]);
  });

  it('extracts a 2 MB generated file', async () => {
    const facts = await extractCSharp(generatedSource(2_000_000), 'Gen/Huge.cs');
    assert.equal(facts.syntaxErrors, 0);
    const types = facts.symbols.filter((s) => s.kind === 'type').length;
    assert.ok(types > 5000, `types: ${types}`);
    assert.equal(facts.symbols.filter((s) => s.kind === 'test').length, types);
    assert.deepEqual(facts.calls.find((c) => c.caller === 'T3.Get3')?.callee, { form: 'member', object: '_next', property: 'Get2', objectType: 'T2' });
  }).timeout(HEAVY_TEST_TIMEOUT_MS);

  it('survives random bytes and unbalanced input', async () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const garbage = Array.from({ length: 20_000 }, () => String.fromCharCode(Math.floor(random() * 0x3000))).join('');
    const facts = await extractCSharp(garbage, 'bin/Garbage.cs');
    assert.ok(facts.syntaxErrors > 0);
    for (const source of ['class A {', 'namespace', 'using', '[HttpGet("', '"unterminated', '{'.repeat(5000), 'app.MapGet(', 'class A : B.', '@"raw']) {
      await extractCSharp(source);
    }
  });

  it('never throws on 2000 mutated fixture sources', async () => {
    await fuzzExtractor('src/Fuzz.cs', fixtureSources(['cs-basic', 'cs-routes'], '.cs'), 2000, 20261122);
  });
});
