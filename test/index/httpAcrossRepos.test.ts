import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { edgeLines, indexInOrder, nodeLines } from '../helpers/crossRepoGraph';
import { GO_CATALOG, PY_CHECKOUT, WEB_CLIENT } from '../helpers/httpServiceTrees';
import { SHOP_CONFIG, writeShopMonorepo } from '../helpers/monorepoShop';
import { makeTempDir } from '../helpers/tempDir';

/** The calls from the web client into another repository. */
const crossing = (lines: string[]): string[] => lines.filter((l) => l.startsWith('calls test/web://') && !l.includes('-> test/web://'));

const LOAD_PRODUCT = 'calls test/web://src/api.loadProduct -> test/catalog://example.com/catalog.GET /products/{id}';
const PLACE_ORDER = 'calls test/web://src/api.placeOrder -> test/checkout://checkout.main.POST /orders';

describe('index: HTTP requests to routes of other repositories of one graph', function () {
  this.timeout(90_000);

  it('a request naming a service by host calls the route of the repository running it (Go and Python servers), in any order', async () => {
    const clientFirst = await indexInOrder([['test/web', WEB_CLIENT], ['test/catalog', GO_CATALOG], ['test/checkout', PY_CHECKOUT]]);
    const serversFirst = await indexInOrder([['test/catalog', GO_CATALOG], ['test/checkout', PY_CHECKOUT], ['test/web', WEB_CLIENT]]);
    const between = await indexInOrder([['test/catalog', GO_CATALOG], ['test/web', WEB_CLIENT], ['test/checkout', PY_CHECKOUT]]);
    // No host and localhost stay in the client's repository, which serves neither GET /health nor /products.
    assert.deepEqual(crossing(await edgeLines(clientFirst.store)), [LOAD_PRODUCT, PLACE_ORDER]);
    for (const other of [serversFirst, between]) {
      assert.deepEqual(await edgeLines(other.store), await edgeLines(clientFirst.store), 'the same edges whichever repository came first');
      assert.deepEqual(await nodeLines(other.store), await nodeLines(clientFirst.store));
    }
  });

  it('a server\'s route removed takes the link away, and added back brings it back', async () => {
    const { store, roots } = await indexInOrder([['test/web', WEB_CLIENT], ['test/catalog', GO_CATALOG]]);
    const catalog = roots.get('test/catalog')!;
    const reindex = () => new RepoIndexer(store).index({ repoPath: catalog, repoUrl: 'test/catalog' });
    fs.writeFileSync(path.join(catalog, 'main.go'), GO_CATALOG['main.go'].replace('\tmux.HandleFunc("GET /products/{id}", getProduct)\n', ''));
    const summary = await reindex();
    assert.deepEqual(summary.relinkedInOtherRepos, { 'test/web': 1 });
    assert.deepEqual(crossing(await edgeLines(store)), []);
    fs.writeFileSync(path.join(catalog, 'main.go'), GO_CATALOG['main.go']);
    await reindex();
    assert.deepEqual(crossing(await edgeLines(store)), [LOAD_PRODUCT]);
  });

  it('a server emptied of its files gives the request up, and the client\'s graph is what it was alone', async () => {
    const alone = await indexInOrder([['test/web', WEB_CLIENT]]);
    const { store, roots } = await indexInOrder([['test/web', WEB_CLIENT], ['test/catalog', GO_CATALOG]]);
    const catalog = roots.get('test/catalog')!;
    fs.rmSync(path.join(catalog, 'main.go'));
    await new RepoIndexer(store).index({ repoPath: catalog, repoUrl: 'test/catalog' });
    assert.deepEqual(await edgeLines(store), await edgeLines(alone.store));
  });

  it('two repositories running the named service link to neither', async () => {
    const { store } = await indexInOrder([['test/web', WEB_CLIENT], ['test/catalog', GO_CATALOG], ['fork/catalog', GO_CATALOG]]);
    assert.deepEqual(crossing(await edgeLines(store)), []);
    const other = await indexInOrder([['test/catalog', GO_CATALOG], ['test/web', WEB_CLIENT], ['fork/catalog', GO_CATALOG]]);
    assert.deepEqual(await edgeLines(other.store), await edgeLines(store));
  });

  it('a host naming a folder service of a monorepo calls that folder\'s route, and renaming the service undoes it', async () => {
    const shop = fs.realpathSync(makeTempDir('ckg-shop-'));
    writeShopMonorepo(shop);
    const { store } = await indexInOrder([['test/web', WEB_CLIENT]]);
    const indexer = new RepoIndexer(store);
    await indexer.index({ repoPath: shop, repoUrl: 'example.com/shop' });
    const showCart = 'calls test/web://src/api.showCart -> example.com/shop://services/cart/server.GET /cart/{id}';
    assert.deepEqual(crossing(await edgeLines(store)), [showCart]);
    fs.writeFileSync(path.join(shop, '.ckg.yaml'), SHOP_CONFIG.replace('name: cart', 'name: basket'));
    await indexer.index({ repoPath: shop, repoUrl: 'example.com/shop' });
    assert.deepEqual(crossing(await edgeLines(store)), [], 'no service runs as cart any more');
    fs.writeFileSync(path.join(shop, '.ckg.yaml'), SHOP_CONFIG);
    await new RepoIndexer(store).index({ repoPath: shop, repoUrl: 'example.com/shop' });
    assert.deepEqual(crossing(await edgeLines(store)), [showCart]);
  });

  it('a client alone in the graph records the services it requests, for a server indexed later to find it', async () => {
    const { store } = await indexInOrder([['test/web', WEB_CLIENT]]);
    const requested = (await store.requestsOfServices(['catalog', 'checkout', 'cart', 'localhost'])).map((r) => `${r.service} ${r.path}`);
    assert.deepEqual(requested, ['cart src/api.ts', 'catalog src/api.ts', 'checkout src/api.ts']);
  });
});
