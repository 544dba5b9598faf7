import * as assert from 'node:assert/strict';
import { HEAVY_TEST_TIMEOUT_MS } from '../../helpers/extractSource';
import { extractPython, py } from './helpers';

describe('extract/python nasty input', () => {
  it('keeps the facts around a syntax error and counts it', async () => {
    const facts = await extractPython(py(
      'def before():',
      '    prepare()',
      'def broken(:',
      '    pass',
      'class After:',
      '    def run(self):',
      '        self.go()',
    ));
    assert.ok(facts.syntaxErrors > 0);
    assert.ok(facts.symbols.some((s) => s.name === 'before'));
    assert.ok(facts.calls.some((c) => c.callee.form === 'name' && c.callee.name === 'prepare' && c.caller === 'before'));
  });

  it('returns empty facts for an empty file', async () => {
    const facts = await extractPython('');
    assert.deepEqual(
      [facts.symbols, facts.imports, facts.calls, facts.routes, facts.syntaxErrors],
      [[], [], [], [], 0],
    );
  });

  it('survives random bytes and Python 2 source', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const garbage = Array.from({ length: 20_000 }, () => String.fromCharCode(Math.floor(random() * 0xd7ff))).join('');
    const facts = await extractPython(garbage);
    assert.ok(facts.syntaxErrors > 0);
    const legacy = await extractPython(py('print "hello"', 'exec "x = 1"', 'def f():', '    print >>sys.stderr, "x"'));
    assert.ok(legacy.symbols.some((s) => s.name === 'f'));
  });

  it('survives deep nesting and unterminated strings', async () => {
    const nested = await extractPython(`x = ${'f('.repeat(5000)}${')'.repeat(5000)}\n`);
    assert.equal(nested.calls.length, 5000);
    const unterminated = await extractPython(py('def f():', '    """never closed', 'x = 1'));
    assert.ok(unterminated.syntaxErrors > 0);
  });

  it('extracts a 2 MB generated module', async () => {
    const chunks: string[] = [];
    for (let length = 0, i = 0; length < 2_000_000; i++) {
      const chunk = `class Model${i}(Base):\n    def run(self, repo: Repo):\n        repo.save(self.value_${i})\n        self.helper(${i})\n\n`;
      chunks.push(chunk);
      length += chunk.length;
    }
    const source = chunks.join('');
    const facts = await extractPython(source, 'generated/models_pb2.py');
    assert.ok(source.length >= 2_000_000);
    assert.equal(facts.symbols.length, chunks.length * 2);
    assert.equal(facts.calls.length, chunks.length * 2);
  }).timeout(HEAVY_TEST_TIMEOUT_MS);
});
