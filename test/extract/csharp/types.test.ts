import * as assert from 'node:assert/strict';
import { callAt, cs, extractCSharp, symbolNamed } from './helpers';

describe('extract/csharp receiver types', () => {
  it('writes results, parameters, fields and properties as declared, a type parameter as unknown', async () => {
    const facts = await extractCSharp(cs(
      'namespace Depot;',
      'public class Store<K> {',
      '  private Dictionary<K, List<Order>> _byKey;',
      '  public Audit? Audit { get; set; }',
      '  public const int Max = 3;',
      '  public static readonly Store<string> Default = new();',
      '  public List<Order> Pending(long since, Order? after) => null;',
      '  public T Any<T>() => default;',
      '  public K Key() => default;',
      '  public void Clear() {}',
      '  public Inner Make() => null;',
      '  public class Inner {}',
      '}',
      'public record Line(Order Order, int Quantity);',
    ));
    assert.deepEqual(symbolNamed(facts, 'Store').fields, [
      { name: '_byKey', type: 'Dictionary<?, List<Order>>' },
      { name: 'Audit', type: 'Audit?' },
      { name: 'Max', type: 'int' },
      { name: 'Default', type: 'Store<string>' },
    ]);
    assert.deepEqual(symbolNamed(facts, 'Store.Pending').results, ['List<Order>']);
    assert.deepEqual(symbolNamed(facts, 'Store.Pending').params, ['long', 'Order?']);
    assert.deepEqual(symbolNamed(facts, 'Store.Any').results, ['']);
    assert.deepEqual(symbolNamed(facts, 'Store.Key').results, ['']);
    assert.equal(symbolNamed(facts, 'Store.Clear').results, undefined);
    assert.deepEqual(symbolNamed(facts, 'Store.Make').results, ['Store.Inner']);
    assert.deepEqual(symbolNamed(facts, 'Store.Default').valueType, { t: 'named', name: 'Store<string>' });
    assert.deepEqual(symbolNamed(facts, 'Line').fields, [{ name: 'Order', type: 'Order' }, { name: 'Quantity', type: 'int' }]);
  });

  it('types var locals by call results, chains, properties of other types and foreach elements', async () => {
    const facts = await extractCSharp(cs(
      'class Checkout {',
      '  private Store _store;',
      '  void Run(long id, Order[] recent) {',
      '    var shop = Stores.Open();',
      '    var order = shop.Find(id);',
      '    order.Customer.Notify();',
      '    this._store.Find(id).Ship();',
      '    foreach (var pending in _store.Pending()) { pending.Ship(); }',
      '    recent[0].Ship();',
      '    ((Order)Any()).Ship();',
      '  }',
      '}',
    ));
    const open = { form: 'member', object: 'Stores', property: 'Open', objectType: 'Stores' } as const;
    const find = { form: 'member', object: 'shop', property: 'Find', receiverType: { t: 'result', call: open } } as const;
    assert.deepEqual(callAt(facts, 5, 21).callee, find);
    assert.deepEqual(callAt(facts, 6, 19).callee, {
      form: 'member', object: 'order.Customer', property: 'Notify',
      receiverType: { t: 'field', of: { t: 'result', call: find }, name: 'Customer' },
    });
    assert.deepEqual(callAt(facts, 7, 25).callee, {
      form: 'member', object: 'this._store.Find(id)', property: 'Ship',
      receiverType: { t: 'result', call: { form: 'member', object: 'this._store', property: 'Find', objectType: 'Store' } },
    });
    assert.deepEqual(callAt(facts, 8, 56).callee, {
      form: 'member', object: 'pending', property: 'Ship',
      receiverType: { t: 'element', of: { t: 'result', call: { form: 'member', object: '_store', property: 'Pending', objectType: 'Store' } } },
    });
    assert.deepEqual(callAt(facts, 9, 14).callee, {
      form: 'member', object: 'recent[0]', property: 'Ship', receiverType: { t: 'element', of: { t: 'named', name: 'Order[]' } },
    });
    assert.deepEqual(callAt(facts, 10, 19).callee, { form: 'member', object: '((Order)Any())', property: 'Ship', objectType: 'Order' });
  });

  it('leaves type parameters, lambda parameters, namespace paths and using aliases untyped', async () => {
    const facts = await extractCSharp(cs(
      'using repo = App.Repo;',
      'class Box<T> : Base {',
      '  T _item;',
      '  void Run(T value) {',
      '    value.Use();',
      '    _item.Use();',
      '    items.ForEach(x => x.Use());',
      '    System.Console.WriteLine();',
      '    repo.Store.Save();',
      '  }',
      '}',
    ));
    assert.deepEqual(callAt(facts, 5, 10).callee, { form: 'member', object: 'value', property: 'Use' });
    assert.deepEqual(callAt(facts, 6, 10).callee, { form: 'member', object: '_item', property: 'Use' });
    assert.deepEqual(callAt(facts, 7, 25).callee, { form: 'member', object: 'x', property: 'Use' });
    assert.deepEqual(callAt(facts, 8, 19).callee, { form: 'member', object: 'System.Console', property: 'WriteLine' });
    assert.deepEqual(callAt(facts, 9, 15).callee, { form: 'member', object: 'repo.Store', property: 'Save' });
  });

  it('keeps receiver types of long chains and long runs of var locals shallow', async () => {
    const vars = Array.from({ length: 500 }, (_, i) => `var a${i + 1} = a${i}.M();`).join('\n');
    const facts = await extractCSharp(`class A { void F(Foo a0, Foo x) { x${'.M()'.repeat(500)}; ${vars} } }`);
    assert.equal(facts.calls.length, 1000);
    // JSON.stringify overflows the stack on deeply nested values; the facts codec encodes them so.
    assert.ok(facts.calls.every((call) => JSON.stringify(call).length < 10_000));
  });
});
