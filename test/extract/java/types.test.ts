import * as assert from 'node:assert/strict';
import { callAt, extractJava, java, symbolNamed } from './helpers';

describe('extract/java receiver types', () => {
  it('writes results, parameters and fields as declared, a type parameter as unknown', async () => {
    const facts = await extractJava(java(
      'class Store<K> {',
      '    private @Nullable Map<K, List<Order>> byKey;',
      '    Audit audit;',
      '    static final Store<String> DEFAULT = null;',
      '    List<Order> pending(long since, String... tags) { return null; }',
      '    <T> T any(Class<T> kind) { return null; }',
      '    K key() { return null; }',
      '    void clear() {}',
      '    Inner inner() { return null; }',
      '    class Inner {}',
      '}',
      'record Line(Order order, int quantity) {}',
      'enum Color { RED }',
    ));
    const store = symbolNamed(facts, 'Store');
    assert.deepEqual(store.fields, [
      { name: 'byKey', type: 'Map<?, List<Order>>' },
      { name: 'audit', type: 'Audit' },
      { name: 'DEFAULT', type: 'Store<String>' },
    ]);
    assert.deepEqual(symbolNamed(facts, 'Store.pending').results, ['List<Order>']);
    assert.deepEqual(symbolNamed(facts, 'Store.pending').params, ['long', 'String[]']);
    assert.deepEqual(symbolNamed(facts, 'Store.any').results, ['']);
    assert.deepEqual(symbolNamed(facts, 'Store.any').params, ['Class<?>']);
    assert.deepEqual(symbolNamed(facts, 'Store.key').results, ['']);
    assert.equal(symbolNamed(facts, 'Store.clear').results, undefined);
    assert.deepEqual(symbolNamed(facts, 'Store.inner').results, ['Store.Inner']);
    assert.deepEqual(symbolNamed(facts, 'Store.DEFAULT').valueType, { t: 'named', name: 'Store<String>' });
    assert.deepEqual(symbolNamed(facts, 'Line').fields, [{ name: 'order', type: 'Order' }, { name: 'quantity', type: 'int' }]);
    assert.deepEqual(symbolNamed(facts, 'Color').fields, [{ name: 'RED', type: 'Color' }]);
  });

  it('types var locals by call results, chains, fields of other classes and iterated elements', async () => {
    const facts = await extractJava(java(
      'class Checkout {',
      '    private Store store;',
      '    void run(long id, Order[] recent) {',
      '        var shop = Stores.open();',
      '        var order = shop.find(id);',
      '        order.customer.notifyShipped();',
      '        this.store.find(id).ship();',
      '        for (var pending : store.pending()) { pending.ship(); }',
      '        recent[0].ship();',
      '        Order o = shop.find(id);',
      '        o.ship();',
      '        ((Order) any()).ship();',
      '    }',
      '}',
    ));
    const open = { form: 'member', object: 'Stores', property: 'open', objectType: 'Stores' } as const;
    const find = { form: 'member', object: 'shop', property: 'find', receiverType: { t: 'result', call: open } } as const;
    assert.deepEqual(callAt(facts, 5, 25).callee, find);
    assert.deepEqual(callAt(facts, 6, 23).callee, {
      form: 'member', object: 'order.customer', property: 'notifyShipped',
      receiverType: { t: 'field', of: { t: 'result', call: find }, name: 'customer' },
    });
    assert.deepEqual(callAt(facts, 7, 28).callee, {
      form: 'member', object: 'this.store.find(id)', property: 'ship',
      receiverType: { t: 'result', call: { form: 'member', object: 'this.store', property: 'find', objectType: 'Store' } },
    });
    assert.deepEqual(callAt(facts, 8, 54).callee, {
      form: 'member', object: 'pending', property: 'ship',
      receiverType: { t: 'element', of: { t: 'result', call: { form: 'member', object: 'store', property: 'pending', objectType: 'Store' } } },
    });
    assert.deepEqual(callAt(facts, 9, 18).callee, {
      form: 'member', object: 'recent[0]', property: 'ship', receiverType: { t: 'element', of: { t: 'named', name: 'Order[]' } },
    });
    assert.deepEqual(callAt(facts, 11, 10).callee, { form: 'member', object: 'o', property: 'ship', objectType: 'Order' });
    assert.deepEqual(callAt(facts, 12, 24).callee, { form: 'member', object: '((Order) any())', property: 'ship', objectType: 'Order' });
  });

  it('types statically imported fields by their value, and leaves type parameters and lambdas unknown', async () => {
    const facts = await extractJava(java(
      'import static a.b.Registry.INSTANCE;',
      'class Box<T> {',
      '    T item;',
      '    void run(T value) {',
      '        INSTANCE.lookup();',
      '        value.use();',
      '        item.use();',
      '        list.forEach(x -> x.use());',
      '    }',
      '}',
    ));
    assert.deepEqual(callAt(facts, 5, 17).callee, {
      form: 'member', object: 'INSTANCE', property: 'lookup', receiverType: { t: 'value', of: { form: 'name', name: 'INSTANCE' } },
    });
    assert.deepEqual(callAt(facts, 6, 14).callee, { form: 'member', object: 'value', property: 'use' });
    assert.deepEqual(callAt(facts, 7, 13).callee, { form: 'member', object: 'item', property: 'use' });
    assert.deepEqual(callAt(facts, 8, 28).callee, { form: 'member', object: 'x', property: 'use' });
  });

  it('keeps receiver types of long chains and long runs of var locals shallow', async () => {
    const vars = Array.from({ length: 500 }, (_, i) => `var a${i + 1} = a${i}.m();`).join('\n');
    const facts = await extractJava(`class A { void f(Foo a0, Foo x) { x${'.m()'.repeat(500)}; ${vars} } }`);
    assert.equal(facts.calls.length, 1000);
    // JSON.stringify overflows the stack on deeply nested values; the facts codec encodes them so.
    assert.ok(facts.calls.every((call) => JSON.stringify(call).length < 10_000));
  });
});
