import * as assert from 'node:assert/strict';
import { HEAVY_TEST_TIMEOUT_MS } from '../../helpers/extractSource';
import { decodeFacts, encodeFacts } from '../../../src/index/factsCodec';
import { extractGo, go } from './helpers';

/** A generated file of about `bytes` characters: many small types, methods and calls. */
function generatedSource(bytes: number): string {
  const parts = ['package gen\n\nimport "fmt"\n'];
  let size = parts[0].length;
  for (let i = 0; size < bytes; i++) {
    const part = [
      `type T${i} struct{ next *T${Math.max(i - 1, 0)}; name string }`,
      `const C${i} = ${i}`,
      `func (t *T${i}) Get${i}(key string) string {`,
      `\tv := T${i}{name: key}`,
      `\tfmt.Println(v.name, C${i})`,
      `\treturn t.next.Get${Math.max(i - 1, 0)}(key)`,
      '}',
      '',
    ].join('\n');
    parts.push(part);
    size += part.length;
  }
  return parts.join('\n');
}

describe('extract/go on nasty input', () => {
  it('types receivers of 3000-step chains only to a bounded depth, so their facts encode', async () => {
    const facts = await extractGo(go(
      'package p',
      'func f(s *S) {',
      `\ts${'.b()'.repeat(3000)}.c()`,
      `\tx := s${'.f'.repeat(3000)}`,
      '\tx.m()',
      '}',
    ));
    assert.equal(facts.calls.length, 3001);
    assert.equal(decodeFacts(encodeFacts(facts)).calls.length, 3001);
  }).timeout(HEAVY_TEST_TIMEOUT_MS);

  it('returns partial facts and counts errors for a syntax error mid-file', async () => {
    const facts = await extractGo(go(
      'package p',
      'func before() { a() }',
      'func broken( {',
      '\tx := ',
      '}',
      'func after() { b() }',
    ));
    assert.ok(facts.syntaxErrors > 0);
    assert.equal(facts.packageName, 'p');
    const names = facts.symbols.map((s) => s.name);
    assert.ok(names.includes('before'), `symbols: ${names.join(', ')}`);
    assert.ok(facts.calls.some((c) => c.callee.form === 'name' && c.callee.name === 'a' && c.caller === 'before'));
  });

  it('handles an empty file and a file with only a package clause', async () => {
    const empty = await extractGo('');
    assert.deepEqual([empty.symbols, empty.imports, empty.calls, empty.references, empty.routes], [[], [], [], [], []]);
    assert.equal(empty.packageName, undefined);
    const bare = await extractGo('package p\n');
    assert.deepEqual([bare.packageName, bare.syntaxErrors, bare.symbols.length], ['p', 0, 0]);
  });

  it('extracts a 2 MB generated file', async () => {
    const source = generatedSource(2_000_000);
    const facts = await extractGo(source, 'gen/huge.go');
    assert.equal(facts.syntaxErrors, 0);
    const types = facts.symbols.filter((s) => s.kind === 'type').length;
    assert.ok(types > 5000, `types: ${types}`);
    assert.equal(facts.symbols.filter((s) => s.kind === 'method').length, types);
    const chained = facts.calls.find((c) => c.callee.form === 'member' && c.callee.object === 't.next');
    assert.deepEqual(chained?.callee, { form: 'member', object: 't.next', property: 'Get0', objectType: 'T0' });
  }).timeout(HEAVY_TEST_TIMEOUT_MS);

  it('survives random bytes and unbalanced input', async () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const garbage = Array.from({ length: 20_000 }, () => String.fromCharCode(Math.floor(random() * 0x3000))).join('');
    const facts = await extractGo(garbage, 'bin/garbage.go');
    assert.ok(facts.syntaxErrors > 0);
    for (const source of ['package p\nfunc (', 'package p\ntype T struct {', '"unterminated', '{'.repeat(5000), 'package p\nvar x = `raw']) {
      await extractGo(source);
    }
  });
});
