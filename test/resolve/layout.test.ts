import * as assert from 'node:assert/strict';
import { RepoLayout } from '../../src/resolve/layout';
import { csharpResolver } from '../../src/resolve/languages/csharp';

/** A layout over `files` that counts its reads of each path. */
function countingLayout(files: Record<string, string>): { layout: RepoLayout; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const layout = new RepoLayout(Object.keys(files), (p) => {
    reads.set(p, (reads.get(p) ?? 0) + 1);
    return files[p];
  });
  return { layout, reads };
}

describe('resolve/RepoLayout', () => {
  it('caches config texts, reads a scanned source each time, and reads nothing outside its files', () => {
    const { layout, reads } = countingLayout({ 'go.mod': 'module shop\n', 'Cart.cs': 'namespace Shop.Cart;\n' });
    assert.equal(layout.readText('go.mod'), 'module shop\n');
    assert.equal(layout.readText('go.mod'), 'module shop\n');
    assert.equal(reads.get('go.mod'), 1, 'a config file is read once');
    assert.equal(layout.readOnce('Cart.cs'), 'namespace Shop.Cart;\n');
    assert.equal(layout.readOnce('Cart.cs'), 'namespace Shop.Cart;\n');
    assert.equal(reads.get('Cart.cs'), 2, 'a source read once is not kept');
    assert.equal(layout.readOnce('go.mod'), 'module shop\n');
    assert.equal(reads.get('go.mod'), 1, 'readOnce uses a text already cached');
    assert.equal(layout.readOnce('Other.cs'), undefined);
    assert.equal(reads.has('Other.cs'), false);
  });

  it('lets the C# resolver scan every source for its namespaces without keeping their texts', () => {
    const { layout, reads } = countingLayout({ 'src/Cart.cs': 'namespace Shop.Cart;\nclass Cart {}\n', 'src/Pay.cs': 'namespace Shop.Pay { class Pay {} }\n' });
    const resolver = csharpResolver(layout);
    // An import of a namespace the repository declares resolves into it (the scan ran).
    assert.deepEqual(resolver.resolveImport('Shop.Pay', 'src/Cart.cs'), { inRepo: true, packagePath: 'Shop.Pay' });
    assert.equal(reads.get('src/Pay.cs'), 1);
    assert.equal(layout.readText('src/Pay.cs'), 'namespace Shop.Pay { class Pay {} }\n');
    assert.equal(reads.get('src/Pay.cs'), 2, 'the scan left nothing in the cache');
  });
});
