import * as assert from 'node:assert/strict';
import { extract, lines, symbolKinds, symbolNamed } from './helpers';

describe('extract/typescript symbols', () => {
  it('reads module-level functions, arrow and generator functions, with name positions', async () => {
    const facts = await extract('src/a.ts', lines(
      'function plain(a: number): number { return a; }',
      'export const arrow = async (p: string) => p.length;',
      'let assigned = function () {};',
      'function* numbers() { yield 1; }',
      'const gen = function* () {};',
    ));
    assert.deepEqual(symbolKinds(facts), ['plain:function', 'arrow:function', 'assigned:function', 'numbers:function', 'gen:function']);
    const plain = symbolNamed(facts, 'plain');
    assert.deepEqual([plain.line, plain.col, plain.endLine], [1, 9, 1]);
    assert.equal(plain.signature, 'function plain(a: number): number');
    assert.equal(symbolNamed(facts, 'arrow').signature, 'const arrow = async (p: string) =>');
    assert.deepEqual([symbolNamed(facts, 'arrow').line, symbolNamed(facts, 'arrow').col], [2, 13]);
    assert.equal(symbolNamed(facts, 'arrow').exported, true);
    assert.equal(plain.exported, false);
  });

  it('reads classes with bases, methods, accessors, constructors and arrow properties', async () => {
    const facts = await extract('src/shapes.ts', lines(
      'export abstract class Shape<T> extends Base<T> implements Drawable, ns.Sized {',
      '  private cache = new Map();',
      '  constructor(readonly name: string) { super(); }',
      '  abstract area(): number;',
      '  get label() { return this.name; }',
      '  set label(value: string) {}',
      '  static create() {}',
      '  #secret() {}',
      '  onClick = () => this.area();',
      '  [Symbol.iterator]() {}',
      '}',
    ));
    assert.deepEqual(symbolKinds(facts), [
      'Shape:type', 'Shape.constructor:method', 'Shape.area:method', 'Shape.label:method',
      'Shape.create:method', 'Shape.#secret:method', 'Shape.onClick:method',
    ]);
    const shape = symbolNamed(facts, 'Shape');
    assert.deepEqual(shape.bases, ['Base', 'Drawable', 'ns.Sized']);
    assert.equal(shape.signature, 'abstract class Shape<T> extends Base<T> implements Drawable, ns.Sized');
    assert.equal(shape.exported, true);
    assert.deepEqual([shape.line, shape.endLine], [1, 11]);
    assert.equal(symbolNamed(facts, 'Shape.label').line, 5, 'the getter comes first; the setter is the same symbol');
    assert.equal(symbolNamed(facts, 'Shape.onClick').signature, 'onClick = () =>');
    assert.equal(symbolNamed(facts, 'Shape.area').signature, 'abstract area(): number');
  });

  it('reads interfaces with their methods and bases, type aliases and enums', async () => {
    const facts = await extract('src/types.ts', lines(
      'export interface Store<K> extends Reader<K>, Writer {',
      '  get(key: K): string;',
      '  put: (key: K, value: string) => void;',
      '  size: number;',
      '  nested: { inner(): void };',
      '}',
      'type Id = string | number;',
      'export enum Color { Red, Green }',
    ));
    // Each required method is a symbol of its own, with its declared return type.
    assert.deepEqual(symbolKinds(facts), ['Store:interface', 'Store.get:method', 'Store.put:method', 'Id:type', 'Color:type']);
    // `string` and `void` name no type with members: no result type is recorded.
    assert.equal(symbolNamed(facts, 'Store.get').results, undefined);
    const store = symbolNamed(facts, 'Store');
    assert.deepEqual(store.methods, ['get', 'put']);
    assert.deepEqual(store.bases, ['Reader', 'Writer']);
    assert.equal(store.signature, 'interface Store<K> extends Reader<K>, Writer');
    assert.equal(symbolNamed(facts, 'Id').signature, 'type Id = string | number;');
    assert.equal(symbolNamed(facts, 'Color').exported, true);
  });

  it('reads module-level constants only, not destructuring, lets or requires', async () => {
    const facts = await extract('src/config.ts', lines(
      'export const LIMIT = 10;',
      'const { a, b } = load();',
      'let counter = 0;',
      'const fs = require("fs");',
      'const first = 1, second = 2;',
      'function f() { const local = 1; }',
    ));
    assert.deepEqual(symbolKinds(facts), ['LIMIT:constant', 'first:constant', 'second:constant', 'f:function']);
    assert.equal(symbolNamed(facts, 'LIMIT').signature, 'const LIMIT = 10;');
    assert.equal(symbolNamed(facts, 'second').signature, 'second = 2', 'a shared declaration is shown per declarator');
  });

  it('leaves long constant values out of the signature', async () => {
    const facts = await extract('src/table.ts', `export const TABLE = [${'1, '.repeat(100)}1];\n`);
    assert.equal(symbolNamed(facts, 'TABLE').signature, 'const TABLE =');
  });

  it('reads ambient `declare function`s, but nothing inside `declare global` or `declare module`', async () => {
    const facts = await extract('src/ambient.ts', lines(
      '/** Provided by the test runner. */',
      'declare function expectType<T>(value: T): void;',
      'export declare function exported(): void;',
      'declare global { function inGlobal(): void }',
      'function overload(a: Foo): void;',
      'function overload(a: unknown) {}',
      'a.m();',
    ));
    assert.deepEqual(symbolKinds(facts), ['expectType:function', 'exported:function', 'overload:function']);
    assert.equal(symbolNamed(facts, 'expectType').doc, 'Provided by the test runner.');
    assert.equal(symbolNamed(facts, 'expectType').signature, 'function expectType<T>(value: T): void;');
    assert.equal(symbolNamed(facts, 'exported').exported, true);
    assert.deepEqual(facts.calls[0]?.callee, { form: 'member', object: 'a', property: 'm', receiverType: { t: 'value', of: { form: 'name', name: 'a' } } }, 'overload parameters bind nothing: a is the module-level name');
  });

  it('names nested functions and classes outer>inner and members of named object literals api.get; augmentations are no symbols', async () => {
    const facts = await extract('src/nested.ts', lines(
      'function outer() {',
      '  function inner() {}',
      '  const helper = () => 1;',
      '  const limit = 3;',
      '  class Local { m() {} }',
      '  const local = { run() {} };',
      '  [1].map(() => { function mapped() {} });',
      '}',
      'const api = { get() {}, put: function () {}, users: { list: () => [] }, size: 1, [key]() {} };',
      'let loose = { go() {} } satisfies Loose;',
      'run({ option() {} });',
      'class Widget { handle = () => { function step() {} }; render() { const draw = () => 1; } }',
      'const make = () => { function part() {} };',
      'declare module "m" { interface Augmented {} }',
      'declare global { function inGlobal(): void }',
    ));
    assert.deepEqual(symbolKinds(facts), [
      'outer:function', 'outer>inner:function', 'outer>helper:function', 'outer>Local:type', 'outer>Local.m:method', 'outer>local.run:method',
      'outer>mapped:function', 'api:constant',
      'api.get:method', 'api.put:method', 'api.users.list:method', 'loose.go:method', 'Widget:type', 'Widget.handle:method',
      'Widget.handle>step:function', 'Widget.render:method', 'Widget.render>draw:function', 'make:function', 'make>part:function',
    ]);
    assert.equal(symbolNamed(facts, 'api.put').signature, 'put: function ()');
  });

  it('nests under a function that is the value of its holder, under the test whose callback declares it, and through callbacks', async () => {
    const facts = await extract('src/held.test.ts', lines(
      'const wrapped = memo(() => { function inner() {} });',
      'const direct = () => { function inner() {} };',
      "describe('parse', () => {",
      '  const make = () => 1;',
      "  it('works', () => { function helper() { return make(); } helper(); });",
      "  it('works', () => { function helper() {} helper(); });",
      "  it('waits', async () => { function poll() {} }, 5000);",
      "  it('wrapped', wrap(() => { function inner() {} }));",
      '});',
    ));
    assert.deepEqual(symbolKinds(facts), [
      'wrapped:constant', 'wrapped>inner:function', 'direct:function', 'direct>inner:function', 'parse:test', 'parse>make:function', 'parse > works:test',
      'parse > works>helper:function', 'parse > waits:test', 'parse > waits>poll:function', 'parse > wrapped:test', 'parse > wrapped>inner:function',
    ], 'the repeated title is one test, and its callback\'s helper no symbol (it would take the first helper\'s name); '
      + 'a callback passed to another call nests under the symbol around it');
    // The second helper is a local with no symbol: its call makes no fact, never a guess.
    assert.deepEqual(facts.calls.map((c) => [c.caller, c.callee.form === 'name' ? c.callee.name : '']), [
      ['wrapped', 'memo'], ['parse > works>helper', 'parse>make'], ['parse > works', 'parse > works>helper'], ['parse > wrapped', 'wrap'],
    ]);
  });

  it('names namespace members after their namespace, also where they call each other', async () => {
    const facts = await extract('src/options.ts', lines(
      'export interface Options { url: string }',
      '/** Helpers for Options. */',
      'export namespace Options {',
      '  export function parse(raw: string): Options { return { url: clean(raw) }; }',
      '  function clean(raw: string) { return raw.trim(); }',
      '  export namespace Inner { export const LIMIT = 1; }',
      '  export class Builder { build() { return parse(""); } }',
      '}',
    ));
    assert.deepEqual(symbolKinds(facts), [
      'Options:interface', 'Options:type', 'Options.parse:function', 'Options.clean:function', 'Options.Inner:type',
      'Options.Inner.LIMIT:constant', 'Options.Builder:type', 'Options.Builder.build:method',
    ]);
    const namespace = facts.symbols[1];
    assert.deepEqual([namespace?.line, namespace?.signature, namespace?.doc, namespace?.exported], [3, 'namespace Options', 'Helpers for Options.', true]);
    assert.deepEqual([symbolNamed(facts, 'Options.parse').exported, symbolNamed(facts, 'Options.clean').exported], [true, false]);
    assert.deepEqual(facts.calls.map((c) => [c.caller, c.callee]), [
      ['Options.parse', { form: 'name', name: 'Options.clean' }],
      ['Options.clean', { form: 'member', object: 'raw', property: 'trim' }],
      ['Options.Builder.build', { form: 'name', name: 'Options.parse' }],
    ]);
  });

  it('takes JSDoc from above the declaration, its export keyword or its decorators', async () => {
    const facts = await extract('src/doc.ts', lines(
      '/** Adds two numbers. */',
      'export function add(a: number, b: number) { return a + b; }',
      '',
      '// Not attached: a blank line follows.',
      '',
      '@Injectable()',
      'class Service {',
      '  /**',
      '   * Finds one.',
      '   */',
      '  @Get(":id")',
      '  find() {}',
      '}',
    ));
    assert.equal(symbolNamed(facts, 'add').doc, 'Adds two numbers.');
    assert.equal(symbolNamed(facts, 'Service').doc, '');
    assert.equal(symbolNamed(facts, 'Service').signature, 'class Service', 'decorators are not part of the signature');
    assert.equal(symbolNamed(facts, 'Service.find').doc, 'Finds one.');
  });

  it('marks exports: export lists, default exports and CommonJS', async () => {
    const esm = await extract('src/esm.ts', lines(
      'function a() {}',
      'function b() {}',
      'function c() {}',
      'export { a, b as bee };',
      'export default c;',
      'function hidden() {}',
    ));
    assert.deepEqual(esm.symbols.map((s) => [s.name, s.exported]), [['a', true], ['b', true], ['c', true], ['hidden', false]]);

    const cjs = await extract('lib/cjs.js', lines(
      'function parse() {}',
      'function formatImpl() {}',
      'function internal() {}',
      'exports.helper = function () {};',
      'module.exports = { parse, format: formatImpl };',
    ));
    assert.deepEqual(cjs.symbols.map((s) => [s.name, s.kind, s.exported]), [
      ['parse', 'function', true], ['formatImpl', 'function', true], ['internal', 'function', false], ['helper', 'function', true],
    ]);
  });

  it('names anonymous default exports `default`', async () => {
    const facts = await extract('src/handler.ts', lines(
      'export default async function (req: Request) {',
      '  return respond(req);',
      '}',
    ));
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind, s.exported, s.line, s.col]), [['default', 'function', true, 1, 15]]);
    assert.equal(facts.calls[0]?.caller, 'default');
  });

  it('reads JavaScript and TSX with the same query', async () => {
    const js = await extract('web/app.jsx', lines(
      'export function App() { return <Button onClick={() => track("x")} />; }',
      'class Legacy extends React.Component { render() { return null; } }',
    ));
    assert.deepEqual(symbolKinds(js), ['App:function', 'Legacy:type', 'Legacy.render:method']);
    assert.deepEqual(symbolNamed(js, 'Legacy').bases, ['React.Component']);
    assert.equal(js.language, 'javascript');
    const tsx = await extract('web/view.tsx', 'export const View = <T,>(p: Props<T>) => <div>{p.title}</div>;\n');
    assert.deepEqual(symbolKinds(tsx), ['View:function']);
    assert.equal(tsx.syntaxErrors, 0);
  });

  it('records the properties of a const object literal that hold names, and its spreads, in source order', async () => {
    const facts = await extract('src/ns.ts', lines(
      "import * as schemas from './schemas';",
      'export const Jwt = { sign, check: verify, iso: schemas.iso, ...schemas, run() {}, made: make(), [key]: f, "quoted": g };',
      'const typed: Api = { sign };',
      'let mutable = { sign };',
      'const empty = {};',
      'export const Frozen = { sign, verify } as const;',
      'export const Checked = ({ sign }) satisfies Api;',
    ));
    assert.deepEqual(symbolNamed(facts, 'Jwt').objectMembers, [
      { name: 'sign', value: 'sign' }, { name: 'check', value: 'verify' }, { name: 'iso', value: 'schemas.iso' },
      { name: '...', value: 'schemas' }, { name: 'quoted', value: 'g' },
    ]);
    assert.equal(symbolNamed(facts, 'typed').objectMembers, undefined, 'a declared type says what its members are');
    assert.equal(facts.symbols.find((s) => s.name === 'mutable'), undefined, 'a let is no symbol');
    assert.equal(symbolNamed(facts, 'empty').objectMembers, undefined);
    const frozen = symbolNamed(facts, 'Frozen');
    assert.deepEqual(frozen.objectMembers, [{ name: 'sign', value: 'sign' }, { name: 'verify', value: 'verify' }], '`as const` keeps the literal');
    assert.equal(frozen.valueType, undefined, '`as const` names no type');
    assert.deepEqual(symbolNamed(facts, 'Checked').objectMembers, [{ name: 'sign', value: 'sign' }], '`satisfies` keeps the literal');
  });

  it('makes one symbol of overloads, at the implementation, called and documented as its signatures say', async () => {
    const facts = await extract('src/pick.ts', lines(
      '/** Picks by key. */',
      'export function pick(key: string): Item;',
      'export function pick(index: number): Item;',
      'export function pick(at: unknown): Other {',
      '  return new Other();',
      '}',
      'export class Box {',
      '  get(key: string): Item;',
      '  get(key: string, fallback: Item): Item | Other;',
      '  /** The implementation: no caller sees it. */',
      '  get(key: unknown, fallback?: unknown): unknown { return fallback; }',
      '}',
      'export declare class Client {',
      '  send(): void;',
      '  send(retries: number): void;',
      '}',
    ));
    const pick = symbolNamed(facts, 'pick');
    assert.deepEqual([pick.line, pick.results, pick.callable, pick.doc], [4, ['Item'], ['(p0: string) => Item', '(p0: number) => Item'], 'Picks by key.']);
    const get = symbolNamed(facts, 'Box.get');
    assert.deepEqual([get.line, get.results, get.callable?.length], [11, undefined, 2], 'results that differ give none');
    assert.equal(get.doc, 'The implementation: no caller sees it.', 'no signature documents it: the implementation does');
    const send = symbolNamed(facts, 'Client.send');
    assert.deepEqual([send.line, send.callable], [14, ['() => void', '(p0: number) => void']], 'signatures alone: the first stands for them');
    assert.equal(facts.symbols.filter((symbol) => symbol.name === 'pick' || symbol.name === 'Box.get').length, 2);
  });
});
