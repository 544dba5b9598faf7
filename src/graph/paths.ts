import { EDGE_TYPES, type EdgeType, type GraphNode, type Hash } from '../model';
import type { GraphView } from './graphView';
import { compareStrings } from './viewIndex';

/**
 * Paths between two symbols (flow_between, SPEC §4.9): simple paths along static edges of
 * any type, shortest first, at most `maxPaths`. A backward breadth-first pass from the
 * targets gives every node its distance to a target, so the forward enumeration only
 * extends a path through nodes that can still reach a target within the depth left:
 * the search never wanders into the rest of the graph.
 */
export const PATHS_DEFAULTS = {
  maxDepth: 5,
  maxPaths: 10,
  /** Bounds the enumeration on dense graphs; hitting it marks the result truncated. */
  maxExpansions: 200_000,
} as const;

const STATIC_EDGE_TYPES = (Object.keys(EDGE_TYPES) as EdgeType[]).filter((t) => !EDGE_TYPES[t].runtime);

export interface PathsOptions {
  readonly maxDepth?: number;
  readonly maxPaths?: number;
  readonly maxExpansions?: number;
  /** Edge types a path may use; default: every static type. */
  readonly edgeTypes?: readonly EdgeType[];
}

export interface PathStep {
  readonly node: GraphNode;
  /** The type of the edge leaving this step; '' on the last step. */
  readonly edgeType: EdgeType | '';
}

export interface PathsResult {
  /** Shortest first; equal lengths in order of their steps' qualified names. */
  readonly paths: readonly (readonly PathStep[])[];
  /** True when more paths exist within `maxDepth` than were returned. */
  readonly truncated: boolean;
}

interface Hop {
  readonly node: GraphNode;
  readonly edgeType: EdgeType;
}

export function pathsBetween(
  view: GraphView, sourceHashes: readonly Hash[], targetHashes: readonly Hash[], options: PathsOptions = {},
): PathsResult {
  const maxDepth = options.maxDepth ?? PATHS_DEFAULTS.maxDepth;
  const maxPaths = options.maxPaths ?? PATHS_DEFAULTS.maxPaths;
  const maxExpansions = options.maxExpansions ?? PATHS_DEFAULTS.maxExpansions;
  const edgeTypes = new Set(options.edgeTypes ?? STATIC_EDGE_TYPES);
  if (!Number.isInteger(maxDepth) || maxDepth < 1) throw new Error('graph/paths: maxDepth must be a positive integer');
  if (!Number.isInteger(maxPaths) || maxPaths < 1) throw new Error('graph/paths: maxPaths must be a positive integer');
  if (!Number.isInteger(maxExpansions) || maxExpansions < 1) throw new Error('graph/paths: maxExpansions must be a positive integer');
  const sources = resolve(view, sourceHashes, 'source');
  const targets = resolve(view, targetHashes, 'target');

  const distance = distancesTo(view, targets, edgeTypes, maxDepth);
  const isTarget = new Set(targets.map((t) => t.nodeHash));
  const paths: PathStep[][] = [];
  const limit = maxPaths + 1; // one more than returned tells whether more exist
  let expansions = 0;
  let exhausted = false;

  const onPath = new Set<Hash>();
  const hops: Hop[] = [];
  // Depth-first over paths of exactly `length` edges; `left` is how many edges remain.
  const extend = (node: GraphNode, left: number): void => {
    if (paths.length >= limit || exhausted) return;
    if (left === 0) {
      if (isTarget.has(node.nodeHash)) paths.push(toSteps(hops, node));
      return;
    }
    if (isTarget.has(node.nodeHash)) return; // a path ends at the first target it meets
    for (const hop of forward(view, node.nodeHash, edgeTypes)) {
      const d = distance.get(hop.node.nodeHash);
      if (d === undefined || d > left - 1 || onPath.has(hop.node.nodeHash)) continue;
      if (++expansions > maxExpansions) {
        exhausted = true;
        return;
      }
      onPath.add(hop.node.nodeHash);
      hops.push({ node, edgeType: hop.edgeType });
      extend(hop.node, left - 1);
      hops.pop();
      onPath.delete(hop.node.nodeHash);
      if (paths.length >= limit || exhausted) return;
    }
  };

  for (let length = 0; length <= maxDepth && paths.length < limit && !exhausted; length++) {
    for (const source of sources) {
      const d = distance.get(source.nodeHash);
      if (d === undefined || d > length) continue;
      onPath.add(source.nodeHash);
      extend(source, length);
      onPath.delete(source.nodeHash);
    }
  }
  return { paths: paths.slice(0, maxPaths), truncated: paths.length > maxPaths || exhausted };
}

function resolve(view: GraphView, hashes: readonly Hash[], role: string): GraphNode[] {
  if (hashes.length === 0) throw new Error(`graph/paths: at least one ${role} node is required`);
  const nodes = [...new Set(hashes)].map((hash) => {
    const node = view.nodes.get(hash);
    if (!node) throw new Error(`graph/paths: no ${role} node with hash ${hash}`);
    return node;
  });
  return nodes.sort((a, b) => compareStrings(a.qualifiedName, b.qualifiedName));
}

/** Hop counts to the nearest target, backwards over the allowed edges, up to `maxDepth`. */
function distancesTo(view: GraphView, targets: readonly GraphNode[], edgeTypes: ReadonlySet<EdgeType>, maxDepth: number): Map<Hash, number> {
  const distance = new Map<Hash, number>(targets.map((t) => [t.nodeHash, 0]));
  let frontier = targets.map((t) => t.nodeHash);
  for (let depth = 1; depth <= maxDepth && frontier.length > 0; depth++) {
    const next: Hash[] = [];
    for (const hash of frontier) {
      for (const edge of view.incoming(hash)) {
        if (!edgeTypes.has(edge.edgeType) || distance.has(edge.sourceHash)) continue;
        distance.set(edge.sourceHash, depth);
        next.push(edge.sourceHash);
      }
    }
    frontier = next;
  }
  return distance;
}

/** Distinct (neighbour, edge type) pairs leaving a node, by neighbour name then type. */
function forward(view: GraphView, hash: Hash, edgeTypes: ReadonlySet<EdgeType>): Hop[] {
  const seen = new Set<string>();
  const hops: Hop[] = [];
  for (const edge of view.outgoing(hash)) {
    const node = view.nodes.get(edge.targetHash);
    const key = `${edge.targetHash}\0${edge.edgeType}`;
    if (!node || !edgeTypes.has(edge.edgeType) || seen.has(key)) continue;
    seen.add(key);
    hops.push({ node, edgeType: edge.edgeType });
  }
  return hops.sort((a, b) => compareStrings(a.node.qualifiedName, b.node.qualifiedName) || compareStrings(a.edgeType, b.edgeType));
}

function toSteps(hops: readonly Hop[], last: GraphNode): PathStep[] {
  return [...hops.map((h) => ({ node: h.node, edgeType: h.edgeType })), { node: last, edgeType: '' as const }];
}
