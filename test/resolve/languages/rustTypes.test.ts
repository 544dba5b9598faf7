import * as assert from 'node:assert/strict';
import { rustTypeSyntax } from '../../../src/resolve/languages/rustTypes';

describe('resolve/languages rustTypes', () => {
  it('sees references, lifetimes, dyn/impl and auto-deref pointers through to the named type', () => {
    const cases: Array<[string, string | undefined]> = [
      ['Store', 'Store'],
      ['&Store', 'Store'],
      ["&'a mut Store", 'Store'],
      ['Box<dyn Ledger + Send>', 'Ledger'],
      ["&'static dyn Ledger", 'Ledger'],
      ['impl Ledger', 'Ledger'],
      ['Arc<Rc<models::Order>>', 'models.Order'],
      ['Arc', 'Arc'],
      ['Cache<Order>', 'Cache'],
      ['inner.User', 'inner.User'],
      ['crate::models::User', 'crate.models.User'],
      ['u32', undefined],
      ['&str', undefined],
      ['(Store, Order)', undefined],
      ['[Order; 2]', undefined],
      ['fn(Store) -> Order', undefined],
      ['*const Store', undefined],
    ];
    assert.deepEqual(cases.map(([type]) => [type, rustTypeSyntax.named(type)]), cases);
  });

  it('gives the elements of sequences, sets, slices, arrays, Option, Result and iterator traits', () => {
    const cases: Array<[string, string | undefined]> = [
      ['Vec<Order>', 'Order'],
      ['&mut Vec<models::Order>', 'models::Order'],
      ['&[Order]', 'Order'],
      ['[Order; 4]', 'Order'],
      ['VecDeque<Order>', 'Order'],
      ['HashSet<Order>', 'Order'],
      ['Arc<Vec<Order>>', 'Order'],
      ['Option<&Order>', '&Order'],
      ['Result<Store, StoreError>', 'Store'],
      ['io::Result<Store>', 'Store'],
      ['impl Iterator<Item = Order>', 'Order'],
      ['Box<dyn Iterator<Item = Order> + Send>', 'Order'],
      ['Vec<Box<dyn Fn(u32) -> Order>>', 'Box<dyn Fn(u32) -> Order>'],
      ['HashMap<u32, Order>', undefined],
      ['Store', undefined],
    ];
    assert.deepEqual(cases.map(([type]) => [type, rustTypeSyntax.element(type)]), cases);
  });
});
