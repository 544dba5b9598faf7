import * as assert from 'node:assert/strict';
import { type SourceImport, cyclesOf, folderOf, sourceImports } from './helpers/importGraph';

/**
 * The architecture rules of docs/architecture.md ("Where things go"), checked on every
 * import in src/, so that they cannot drift.
 */
describe('layout of src/', () => {
  const imports = sourceImports();
  const described = (list: readonly SourceImport[]): string[] => list.map((i) => `${i.from} imports ${i.specifier}`);

  it('reads the imports it checks', () => {
    assert.ok(imports.length > 500, `only ${imports.length} imports found`);
    assert.ok(imports.some((i) => i.from.startsWith('extension/') && i.specifier === 'vscode'), 'the extension imports vscode');
    assert.ok(imports.some((i) => i.from === 'store/open.ts' && i.to === 'store/sqljs/openStore.ts'), 'relative imports resolve to files');
  });

  it('only src/extension imports vscode', () => {
    assert.deepEqual(described(imports.filter((i) => i.specifier === 'vscode' && folderOf(i.from) !== 'extension')), []);
  });

  it('nothing outside src/store imports the sql.js backend', () => {
    assert.deepEqual(described(imports.filter((i) => i.to?.startsWith('store/sqljs/') && folderOf(i.from) !== 'store')), []);
  });

  it('src/store imports only the model and the asset locations: no extract, index, mcp or any layer above it', () => {
    const allowed = new Set(['store', 'model', 'assets.ts']);
    assert.deepEqual(described(imports.filter((i) => folderOf(i.from) === 'store' && i.to && !allowed.has(folderOf(i.to)))), []);
  });

  it('no import circle runs between folders', () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, to } of imports) {
      if (!to || folderOf(from) === folderOf(to)) continue;
      const targets = graph.get(folderOf(from)) ?? new Set<string>();
      targets.add(folderOf(to));
      graph.set(folderOf(from), targets);
    }
    assert.deepEqual(cyclesOf(graph).map((cycle) => cycle.join(' -> ')), []);
  });
});
