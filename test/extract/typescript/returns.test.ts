import * as assert from 'node:assert/strict';
import { extract, lines, symbolNamed } from './helpers';

describe('extract/typescript returns', () => {
  it('types what an unannotated function returns, in the scope of each return, for the resolver to finish', async () => {
    const facts = await extract('src/limits.ts', lines(
      'export class Limits {',
      '  gt(v: number) { return this.setLimit(v) }',
      '  gte(v: number) { const next = this.setLimit(v); return next }',
      '  either(flag: boolean) { if (flag) return this.gt(1); return this.gte(1) }',
      '  held = () => this.gt(2)',
      '}',
      'export const make = () => build()',
      'export const api = { open() { return build() } }',
    ));
    const gt = { t: 'result', call: { form: 'member', object: 'this', property: 'gt', objectType: 'Limits' } };
    const setLimit = { t: 'result', call: { form: 'member', object: 'this', property: 'setLimit', objectType: 'Limits' } };
    assert.deepEqual(symbolNamed(facts, 'Limits.gt').returned, setLimit);
    assert.deepEqual(symbolNamed(facts, 'Limits.gte').returned, setLimit, 'a local is read where the return sits');
    assert.deepEqual(symbolNamed(facts, 'Limits.either').returned, {
      t: 'either', of: [gt, { t: 'result', call: { form: 'member', object: 'this', property: 'gte', objectType: 'Limits' } }],
    });
    assert.deepEqual(symbolNamed(facts, 'Limits.held').returned, gt, "an arrow's expression body is its return");
    assert.deepEqual(symbolNamed(facts, 'make').returned, { t: 'result', call: { form: 'name', name: 'build' } });
    assert.deepEqual(symbolNamed(facts, 'api.open').returned, { t: 'result', call: { form: 'name', name: 'build' } });
  });

  it('takes no type where the compiler would not take the returns alone', async () => {
    const facts = await extract('src/none.ts', lines(
      'export class K {',
      '  pick(a: string): A',
      '  pick(a: number): K',
      '  pick(a: unknown) { return this.self() }',
      '  self(): K { return this }',
      '  maybe(flag: boolean) { if (flag) return; return this.self() }',
      '  async later() { return this.self() }',
      '  *items() { return this.self() }',
      '  declared(): K | undefined { return this.self() }',
      '  get value() { return this.self() }',
      '  set value(v) {}',
      '  mapped() { return [1].map((x) => { return this.self() }) }',
      '}',
      'export function f(a: string): string',
      'export function f(a: unknown) { return g() }',
      'export const typed: () => K = () => g()',
    ));
    for (const name of ['K.pick', 'K.maybe', 'K.later', 'K.items', 'K.declared', 'K.value', 'f', 'typed']) {
      assert.equal(symbolNamed(facts, name).returned, undefined, name);
    }
    assert.deepEqual(symbolNamed(facts, 'K.mapped').returned, { t: 'result', call: { form: 'member', object: '[1]', property: 'map' } }, "a callback's return is the callback's");
  });
});
