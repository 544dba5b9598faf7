import * as assert from 'node:assert/strict';
import { HEAVY_TEST_TIMEOUT_MS } from '../../helpers/extractSource';
import { fuzzExtractor } from '../../helpers/fuzz';
import { extractRust, rs } from './helpers';

const SAMPLE = rs(
  '//! Orders.',
  'use crate::store::{Store, MemoryStore as Memory};',
  'use axum::{routing::get, Router};',
  'mod billing;',
  '/// An order.',
  '#[derive(Debug)]',
  'pub struct Order { id: u32, store: Memory }',
  'pub trait Priced { fn price(&self) -> u32; fn total(&self) -> u32 { self.price() } }',
  'impl Priced for Order { fn price(&self) -> u32 { self.store.get(self.id) } }',
  'impl Order {',
  '    pub fn new(id: u32) -> Self { Order { id, store: Memory::new() } }',
  '}',
  'pub fn app() -> Router { Router::new().route("/orders/:id", get(show)).nest("/api", api()) }',
  '#[get("/x/<id>")]',
  'fn show(id: u32) -> String { let o = Order::new(id); format!("{}", o.total()) }',
  '#[cfg(test)]',
  'mod tests { use super::*; #[test] fn prices() { assert_eq!(Order::new(1).price(), 0); } }',
);

describe('extract/rust nasty input', () => {
  it('keeps the facts around a syntax error and counts it', async () => {
    const facts = await extractRust(rs(
      'fn before() { prepare(); }',
      'fn broken() -> u32 { let total = 1 + ; total }',
      'struct After;',
      'impl After { fn run(&self) { self.go(); } }',
    ));
    assert.ok(facts.syntaxErrors > 0);
    assert.deepEqual(facts.symbols.map((s) => s.name), ['before', 'broken', 'After', 'After.run']);
    assert.ok(facts.calls.some((c) => c.caller === 'before' && c.callee.form === 'name' && c.callee.name === 'prepare'));
    assert.ok(facts.calls.some((c) => c.caller === 'After.run' && c.callee.form === 'member' && c.callee.objectType === 'After'));
  });

  it('returns empty facts for an empty file', async () => {
    const facts = await extractRust('', 'src/empty.rs');
    assert.deepEqual(
      [facts.symbols, facts.calls, facts.routes, facts.links, facts.syntaxErrors],
      [[], [], [], undefined, 0],
    );
    assert.deepEqual(facts.imports.map((i) => i.source), ['self']);
  });

  it('survives random bytes, unbalanced braces and deep nesting', async () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const garbage = Array.from({ length: 20_000 }, () => String.fromCharCode(Math.floor(random() * 0xd7ff))).join('');
    assert.ok((await extractRust(garbage)).syntaxErrors > 0);
    const unbalanced = await extractRust(rs('impl Foo {', '    fn a(&self) { self.b(', 'mod x { fn y() {}'));
    assert.ok(unbalanced.syntaxErrors > 0);
    const nested = await extractRust(`fn deep() { ${'f('.repeat(3000)}${')'.repeat(3000)}; }\n`);
    assert.equal(nested.calls.length, 3000);
  });

  it('extracts a 2 MB generated module', async () => {
    const chunks: string[] = [];
    for (let length = 0, i = 0; length < 2_000_000; i++) {
      const chunk = `/// Model ${i}.\npub struct Model${i} { store: Store }\nimpl Model${i} {\n    pub fn run(&self, repo: &Repo) -> u32 {\n        repo.save(${i});\n        self.store.put(${i})\n    }\n}\n\n`;
      chunks.push(chunk);
      length += chunk.length;
    }
    const source = chunks.join('');
    const facts = await extractRust(source, 'src/generated.rs');
    assert.ok(source.length >= 2_000_000);
    assert.equal(facts.symbols.length, chunks.length * 2);
    assert.equal(facts.calls.length, chunks.length * 2);
    assert.equal(facts.calls.filter((c) => c.callee.form === 'member' && c.callee.objectType === 'Store').length, chunks.length);
  }).timeout(HEAVY_TEST_TIMEOUT_MS);

  it('survives 2000 mutated and truncated inputs', async () => {
    await fuzzExtractor('src/orders.rs', [SAMPLE], 2000, 20261122);
  });
});
