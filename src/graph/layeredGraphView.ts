import type { EdgeType, FileRecord, GraphEdge, GraphNode, Hash, RepoRecord } from '../model';
import { type EdgeRef, type GraphView, ObjectEdgeRef } from './graphView';

/**
 * A view made of a base view and a small layer on top: more nodes and more edges, on the
 * base's files and repos. The base is shared, never copied, so a layer that changes often
 * (runtime edges during trace ingest) costs its own size, not the graph's. Layer nodes must
 * not be base nodes, and must be repo-level (owned by no file): indexes by file and path
 * are the base's (viewIndex, symbolIndex rely on it).
 */
export class LayeredGraphView implements GraphView {
  readonly nodes: ReadonlyMap<Hash, GraphNode>;
  private readonly out = new Map<Hash, GraphEdge[]>();
  private readonly into = new Map<Hash, GraphEdge[]>();

  constructor(readonly base: GraphView, readonly layerNodes: ReadonlyMap<Hash, GraphNode>, readonly layerEdges: readonly GraphEdge[]) {
    this.nodes = new LayeredMap(base.nodes, layerNodes);
    for (const edge of layerEdges) {
      push(this.out, edge.sourceHash, edge);
      push(this.into, edge.targetHash, edge);
    }
  }

  get files(): ReadonlyMap<Hash, FileRecord> {
    return this.base.files;
  }

  get repos(): ReadonlyMap<Hash, RepoRecord> {
    return this.base.repos;
  }

  /** Built on each read, like the base's: a copy kept per layer would hold every edge twice. */
  get edges(): readonly GraphEdge[] {
    return this.layerEdges.length === 0 ? this.base.edges : [...this.base.edges, ...this.layerEdges];
  }

  forEachEdge(visit: (edge: GraphEdge) => void): void {
    this.base.forEachEdge(visit);
    for (const edge of this.layerEdges) visit(edge);
  }

  edgesWithProvenance(accept: (provenance: string) => boolean): readonly GraphEdge[] {
    const base = this.base.edgesWithProvenance(accept);
    const layer = this.layerEdges.filter((e) => accept(e.provenance));
    return layer.length === 0 ? base : [...base, ...layer];
  }

  edgeRefs(nodeHash: Hash, direction: 'in' | 'out', edgeType: EdgeType): readonly EdgeRef[] {
    const base = this.base.edgeRefs(nodeHash, direction, edgeType);
    const layer = (direction === 'in' ? this.into : this.out).get(nodeHash)?.filter((e) => e.edgeType === edgeType);
    if (!layer || layer.length === 0) return base;
    return [...base, ...layer.map((e) => new ObjectEdgeRef(e, direction))];
  }

  outgoing(nodeHash: Hash, edgeType?: EdgeType): readonly GraphEdge[] {
    return joined(this.base.outgoing(nodeHash, edgeType), this.out.get(nodeHash), edgeType);
  }

  incoming(nodeHash: Hash, edgeType?: EdgeType): readonly GraphEdge[] {
    return joined(this.base.incoming(nodeHash, edgeType), this.into.get(nodeHash), edgeType);
  }

  repoUrlOf(node: GraphNode): string {
    return this.base.repoUrlOf(node);
  }

  pathOf(node: GraphNode): string {
    return this.base.pathOf(node);
  }
}

function joined(base: readonly GraphEdge[], layer: readonly GraphEdge[] | undefined, edgeType: EdgeType | undefined): readonly GraphEdge[] {
  if (!layer) return base;
  const extra = edgeType ? layer.filter((e) => e.edgeType === edgeType) : layer;
  if (extra.length === 0) return base;
  return base.length === 0 ? extra : [...base, ...extra];
}

function push(map: Map<Hash, GraphEdge[]>, key: Hash, edge: GraphEdge): void {
  const list = map.get(key);
  if (list) list.push(edge);
  else map.set(key, [edge]);
}

/** Two maps with disjoint keys read as one: the base's entries, then the layer's. */
class LayeredMap<K, V> implements ReadonlyMap<K, V> {
  constructor(private readonly base: ReadonlyMap<K, V>, private readonly layer: ReadonlyMap<K, V>) {}

  get size(): number {
    return this.base.size + this.layer.size;
  }

  get(key: K): V | undefined {
    return this.base.get(key) ?? this.layer.get(key);
  }

  has(key: K): boolean {
    return this.base.has(key) || this.layer.has(key);
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this) callback.call(thisArg, value, key, this);
  }

  *entries(): MapIterator<[K, V]> {
    yield* this.base.entries();
    yield* this.layer.entries();
  }

  *keys(): MapIterator<K> {
    yield* this.base.keys();
    yield* this.layer.keys();
  }

  *values(): MapIterator<V> {
    yield* this.base.values();
    yield* this.layer.values();
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }
}
