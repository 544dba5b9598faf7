import type { GraphEdge, GraphNode, Hash } from '../model';
import type { GraphView } from './graphView';
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
      for (const { edge, node } of neighbours(view, from.node.nodeHash, direction)) {
        if (seen.has(node.nodeHash)) continue;
        if (reached.length === maxResults) {
          truncated = true;
          break;
        }
        seen.add(node.nodeHash);
        const step: ReachedNode = { node, depth, path: [...from.path, edge] };
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
  readonly edge: GraphEdge;
  readonly node: GraphNode;
}

/**
 * The calls neighbours of a node in one direction, in a stable order: by the neighbour's
 * qualified name, then higher confidence first, so ties between parallel edges (a static
 * and an LSP-resolved one) always pick the same edge.
 */
export function neighbours(view: GraphView, nodeHash: Hash, direction: Direction): Neighbour[] {
  const edges = direction === 'callers' ? view.incoming(nodeHash, 'calls') : view.outgoing(nodeHash, 'calls');
  const out: Neighbour[] = [];
  for (const edge of edges) {
    const node = view.nodes.get(direction === 'callers' ? edge.sourceHash : edge.targetHash);
    if (node) out.push({ edge, node });
  }
  return out.sort((a, b) => compareStrings(a.node.qualifiedName, b.node.qualifiedName)
    || b.edge.confidence - a.edge.confidence || compareStrings(a.edge.provenance, b.edge.provenance));
}

/** Validates and fills traversal options; shared with blast radius and impact. */
export function resolveTraversalOptions(options: TraversalOptions, module = 'graph/traversal'): Required<TraversalOptions> {
  const maxDepth = options.maxDepth ?? TRAVERSAL_DEFAULTS.maxDepth;
  const maxResults = options.maxResults ?? TRAVERSAL_DEFAULTS.maxResults;
  if (!Number.isInteger(maxDepth) || maxDepth < 1) throw new Error(`${module}: maxDepth must be a positive integer`);
  if (!Number.isInteger(maxResults) || maxResults < 1) throw new Error(`${module}: maxResults must be a positive integer`);
  return { maxDepth, maxResults };
}
