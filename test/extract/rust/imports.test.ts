import * as assert from 'node:assert/strict';
import { extractRust, rs } from './helpers';

describe('extract/rust imports', () => {
  it('gives every name a use brings in its own fact, with the whole path as source', async () => {
    const facts = await extractRust(rs(
      'use crate::a::b::{self, C as D, e::*};',
      'use super::x;',
      'use std::collections::HashMap;',
      'use serde::{Deserialize, Serialize as Ser};',
      'use self::y::*;',
      'use tokio;',
      'use crate::helpers::assert as _;',
      'extern crate foo as bar;',
    ), 'src/a/mod.rs');
    assert.deepEqual(facts.imports.map(({ line, col, source, bindings }) => ({ line, col, source, bindings })), [
      { line: 1, col: 0, source: 'self', bindings: [{ imported: '*', local: 'a' }] },
      { line: 1, col: 18, source: 'crate::a::b', bindings: [{ imported: 'b', local: 'b' }] },
      { line: 1, col: 24, source: 'crate::a::b::C', bindings: [{ imported: 'C', local: 'D' }] },
      { line: 1, col: 32, source: 'crate::a::b::e::*', bindings: [{ imported: '*', local: '*' }] },
      { line: 2, col: 4, source: 'super::x', bindings: [{ imported: 'x', local: 'x' }] },
      { line: 3, col: 4, source: 'std::collections::HashMap', bindings: [{ imported: 'HashMap', local: 'HashMap' }] },
      { line: 4, col: 12, source: 'serde::Deserialize', bindings: [{ imported: 'Deserialize', local: 'Deserialize' }] },
      { line: 4, col: 25, source: 'serde::Serialize', bindings: [{ imported: 'Serialize', local: 'Ser' }] },
      { line: 5, col: 4, source: 'self::y::*', bindings: [{ imported: '*', local: '*' }] },
      { line: 6, col: 4, source: 'tokio', bindings: [{ imported: '*', local: 'tokio' }] },
      { line: 7, col: 4, source: 'crate::helpers::assert', bindings: [{ imported: 'assert', local: '_' }] },
      { line: 8, col: 13, source: 'foo', bindings: [{ imported: '*', local: 'bar' }] },
    ]);
  });

  it('imports module files declared with mod, and re-exports what pub use names', async () => {
    const facts = await extractRust(rs(
      'mod db;',
      'pub mod handlers;',
      'mod inline { pub mod deeper; }',
      'pub use db::Pool;',
    ), 'src/lib.rs');
    assert.deepEqual(facts.imports, [
      { line: 1, col: 4, source: 'self::db', bindings: [{ imported: '*', local: 'db' }] },
      { line: 2, col: 8, source: 'self::handlers', bindings: [{ imported: '*', local: 'handlers' }] },
      { line: 3, col: 21, source: 'self::inline::deeper', bindings: [{ imported: '*', local: 'deeper' }] },
      { line: 4, col: 8, source: 'db::Pool', bindings: [{ imported: 'Pool', local: 'Pool' }] },
      { line: 4, col: 8, source: 'db::Pool', bindings: [{ imported: 'Pool', local: 'Pool' }], reexport: true },
    ]);
  });

  it('rewrites paths inside inline modules to start at the file module', async () => {
    const facts = await extractRust(rs(
      'mod tests {',
      '    use super::*;',
      '    use super::super::parent::Thing;',
      '    use self::fixtures::build;',
      '    mod fixtures { pub fn build() {} }',
      '    use fixtures::build as make;',
      '}',
    ), 'src/orders.rs');
    assert.deepEqual(facts.imports.slice(1).map((i) => [i.source, i.bindings[0]!.local]), [
      ['self::*', '*'],
      ['super::parent::Thing', 'Thing'],
      ['self::tests::fixtures::build', 'build'],
      ['self::tests::fixtures::build', 'make'],
    ]);
  });

  it('re-exports a module file under its own name, and no crate root', async () => {
    const ownName = async (path: string) => (await extractRust('', path)).imports.map((i) => i.bindings[0]!.local);
    assert.deepEqual(await ownName('src/db/mod.rs'), ['db']);
    assert.deepEqual(await ownName('src/db/pool.rs'), ['pool']);
    assert.deepEqual(await ownName('src/lib.rs'), []);
    assert.deepEqual(await ownName('src/main.rs'), []);
    assert.deepEqual(await ownName('build.rs'), []);
  });
});
