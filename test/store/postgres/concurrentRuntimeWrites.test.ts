import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { RepoIndexer } from '../../../src/index/repoIndexer';
import { RuntimeIngestor } from '../../../src/runtime/ingestor';
import { type GraphStore, openStore } from '../../../src/store';
import { FIXTURE_REPOS } from '../../helpers/indexFixture';
import { httpCall } from '../../runtime/spanFactory';
import { type PostgresCluster, sharedPostgresCluster } from '../../support/postgresCluster';

const ROUNDS = 30;

/**
 * Two stores on one database (two connection pools, as two `ckg serve` replicas have)
 * ingesting spans of the same runtime edges at once, with no writer lock around them,
 * each batch naming the edges in the other's reverse order.
 */
describe('store/postgres: concurrent runtime writes from two processes\' stores', function () {
  this.timeout(180_000);
  let cluster: PostgresCluster;
  const stores: GraphStore[] = [];
  before(async () => {
    cluster = await sharedPostgresCluster();
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });

  it('add up every observation, with no deadlock and one \'added\' event per edge', async () => {
    const url = await cluster.createDatabase();
    const first = await openStore(url);
    stores.push(first);
    await new RepoIndexer(first).index({ repoPath: path.join(FIXTURE_REPOS, 'go-routes'), repoUrl: 'fixtures/go-routes' });
    stores.push(await openStore(url));
    const now = Math.floor(Date.now() / 1000);
    await Promise.all(stores.map(async (store, which) => {
      const ingestor = new RuntimeIngestor(() => store, { now: () => now });
      for (let round = 0; round < ROUNDS; round++) {
        const calls = [
          httpCall('checkout', 'go-routes', 'GET', `/users/${round}`, '/users/{id}', now - 5),
          httpCall('checkout', 'go-routes', 'GET', `/orders/${round}`, '/orders/{id}', now - 5),
          httpCall('billing', 'go-routes', 'GET', `/users/${round}`, '/users/{id}', now - 5),
        ];
        await ingestor.ingestSpans((which === 0 ? calls : calls.reverse()).flat());
      }
    }));
    const edges = await first.liveRuntimeEdges();
    assert.equal(edges.length, 3);
    for (const edge of edges) {
      assert.equal(edge.observationCount, 2 * ROUNDS);
      assert.deepEqual((await first.edgeEvents(edge.edgeHash)).map((e) => e.event), ['added']);
    }
    assert.deepEqual([...(await first.observationTotals('all', 0)).values()], [2 * ROUNDS, 2 * ROUNDS, 2 * ROUNDS]);
    assert.equal((await first.runtimeCounters()).spans_received, 2 * ROUNDS * 6);
  });
});
