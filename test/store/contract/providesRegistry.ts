import * as assert from 'node:assert/strict';
import type { GraphStore, ProvidedModuleRecord } from '../../../src/store';
import { REPO } from './rows';

const OTHER_REPO = 'b'.repeat(64);

/** ProvidesRegistry: what each repository provides to the others, replaced by its latest index. */
export function providesRegistryContract(open: () => Promise<GraphStore>): void {
  let store: GraphStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  const module = (repoHash: string, ecosystem: string, name: string, root = '', entry?: string): ProvidedModuleRecord => ({
    repoHash, ecosystem, name, root, ...(entry ? { entry } : {}),
  });

  it('replaces one repository\'s modules, keeps the others, and lists them in a stable order with the npm entry', async () => {
    await store.replaceRepoProvides(REPO, [module(REPO, 'npm', '@acme/lib', 'packages/lib', 'packages/lib/src/index.ts'), module(REPO, 'go', 'example.com/a')]);
    await store.replaceRepoProvides(OTHER_REPO, [module(OTHER_REPO, 'go', 'example.com/b')]);
    await store.replaceRepoProvides(REPO, [module(REPO, 'go', 'example.com/a2')]);
    assert.deepEqual(await store.repoProvides(), [module(REPO, 'go', 'example.com/a2'), module(OTHER_REPO, 'go', 'example.com/b')]);
    await store.replaceRepoProvides(OTHER_REPO, []);
    assert.deepEqual(await store.repoProvides(), [module(REPO, 'go', 'example.com/a2')]);
  });

  it('refuses a module of another repository in a repository\'s list, changing nothing', async () => {
    await store.replaceRepoProvides(REPO, [module(REPO, 'go', 'example.com/a')]);
    await assert.rejects(store.replaceRepoProvides(REPO, [module(OTHER_REPO, 'go', 'example.com/b')]), /a module of repo/);
    assert.deepEqual(await store.repoProvides(), [module(REPO, 'go', 'example.com/a')]);
  });
}
