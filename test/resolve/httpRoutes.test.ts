import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { type GraphStore, openStore } from '../../src/store';
import { nodeNames } from '../helpers/indexFixture';
import { SHOP_CONFIG, writeShopMonorepo } from '../helpers/monorepoShop';
import { makeTempDir, writeTree } from '../helpers/tempDir';

async function requestEdges(store: GraphStore): Promise<string[]> {
  const name = await nodeNames(store);
  return (await store.liveEdges({ edgeType: 'calls' })).map((e) => `${name(e.sourceHash)} -> ${name(e.targetHash)}`)
    .filter((line) => line.includes(' /')).sort();
}

describe('resolve/httpRoutes: requests to the routes that serve them, kept up to date as routes change', function () {
  this.timeout(60_000);

  it('links a request once a file adds the route, moves it when the route moves, and drops it when the route goes', async () => {
    const root = fs.realpathSync(makeTempDir('ckg-http-'));
    writeTree(root, {
      'package.json': '{ "name": "shop", "version": "1.0.0" }\n',
      'src/client.ts': "export async function load(id: string) {\n  return fetch(`${process.env.API}/orders/${id}`);\n}\n",
      'src/other.ts': 'export const x = 1;\n',
    });
    const store = await openStore(':memory:');
    const index = () => new RepoIndexer(store).index({ repoPath: root, repoUrl: 'test/shop' });
    await index();
    assert.deepEqual(await requestEdges(store), []);

    fs.writeFileSync(path.join(root, 'src/server.ts'), "import express from 'express';\nconst app = express();\napp.get('/orders/:id', show);\nfunction show() {}\n");
    await index();
    assert.deepEqual(await requestEdges(store), ['src/client.load -> src/server.GET /orders/{id}']);

    fs.rmSync(path.join(root, 'src/server.ts'));
    fs.writeFileSync(path.join(root, 'src/api.ts'), "import express from 'express';\nexport const api = express();\napi.get('/orders/:orderId', (req, res) => res.end());\n");
    await index();
    assert.deepEqual(await requestEdges(store), ['src/client.load -> src/api.GET /orders/{orderId}']);

    fs.writeFileSync(path.join(root, 'src/api.ts'), "import express from 'express';\nexport const api = express();\napi.post('/orders/:orderId', (req, res) => res.end());\n");
    await index();
    assert.deepEqual(await requestEdges(store), [], 'a POST route serves no GET request');
  });

  it('a renamed service re-links the requests naming it, in an indexer that keeps its tables', async () => {
    const root = fs.realpathSync(makeTempDir('ckg-http-shop-'));
    writeShopMonorepo(root);
    writeTree(root, { 'services/checkout/cartClient.ts': 'export async function cartOf(id: string) {\n  return fetch(`http://cart:3000/cart/${id}`);\n}\n' });
    const store = await openStore(':memory:');
    const indexer = new RepoIndexer(store);
    const index = () => indexer.index({ repoPath: root, repoUrl: 'example.com/shop' });
    await index();
    assert.deepEqual(await requestEdges(store), ['services/checkout/cartClient.cartOf -> services/cart/server.GET /cart/{id}']);
    fs.writeFileSync(path.join(root, '.ckg.yaml'), SHOP_CONFIG.replace('name: cart', 'name: basket'));
    await index();
    assert.deepEqual(await requestEdges(store), [], 'no service runs as cart any more');
  });
});
