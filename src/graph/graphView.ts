import type { EdgeType, FileRecord, GraphEdge, GraphNode, Hash, RepoRecord } from '../model';
import { EdgeTable, HashIds } from './edgeTable';

/**
 * An immutable in-memory view of the graph (the live graph, or one snapshot of a repo),
 * indexed for traversal. Algorithms in src/graph take a view, never the store: they stay
 * pure and fast (a blast radius is a walk over adjacency lists, not SQL).
 */
export interface GraphView {
  readonly nodes: ReadonlyMap<Hash, GraphNode>;
  /** Every edge, in the order the view was built with. May build the list on each read: O(edges). */
  readonly edges: readonly GraphEdge[];
  readonly files: ReadonlyMap<Hash, FileRecord>;
  readonly repos: ReadonlyMap<Hash, RepoRecord>;
  /**
   * Every edge to `visit`, in edge order, one at a time: a scan that keeps only what it
   * derives holds no list of every edge (on the compact view each is built, handed over
   * and dropped).
   */
  forEachEdge(visit: (edge: GraphEdge) => void): void;
  /**
   * The edges whose provenance passes `accept`, in edge order: a scan for a few edges
   * (runtime ones) that builds only those, where `edges.filter` would build them all.
   */
  edgesWithProvenance(accept: (provenance: string) => boolean): readonly GraphEdge[];
  /**
   * The edges of one type entering (`in`) or leaving (`out`) a node, in edge order, as
   * references that build the GraphEdge only when asked: a walk that drops most edges (to
   * nodes it reached already) reads their ends and confidence without building them.
   */
  edgeRefs(nodeHash: Hash, direction: 'in' | 'out', edgeType: EdgeType): readonly EdgeRef[];
  /** Edges leaving a node, optionally of one type, in the view's edge order. */
  outgoing(nodeHash: Hash, edgeType?: EdgeType): readonly GraphEdge[];
  /** Edges entering a node, optionally of one type, in the view's edge order. */
  incoming(nodeHash: Hash, edgeType?: EdgeType): readonly GraphEdge[];
  /** The repo URL of a node, '' when unknown. */
  repoUrlOf(node: GraphNode): string;
  /** The repo-relative path of a node's file, '' for repo-level nodes. */
  pathOf(node: GraphNode): string;
}

/** One edge seen from one of its ends: the other end, what ranks it, and the edge on demand. */
export interface EdgeRef {
  /** The hash of the end the edge leads to from the node asked about. */
  readonly otherHash: Hash;
  readonly confidence: number;
  readonly provenance: string;
  edge(): GraphEdge;
}

/** An EdgeRef over an edge object. */
export class ObjectEdgeRef implements EdgeRef {
  constructor(private readonly of: GraphEdge, private readonly direction: 'in' | 'out') {}

  get otherHash(): Hash {
    return this.direction === 'in' ? this.of.sourceHash : this.of.targetHash;
  }

  get confidence(): number {
    return this.of.confidence;
  }

  get provenance(): string {
    return this.of.provenance;
  }

  edge(): GraphEdge {
    return this.of;
  }
}

/** An EdgeRef over a row of an edge table: the fields a walk ranks by are read once. */
class RowEdgeRef implements EdgeRef {
  readonly otherHash: Hash;
  readonly confidence: number;
  readonly provenance: string;

  constructor(private readonly table: EdgeTable, private readonly row: number, direction: 'in' | 'out') {
    this.otherHash = direction === 'in' ? table.sourceHash(row) : table.targetHash(row);
    this.confidence = table.confidence[row]!;
    this.provenance = table.strings.values[table.provenance[row]!]!;
  }

  edge(): GraphEdge {
    return this.table.edge(this.row);
  }
}

const NO_EDGES: readonly GraphEdge[] = Object.freeze([]);
const NO_REFS: readonly EdgeRef[] = Object.freeze([]);

/**
 * The compact view (docs/architecture.md, "The graph view"): nodes are objects (algorithms
 * hand them out and compare them), edges are columns of typed arrays (EdgeTable) with
 * compressed-sparse-row adjacency both ways, and a GraphEdge object exists only while a
 * caller holds one. Memory is about 100 bytes an edge instead of about 700.
 */
export class InMemoryGraphView implements GraphView {
  readonly nodes: ReadonlyMap<Hash, GraphNode>;
  readonly table: EdgeTable;
  /** Edges leaving id `i`: `outEdges[outStart[i] .. outStart[i + 1])`, in edge order. */
  readonly outStart: Int32Array;
  readonly outEdges: Int32Array;
  /** Edges entering id `i`: `intoEdges[intoStart[i] .. intoStart[i + 1])`, in edge order. */
  readonly intoStart: Int32Array;
  readonly intoEdges: Int32Array;
  private readonly ids: HashIds;

