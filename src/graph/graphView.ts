import type { EdgeType, FileRecord, GraphEdge, GraphNode, Hash, RepoRecord } from '../model';

/**
 * An immutable in-memory view of the graph (the live graph, or one snapshot of a repo),
 * indexed for traversal. Algorithms in src/graph take a view, never the store: they stay
 * pure and fast (a blast radius is a walk over adjacency lists, not SQL).
 */
export interface GraphView {
  readonly nodes: ReadonlyMap<Hash, GraphNode>;
  readonly edges: readonly GraphEdge[];
  readonly files: ReadonlyMap<Hash, FileRecord>;
  readonly repos: ReadonlyMap<Hash, RepoRecord>;
  /** Edges leaving a node, optionally of one type. */
  outgoing(nodeHash: Hash, edgeType?: EdgeType): readonly GraphEdge[];
  /** Edges entering a node, optionally of one type. */
  incoming(nodeHash: Hash, edgeType?: EdgeType): readonly GraphEdge[];
  /** The repo URL of a node, '' when unknown. */
  repoUrlOf(node: GraphNode): string;
  /** The repo-relative path of a node's file, '' for repo-level nodes. */
  pathOf(node: GraphNode): string;
}

const NO_EDGES: readonly GraphEdge[] = [];

export class InMemoryGraphView implements GraphView {
  readonly nodes: ReadonlyMap<Hash, GraphNode>;
  private readonly out = new Map<Hash, GraphEdge[]>();
  private readonly into = new Map<Hash, GraphEdge[]>();

  constructor(
    nodes: Iterable<GraphNode>,
    readonly edges: readonly GraphEdge[],
    readonly files: ReadonlyMap<Hash, FileRecord>,
    readonly repos: ReadonlyMap<Hash, RepoRecord>,
  ) {
    this.nodes = new Map([...nodes].map((n) => [n.nodeHash, n]));
    for (const edge of edges) {
      push(this.out, edge.sourceHash, edge);
      push(this.into, edge.targetHash, edge);
    }
  }

  outgoing(nodeHash: Hash, edgeType?: EdgeType): readonly GraphEdge[] {
    return filterType(this.out.get(nodeHash) ?? NO_EDGES, edgeType);
  }

  incoming(nodeHash: Hash, edgeType?: EdgeType): readonly GraphEdge[] {
    return filterType(this.into.get(nodeHash) ?? NO_EDGES, edgeType);
  }

  repoUrlOf(node: GraphNode): string {
    return this.repos.get(node.repoHash)?.repoUrl ?? '';
  }

  pathOf(node: GraphNode): string {
    return node.fileHash ? this.files.get(node.fileHash)?.path ?? '' : '';
  }
}

function push(map: Map<Hash, GraphEdge[]>, key: Hash, edge: GraphEdge): void {
  const list = map.get(key);
  if (list) list.push(edge);
  else map.set(key, [edge]);
}

function filterType(edges: readonly GraphEdge[], edgeType: EdgeType | undefined): readonly GraphEdge[] {
  return edgeType ? edges.filter((e) => e.edgeType === edgeType) : edges;
}
