import type { GraphEdge, GraphNode, Hash } from '../model';
import type { EdgeRef, GraphView } from './graphView';
import { compareStrings } from './viewIndex';

/**
 * Transitive callers and callees (SPEC §2.5): breadth-first over `calls` edges only, so
 * every node is reached at its shortest hop count. Other edge types (imports, references,
 * runtime edges) never extend a walk: blast radius is defined on calls alone.
 */
export const TRAVERSAL_DEFAULTS = {
  maxDepth: 5,
  /** Stops the walk once this many nodes are reached; the result says `truncated`. */
  maxResults: 10_000,
} as const;

export interface TraversalOptions {
  readonly maxDepth?: number;
  readonly maxResults?: number;
}

export interface ReachedNode {
  readonly node: GraphNode;
  /** Shortest hop count from the start node (1 = direct caller or callee). */
  readonly depth: number;
  /** The calls edges of one shortest path, from the start node outwards. */
  readonly path: readonly GraphEdge[];
}

export interface TraversalResult {
  readonly start: GraphNode;
  /** By depth, then qualified name. The start node itself is not included. */
  readonly reached: readonly ReachedNode[];
  /** True when `maxResults` stopped the walk before every node within `maxDepth` was reached. */
  readonly truncated: boolean;
}

export function transitiveCallers(view: GraphView, nodeHash: Hash, options: TraversalOptions = {}): TraversalResult {
  return walk(view, nodeHash, options, 'callers');
}

export function transitiveCallees(view: GraphView, nodeHash: Hash, options: TraversalOptions = {}): TraversalResult {
  return walk(view, nodeHash, options, 'callees');
}

type Direction = 'callers' | 'callees';

function walk(view: GraphView, nodeHash: Hash, options: TraversalOptions, direction: Direction): TraversalResult {
  const { maxDepth, maxResults } = resolveTraversalOptions(options);
  const start = view.nodes.get(nodeHash);
  if (!start) throw new Error(`graph/traversal: no node with hash ${nodeHash}`);

  const seen = new Set<Hash>([nodeHash]);
  const reached: ReachedNode[] = [];
  let frontier: ReachedNode[] = [{ node: start, depth: 0, path: [] }];
  let truncated = false;
  for (let depth = 1; depth <= maxDepth && frontier.length > 0 && !truncated; depth++) {
    const next: ReachedNode[] = [];
    for (const from of frontier) {
      for (const neighbour of neighbours(view, from.node.nodeHash, direction)) {
        const node = neighbour.node;
        if (seen.has(node.nodeHash)) continue;
        if (reached.length === maxResults) {
          truncated = true;
          break;
        }
        seen.add(node.nodeHash);
        const step: ReachedNode = { node, depth, path: [...from.path, neighbour.edge] };
        next.push(step);
        reached.push(step);
      }
      if (truncated) break;
    }
    next.sort((a, b) => compareStrings(a.node.qualifiedName, b.node.qualifiedName));
    frontier = next;
  }
  reached.sort((a, b) => a.depth - b.depth || compareStrings(a.node.qualifiedName, b.node.qualifiedName));
  return { start, reached, truncated };
}

export interface Neighbour {
  /** The edge, built on first read: a walk reads it only for the neighbours it keeps. */
  readonly edge: GraphEdge;
  readonly node: GraphNode;
  /** The edge's confidence, read without building the edge. */
  readonly confidence: number;
}

class RefNeighbour implements Neighbour {
  readonly confidence: number;
  readonly provenance: string;
  private built: GraphEdge | undefined;

  constructor(private readonly ref: EdgeRef, readonly node: GraphNode) {
    this.confidence = ref.confidence;
    this.provenance = ref.provenance;
  }

  get edge(): GraphEdge {
    this.built ??= this.ref.edge();
    return this.built;
  }
}

/**
 * The calls neighbours of a node in one direction, in a stable order: by the neighbour's
 * qualified name, then higher confidence first, so ties between parallel edges (a static
 * and an LSP-resolved one) always pick the same edge.
 */
export function neighbours(view: GraphView, nodeHash: Hash, direction: Direction): Neighbour[] {
  const out: RefNeighbour[] = [];
  for (const ref of view.edgeRefs(nodeHash, direction === 'callers' ? 'in' : 'out', 'calls')) {
    const node = view.nodes.get(ref.otherHash);
    if (node) out.push(new RefNeighbour(ref, node));
  }
  return out.sort((a, b) => compareStrings(a.node.qualifiedName, b.node.qualifiedName)
    || b.confidence - a.confidence || compareStrings(a.provenance, b.provenance));
}

/** Validates and fills traversal options; shared with blast radius and impact. */
export function resolveTraversalOptions(options: TraversalOptions, module = 'graph/traversal'): Required<TraversalOptions> {
  const maxDepth = options.maxDepth ?? TRAVERSAL_DEFAULTS.maxDepth;
  const maxResults = options.maxResults ?? TRAVERSAL_DEFAULTS.maxResults;
  if (!Number.isInteger(maxDepth) || maxDepth < 1) throw new Error(`${module}: maxDepth must be a positive integer`);
  if (!Number.isInteger(maxResults) || maxResults < 1) throw new Error(`${module}: maxResults must be a positive integer`);
  return { maxDepth, maxResults };
}
