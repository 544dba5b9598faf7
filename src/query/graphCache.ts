import { type GraphView, InMemoryGraphView } from '../graph/graphView';
import { LayeredGraphView } from '../graph/layeredGraphView';
import { EdgeTable, HashIds } from '../graph/edgeTable';
import { strongestInTable, strongestPerRelationship } from '../graph/strongestEdges';
import { type GraphNode, type Hash, QualifiedName, type SnapshotRecord } from '../model';
import { type GraphReader, type RuntimeEdgeStore, type SnapshotLog, type StoreGeneration, type ViewSource, staticGeneration } from '../store';
import { isRuntimeEdge } from './runtimeIndex';

/** Snapshot views kept at most: each holds one repo as of a snapshot plus every other repo live. */
export const SNAPSHOT_VIEWS_KEPT = 8;

/**
 * Graph views built from a store and kept while the store has not changed: the first
 * query after an index pays the load, later ones walk memory. The live view is the static
 * graph (kept until an index run or another static write) with the runtime edges laid
 * over it (rebuilt after each trace ingest batch, at the cost of the runtime edges alone),
 * so sustained ingest never reloads the whole graph. A snapshot view holds that repo as of
 * the snapshot and every other repo live, so cross-repo callers still show.
 *
 * Memory: at most one static view, one live view and SNAPSHOT_VIEWS_KEPT snapshot views.
 * A view is only ever kept for the generation it was built at: when the generation moves
 * on, snapshot views of older generations are released at once (not left to age out of
 * the eight), and a store that is replaced (the graph file was re-read) drops them all.
 * Per-view indexes (symbol, runtime, community) are WeakMaps keyed by the view, so they go
 * with it.
 */
export class GraphCache {
  private static: { generation: number; view: GraphView } | undefined;
  private live: { generation: number; view: GraphView } | undefined;
  private readonly snapshots = new Map<Hash, { generation: number; view: GraphView }>();
  private owner: ViewSource | undefined;
  /** The live view being built, by generation: callers asking for the same one share the build. */
  private building: { generation: number; store: ViewSource; view: Promise<GraphView> } | undefined;
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;

  constructor(private readonly store: () => ViewSource) {}

