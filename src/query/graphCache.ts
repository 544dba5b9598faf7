import { type GraphView, InMemoryGraphView } from '../graph/graphView';
import { LayeredGraphView } from '../graph/layeredGraphView';
import { type GraphNode, type Hash, QualifiedName, type SnapshotRecord } from '../model';
import { type GraphReader, type RuntimeEdgeStore, type SnapshotLog, type ViewSource, staticGeneration } from '../store';
import { isRuntimeEdge } from './runtimeIndex';

/**
 * Graph views built from a store and kept while the store has not changed: the first
 * query after an index pays the load, later ones walk memory. The live view is the static
 * graph (kept until an index run or another static write) with the runtime edges laid
 * over it (rebuilt after each trace ingest batch, at the cost of the runtime edges alone),
 * so sustained ingest never reloads the whole graph. A snapshot view holds that repo as of
 * the snapshot and every other repo live, so cross-repo callers still show.
 */
export class GraphCache {
  private static: { generation: number; view: GraphView } | undefined;
  private live: { generation: number; view: GraphView } | undefined;
  private readonly snapshots = new Map<Hash, { generation: number; view: GraphView }>();

  constructor(private readonly store: () => ViewSource) {}

  /** The live graph: the cached static view with the current runtime edges laid over it. */
  async liveView(): Promise<GraphView> {
    const store = this.store();
    const generation = await store.generation();
    if (this.live?.generation === generation.total) return this.live.view;
    const staticAt = staticGeneration(generation);
    if (this.static?.generation !== staticAt) this.static = { generation: staticAt, view: await staticView(store) };
    const view = store.capabilities.runtime ? await runtimeLayer(this.static.view, store) : this.static.view;
    this.live = { generation: generation.total, view };
    return view;
  }

  /** One repository as of a snapshot, every other repository live; the last eight are kept. */
  async snapshotView(snapshot: SnapshotRecord): Promise<GraphView> {
    const store = this.store();
    const generation = (await store.generation()).total;
    const cached = this.snapshots.get(snapshot.snapshotHash);
    if (cached && cached.generation === generation) return cached.view;
    const repos = new Map((await store.repos()).map((r) => [r.repoHash, r]));
    const others = [...repos.keys()].filter((r) => r !== snapshot.repoHash);
    const nodes = [...await store.nodesAt(snapshot.repoHash, snapshot.seq)];
    const edges = [...await store.edgesAt(snapshot.repoHash, snapshot.seq)];
    const fileRecords = [...await store.filesAt(snapshot.repoHash, snapshot.seq)];
    for (const other of others) {
      nodes.push(...await store.liveNodesOfRepo(other));
      edges.push(...await store.liveEdges({ repoHash: other }));
    }
    for (const other of others) fileRecords.push(...await store.liveFileRecords(other));
    const files = new Map(fileRecords.map((f) => [f.fileHash, f]));
    const view = new InMemoryGraphView(nodes, edges, files, repos);
    if (this.snapshots.size >= 8) this.snapshots.delete(this.snapshots.keys().next().value!);
    this.snapshots.set(snapshot.snapshotHash, { generation, view });
    return view;
  }
}

/**
 * Live nodes and static edges. Unresolved placeholders that only runtime edges touch are
 * left to the runtime layer: trace ingest creates and collects them.
 */
async function staticView(store: GraphReader & SnapshotLog): Promise<GraphView> {
  const repos = new Map((await store.repos()).map((r) => [r.repoHash, r]));
  const edges = (await store.liveEdges()).filter((e) => !isRuntimeEdge(e));
  const touched = new Set<Hash>();
  for (const edge of edges) {
    touched.add(edge.sourceHash);
    touched.add(edge.targetHash);
  }
  // Placeholders of services seen only in traces belong to no indexed repo.
  const all: GraphNode[] = [];
  for (const repoHash of repos.keys()) all.push(...await store.liveNodesOfRepo(repoHash));
  all.push(...await store.liveNodesOutsideRepos());
  const nodes = all.filter((n) => !runtimePlaceholder(n) || touched.has(n.nodeHash));
  const files = new Map((await store.liveFileRecords()).map((f) => [f.fileHash, f]));
  return new InMemoryGraphView(nodes, edges, files, repos);
}

/** The live runtime edges over a static view, with the placeholder nodes they end at. */
async function runtimeLayer(base: GraphView, store: GraphReader & RuntimeEdgeStore): Promise<GraphView> {
  const edges = await store.liveRuntimeEdges();
  const missing = new Set<Hash>();
  for (const edge of edges) {
    if (!base.nodes.has(edge.sourceHash)) missing.add(edge.sourceHash);
    if (!base.nodes.has(edge.targetHash)) missing.add(edge.targetHash);
  }
  const nodes = new Map<Hash, GraphNode>((await store.liveNodesByHash([...missing])).map((n) => [n.nodeHash, n]));
  return new LayeredGraphView(base, nodes, edges);
}

function runtimePlaceholder(node: GraphNode): boolean {
  return node.fileHash === '' && QualifiedName.isUnresolved(node.qualifiedName);
}
