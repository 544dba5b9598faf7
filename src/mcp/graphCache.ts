import { type GraphView, InMemoryGraphView } from '../graph/graphView';
import type { Hash, SnapshotRecord } from '../model';
import type { GraphStore } from '../store/graphStore';

/**
 * Graph views built from a store and kept while the store has not changed: the first
 * query after an index pays the load, later ones walk memory. A snapshot view holds that
 * repo as of the snapshot and every other repo live, so cross-repo callers still show.
 */
export class GraphCache {
  private live: { generation: number; view: GraphView } | undefined;
  private readonly snapshots = new Map<Hash, { generation: number; view: GraphView }>();

  constructor(private readonly store: () => GraphStore) {}

  liveView(): GraphView {
    const store = this.store();
    if (!this.live || this.live.generation !== store.generation) {
      const repos = new Map(store.repos().map((r) => [r.repoHash, r]));
      // Placeholders of services seen only in traces belong to no indexed repo.
      const nodes = [...[...repos.keys()].flatMap((repoHash) => store.liveNodesOfRepo(repoHash)), ...store.liveNodesOutsideRepos()];
      const files = new Map(store.liveFileRecords().map((f) => [f.fileHash, f]));
      this.live = { generation: store.generation, view: new InMemoryGraphView(nodes, store.liveEdges(), files, repos) };
    }
    return this.live.view;
  }

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
