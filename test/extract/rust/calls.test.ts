import * as assert from 'node:assert/strict';
import { callAt, extractRust, rs } from './helpers';

describe('extract/rust calls', () => {
  it('reports name, path and method calls at the callee name token, with their caller', async () => {
    const facts = await extractRust(rs(
      'static CACHE: Lazy<Cache> = Lazy::new(build_cache);',
      'fn run(items: &[Item]) {',
      '    setup();',
      '    db::connect("url");',
      '    a::b::reset::<u8>();',
      '    parse::<u32>("1");',
      '    items.first().unwrap().save();',
      '    println!("{}", format(items));',
      '    <Item as Default>::default();',
      '}',
    ));
    assert.deepEqual(facts.calls, [
      { line: 1, col: 34, caller: 'CACHE', callee: { form: 'member', object: 'Lazy', property: 'new', objectType: 'Lazy' } },
      { line: 3, col: 4, caller: 'run', callee: { form: 'name', name: 'setup' } },
      { line: 4, col: 8, caller: 'run', callee: { form: 'member', object: 'db', property: 'connect' } },
      { line: 5, col: 10, caller: 'run', callee: { form: 'member', object: 'a::b', property: 'reset' } },
      { line: 6, col: 4, caller: 'run', callee: { form: 'name', name: 'parse' } },
      { line: 7, col: 10, caller: 'run', callee: { form: 'member', object: 'items', property: 'first' } },
      { line: 7, col: 18, caller: 'run', callee: { form: 'member', object: 'items.first()', property: 'unwrap' } },
      { line: 7, col: 27, caller: 'run', callee: { form: 'member', object: 'items.first().unwrap()', property: 'save' } },
      { line: 9, col: 23, caller: 'run', callee: { form: 'member', object: '<Item as Default>', property: 'default' } },
    ]);
  });

  it('types self, Self, typed parameters, typed lets, constructors and struct fields', async () => {
    const facts = await extractRust(rs(
      'struct Service { repo: Arc<Repo>, cache: Cache }',
      'impl Service {',
      '    fn run(&self, a: &Store, b: &mut Store, c: Box<dyn Notifier>, d: impl Notifier, e: models::Order, n: u32) {',
      '        self.prepare(); Self::create(); self.repo.find(n); self.cache.get(n);',
      '        a.get(); b.put(); c.notify(); d.notify(); e.total(); n.pow(2);',
      '        let s = Store::new(); let t: Store = make(); let u = Store { id: 1 }; let v = Store::open();',
      '        s.get(); t.get(); u.get(); v.get();',
      '    }',
      '}',
    ));
    const typeAt = (line: number, col: number) => {
      const { callee } = callAt(facts, line, col);
      return callee.form === 'member' ? callee.objectType : undefined;
    };
    assert.deepEqual(
      [typeAt(4, 13), typeAt(4, 30), typeAt(4, 50), typeAt(4, 70)],
      ['Service', 'Service', 'Repo', 'Cache'],
    );
    assert.deepEqual(
      [typeAt(5, 10), typeAt(5, 19), typeAt(5, 28), typeAt(5, 40), typeAt(5, 52), typeAt(5, 63)],
      ['Store', 'Store', 'Notifier', 'Notifier', 'models.Order', undefined],
    );
    assert.deepEqual([typeAt(7, 10), typeAt(7, 19), typeAt(7, 28), typeAt(7, 37)], ['Store', 'Store', 'Store', undefined]);
  });

  it('takes the binding a use sees, calls no local closure, and links a nested fn as outer>inner', async () => {
    const facts = await extractRust(rs(
      'fn run(store: Store, items: Vec<u8>) {',
      '    let check = |x: u8| x > 1;',
      '    fn helper() {}',
      '    check(1); helper();',
      '    if let Some(store) = other() { store.get(); }',
      '    for item in items { item.save(); }',
      '}',
      'fn later() { helper(); }',
    ));
    assert.deepEqual(facts.calls.map((c) => [c.line, c.col, c.callee.form === 'member' ? c.callee.property : c.callee.name]), [
      [4, 14, 'run>helper'], [5, 25, 'other'], [5, 41, 'get'], [6, 29, 'save'], [8, 13, 'helper'],
    ]);
    assert.deepEqual(facts.calls.map((c) => c.caller), ['run', 'run', 'run', 'run', 'later']);
    // `store` in the if-let body is what `other()` returns holds, not the parameter.
    assert.deepEqual(callAt(facts, 5, 41).callee, {
      form: 'member', object: 'store', property: 'get', receiverType: { t: 'element', of: { t: 'result', call: { form: 'name', name: 'other' } } },
    });
  });

  it('attributes calls in a nested fn to it; a name bound again in the function is no nested fn', async () => {
    const facts = await extractRust(rs(
      'impl Cache {',
      '    fn get(&self) {',
      '        fn load() { fetch(); fn parse() {} parse(); }',
      '        load();',
      '        fn twice() {}',
      '        let twice = 2;',
      '        twice();',
      '    }',
      '}',
    ));
    assert.deepEqual(facts.symbols.map((s) => `${s.name}:${s.kind}:${s.exported}`), [
      'Cache.get:method:false', 'Cache.get>load:function:false', 'Cache.get>load>parse:function:false', 'Cache.get>twice:function:false',
    ]);
    assert.deepEqual(facts.calls.map((c) => `${c.caller} -> ${c.callee.form === 'member' ? c.callee.property : c.callee.name}`), [
      'Cache.get>load -> fetch', 'Cache.get>load -> Cache.get>load>parse', 'Cache.get -> Cache.get>load',
    ]);
  });

  it('resolves paths through inline modules and crate roots by their local names', async () => {
    const facts = await extractRust(rs(
      'fn top() {}',
      'mod inner {',
      '    pub fn util() {}',
      '    pub struct Cache;',
      '    impl Cache { pub fn new() -> Self { Cache } fn warm(&self) { self.fill(); } fn fill(&self) {} }',
      '    fn go() { util(); super::top(); self::util(); Cache::new(); top(); crate::top(); }',
      '}',
      'fn outside() { inner::util(); crate::inner::util(); self::top(); }',
    ), 'src/lib.rs');
    const names = (line: number) => facts.calls.filter((c) => c.line === line).map((c) => c.callee);
    assert.deepEqual(names(5), [{ form: 'name', name: 'inner.Cache.fill' }]);
    assert.deepEqual(names(6), [
      { form: 'name', name: 'inner.util' },
      { form: 'name', name: 'top' },
      { form: 'name', name: 'inner.util' },
      { form: 'name', name: 'inner.Cache.new' },
      { form: 'name', name: 'top' },
      { form: 'name', name: 'top' },
    ]);
    assert.deepEqual(names(8), [
      { form: 'name', name: 'inner.util' },
      { form: 'name', name: 'inner.util' },
      { form: 'name', name: 'top' },
    ]);
    assert.equal(callAt(facts, 6, 14).caller, 'inner.go');
  });

  it('keeps crate:: paths as written outside a crate root', async () => {
    const facts = await extractRust(rs('fn go() { crate::top(); }'), 'src/orders.rs');
    assert.deepEqual(facts.calls[0]!.callee, { form: 'member', object: 'crate', property: 'top' });
  });
});
