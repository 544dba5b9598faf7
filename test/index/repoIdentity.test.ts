import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defaultRepoUrl, isFilesystemPath } from '../../src/index/repoIdentity';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { openStore } from '../../src/store';
import { git, gitRepo } from '../helpers/gitRepo';
import { liveNodes } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';

/** A real `git clone` of `source` into a new folder named `name`. */
function cloneOf(source: string, name: string): string {
  const into = path.join(fs.realpathSync(makeTempDir('ckg-clone-')), name);
  git(path.dirname(into), 'clone', '-q', source, into);
  return into;
}

describe('index/repoIdentity', () => {
  it('names a repository without an origin remote local/<folder>', () => {
    const root = gitRepo({ 'a.py': 'x = 1\n' });
    assert.equal(defaultRepoUrl(root), `local/${path.basename(root)}`);
  });

  it('names a repository by its origin remote, without scheme, user and .git', () => {
    const root = gitRepo({ 'a.py': 'x = 1\n' });
    git(root, 'remote', 'add', 'origin', 'git@github.com:acme/shop.git');
    assert.equal(defaultRepoUrl(root), 'github.com/acme/shop');
    git(root, 'remote', 'set-url', 'origin', 'https://user@gitlab.example.com/acme/shop.git');
    assert.equal(defaultRepoUrl(root), 'gitlab.example.com/acme/shop');
  });

  it('never names a clone of a local repository by a machine path; its clones share one name', () => {
    const origin = path.join(fs.realpathSync(makeTempDir('ckg-origin-')), 'shop');
    fs.renameSync(gitRepo({ 'a.py': 'x = 1\n' }), origin);
    const first = cloneOf(origin, 'first');
    const second = cloneOf(`file://${origin}`, 'second');
    assert.equal(defaultRepoUrl(first), 'local/shop');
    assert.equal(defaultRepoUrl(second), 'local/shop');
    git(first, 'remote', 'set-url', 'origin', '../../elsewhere/shop.git');
    assert.equal(defaultRepoUrl(first), 'local/shop');
    git(first, 'remote', 'set-url', 'origin', `${origin}/.git`);
    assert.equal(defaultRepoUrl(first), 'local/shop');
  });

  it('tells folder paths from remote URLs', () => {
    for (const url of ['/work/main', './x', '../x', '~/src/x', 'file:///srv/x.git', 'C:\\src\\x', 'D:/src/x', '\\\\server\\share\\x']) {
      assert.equal(isFilesystemPath(url), true, url);
    }
    for (const url of ['git@github.com:acme/shop.git', 'https://github.com/acme/shop', 'ssh://git@host:2222/a/b.git', 'host:a/b']) {
      assert.equal(isFilesystemPath(url), false, url);
    }
  });

  it('gives the nodes of an indexed clone qualified names that start local/<origin folder>://', async () => {
    const source = gitRepo({ 'shop/__init__.py': '', 'shop/cart.py': 'def checkout():\n    return 1\n' });
    const clone = cloneOf(source, 'clone');
    const store = await openStore(':memory:');
    try {
      const summary = await new RepoIndexer(store).index({ repoPath: clone });
      assert.equal(summary.repoUrl, `local/${path.basename(source)}`);
      const names = (await liveNodes(store)).map((n) => n.qualifiedName);
      assert.ok(names.length > 0);
      for (const name of names) assert.ok(name.startsWith(`local/${path.basename(source)}://`), name);
    } finally {
      await store.close();
    }
  });

  it('names a folder of a checkout after the checkout and the folder: two projects of one monorepo stay two repositories', async () => {
    const root = gitRepo({
      'services/cart/cart.py': 'def checkout():\n    return 1\n',
      'services/users/users.py': 'def login():\n    return 1\n',
    });
    git(root, 'remote', 'add', 'origin', 'git@github.com:acme/shop.git');
    assert.equal(defaultRepoUrl(path.join(root, 'services/cart')), 'github.com/acme/shop/services/cart');
    assert.equal(defaultRepoUrl(root), 'github.com/acme/shop', 'the top of the checkout is the checkout');
    const store = await openStore(':memory:');
    try {
      const indexer = new RepoIndexer(store);
      await indexer.index({ repoPath: path.join(root, 'services/cart') });
      await indexer.index({ repoPath: path.join(root, 'services/users') });
      const names = (await liveNodes(store)).map((n) => n.qualifiedName).sort();
      assert.ok(names.some((n) => n.startsWith('github.com/acme/shop/services/cart://')), names.join('\n'));
      assert.ok(names.some((n) => n.startsWith('github.com/acme/shop/services/users://')), 'the second index keeps the first\'s files');
    } finally {
      await store.close();
    }
  });
});
