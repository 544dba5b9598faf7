import * as assert from 'node:assert/strict';
import { type CallSite, type GraphEdge, callSitesOf, withCallSites } from '../../../src/model';
import type { GraphStore } from '../../../src/store';
import { FILE, REPO, edge, file, node } from './rows';

/** An edge of f -> g with exactly these sites. */
function calledAt(...sites: Array<[string, number, number]>): GraphEdge {
  return withCallSites(edge(node('f'), node('g')), sites.map(([path, line, col]): CallSite => ({ file: path, line, col })));
}

function sitesOf(e: GraphEdge | undefined): Array<[string, number, number]> {
  return e ? callSitesOf(e).map((s) => [s.file, s.line, s.col]) : [];
}

/**
 * Every site of an edge (issue 13): one edge per (source, target, type, provenance) with
 * all its sites in source order, the first as callSite*. Sites are not part of the
 * identity, so they change in place: no new version, no edge event.
 */
export function callSitesContract(open: () => Promise<GraphStore>): void {
  let store: GraphStore;
  beforeEach(async () => {
    store = await open();
    await store.replaceFileNodes(FILE, [node('f'), node('g')], 1);
  });
  afterEach(async () => {
    await store.close();
  });

  it('keeps every site of an edge, the first as callSite*, through every read', async () => {
    const many = calledAt(['a.ts', 4, 3], ['a.ts', 9, 12], ['a.ts', 9, 20], ['b.ts', 2, 1]);
    await store.replaceOwnedEdges(FILE, REPO, [many], 1, 's1');
    const expected = [['a.ts', 4, 3], ['a.ts', 9, 12], ['a.ts', 9, 20], ['b.ts', 2, 1]];
    const [live] = await store.liveEdges();
    assert.deepEqual(sitesOf(live), expected);
    assert.deepEqual([live.callSiteFile, live.callSiteLine, live.callSiteCol], ['a.ts', 4, 3]);
    assert.deepEqual(sitesOf((await store.liveEdgesOwnedBy(FILE))[0]), expected);
    assert.deepEqual(sitesOf((await store.liveEdgesByHash([many.edgeHash]))[0]), expected);
    assert.deepEqual(sitesOf((await store.edgesAt(REPO, 1))[0]), expected);
  });

  it('moves, adds and drops sites of a live edge in place: no new version, no event', async () => {
    await store.replaceOwnedEdges(FILE, REPO, [calledAt(['a.ts', 4, 3])], 1, 's1');
    assert.deepEqual(await store.replaceOwnedEdges(FILE, REPO, [calledAt(['a.ts', 4, 3], ['a.ts', 7, 5])], 2, 's2'), { added: 0, removed: 0 });
    assert.deepEqual(sitesOf((await store.liveEdges())[0]), [['a.ts', 4, 3], ['a.ts', 7, 5]], 'a second call of the pair is kept');
    await store.replaceOwnedEdges(FILE, REPO, [calledAt(['a.ts', 2, 3], ['a.ts', 8, 5])], 3, 's3');
    assert.deepEqual(sitesOf((await store.liveEdges())[0]), [['a.ts', 2, 3], ['a.ts', 8, 5]], 'both sites moved');
    await store.replaceOwnedEdges(FILE, REPO, [calledAt(['a.ts', 8, 5])], 4, 's4');
    assert.deepEqual(sitesOf((await store.liveEdges())[0]), [['a.ts', 8, 5]], 'the first call was deleted');
    assert.deepEqual(await store.edgeEventCounts(), { added: 1, removed: 0 });
    assert.equal((await store.edgesAt(REPO, 1)).length, 1, 'one version of the edge');
  });

  it('counts the sites of calls edges', async () => {
    await store.upsertRepo({ repoHash: REPO, repoUrl: 'example.com/r', rootPath: '/r', serviceName: 'r' });
    await store.openFile(file('a.ts'), 1);
    await store.replaceFileNodes(FILE, [node('f'), node('g'), node('h')], 1);
    const imports = { ...edge(node('f'), node('h'), 1, 'imports'), laterCallSites: [{ file: 'a.ts', line: 5, col: 1 }] };
    await store.replaceOwnedEdges(FILE, REPO, [calledAt(['a.ts', 4, 3], ['a.ts', 9, 12], ['b.ts', 2, 1]), edge(node('g'), node('h')), imports], 1, 's1');
    const counts = await store.counts();
    assert.deepEqual(counts.edgesByType, { calls: 2, imports: 1 });
    assert.equal(counts.callSites, 4, 'three sites of f -> g, one of g -> h; imports are not calls');
  });

  it('keeps every site through the bulk path', async function () {
    if (!store.capabilities.bulkLoad) this.skip();
    const many = calledAt(['a.ts', 4, 3], ['a.ts', 9, 12]);
    await store.transaction((tx) => tx.bulkLoad(REPO, 1, 's1', async () => {
      await tx.insertNewRows([], [many], REPO, 1);
    }));
    assert.deepEqual(sitesOf((await store.liveEdges())[0]), [['a.ts', 4, 3], ['a.ts', 9, 12]]);
  });
}
