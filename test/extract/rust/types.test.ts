import * as assert from 'node:assert/strict';
import type { CalleeExpr } from '../../../src/extract/facts';
import { callAt, extractRust, rs, symbolNamed } from './helpers';

/** The receiver of the member call at line:col: its objectType or receiverType. */
async function receiverAt(source: string, line: number, col: number): Promise<Pick<Extract<CalleeExpr, { form: 'member' }>, 'objectType' | 'receiverType'>> {
  const { callee } = callAt(await extractRust(source), line, col);
  if (callee.form !== 'member') throw new Error(`not a member call: ${JSON.stringify(callee)}`);
  return {
    ...(callee.objectType ? { objectType: callee.objectType } : {}),
    ...(callee.receiverType ? { receiverType: callee.receiverType } : {}),
  };
}

const OPEN = { form: 'member', object: 'Store', property: 'open', objectType: 'Store' } as const;

describe('extract/rust receiver types', () => {
  it('declares parameter and result types with Self as the impl type, generic parameters and a trait Self unknown', async () => {
    const facts = await extractRust(rs(
      'pub struct Store { orders: Vec<Order>, next: Box<Self> }',
      'pub struct Pair(pub Order, Customer);',
      'pub struct Cache<T> { value: T, count: u32 }',
      'pub static EMPTY: Store = Store::EMPTY;',
      'pub type Orders = Vec<Order>;',
      'impl Store {',
      '    pub fn open(path: &str, n: usize) -> Result<Self, StoreError> { todo!() }',
      '    pub fn latest(&self) -> &Order { todo!() }',
      '    pub fn put(&mut self, order: Order) {}',
      '    pub fn any<T>(&self, value: T) -> Option<T> { None }',
      '}',
      'pub trait Maker { fn make() -> Self { todo!() } }',
      'pub async fn load() -> Store { todo!() }',
    ));
    const declared = (name: string) => {
      const { params, results, fields, valueType, underlying } = symbolNamed(facts, name);
      return JSON.parse(JSON.stringify({ params, results, fields, valueType, underlying }));
    };
    assert.deepEqual(declared('Store'), { fields: [{ name: 'orders', type: 'Vec<Order>' }, { name: 'next', type: 'Box<Store>' }] });
    assert.deepEqual(declared('Pair'), { fields: [{ name: '0', type: 'Order' }, { name: '1', type: 'Customer' }] });
    assert.deepEqual(declared('Cache'), { fields: [{ name: 'value', type: '' }, { name: 'count', type: 'u32' }] });
    assert.deepEqual(declared('EMPTY'), { valueType: { t: 'named', name: 'Store' } });
    assert.deepEqual(declared('Orders'), { underlying: 'Vec<Order>' });
    assert.deepEqual(declared('Store.open'), { params: ['&str', 'usize'], results: ['Result<Store, StoreError>'] });
    assert.deepEqual(declared('Store.latest'), { params: [], results: ['&Order'] });
    assert.deepEqual(declared('Store.put'), { params: ['Order'] });
    assert.deepEqual(declared('Store.any'), { params: [''], results: [''] });
    assert.deepEqual(declared('Maker.make'), { params: [], results: [''] });
    assert.deepEqual(declared('load'), { params: [], results: ['Store'] });
  });

  it('types lets by their value: function results, associated functions, ? and unwrap, clone, await', async () => {
    const source = rs(
      'async fn run() {',
      '    let a = make(); a.m();',
      '    let b = Store::open("x")?; b.m();',
      '    let c = Store::open("x").unwrap(); c.m();',
      '    let d = Store::open("x"); d.m();',
      '    let e = Store::new(); e.m();',
      '    let f = e.clone(); f.m();',
      '    let g = load().await; g.m();',
      '    let h = store::connect(); h.m();',
      '}',
    );
    assert.deepEqual(await receiverAt(source, 2, 22), { receiverType: { t: 'result', call: { form: 'name', name: 'make' } } });
    assert.deepEqual(await receiverAt(source, 3, 33), { receiverType: { t: 'element', of: { t: 'result', call: OPEN } } });
    assert.deepEqual(await receiverAt(source, 4, 41), { receiverType: { t: 'element', of: { t: 'result', call: OPEN } } });
    assert.deepEqual(await receiverAt(source, 5, 32), { receiverType: { t: 'result', call: OPEN } });
    assert.deepEqual(await receiverAt(source, 6, 28), { objectType: 'Store' });
    assert.deepEqual(await receiverAt(source, 7, 25), { objectType: 'Store' });
    assert.deepEqual(await receiverAt(source, 8, 28), { receiverType: { t: 'result', call: { form: 'name', name: 'load' } } });
    assert.deepEqual(await receiverAt(source, 9, 32), {
      receiverType: { t: 'result', call: { form: 'member', object: 'store', property: 'connect' } },
    });
  });

  it('types chains, fields of structs declared elsewhere, statics, for elements and if-let payloads', async () => {
    const source = rs(
      'impl Checkout {',
      '    fn run(&self, orders: &[Order], all: Vec<Order>) {',
      '        self.store.latest().first();',
      '        EMPTY.latest();',
      '        for o in orders { o.first(); }',
      '        for o in all.iter() { o.first(); }',
      '        if let Some(found) = self.store.find(1) { found.first(); }',
      '        self.pair.0.first();',
      '    }',
      '}',
    );
    const store = { t: 'field', of: { t: 'named', name: 'Checkout' }, name: 'store' } as const;
    const latest = { form: 'member', object: 'self.store', property: 'latest', receiverType: store } as const;
    assert.deepEqual(await receiverAt(source, 3, 19), { receiverType: store });
    assert.deepEqual(await receiverAt(source, 3, 28), { receiverType: { t: 'result', call: latest } });
    assert.deepEqual(await receiverAt(source, 4, 14), { receiverType: { t: 'value', of: { form: 'name', name: 'EMPTY' } } });
    assert.deepEqual(await receiverAt(source, 5, 28), { receiverType: { t: 'element', of: { t: 'named', name: '&[Order]' } } });
    assert.deepEqual(await receiverAt(source, 6, 32), { receiverType: { t: 'element', of: { t: 'named', name: 'Vec<Order>' } } });
    assert.deepEqual(await receiverAt(source, 7, 56), {
      receiverType: { t: 'element', of: { t: 'result', call: { form: 'member', object: 'self.store', property: 'find', receiverType: store } } },
    });
    assert.deepEqual(await receiverAt(source, 8, 20), {
      receiverType: { t: 'field', of: { t: 'field', of: { t: 'named', name: 'Checkout' }, name: 'pair' }, name: '0' },
    });
  });

  it('gives no type for generic parameters, macro output, methods on unknown receivers and shadowed names out of reach', async () => {
    const source = rs(
      'fn run<L: Ledger>(ledger: &mut L, items: Vec<u8>) {',
      '    ledger.record();',
      '    L::create().record();',
      '    let s = fresh!(); s.latest();',
      '    let t = value.first().unwrap(); t.latest();',
      '    let x = Store::new();',
      '    { let x = make(); x.m(); }',
      '    x.m();',
      '}',
    );
    assert.deepEqual(await receiverAt(source, 2, 11), {});
    assert.deepEqual(await receiverAt(source, 3, 16), {});
    assert.deepEqual(await receiverAt(source, 4, 24), {});
    assert.deepEqual(await receiverAt(source, 5, 38), {});
    assert.deepEqual(await receiverAt(source, 7, 24), { receiverType: { t: 'result', call: { form: 'name', name: 'make' } } });
    assert.deepEqual(await receiverAt(source, 8, 6), { objectType: 'Store' });
  });
});
