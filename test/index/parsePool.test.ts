import * as assert from 'node:assert/strict';
import { extractFile } from '../../src/extract/parser';
import { ParsePool } from '../../src/index/parsePool';
import { decodeFacts } from '../../src/index/factsCodec';

const SOURCES: Record<string, string> = {
  'cart.py': 'from pricing import total\n\n\ndef checkout(items):\n    return total(items)\n',
  'main.go': 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println(greet())\n}\n\nfunc greet() string { return "hi" }\n',
  'schema.sql': 'CREATE TABLE users (id INT PRIMARY KEY);\nCREATE VIEW active AS SELECT id FROM users;\n',
  'small.ts': 'export const x = 1;\n',
};

describe('index/ParsePool', () => {
  let pool: ParsePool;
  beforeEach(() => {
    pool = new ParsePool(2);
  });
  afterEach(() => pool.close());

  it('gives back the facts this thread would extract, with their stored encoding, for more files than workers', async () => {
    const paths = Object.keys(SOURCES);
    // Eight requests for two workers: each holds more than one at a time.
    const outcomes = await Promise.all([...paths, ...paths].map((p) => pool.parse(p, SOURCES[p]!)));
    for (const [i, outcome] of outcomes.entries()) {
      const p = [...paths, ...paths][i]!;
      assert.equal(outcome.error, undefined, p);
      assert.deepEqual(outcome.facts, await extractFile(p, SOURCES[p]!), p);
      assert.deepEqual(decodeFacts(outcome.encoded!), outcome.facts, `${p}: the stored encoding is the same facts`);
    }
  });

  it('answers a path no extractor reads with no facts, and keeps serving', async () => {
    const unknown = await pool.parse('notes.unknown-extension', 'anything');
    assert.equal(unknown.facts, undefined);
    assert.equal(unknown.error, undefined);
    const after = await pool.parse('small.ts', SOURCES['small.ts']!);
    assert.equal(after.facts?.symbols[0]?.name, 'x');
  });

  it('counts captures in floor mode without making facts', async () => {
    const floor = await pool.parse('main.go', SOURCES['main.go']!, 'floor');
    assert.equal(floor.facts, undefined);
    assert.ok((floor.captures ?? 0) > 0, `expected captures, got ${floor.captures}`);
  });
});
