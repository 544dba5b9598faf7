import * as assert from 'node:assert/strict';
import { extractRust, rs, symbolNamed, symbolSummary } from './helpers';

describe('extract/rust symbols', () => {
  it('reads functions, types, traits, constants and impl methods at their name tokens', async () => {
    const facts = await extractRust(rs(
      'pub fn open(path: &str) -> Store { Store::new() }',
      'struct Store { items: Vec<u32> }',
      'pub enum Shape { Circle(f64), Square }',
      'pub(crate) type Id = u64;',
      'pub trait Repo: Send {',
      '    fn get(&self, id: Id) -> u32;',
      '    fn count(&self) -> usize { 0 }',
      '}',
      'impl Store {',
      '    pub fn new() -> Self { Store { items: vec![] } }',
      '    const LIMIT: usize = 10;',
      '}',
      'impl Repo for Store {',
      '    type Item = u32;',
      '    fn get(&self, id: Id) -> u32 { id as u32 }',
      '}',
      'pub const MAX: u32 = 3;',
      'static mut COUNTER: u32 = 0;',
      'pub union Bits { i: u32, f: f32 }',
    ));
    assert.deepEqual(symbolSummary(facts), [
      { name: 'open', kind: 'function', line: 1, col: 7, endLine: 1, exported: true },
      { name: 'Store', kind: 'type', line: 2, col: 7, endLine: 2, exported: false },
      { name: 'Shape', kind: 'type', line: 3, col: 9, endLine: 3, exported: true },
      { name: 'Id', kind: 'type', line: 4, col: 16, endLine: 4, exported: true },
      { name: 'Repo', kind: 'interface', line: 5, col: 10, endLine: 8, exported: true },
      { name: 'Repo.count', kind: 'method', line: 7, col: 7, endLine: 7, exported: true },
      { name: 'Store.new', kind: 'method', line: 10, col: 11, endLine: 10, exported: true },
      { name: 'Store.LIMIT', kind: 'constant', line: 11, col: 10, endLine: 11, exported: false },
      { name: 'Store.get', kind: 'method', line: 15, col: 7, endLine: 15, exported: true },
      { name: 'MAX', kind: 'constant', line: 17, col: 10, endLine: 17, exported: true },
      { name: 'COUNTER', kind: 'constant', line: 18, col: 11, endLine: 18, exported: false },
      { name: 'Bits', kind: 'type', line: 19, col: 10, endLine: 19, exported: true },
    ]);
    assert.deepEqual(symbolNamed(facts, 'Repo').methods, ['get', 'count']);
    assert.equal(symbolNamed(facts, 'open').signature, 'pub fn open(path: &str) -> Store');
    assert.equal(symbolNamed(facts, 'Store').signature, 'struct Store');
  });

  it('reads doc comments above attributes, and none across a blank line', async () => {
    const facts = await extractRust(rs(
      '/// A user.',
      '/// Stored by id.',
      '#[derive(Debug)]',
      '#[serde(rename_all = "camelCase")]',
      'pub struct User {}',
      '// not a doc of Order',
      '',
      'pub struct Order {}',
      '/** The store. */',
      'pub struct Store {}',
    ));
    assert.equal(symbolNamed(facts, 'User').doc, 'A user.\nStored by id.');
    assert.equal(symbolNamed(facts, 'Order').doc, '');
    assert.equal(symbolNamed(facts, 'Store').doc, 'The store.');
  });

  it('marks #[test], #[tokio::test] and #[rstest] functions as tests', async () => {
    const facts = await extractRust(rs(
      '#[cfg(test)]',
      'mod tests {',
      '    use super::*;',
      '    #[test]',
      '    fn adds() { assert_eq!(add(1, 2), 3); }',
      '    #[tokio::test]',
      '    /// Async.',
      '    async fn fetches() {}',
      '    #[rstest]',
      '    #[case(1)]',
      '    fn cases(#[case] n: u32) {}',
      '    fn helper() {}',
      '    #[derive(Debug)]',
      '    struct Fixture;',
      '    fn after_struct() {}',
      '}',
    ));
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind]), [
      ['tests.adds', 'test'],
      ['tests.fetches', 'test'],
      ['tests.cases', 'test'],
      ['tests.helper', 'function'],
      ['tests.Fixture', 'type'],
      ['tests.after_struct', 'function'],
    ]);
  });

  it('names items of inline modules after the module; of items inside bodies only nested fns are symbols', async () => {
    const facts = await extractRust(rs(
      'mod outer {',
      '    pub mod inner {',
      '        pub struct Cache;',
      '        impl Cache { pub fn clear(&self) {} }',
      '    }',
      '}',
      'fn run() {',
      '    fn nested() {}',
      '    struct Local;',
      '    impl Local { fn go(&self) {} }',
      '}',
      'impl<T: Clone> Marker for T { fn mark(&self) {} }',
      'extern "C" { fn abs(x: i32) -> i32; }',
    ));
    assert.deepEqual(facts.symbols.map((s) => s.name), ['outer.inner.Cache', 'outer.inner.Cache.clear', 'run', 'run>nested']);
    assert.equal(facts.symbols.some((s) => s.packagePath !== undefined), false);
  });

  it('links impl Trait for Type: local types by name, others through scope', async () => {
    const facts = await extractRust(rs(
      'use std::fmt;',
      'struct User;',
      'impl fmt::Display for User {}',
      'impl From<u32> for User {}',
      'impl Repo for models::Order {}',
      'impl Clone for Missing {}',
      'impl<T> Repo for T {}',
      'impl User {}',
    ));
    assert.deepEqual(facts.links, [
      { edgeType: 'implements', line: 3, col: 5, from: { form: 'local', name: 'User' }, to: { form: 'expr', expr: { form: 'member', object: 'fmt', property: 'Display' } } },
      { edgeType: 'implements', line: 4, col: 5, from: { form: 'local', name: 'User' }, to: { form: 'expr', expr: { form: 'name', name: 'From' } } },
      { edgeType: 'implements', line: 5, col: 5, from: { form: 'expr', expr: { form: 'member', object: 'models', property: 'Order' } }, to: { form: 'expr', expr: { form: 'name', name: 'Repo' } } },
      { edgeType: 'implements', line: 6, col: 5, from: { form: 'expr', expr: { form: 'name', name: 'Missing' } }, to: { form: 'expr', expr: { form: 'name', name: 'Clone' } } },
    ]);
  });
});
