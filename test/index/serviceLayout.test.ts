import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { type GraphStore, openStore } from '../../src/store';
import { nodeNames } from '../helpers/indexFixture';
import { SHOP_CONFIG, writeShopMonorepo } from '../helpers/monorepoShop';
import { makeTempDir } from '../helpers/tempDir';

describe('index: services of a monorepo', function () {
  this.timeout(60_000);
  let root: string;
  let store: GraphStore;
  let indexer: RepoIndexer;
  const index = (): ReturnType<RepoIndexer['index']> => indexer.index({ repoPath: root, repoUrl: 'example.com/shop' });
  const routes = async (): Promise<string[]> => {
    const name = await nodeNames(store);
    return (await store.routeSymbols()).map((r) => `${r.serviceName} ${r.routePattern} -> ${name(r.nodeHash)}`).sort();
  };

  beforeEach(async () => {
    root = makeTempDir();
    writeShopMonorepo(root);
    store = await openStore(':memory:');
    indexer = new RepoIndexer(store);
    await index();
  });
  afterEach(async () => store.close());

  it('files each route under the service whose folder holds it, the rest under the repository\'s service', async () => {
    assert.deepEqual(await routes(), [
      'cart GET /cart/{id} -> services/cart/server.getCart',
      'cart GET /health -> services/cart/server.cartHealth',
      'checkout GET /health -> services/checkout/server.checkoutHealth',
      'checkout POST /checkout -> services/checkout/server.placeOrder',
      'shop GET /admin -> tools/admin.admin',
    ]);
    assert.deepEqual((await store.repos())[0].services, [{ name: 'cart', path: 'services/cart' }, { name: 'checkout', path: 'services/checkout' }]);
  });

  it('moves route rows on the next index when a service is renamed: only .ckg.yaml is parsed again', async () => {
    fs.writeFileSync(path.join(root, '.ckg.yaml'), SHOP_CONFIG.replace('name: cart', 'name: basket').replace('service_name: shop', 'service_name: store'));
    const summary = await index();
    assert.deepEqual(summary.parsedPaths, ['.ckg.yaml'], 'renaming re-links the route files, it does not re-parse them');
    assert.deepEqual(summary.files, { indexed: 4, added: 0, changed: 1, removed: 0, unchanged: 3 });
    assert.deepEqual(await routes(), [
      'basket GET /cart/{id} -> services/cart/server.getCart',
      'basket GET /health -> services/cart/server.cartHealth',
      'checkout GET /health -> services/checkout/server.checkoutHealth',
      'checkout POST /checkout -> services/checkout/server.placeOrder',
      'store GET /admin -> tools/admin.admin',
    ]);
    assert.equal((await index()).newSnapshot, false, 'an unchanged layout leaves nothing to do');
  });

  it('re-names route rows when only the service layout changed: no indexed file changed at all', async () => {
    // The config is left out of the index (an editor exclude, a .gitignore), so no indexed file changes.
    const excludeConfig = { repoPath: root, repoUrl: 'example.com/shop', exclude: (p: string) => p === '.ckg.yaml' };
    const fresh = await openStore(':memory:');
    try {
      const excluding = new RepoIndexer(fresh);
      await excluding.index(excludeConfig);
      fs.writeFileSync(path.join(root, '.ckg.yaml'), SHOP_CONFIG.replace('name: checkout', 'name: payments'));
      const summary = await excluding.index(excludeConfig);
      assert.deepEqual([summary.newSnapshot, summary.parsedPaths, summary.files.changed], [true, [], 0]);
      assert.deepEqual((await fresh.routeSymbols()).map((r) => `${r.serviceName} ${r.routePattern}`).filter((r) => !r.startsWith('cart ')), [
        'payments GET /health', 'payments POST /checkout', 'shop GET /admin',
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('moves a folder\'s routes to the repository\'s service when its declaration goes', async () => {
    fs.writeFileSync(path.join(root, '.ckg.yaml'), 'service_name: shop\nservices:\n  - name: cart\n    path: services/cart\n');
    await index();
    assert.deepEqual(await routes(), [
      'cart GET /cart/{id} -> services/cart/server.getCart',
      'cart GET /health -> services/cart/server.cartHealth',
      'shop GET /admin -> tools/admin.admin',
      'shop GET /health -> services/checkout/server.checkoutHealth',
      'shop POST /checkout -> services/checkout/server.placeOrder',
    ]);
  });
});
