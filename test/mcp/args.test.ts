import * as assert from 'node:assert/strict';
import { z } from 'zod';
import { MAX_TEXT_CHARS, choiceArg, hashArg, optionalTextArg, pathListArg, positiveIntArg, splitPathList, textArg } from '../../src/mcp/args';

const messages = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('mcp/args', () => {
  it('hash arguments take 64 lowercase hex characters, naming the argument otherwise', () => {
    const schema = hashArg('target_hash', 'd');
    assert.equal(schema.parse('a'.repeat(64)), 'a'.repeat(64));
    for (const bad of ['A'.repeat(64), 'a'.repeat(63), 'g'.repeat(64), 7, undefined]) {
      assert.deepEqual(messages(schema, bad), ['target_hash: expected 64 lowercase hex characters']);
    }
    assert.equal(schema.description, 'd');
  });

  it('positive integers have a default and a maximum', () => {
    const schema = positiveIntArg('max_depth', { default: 5, max: 20, description: 'Depth' });
    assert.equal(schema.parse(undefined), 5);
    assert.equal(schema.parse(20), 20);
    for (const bad of [0, 21, 2.5, '3', -1]) assert.deepEqual(messages(schema, bad), ['max_depth: expected an integer from 1 to 20']);
    assert.equal(schema.description, 'Depth (default 5, at most 20)');
    assert.throws(() => positiveIntArg('x', { default: 30, max: 20, description: '' }), /mcp\/args: default of x must be an integer in \[1, 20\]/);
  });

  it('text arguments are non-empty strings; optional ones may be absent', () => {
    assert.deepEqual(messages(textArg('prefix', 'd'), ''), ['prefix: expected a non-empty string']);
    assert.deepEqual(messages(textArg('prefix', 'd'), undefined), ['prefix: expected a non-empty string']);
    assert.equal(optionalTextArg('route_pattern', 'd').parse(undefined), undefined);
    assert.deepEqual(messages(optionalTextArg('route_pattern', 'd'), 3), ['route_pattern: expected a string']);
  });

  it('every text argument holds at most 65536 characters, and says so by name', () => {
    assert.equal(MAX_TEXT_CHARS, 65_536);
    const longest = 'a'.repeat(MAX_TEXT_CHARS);
    assert.equal(textArg('task_description', 'd').parse(longest), longest);
    const over = `${longest}a`;
    assert.deepEqual(messages(textArg('task_description', 'd'), over), ['task_description: expected at most 65536 characters']);
    assert.deepEqual(messages(optionalTextArg('route_pattern', 'd'), over), ['route_pattern: expected at most 65536 characters']);
    assert.deepEqual(messages(pathListArg('files', 'd'), `a.ts,${over}`), ['files: expected at most 65536 characters']);
  });

  it('choices take one of a set, with a default', () => {
    const schema = choiceArg('format', ['xml', 'json'] as const, 'xml', 'Format');
    assert.equal(schema.parse(undefined), 'xml');
    assert.equal(schema.parse('json'), 'json');
    assert.deepEqual(messages(schema, 'yaml'), ['format: expected one of xml, json']);
    assert.equal(schema.description, 'Format (default xml)');
  });

  it('path lists are split, normalised, de-duplicated and sorted; absolute and .. paths are refused', () => {
    const schema = pathListArg('files', 'd');
    assert.deepEqual(schema.parse(' src/b.ts, ./src/a.ts,src\\c.ts,src/b.ts,, dir/ '), ['dir', 'src/a.ts', 'src/b.ts', 'src/c.ts']);
    assert.deepEqual(messages(schema, ' , '), ['files: expected at least one path (comma-separated, relative to the repository root)']);
    assert.deepEqual(messages(schema, 'a.ts,/etc/passwd'), ['files: expected paths relative to the repository root, got /etc/passwd']);
    assert.deepEqual(messages(schema, '../x.ts'), ['files: expected paths relative to the repository root, got ../x.ts']);
    assert.deepEqual(messages(schema, 'C:\\x.ts'), ['files: expected paths relative to the repository root, got C:/x.ts']);
    assert.deepEqual(messages(schema, ['a.ts']), ['files: expected comma-separated paths relative to the repository root']);
    assert.deepEqual(splitPathList('b,a,./a'), ['a', 'b']);
  });
});
