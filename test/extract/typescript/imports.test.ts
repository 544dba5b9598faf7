import * as assert from 'node:assert/strict';
import { extract, lines } from './helpers';

describe('extract/typescript imports', () => {
  it('reads default, named, aliased, namespace, type-only and side-effect imports', async () => {
    const facts = await extract('src/main.ts', lines(
      "import d, { a, b as c } from './x';",
      "import * as ns from 'lib';",
      "import type { T } from './types';",
      "import './polyfill';",
      "import legacy = require('legacy');",
    ));
    assert.deepEqual(facts.imports, [
      { source: './x', line: 1, col: 0, bindings: [{ imported: 'default', local: 'd' }, { imported: 'a', local: 'a' }, { imported: 'b', local: 'c' }] },
      { source: 'lib', line: 2, col: 0, bindings: [{ imported: '*', local: 'ns' }] },
      { source: './types', line: 3, col: 0, bindings: [{ imported: 'T', local: 'T' }] },
      { source: './polyfill', line: 4, col: 0, bindings: [] },
      { source: 'legacy', line: 5, col: 0, bindings: [{ imported: '*', local: 'legacy' }] },
    ]);
  });

  it('reads require() with and without destructuring, and dynamic import()', async () => {
    const facts = await extract('lib/load.js', lines(
      "const fs = require('fs');",
      "const { join, resolve: resolvePath } = require('path');",
      "require('./register');",
      'async function later() { const mod = await import("./lazy"); }',
    ));
    assert.deepEqual(facts.imports, [
      { source: 'fs', line: 1, col: 6, bindings: [{ imported: '*', local: 'fs' }] },
      { source: 'path', line: 2, col: 6, bindings: [{ imported: 'join', local: 'join' }, { imported: 'resolve', local: 'resolvePath' }] },
      { source: './register', line: 3, col: 0, bindings: [] },
      { source: './lazy', line: 4, col: 43, bindings: [] },
    ]);
    assert.deepEqual(facts.calls, [], 'require() and import() are imports, not calls');
  });

  it('reads re-exports: named, aliased, star and namespace', async () => {
    const facts = await extract('src/index.ts', lines(
      "export { a as b, c } from './x';",
      "export * from './y';",
      "export * as z from './z';",
      "export type { T } from './types';",
    ));
    assert.deepEqual(facts.imports, [
      { source: './x', line: 1, col: 0, bindings: [{ imported: 'a', local: 'b' }, { imported: 'c', local: 'c' }], reexport: true },
      { source: './y', line: 2, col: 0, bindings: [{ imported: '*', local: '*' }], reexport: true },
      { source: './z', line: 3, col: 0, bindings: [{ imported: '*', local: 'z' }], reexport: true },
      { source: './types', line: 4, col: 0, bindings: [{ imported: 'T', local: 'T' }], reexport: true },
    ]);
  });

  it('re-exports imported names from their module and aliased symbols from the file itself', async () => {
    const facts = await extract('src/barrel.ts', lines(
      "import Widget, { helper } from './widget';",
      'function local() {}',
      'export { Widget, helper as assist, local as publicName };',
    ));
    assert.deepEqual(facts.imports, [
      { source: './widget', line: 1, col: 0, bindings: [{ imported: 'default', local: 'Widget' }, { imported: 'helper', local: 'helper' }] },
      { source: './widget', line: 3, col: 0, bindings: [{ imported: 'default', local: 'Widget' }, { imported: 'helper', local: 'assist' }], reexport: true },
      { source: './barrel', line: 3, col: 0, bindings: [{ imported: 'local', local: 'publicName' }], reexport: true },
    ]);
    assert.equal(facts.symbols[0]?.exported, true);
  });

  it('names the default-exported symbol, however it is written', async () => {
    const declared = await extract('src/a.ts', 'export default function greet() {}\n');
    assert.equal(declared.defaultExport, 'greet');
    const named = await extract('src/b.ts', 'class Greeter {}\nexport default Greeter;\n');
    assert.equal(named.defaultExport, 'Greeter');
    assert.equal(named.symbols[0]?.exported, true);
    const listed = await extract('src/c.ts', 'const greet = () => 1;\nexport { greet as default };\n');
    assert.equal(listed.defaultExport, 'greet');
    const anonymous = await extract('src/d.ts', 'export default () => 1;\n');
    assert.equal(anonymous.defaultExport, 'default');
    const forwarded = await extract('src/e.ts', "import x from './x';\nexport default x;\n");
    assert.equal(forwarded.defaultExport, undefined);
    assert.deepEqual(forwarded.imports[1], { source: './x', line: 2, col: 0, bindings: [{ imported: 'default', local: 'default' }], reexport: true });
    const expression = await extract('src/f.ts', 'export default { a: 1 };\n');
    assert.equal(expression.defaultExport, undefined);
  });

  it('exports CommonJS members under their exported names', async () => {
    const facts = await extract('lib/api.js', lines(
      'function get() {}',
      'function putImpl() {}',
      'module.exports = { get, put: putImpl };',
    ));
    assert.deepEqual(facts.imports, [
      { source: './api', line: 3, col: 0, bindings: [{ imported: 'putImpl', local: 'put' }], reexport: true },
    ]);
    assert.deepEqual(facts.symbols.map((s) => s.exported), [true, true]);
  });
});
