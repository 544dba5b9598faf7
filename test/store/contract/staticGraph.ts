import * as assert from 'node:assert/strict';
import { type GraphEdge, Identity, type RouteSymbolRow } from '../../../src/model';
import type { GraphStore } from '../../../src/store';
import { FILE, OTHER_FILE, REPO, edge, file, hashesJoinedByBucket, joinHashes, node, placeholder, snapshot } from './rows';

/** SnapshotLog, GraphReader, StaticGraphWriter and FactsCache: what every backend answers the same. */
export function staticGraphContract(open: () => Promise<GraphStore>): void {
  let store: GraphStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  it('keeps repos and snapshots, newest last, with the next free seq', async () => {
    await store.upsertRepo({ repoHash: REPO, repoUrl: 'example.com/r', rootPath: '/r', serviceName: 'r' });
    await store.upsertRepo({ repoHash: REPO, repoUrl: 'example.com/r', rootPath: '/moved', serviceName: 'svc' });
    assert.deepEqual(await store.repos(), [{ repoHash: REPO, repoUrl: 'example.com/r', rootPath: '/moved', serviceName: 'svc' }]);
    assert.equal(await store.nextSnapshotSeq(REPO), 1);
    await store.insertSnapshot(snapshot(1));
    await store.insertSnapshot(snapshot(2, { dirty: true }));
    assert.equal(await store.nextSnapshotSeq(REPO), 3);
    assert.deepEqual((await store.snapshots(REPO)).map((s) => s.seq), [1, 2]);
    assert.deepEqual(await store.latestSnapshot(REPO), snapshot(2, { dirty: true }));
    assert.deepEqual(await store.snapshot(snapshot(1).snapshotHash), snapshot(1));
    const counted = snapshot(3, { nodeCount: 3, edgeCount: 1, nodesByKind: { function: 2, module: 1 }, edgesByType: { calls: 1 } });
    await store.insertSnapshot(counted);
    assert.deepEqual(await store.snapshot(counted.snapshotHash), counted, 'counts by kind and type are kept');
    await store.deleteSnapshot(counted.snapshotHash);
    await store.deleteSnapshot(snapshot(2).snapshotHash);
    assert.deepEqual((await store.snapshots()).map((s) => s.seq), [1]);
    assert.equal(await store.repo('f'.repeat(64)), undefined);
  });

  it('opens and closes files at a seq, and reads them live and as of a seq', async () => {
    assert.equal(await store.hasLiveFiles(REPO), false);
    await store.openFile(file('a.ts'), 1);
    await store.openFile(file('b.ts'), 1);
    await store.openFile(file('a.ts', 'c2'), 2);
    await store.closeFile(OTHER_FILE, 3);
    assert.equal(await store.hasLiveFiles(REPO), true);
    assert.deepEqual((await store.liveFiles(REPO)).map((f) => [f.path, f.contentHash]), [['a.ts', 'c2']]);
    assert.equal((await store.liveFile(REPO, 'a.ts'))?.contentHash, 'c2');
    assert.equal(await store.liveFile(REPO, 'b.ts'), undefined);
    assert.deepEqual((await store.filesAt(REPO, 1)).map((f) => [f.path, f.contentHash]).sort(), [['a.ts', 'c1'], ['b.ts', 'c1']]);
    assert.deepEqual((await store.liveFileRecords(REPO)).map((f) => f.path), ['a.ts']);
  });

  it('re-versions a changed node, keeps an unchanged one, and answers point-in-time reads', async () => {
    const [f, g] = [node('f'), node('g')];
    assert.deepEqual(await store.replaceFileNodes(FILE, [f, g], 1), { added: 2, removed: 0 });
    assert.deepEqual(await store.replaceFileNodes(FILE, [f, { ...g, bodyHash: 'b2' }], 2), { added: 0, removed: 0 });
    assert.equal((await store.node(g.nodeHash))?.bodyHash, 'b2');
    assert.equal((await store.nodesAt(REPO, 1)).find((n) => n.nodeHash === g.nodeHash)?.bodyHash, 'b1');
    assert.deepEqual(await store.replaceFileNodes(FILE, [f], 3), { added: 0, removed: 1 });
    assert.equal(await store.node(g.nodeHash), undefined);
    assert.deepEqual((await store.liveNodesOfFile(FILE)).map((n) => n.nodeHash), [f.nodeHash]);
    assert.equal((await store.counts()).nodes, 1);
    assert.deepEqual((await store.liveNodesByHash([f.nodeHash, g.nodeHash])).map((n) => n.nodeHash), [f.nodeHash]);
  });

  it('keeps node identities unique when two files claim one hash: the first claim wins', async () => {
    await store.replaceFileNodes(FILE, [node('f')], 1);
    await store.replaceFileNodes(OTHER_FILE, [node('f', { fileHash: OTHER_FILE })], 1);
    assert.equal((await store.counts()).nodes, 1);
    assert.equal((await store.node(node('f').nodeHash))?.fileHash, FILE);
  });

  it('retains only the kept nodes and edges of a file, so moves survive write order', async () => {
    const [f, g] = [node('f'), node('g')];
    await store.replaceFileNodes(FILE, [f, g], 1);
    await store.replaceOwnedEdges(FILE, REPO, [edge(f, g)], 1, 's1');
    assert.equal(await store.retainFileNodes(FILE, new Set([f.nodeHash]), 2), 1);
    assert.equal(await store.retainOwnedEdges(FILE, new Set(), 2, 's2'), 1);
    assert.deepEqual((await store.liveNodesOfRepo(REPO)).map((n) => n.nodeHash), [f.nodeHash]);
    assert.deepEqual(await store.liveEdgesOwnedBy(FILE), []);
    assert.deepEqual((await store.edgeEvents()).map((e) => e.event), ['added', 'removed']);
  });

  it('replaces owned edges, moves call sites in place and logs added/removed events', async () => {
    const [f, g, h] = [node('f'), node('g'), node('h')];
    await store.replaceFileNodes(FILE, [f, g, h], 1);
    assert.deepEqual(await store.replaceOwnedEdges(FILE, REPO, [edge(f, g), edge(f, h)], 1, 's1'), { added: 2, removed: 0 });
    assert.deepEqual(await store.replaceOwnedEdges(FILE, REPO, [edge(f, g, 9)], 2, 's2'), { added: 0, removed: 1 });
    const live = await store.liveEdges();
    assert.equal(live.length, 1);
    assert.equal(live[0].callSiteLine, 9, 'a call site moves with the code without a new edge');
    assert.equal(live[0].observationCount, 0);
    assert.deepEqual(await store.ownersOfEdgesInto([g.nodeHash]), [FILE]);
    assert.deepEqual(await store.edgeEventCounts(), { added: 2, removed: 1 });
    assert.deepEqual(await store.edgeBucketDigests(REPO, joinHashes), [edge(f, g).edgeHash]);
    assert.deepEqual((await store.edgesAt(REPO, 1)).map((e) => e.edgeHash).sort(), [edge(f, g).edgeHash, edge(f, h).edgeHash].sort());
    assert.deepEqual((await store.liveEdges({ edgeType: 'imports' })), []);
    assert.deepEqual((await store.liveEdgesByHash([edge(f, g).edgeHash])).map((e) => e.callSiteLine), [9]);
  });

  it('digests the live edge hashes of a repo by bucket: their first three hex digits, buckets in order, hashes sorted', async () => {
    // 150 hashes in 4,096 buckets: a few buckets hold two.
    const callers = Array.from({ length: 150 }, (_, i) => node(`f${i}`));
    const target = node('t');
    await store.replaceFileNodes(FILE, [...callers, target], 1);
    const edges = callers.map((caller) => edge(caller, target));
    await store.replaceOwnedEdges(FILE, REPO, edges, 1, 's1');
    const digests = await store.edgeBucketDigests(REPO, joinHashes);
    assert.deepEqual(digests, hashesJoinedByBucket(edges.map((e) => e.edgeHash)));
    assert.ok(digests.some((digest) => digest.includes(',')), 'some bucket holds two hashes');
    await store.replaceOwnedEdges(FILE, REPO, edges.slice(40), 2, 's2');
    assert.deepEqual(await store.edgeBucketDigests(REPO, joinHashes), hashesJoinedByBucket(edges.slice(40).map((e) => e.edgeHash)),
      'closed edges leave their buckets');
    assert.deepEqual(await store.edgeBucketDigests(Identity.repo('example.com/none'), joinHashes), []);
  });

  it('hands every live edge to forEachLiveEdge, one at a time, in the order liveEdges lists them', async () => {
    const [f, g, h] = [node('f'), node('g'), node('h')];
    await store.replaceFileNodes(FILE, [f, g, h], 1);
    await store.replaceOwnedEdges(FILE, REPO, [edge(f, g), edge(f, h), edge(g, h)], 1, 's1');
    await store.replaceOwnedEdges(FILE, REPO, [edge(f, g), edge(g, h)], 2, 's2');
    const visited: GraphEdge[] = [];
    await store.forEachLiveEdge((e) => visited.push(e));
    assert.deepEqual(visited, await store.liveEdges());
    assert.equal(visited.length, 2);
  });

  it('adds repo-level nodes once and sweeps those no live edge touches', async () => {
    const f = node('f');
    const [used, unused] = [placeholder('used'), placeholder('unused')];
    await store.replaceFileNodes(FILE, [f], 1);
    assert.equal(await store.ensureRepoLevelNodes([used, unused], 1), 2);
    assert.equal(await store.ensureRepoLevelNodes([used], 1), 0);
    await store.replaceOwnedEdges(FILE, REPO, [edge(f, used)], 1, 's1');
    assert.equal(await store.sweepRepoLevelNodes(REPO, 2, [used.nodeHash]), 0, 'only the candidates are checked');
    assert.equal(await store.sweepRepoLevelNodes(REPO, 2), 1);
    assert.deepEqual((await store.liveRepoLevelNodes(REPO)).map((n) => n.nodeHash), [used.nodeHash]);
  });

  it('finds live nodes by qualified-name prefix, by name, up to a limit', async () => {
    await store.replaceFileNodes(FILE, [node('b'), node('a'), node('c')], 1);
    assert.deepEqual((await store.nodesByPrefix('example.com/r://a.', 2)).map((n) => n.qualifiedName), ['example.com/r://a.a', 'example.com/r://a.b']);
    assert.deepEqual(await store.nodesByPrefix('example.com/other://', 10), []);
  });

  it('lets a route handler take a pattern over from a declaration, in either order, and gives it back', async () => {
    const row = (nodeHash: string): RouteSymbolRow => ({ serviceName: 'svc', routePattern: 'helloworld.Greeter/SayHello', mappingType: 'grpc_method', nodeHash, createdAt: 1 });
    const handlers = async (): Promise<string[]> => (await store.routeSymbols()).map((r) => r.nodeHash);
    await store.replaceFileRoutes('proto-file', [], [row('rpc')]);
    assert.deepEqual(await handlers(), ['rpc']);
    await store.replaceFileRoutes('go-file', [row('go-handler')]);
    assert.deepEqual(await handlers(), ['go-handler']);
    await store.replaceFileRoutes('proto-file', [], [row('rpc')]);
    assert.deepEqual(await handlers(), ['go-handler'], 'a re-linked declaration does not take the pattern back');
    await store.replaceFileRoutes('go-file', []);
    assert.deepEqual(await handlers(), []);
    await store.replaceFileRoutes('proto-file', [], [row('rpc')]);
    assert.deepEqual(await handlers(), ['rpc']);
  });

  it('keeps facts as opaque bytes under a format version, and counts stale ones', async () => {
    const bytes = new Uint8Array([1, 2, 3, 250]);
    await store.openFile(file('a.ts'), 1);
    await store.putFacts(FILE, 'c1', 7, bytes);
    assert.deepEqual(await store.facts(FILE, 'c1', 7), bytes);
    assert.equal(await store.facts(FILE, 'c2', 7), undefined, 'another content hash is a miss');
    assert.equal(await store.facts(FILE, 'c1', 8), undefined, 'another format version is a miss');
    assert.equal(await store.staleFactsCount(REPO, 7), 0);
    assert.equal(await store.staleFactsCount(REPO, 8), 1);
    await store.deleteFacts(FILE);
    assert.equal(await store.facts(FILE, 'c1', 7), undefined);
  });

  it("reads a repo's live files' facts of one format version in one call, with the content each was made from", async () => {
    const [a, b, gone] = [new Uint8Array([1]), new Uint8Array([2, 3]), new Uint8Array([4])];
    const goneFile = file('gone.ts');
    await store.openFile(file('a.ts'), 1);
    await store.openFile(file('b.ts', 'c9'), 1);
    await store.openFile(goneFile, 1);
    await store.putFacts(FILE, 'c1', 7, a);
    await store.putFacts(OTHER_FILE, 'c9', 8, b);
    await store.putFacts(goneFile.fileHash, 'c1', 7, gone);
    await store.closeFile(goneFile.fileHash, 2);
    assert.deepEqual(await store.liveFactsOfRepo(REPO, 7), new Map([[FILE, { contentHash: 'c1', encoded: a }]]), 'neither a closed file nor another version');
    assert.deepEqual(await store.liveFactsOfRepo(REPO, 8), new Map([[OTHER_FILE, { contentHash: 'c9', encoded: b }]]));
    assert.deepEqual(await store.liveFactsOfRepo(Identity.repo('example.com/other'), 7), new Map());
  });

  it('counts the whole graph and one repo', async () => {
    const [f, g] = [node('f'), node('g')];
    await store.upsertRepo({ repoHash: REPO, repoUrl: 'example.com/r', rootPath: '/r', serviceName: 'r' });
    await store.openFile(file('a.ts'), 1);
    await store.replaceFileNodes(FILE, [f, g], 1);
    await store.replaceOwnedEdges(FILE, REPO, [edge(f, g)], 1, 's1');
    const counts = await store.counts();
    assert.deepEqual([counts.repos, counts.files, counts.nodes, counts.edges], [1, 1, 2, 1]);
    assert.deepEqual(counts.nodesByKind, { function: 2 });
    assert.deepEqual(counts.edgesByType, { calls: 1 });
    assert.deepEqual(await store.countsOfRepo(REPO), { files: 1, nodes: 2, edges: 1 });
    assert.deepEqual(await store.countsOfRepo(REPO, { byKind: true }), { files: 1, nodes: 2, edges: 1, nodesByKind: { function: 2 }, edgesByType: { calls: 1 } });
  });
}