  /**
   * Told that the graph moved (another process committed a generation): builds the live
   * view of the newest generation now, in the background, and lets go of snapshot views of
   * older ones, so the next request finds it ready. One build at a time; notices that
   * arrive during one make one more. Requests still check the generation themselves. A
   * cache that holds no view yet stays empty: a replica that has answered only point
   * queries (read around their nodes on a database) never loads the whole graph for them.
   */
  refresh(): Promise<void> {
    if (!this.live && !this.static && !this.building) return Promise.resolve();
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        await this.liveView();
      } while (this.refreshAgain);
    })().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** Views held now (static, live, snapshots): for tests and the soak bench. */
  get size(): { readonly static: number; readonly live: number; readonly snapshots: number } {
    return { static: this.static ? 1 : 0, live: this.live ? 1 : 0, snapshots: this.snapshots.size };
  }

  /** The live graph: the cached static view with the current runtime edges laid over it. */
  async liveView(): Promise<GraphView> {
    const store = this.current();
    const generation = await store.generation();
    if (this.live?.generation === generation.total) return this.live.view;
    if (this.building?.generation === generation.total && this.building.store === store) return this.building.view;
    const view = this.buildLive(store, generation);
    this.building = { generation: generation.total, store, view };
    try {
      return await view;
    } finally {
      if (this.building?.view === view) this.building = undefined;
    }
  }

  private async buildLive(store: ViewSource, generation: StoreGeneration): Promise<GraphView> {
    this.forgetSnapshotsBefore(generation.total);
    const staticAt = staticGeneration(generation);
    if (this.static?.generation !== staticAt) {
      this.static = undefined; // released before the new one is built, not after
      this.live = undefined;
      this.static = { generation: staticAt, view: await staticView(store) };
    }
    const view = store.capabilities.runtime ? await runtimeLayer(this.static.view, store) : this.static.view;
    this.live = { generation: generation.total, view };
    return view;
  }

  /** One repository as of a snapshot, every other repository live; the last eight of this generation are kept. */
  async snapshotView(snapshot: SnapshotRecord): Promise<GraphView> {
    const store = this.current();
    const generation = (await store.generation()).total;
    const cached = this.snapshots.get(snapshot.snapshotHash);
    if (cached && cached.generation === generation) return cached.view;
    this.forgetSnapshotsBefore(generation);
    this.snapshots.delete(snapshot.snapshotHash);
    const repos = new Map((await store.repos()).map((r) => [r.repoHash, r]));
    const others = [...repos.keys()].filter((r) => r !== snapshot.repoHash);
    const nodes = [...await store.nodesAt(snapshot.repoHash, snapshot.seq)];
    const edges = [...await store.edgesAt(snapshot.repoHash, snapshot.seq)];
    const fileRecords = [...await store.filesAt(snapshot.repoHash, snapshot.seq)];
    for (const other of others) {
      append(nodes, await store.liveNodesOfRepo(other));
      append(edges, await store.liveEdges({ repoHash: other }));
      append(fileRecords, await store.liveFileRecords(other));
    }
    // A runtime edge the snapshot holds may start at a service known only from traces: its placeholder is in no repo.
    const known = new Set(nodes.map((n) => n.nodeHash));
    const missing = [...new Set(edges.flatMap((e) => [e.sourceHash, e.targetHash]))].filter((hash) => !known.has(hash));
    append(nodes, await store.liveNodesByHash(missing));
    const files = new Map(fileRecords.map((f) => [f.fileHash, f]));
    const view = new InMemoryGraphView(nodes, strongestPerRelationship(edges), files, repos);
    // A write during the build moved the generation on: serve the view, keep nothing stale.
    if ((await store.generation()).total !== generation) return view;
    while (this.snapshots.size >= SNAPSHOT_VIEWS_KEPT) this.snapshots.delete(this.snapshots.keys().next().value!);
    this.snapshots.set(snapshot.snapshotHash, { generation, view });
    return view;
  }

  /** The store, dropping every view when it is not the one they were built from. */
  private current(): ViewSource {
    const store = this.store();
    if (this.owner !== store) {
      this.owner = store;
      this.static = undefined;
      this.live = undefined;
      this.snapshots.clear();
    }
    return store;
  }

  private forgetSnapshotsBefore(generation: number): void {
    for (const [hash, entry] of this.snapshots) if (entry.generation !== generation) this.snapshots.delete(hash);
  }
}

/**
 * Live nodes and static edges. Unresolved placeholders that only runtime edges touch are
 * left to the runtime layer: trace ingest creates and collects them.
 */
async function staticView(store: GraphReader & SnapshotLog): Promise<GraphView> {
  const repos = new Map((await store.repos()).map((r) => [r.repoHash, r]));
  // Placeholders of services seen only in traces belong to no indexed repo.
  const all: GraphNode[] = [];
  for (const repoHash of repos.keys()) append(all, await store.liveNodesOfRepo(repoHash));
  append(all, await store.liveNodesOutsideRepos());
  const live = new Set(all.map((n) => n.nodeHash));
  // An edge outlives its end only until the next pass that owns it runs (a node SCIP
  // ingest added, dropped by a re-index): it says nothing meanwhile. The edges go into
  // the view's table one by one as they are read: no list of every edge object is held.
  const read = new EdgeTable(new HashIds());
  await store.forEachLiveEdge((e) => {
    if (!isRuntimeEdge(e) && live.has(e.sourceHash) && live.has(e.targetHash)) read.append(e);
  });
  read.seal();
  const edges = strongestInTable(read);
  const touched = new Set<Hash>();
  for (let i = 0; i < edges.count; i++) {
    touched.add(edges.sourceHash(i));
    touched.add(edges.targetHash(i));
  }
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

/** Appends one by one: `push(...items)` passes every item as an argument and overflows the stack past about 120k. */
function append<T>(into: T[], items: readonly T[]): void {
  for (const item of items) into.push(item);
}
