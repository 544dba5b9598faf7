import * as assert from 'node:assert/strict';
import { withCallSignatureSeparators } from '../../../src/extract/typescript/callSignatureSeparators';
import { extract, lines, symbolKinds } from './helpers';

/** An interface whose second call signature starts its own line with `<`: tree-sitter-typescript reads it as continuing the first's type. */
const SIGNATURES = lines(
  'export interface Handler {',
  '  (c: Context): Promise<Response>',
  '  // with an environment',
  '  <E extends Env>(c: Context<E>): Response',
  '}',
  'export class Context {',
  '  header(name: string): void {}',
  '}',
);

describe('extract/typescript call signature separators', () => {
  it('ends a member before a line that opens a generic call signature, and moves no offset', () => {
    const repaired = withCallSignatureSeparators(SIGNATURES)!;
    assert.equal(repaired.length, SIGNATURES.length);
    assert.equal(repaired.split('\n')[3], ' ;<E extends Env>(c: Context<E>): Response');
    assert.equal(repaired.replace(' ;<', '  <'), SIGNATURES, 'nothing else changes');
  });

  it('leaves a `<` that opens an expression: after `=`, `(`, an arrow or a comma', () => {
    assert.equal(withCallSignatureSeparators(lines('const f =', '  <T>(x: T) => x;')), undefined);
    assert.equal(withCallSignatureSeparators(lines('run(', '  <T>(x: T) => x);')), undefined);
    assert.equal(withCallSignatureSeparators(lines('const g = () =>', '  <T>(x: T) => x;')), undefined);
    assert.equal(withCallSignatureSeparators(lines('const xs = [a,', '  <T>b];')), undefined);
  });

  it('reads the rest of such a file: the class after the interface is extracted', async () => {
    const facts = await extract('src/handler.ts', SIGNATURES);
    assert.equal(facts.syntaxErrors, 0);
    assert.deepEqual(symbolKinds(facts), ['Handler:interface', 'Context:type', 'Context.header:method']);
  });
});