  /**
   * `edges` is a list, or a sealed EdgeTable (graphCache builds one while it reads the store,
   * so that no list of edge objects is held); the nodes' hashes get ids of its endpoints.
   */
  constructor(
    nodes: Iterable<GraphNode>,
    edges: readonly GraphEdge[] | EdgeTable,
    readonly files: ReadonlyMap<Hash, FileRecord>,
    readonly repos: ReadonlyMap<Hash, RepoRecord>,
  ) {
    this.nodes = new Map([...sharingStrings(nodes, files, repos)].map((n) => [n.nodeHash, n]));
    this.ids = edges instanceof EdgeTable ? edges.endpoints : new HashIds();
    for (const hash of this.nodes.keys()) this.ids.idOf(hash);
    if (edges instanceof EdgeTable) edges.seal();
    this.table = edges instanceof EdgeTable ? edges : EdgeTable.of(edges, this.ids);
    [this.outStart, this.outEdges] = adjacency(this.table.source, this.ids.size);
    [this.intoStart, this.intoEdges] = adjacency(this.table.target, this.ids.size);
  }

  get edges(): readonly GraphEdge[] {
    const all = new Array<GraphEdge>(this.table.count);
    for (let i = 0; i < all.length; i++) all[i] = this.table.edge(i);
    return all;
  }

  forEachEdge(visit: (edge: GraphEdge) => void): void {
    for (let i = 0; i < this.table.count; i++) visit(this.table.edge(i));
  }

  edgesWithProvenance(accept: (provenance: string) => boolean): readonly GraphEdge[] {
    const accepted = this.table.strings.values.map((value) => accept(value));
    const out: GraphEdge[] = [];
    for (let i = 0; i < this.table.count; i++) if (accepted[this.table.provenance[i]!]) out.push(this.table.edge(i));
    return out;
  }

  outgoing(nodeHash: Hash, edgeType?: EdgeType): readonly GraphEdge[] {
    return this.edgesAt(this.outStart, this.outEdges, nodeHash, edgeType);
  }

  incoming(nodeHash: Hash, edgeType?: EdgeType): readonly GraphEdge[] {
    return this.edgesAt(this.intoStart, this.intoEdges, nodeHash, edgeType);
  }

  edgeRefs(nodeHash: Hash, direction: 'in' | 'out', edgeType: EdgeType): readonly EdgeRef[] {
    const id = this.ids.known(nodeHash);
    const code = this.table.typeCodeOf(edgeType);
    if (id === undefined || code < 0) return NO_REFS;
    const [start, list] = direction === 'in' ? [this.intoStart, this.intoEdges] : [this.outStart, this.outEdges];
    const refs: EdgeRef[] = [];
    for (let at = start[id]!, end = start[id + 1]!; at < end; at++) {
      const row = list[at]!;
      if (this.table.type[row] === code) refs.push(new RowEdgeRef(this.table, row, direction));
    }
    return refs;
  }

  repoUrlOf(node: GraphNode): string {
    return this.repos.get(node.repoHash)?.repoUrl ?? '';
  }

  pathOf(node: GraphNode): string {
    return node.fileHash ? this.files.get(node.fileHash)?.path ?? '' : '';
  }

  private edgesAt(start: Int32Array, list: Int32Array, nodeHash: Hash, edgeType: EdgeType | undefined): readonly GraphEdge[] {
    const id = this.ids.known(nodeHash);
    if (id === undefined) return NO_EDGES;
    const code = edgeType === undefined ? -1 : this.table.typeCodeOf(edgeType);
    if (edgeType !== undefined && code < 0) return NO_EDGES;
    const out: GraphEdge[] = [];
    for (let at = start[id]!, end = start[id + 1]!; at < end; at++) {
      const edge = list[at]!;
      if (code < 0 || this.table.type[edge] === code) out.push(this.table.edge(edge));
    }
    return out;
  }
}

/**
 * The nodes, made to share one string per distinct file hash, repo hash and kind: rows read
 * from the store carry a copy of each (about 180 bytes a node). The strings are replaced in
 * place by equal ones, which no reader can tell apart; copying the nodes instead would hold
 * every node twice while the view is built, the peak of a server's memory. A frozen node is
 * left as it is.
 */
function* sharingStrings(nodes: Iterable<GraphNode>, files: ReadonlyMap<Hash, FileRecord>, repos: ReadonlyMap<Hash, RepoRecord>): Iterable<GraphNode> {
  const shared = new Map<string, string>();
  for (const key of files.keys()) shared.set(key, key);
  for (const key of repos.keys()) shared.set(key, key);
  const one = (value: string): string => {
    const known = shared.get(value);
    if (known !== undefined) return known;
    shared.set(value, value);
    return value;
  };
  for (const node of nodes) {
    if (!Object.isFrozen(node)) {
      const writable = node as { -readonly [K in keyof GraphNode]: GraphNode[K] };
      writable.fileHash = one(node.fileHash);
      writable.repoHash = one(node.repoHash);
      writable.kind = one(node.kind) as GraphNode['kind'];
    }
    yield node;
  }
}

/** Compressed sparse rows: for each id, the indices of the edges whose `ends` is that id, in edge order. */
function adjacency(ends: Int32Array, idCount: number): [Int32Array, Int32Array] {
  const start = new Int32Array(idCount + 1);
  for (let i = 0; i < ends.length; i++) start[ends[i]! + 1]!++;
  for (let id = 0; id < idCount; id++) start[id + 1]! += start[id]!;
  const next = start.slice(0, idCount);
  const list = new Int32Array(ends.length);
  for (let i = 0; i < ends.length; i++) list[next[ends[i]!]!++] = i;
  return [start, list];
}
