import * as assert from 'node:assert/strict';
import { HEAVY_TEST_TIMEOUT_MS } from '../../helpers/extractSource';
import { fixtureSources, fuzzExtractor } from '../../helpers/fuzz';
import { extractJava, java } from './helpers';

describe('extract/java nasty input', () => {
  it('keeps the facts around a syntax error and counts it', async () => {
    const facts = await extractJava(java(
      'class Before {',
      '    void run() { prepare(); }',
      '    void broken( {',
      '}',
      'class After {',
      '    void go() { this.run(); }',
      '}',
    ));
    assert.ok(facts.syntaxErrors > 0);
    assert.ok(facts.symbols.some((s) => s.name === 'Before.run'));
    assert.ok(facts.calls.some((c) => c.caller === 'Before.run' && c.callee.form === 'member' && c.callee.property === 'prepare'));
    // Recovery may nest the class after the error in the broken one; its method survives.
    assert.ok(facts.symbols.some((s) => s.name.endsWith('After.go')), facts.symbols.map((s) => s.name).join(', '));
  });

  it('returns empty facts for an empty file and one with only a package', async () => {
    const empty = await extractJava('');
    assert.deepEqual(
      [empty.symbols, empty.imports, empty.calls, empty.routes, empty.syntaxErrors, empty.packageName],
      [[], [], [], [], 0, ''],
    );
    const onlyPackage = await extractJava('package a.b;\n');
    assert.equal(onlyPackage.packageName, 'a.b');
  });

  it('survives random bytes, deep nesting and unterminated literals', async () => {
    let seed = 11;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const garbage = Array.from({ length: 20_000 }, () => String.fromCharCode(Math.floor(random() * 0xd7ff))).join('');
    assert.ok((await extractJava(garbage)).syntaxErrors > 0);
    const nested = await extractJava(`class A { void f() { x = ${'g('.repeat(3000)}${')'.repeat(3000)}; } }\n`);
    assert.equal(nested.calls.length, 3000);
    const unterminated = await extractJava(java('class A {', '    String s = "never closed;', '    void f() {}', '}'));
    assert.ok(unterminated.syntaxErrors > 0);
  });

  it('extracts a 2 MB generated file', async () => {
    const chunks: string[] = ['package gen;\n'];
    let length = 0;
    for (let i = 0; length < 2_000_000; i++) {
      const chunk = `class Model${i} extends Base {\n  private Repo repo;\n  void run(int n) { repo.save(n); helper(${i}); }\n  void run() {}\n}\n`;
      chunks.push(chunk);
      length += chunk.length;
    }
    const source = chunks.join('');
    const facts = await extractJava(source, 'target/generated-sources/gen/Models.java');
    const classes = chunks.length - 1;
    assert.ok(source.length >= 2_000_000);
    assert.equal(facts.symbols.length, classes * 4);
    assert.equal(facts.calls.length, classes * 2);
  }).timeout(HEAVY_TEST_TIMEOUT_MS);

  it('never throws on 3000 mutated fixture sources (seeded)', async () => {
    await fuzzExtractor('src/main/java/com/example/Fuzz.java', fixtureSources(['java-basic', 'java-routes'], '.java'), 3000, 20261122);
  });
});
