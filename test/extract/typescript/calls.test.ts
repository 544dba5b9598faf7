import * as assert from 'node:assert/strict';
import { callees, extract, lines } from './helpers';

describe('extract/typescript calls', () => {
  it('reports name, member and new calls at the callee name token', async () => {
    const facts = await extract('src/a.ts', lines(
      'function run() {',
      '  format(x);',
      '  api.users.list();',
      '  new Foo(1);',
      '  new ns.Bar();',
      '  a?.b();',
      '  make().then(done);',
      '  items[0].close();',
      '}',
    ));
    assert.deepEqual(facts.calls, [
      { caller: 'run', line: 2, col: 2, callee: { form: 'name', name: 'format' } },
      // Receivers this file cannot type are left for the resolver as expressions.
      { caller: 'run', line: 3, col: 12, callee: { form: 'member', object: 'api.users', property: 'list', receiverType: { t: 'value', of: { form: 'member', object: 'api', property: 'users' } } } },
      { caller: 'run', line: 4, col: 6, callee: { form: 'new', name: 'Foo' } },
      { caller: 'run', line: 5, col: 9, callee: { form: 'new', name: 'Bar', object: 'ns' } },
      { caller: 'run', line: 6, col: 5, callee: { form: 'member', object: 'a', property: 'b', receiverType: { t: 'value', of: { form: 'name', name: 'a' } } } },
      { caller: 'run', line: 7, col: 2, callee: { form: 'name', name: 'make' } },
      { caller: 'run', line: 7, col: 9, callee: { form: 'member', object: 'make()', property: 'then', receiverType: { t: 'result', call: { form: 'name', name: 'make' } } } },
      { caller: 'run', line: 8, col: 11, callee: { form: 'member', object: 'items[0]', property: 'close', receiverType: { t: 'element', of: { t: 'value', of: { form: 'name', name: 'items' } }, indexed: true } } },
    ]);
  });

  it('attributes calls to the nearest enclosing symbol, or to module scope', async () => {
    const facts = await extract('src/b.ts', lines(
      'setup();',
      'function outer() {',
      '  function inner() { deep(); }',
      '  [1].map((n) => twice(n));',
      '}',
      'const handler = wrap(async () => { work(); });',
      'class Box { size = measure(); open() { const f = function () { hidden(); }; } }',
      'const obj = { m() { inObject(); } };',
    ));
    assert.deepEqual(callees(facts).map(({ caller, callee }) => `${caller || '<module>'} -> ${callee.form === 'member' ? `${callee.object}.${callee.property}` : callee.name}`), [
      '<module> -> setup',
      'outer>inner -> deep',
      'outer -> [1].map',
      'outer -> twice',
      'handler -> wrap',
      'handler -> work',
      'Box -> measure',
      'Box.open>f -> hidden',
      'obj.m -> inObject',
    ]);
  });

  it('types this, super and static calls from the enclosing class', async () => {
    const facts = await extract('src/c.ts', lines(
      'class Base {}',
      'class Child extends Base {',
      '  run() {',
      '    this.step();',
      '    super.run();',
      '    const later = () => this.step();',
      '    function detached() { this.step(); }',
      '    Child.create();',
      '  }',
      '}',
    ));
    assert.deepEqual(callees(facts).map(({ callee }) => callee), [
      { form: 'member', object: 'this', property: 'step', objectType: 'Child' },
      { form: 'member', object: 'super', property: 'run', objectType: 'Base' },
      { form: 'member', object: 'this', property: 'step', objectType: 'Child' },
      { form: 'member', object: 'this', property: 'step' },
      { form: 'member', object: 'Child', property: 'create', objectType: 'Child' },
    ]);
  });

  it('types parameters by plain and dotted annotations, and leaves generic and other written types to the resolver', async () => {
    const facts = await extract('src/d.ts', lines(
      'function use(a: Repo, b: db.Pool, c: List<Item>, d: A | B, e: Item[], f: string, g?: Cache, h) {',
      '  a.get(); b.query(); c.first(); d.x(); e.pop(); f.trim(); g.clear(); h.any();',
      '}',
      'const arrow = (p: Parser) => p.parse();',
    ));
    assert.deepEqual(callees(facts).map(({ callee }) => callee), [
      { form: 'member', object: 'a', property: 'get', objectType: 'Repo' },
      { form: 'member', object: 'b', property: 'query', objectType: 'db.Pool' },
      { form: 'member', object: 'c', property: 'first', receiverType: { t: 'named', name: 'List<Item>' } },
      { form: 'member', object: 'd', property: 'x', receiverType: { t: 'named', name: 'A | B' } },
      { form: 'member', object: 'e', property: 'pop', receiverType: { t: 'named', name: 'Item[]' } },
      { form: 'member', object: 'f', property: 'trim' },
      { form: 'member', object: 'g', property: 'clear', objectType: 'Cache' },
      { form: 'member', object: 'h', property: 'any' },
      { form: 'member', object: 'p', property: 'parse', objectType: 'Parser' },
    ]);
  });

  it('types locals from new, annotations and (TypeScript) let initializers, declared before or after use', async () => {
    const facts = await extract('src/e.ts', lines(
      'const shared = new Registry();',
      'function f() {',
      '  const a = new Client();',
      '  const b: Store = open();',
      '  let c = new Mutable();',
      '  const d = build() as Widget;',
      '  a.send(); b.get(); c.change(); d.draw(); shared.add(); late.use();',
      '}',
      'const late = new Late();',
    ));
    assert.deepEqual(callees(facts).filter(({ callee }) => callee.form === 'member').map(({ callee }) => callee), [
      { form: 'member', object: 'a', property: 'send', objectType: 'Client' },
      { form: 'member', object: 'b', property: 'get', objectType: 'Store' },
      { form: 'member', object: 'c', property: 'change', objectType: 'Mutable' },
      { form: 'member', object: 'd', property: 'draw', objectType: 'Widget' },
      { form: 'member', object: 'shared', property: 'add', objectType: 'Registry' },
      { form: 'member', object: 'late', property: 'use', objectType: 'Late' },
    ]);
  });

  it('does not borrow a type through a shadowing binding, and scopes a block\'s own', async () => {
    const facts = await extract('src/f.ts', lines(
      'function f(item: Item, other: Other) {',
      '  list.forEach((item) => item.untyped());',
      '  for (const other of others) other.loop();',
      '  item.typed();',
      '}',
      'function g(x: First) {',
      '  if (flag) { const x = new Second(); x.inner(); }',
      '  x.outer();',
      '  if (flag) { var y = new Second(); }',
      '  y.hoisted();',
      '}',
    ));
    assert.deepEqual(callees(facts).filter(({ callee }) => callee.form === 'member' && callee.object !== 'list').map(({ callee }) => callee), [
      // The callback's item is an element of list (its context), not the outer Item.
      { form: 'member', object: 'item', property: 'untyped', receiverType: { t: 'element', of: { t: 'value', of: { form: 'name', name: 'list' } } } },
      { form: 'member', object: 'other', property: 'loop' },
      { form: 'member', object: 'item', property: 'typed', objectType: 'Item' },
      // The block's const is its own; after the block, x is the parameter again.
      { form: 'member', object: 'x', property: 'inner', objectType: 'Second' },
      { form: 'member', object: 'x', property: 'outer', objectType: 'First' },
      // A var belongs to the function, whatever block declares it.
      { form: 'member', object: 'y', property: 'hoisted', objectType: 'Second' },
    ]);
  });

  it('types this.field calls from field annotations, initializers and constructor parameters, and leaves other fields to the resolver', async () => {
    const facts = await extract('src/g.ts', lines(
      'class Service {',
      '  private store: Store;',
      '  private cache = new Cache();',
      '  private loose = makeThing();',
      '  constructor(private readonly repo: Repo, plain: Plain) {}',
      '  run() {',
      '    this.store.get(); this.cache.hit(); this.loose.go(); this.repo.find(); this.plain.no(); this.a.b.c();',
      '  }',
      '}',
    ));
    assert.deepEqual(facts.calls.filter((c) => c.line === 7).map(({ callee }) => callee), [
      { form: 'member', object: 'this.store', property: 'get', objectType: 'Store' },
      { form: 'member', object: 'this.cache', property: 'hit', objectType: 'Cache' },
      { form: 'member', object: 'this.loose', property: 'go', receiverType: { t: 'field', of: { t: 'named', name: 'Service' }, name: 'loose' } },
      { form: 'member', object: 'this.repo', property: 'find', objectType: 'Repo' },
      { form: 'member', object: 'this.plain', property: 'no', receiverType: { t: 'field', of: { t: 'named', name: 'Service' }, name: 'plain' } },
      { form: 'member', object: 'this.a.b', property: 'c', receiverType: { t: 'field', of: { t: 'field', of: { t: 'named', name: 'Service' }, name: 'a' }, name: 'b' } },
    ]);
  });

  it('skips tagged templates and call/apply/bind on untyped objects', async () => {
    const facts = await extract('src/h.ts', lines(
      'class A extends B {',
      '  m(h: Handler) { sql`select 1`; run.call(null); fn.bind(this); h.call(1); }',
      '}',
    ));
    assert.deepEqual(callees(facts).map(({ callee }) => callee), [
      { form: 'member', object: 'h', property: 'call', objectType: 'Handler' },
    ]);
  });

  it('reads super(...) as constructing the base class, and super.m() as a call on it', async () => {
    const facts = await extract('src/s.ts', lines(
      'class A extends B {',
      '  constructor() { super(1); super.init(); }',
      '}',
      'class C extends ns.Base { constructor() { super(); } }',
      'class D extends Mixin(B) { constructor() { super(); } }',
      'class E { constructor() { const f = () => super.x(); } }',
    ));
    assert.deepEqual(facts.calls.filter((c) => c.line <= 5).map(({ caller, line, col, callee }) => ({ caller, line, col, callee })), [
      { caller: 'A.constructor', line: 2, col: 18, callee: { form: 'new', name: 'B' } },
      { caller: 'A.constructor', line: 2, col: 34, callee: { form: 'member', object: 'super', property: 'init', objectType: 'B' } },
      { caller: 'C.constructor', line: 4, col: 42, callee: { form: 'new', name: 'Base', object: 'ns' } },
      { caller: 'D', line: 5, col: 16, callee: { form: 'name', name: 'Mixin' } },
    ]);
  });

  it('leaves out calls to names bound inside functions (parameters, locals); nested functions and classes are symbols', async () => {
    const facts = await extract('src/j.js', lines(
      'function middleware(req, res, next) {',
      '  next();',
      '  const callback = pick();',
      '  callback();',
      '  function helper() {}',
      '  helper();',
      '  class Local {}',
      '  new Local();',
      '  outside();',
      '}',
      'new Promise((resolve) => resolve(1));',
    ));
    assert.deepEqual(callees(facts), [
      { caller: 'middleware', callee: { form: 'name', name: 'pick' } },
      { caller: 'middleware', callee: { form: 'name', name: 'middleware>helper' } },
      { caller: 'middleware', callee: { form: 'new', name: 'middleware>Local' } },
      { caller: 'middleware', callee: { form: 'name', name: 'outside' } },
      { caller: '', callee: { form: 'new', name: 'Promise' } },
    ]);
  });

  it('links a nested function by its local name from anywhere in its enclosing body; the local name shadows', async () => {
    const facts = await extract('src/k.ts', lines(
      'function helper() {}',
      'function outer() {',
      '  later();',
      '  [1].forEach(() => helper());',
      '  function helper() { deeper(); function deeper() {} }',
      '  const later = () => helper();',
      '}',
      'function other() { helper(); }',
      'const api = { get() { helper(); }, put: () => { const local = () => 1; local(); } };',
    ));
    assert.deepEqual(callees(facts).map(({ caller, callee }) => `${caller} -> ${callee.form === 'member' ? callee.property : callee.name}`), [
      'outer -> outer>later',
      'outer -> forEach',
      'outer -> outer>helper',
      'outer>helper -> outer>helper>deeper',
      'outer>later -> outer>helper',
      'other -> helper',
      'api.get -> helper',
      'api.put -> api.put>local',
    ]);
  });

  it('counts columns in UTF-16 code units, as JavaScript strings do', async () => {
    const facts = await extract('src/i.ts', 'const s = "😀"; report(s);\n');
    assert.deepEqual(facts.calls.map((c) => [c.line, c.col]), [[1, 16]]);
  });
});
