import * as assert from 'node:assert/strict';
import type { GraphStore, RequestedServiceRecord } from '../../../src/store';
import { REPO } from './rows';

const OTHER_REPO = 'b'.repeat(64);

/** RequestsRegistry: the services each repository's files send HTTP requests to, replaced by its latest index. */
export function requestsRegistryContract(open: () => Promise<GraphStore>): void {
  let store: GraphStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  const request = (repoHash: string, service: string, path: string): RequestedServiceRecord => ({ repoHash, service, path });
  /** Rows come by repository, then service and path. */
  const inOrder = (...rows: RequestedServiceRecord[]): RequestedServiceRecord[] =>
    rows.sort((a, b) => (a.repoHash < b.repoHash ? -1 : a.repoHash > b.repoHash ? 1 : 0));

  it('replaces one repository\'s requests, keeps the others, and answers by service in a stable order', async () => {
    await store.replaceRepoRequests(REPO, [request(REPO, 'cart', 'src/b.ts'), request(REPO, 'cart', 'src/a.ts'), request(REPO, 'ads', 'src/a.ts')]);
    await store.replaceRepoRequests(OTHER_REPO, [request(OTHER_REPO, 'cart', 'main.go')]);
    assert.deepEqual(await store.requestsOfServices(['cart']), inOrder(
      request(REPO, 'cart', 'src/a.ts'), request(REPO, 'cart', 'src/b.ts'), request(OTHER_REPO, 'cart', 'main.go'),
    ));
    await store.replaceRepoRequests(REPO, [request(REPO, 'ads', 'src/c.ts')]);
    assert.deepEqual(await store.requestsOfServices(['cart', 'ads', 'cart']), inOrder(request(REPO, 'ads', 'src/c.ts'), request(OTHER_REPO, 'cart', 'main.go')));
    await store.replaceRepoRequests(OTHER_REPO, []);
    assert.deepEqual(await store.requestsOfServices(['cart']), []);
    assert.deepEqual(await store.requestsOfServices([]), []);
  });

  it('refuses a request of another repository in a repository\'s list, changing nothing', async () => {
    await store.replaceRepoRequests(REPO, [request(REPO, 'cart', 'a.ts')]);
    await assert.rejects(store.replaceRepoRequests(REPO, [request(OTHER_REPO, 'cart', 'b.ts')]), /a request of repo/);
    assert.deepEqual(await store.requestsOfServices(['cart']), [request(REPO, 'cart', 'a.ts')]);
  });
}
