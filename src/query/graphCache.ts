import { type GraphView, InMemoryGraphView } from '../graph/graphView';
import { LayeredGraphView } from '../graph/layeredGraphView';
import { type GraphNode, type Hash, QualifiedName, type SnapshotRecord } from '../model';
import { type GraphStore, staticGeneration } from '../store/graphStore';
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

  constructor(private readonly store: () => GraphStore) {}

  /** The live graph: the cached static view with the current runtime edges laid over it. */
  liveView(): GraphView {
    const store = this.store();
    if (this.live?.generation === store.generation) return this.live.view;
    const generation = staticGeneration(store);
    if (this.static?.generation !== generation) this.static = { generation, view: staticView(store) };
    const view = store.capabilities.runtime ? runtimeLayer(this.static.view, store) : this.static.view;
    this.live = { generation: store.generation, view };
    return view;
  }

  /** One repository as of a snapshot, every other repository live; the last eight are kept. */
  snapshotView(snapshot: SnapshotRecord): GraphView {
    const store = this.store();
    const cached = this.snapshots.get(snapshot.snapshotHash);
    if (cached && cached.generation === store.generation) return cached.view;
    const repos = new Map(store.repos().map((r) => [r.repoHash, r]));
    const others = [...repos.keys()].filter((r) => r !== snapshot.repoHash);
    const nodes = [...store.nodesAt(snapshot.repoHash, snapshot.seq), ...others.flatMap((r) => store.liveNodesOfRepo(r))];
    const edges = [...store.edgesAt(snapshot.repoHash, snapshot.seq), ...others.flatMap((r) => store.liveEdges({ repoHash: r }))];
    const files = new Map([
      ...store.filesAt(snapshot.repoHash, snapshot.seq),
      ...others.flatMap((r) => store.liveFileRecords(r)),
    ].map((f) => [f.fileHash, f]));
    const view = new InMemoryGraphView(nodes, edges, files, repos);
    if (this.snapshots.size >= 8) this.snapshots.delete(this.snapshots.keys().next().value!);
    this.snapshots.set(snapshot.snapshotHash, { generation: store.generation, view });
    return view;
  }
}

/**
 * Live nodes and static edges. Unresolved placeholders that only runtime edges touch are
 * left to the runtime layer: trace ingest creates and collects them.
 */
function staticView(store: GraphStore): GraphView {
  const repos = new Map(store.repos().map((r) => [r.repoHash, r]));
  const edges = store.liveEdges().filter((e) => !isRuntimeEdge(e));
  const touched = new Set<Hash>();
  for (const edge of edges) {
    touched.add(edge.sourceHash);
    touched.add(edge.targetHash);
  }
  // Placeholders of services seen only in traces belong to no indexed repo.
  const nodes = [...[...repos.keys()].flatMap((repoHash) => store.liveNodesOfRepo(repoHash)), ...store.liveNodesOutsideRepos()]
    .filter((n) => !runtimePlaceholder(n) || touched.has(n.nodeHash));
  const files = new Map(store.liveFileRecords().map((f) => [f.fileHash, f]));
  return new InMemoryGraphView(nodes, edges, files, repos);
}

/** The live runtime edges over a static view, with the placeholder nodes they end at. */
function runtimeLayer(base: GraphView, store: GraphStore): GraphView {
  const edges = store.liveRuntimeEdges();
  const missing = new Set<Hash>();
  for (const edge of edges) {
    if (!base.nodes.has(edge.sourceHash)) missing.add(edge.sourceHash);
    if (!base.nodes.has(edge.targetHash)) missing.add(edge.targetHash);
  }
  const nodes = new Map<Hash, GraphNode>(store.liveNodesByHash([...missing]).map((n) => [n.nodeHash, n]));
  return new LayeredGraphView(base, nodes, edges);
}

function runtimePlaceholder(node: GraphNode): boolean {
  return node.fileHash === '' && QualifiedName.isUnresolved(node.qualifiedName);
}
