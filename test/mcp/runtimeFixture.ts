import { type EdgeType, type GraphEdge, type GraphNode, Identity, QualifiedName } from '../../src/model';
import type { GraphStore } from '../../src/store';

/** The fixed "now" of runtime tests (Unix seconds). */
export const NOW = 1_800_000_000;
const DAY = 86_400;

/**
 * Adds runtime edges to a store holding the go-routes fixture, as the trace ingestor
 * will write them (SPEC 3.2): main -> handlers observed at various ages, plus one
 * runtime_unresolved edge to `go-routes://UNRESOLVED/GET /missing`. Written through the
 * store's own write path, in a transaction, so the generation moves like a real ingest.
 */
export async function addRuntimeEdges(store: GraphStore): Promise<{ readonly names: Record<string, string> }> {
  const repo = (await store.repos()).find((r) => r.repoUrl === 'fixtures/go-routes');
  if (!repo) throw new Error('runtimeFixture: index the go-routes fixture first');
  const snapshot = (await store.latestSnapshot(repo.repoHash))!;
  const byName = new Map((await store.liveNodesOfRepo(repo.repoHash)).map((n) => [QualifiedName.localPart(n.qualifiedName), n]));
  const node = (local: string): GraphNode => {
    const found = byName.get(local);
    if (!found) throw new Error(`runtimeFixture: no node ${local}`);
    return found;
  };
  const missingName = QualifiedName.unresolved('go-routes', 'GET /missing');
  const missing: GraphNode = {
    nodeHash: Identity.node(repo.repoUrl, missingName, 'route'), fileHash: '', repoHash: repo.repoHash,
    qualifiedName: missingName, kind: 'route', line: 0, column: 0, endLine: 0, signature: '', bodyHash: '', doc: '',
  };
  const main = node('example.com/go-routes.main');
  const edge = (target: GraphNode, edgeType: EdgeType, provenance: string, count: number, ageDays: number, confidence: number): GraphEdge => ({
    edgeHash: Identity.edge(main.nodeHash, target.nodeHash, edgeType, provenance.split(':')[0]),
    sourceHash: main.nodeHash, targetHash: target.nodeHash, edgeType, confidence, provenance,
    callSiteFile: '', callSiteLine: 0, callSiteCol: 0, laterCallSites: [], observationCount: count, lastObserved: NOW - ageDays * DAY, ownerFileHash: '',
  });
  const edges = [
    edge(node('example.com/go-routes.Handlers.getUser'), 'runtime_calls', 'otel_trace', 500, 1, 0.85),
    edge(node('example.com/go-routes.Handlers.createUser'), 'runtime_calls', 'otel_trace:{trace_ids:[t1,t2]}', 20, 40, 0.2),
    edge(node('example.com/go-routes.healthz'), 'runtime_rpc', 'otel_trace', 3, 100, 0.0),
    edge(missing, 'runtime_calls', 'runtime_unresolved', 7, 2, 0.3),
  ];
  await store.transaction(async (tx) => {
    await tx.ensureRepoLevelNodes([missing], snapshot.seq);
    await tx.replaceOwnedEdges('', repo.repoHash, edges, snapshot.seq, snapshot.snapshotHash);
  });
  return {
    names: {
      getUser: edges[0].edgeHash, createUser: edges[1].edgeHash, healthz: edges[2].edgeHash, missing: edges[3].edgeHash,
    },
  };
}

/** The same store seen through a backend without runtime support (SPEC 4.4's error case). */
export function withoutRuntime(store: GraphStore): GraphStore {
  const capabilities = { ...store.capabilities, runtime: false };
  return new Proxy(store, {
    get: (target, key) => (key === 'capabilities' ? capabilities : Reflect.get(target, key, target)),
  });
}
