import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { type GraphStore, openStore } from '../../src/store';
import { makeTempDir, writeTree } from '../helpers/tempDir';

const REPO_URL = 'example.com/api';

const ITEMS = [
  'from fastapi import APIRouter',
  'router = APIRouter(prefix="/items")',
  '@router.get("/{item_id}")',
  'def read_item(item_id):',
  '    return item_id',
  '',
].join('\n');

function mainWith(mounts: string): string {
  return ['from fastapi import FastAPI', 'from app import items', 'app = FastAPI()', mounts, ''].join('\n');
}

async function routePatterns(store: GraphStore): Promise<string[]> {
  return (await store.routeSymbols()).filter((r) => r.mappingType === 'http_route').map((r) => r.routePattern).sort();
}

/**
 * Mount prefixes live in another file than the routes they prefix: re-indexing the
 * mounting file alone must re-link the routes, whichever way the mount changes.
 */
describe('resolve/routeMounts: prefixes across files, incrementally', () => {
  let root: string;
  let store: GraphStore;

  beforeEach(async () => {
    root = makeTempDir();
    writeTree(root, { 'app/__init__.py': '', 'app/items.py': ITEMS, 'app/main.py': mainWith('app.include_router(items.router, prefix="/v1")') });
    store = await openStore(':memory:');
  });
  afterEach(() => store.close());

  const index = () => new RepoIndexer(store).index({ repoPath: root, repoUrl: REPO_URL });

  it('applies the prefix, follows a changed prefix, a second mount, and the mount removed', async () => {
    await index();
    assert.deepEqual(await routePatterns(store), ['GET /v1/items/{item_id}']);

    fs.writeFileSync(path.join(root, 'app/main.py'), mainWith('app.include_router(items.router, prefix="/v2")'));
    await index();
    assert.deepEqual(await routePatterns(store), ['GET /v2/items/{item_id}']);

    fs.writeFileSync(path.join(root, 'app/main.py'), mainWith('app.include_router(items.router, prefix="/v2")\napp.include_router(items.router)'));
    await index();
    assert.deepEqual(await routePatterns(store), ['GET /items/{item_id}', 'GET /v2/items/{item_id}']);

    fs.rmSync(path.join(root, 'app/main.py'));
    await index();
    assert.deepEqual(await routePatterns(store), ['GET /items/{item_id}']);
  });

  it('does not re-link route files when a mounting file changes but its mounts do not', async () => {
    await index();
    fs.writeFileSync(path.join(root, 'app/main.py'), `${mainWith('app.include_router(items.router, prefix="/v1")')}\n# a comment\n`);
    const second = await index();
    assert.equal(second.relinkedFiles, 1);
    assert.deepEqual(await routePatterns(store), ['GET /v1/items/{item_id}']);
  });
});
