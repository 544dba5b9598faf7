import { EDGE_TYPES, type GraphEdge, type Hash } from '../model';
import type { GraphView } from './graphView';

/**
 * Random walk with restart (personalised PageRank) from a seed distribution: the
 * stationary probability of a walker that follows weighted edges, in either direction,
 * and jumps back to the seeds with probability `restart` at every step. It ranks
 * context: nodes close to the seeds through many heavy paths score high.
 *
 * The walk runs on the seeds' neighbourhood only: a ball of `maxHops` hops around the
 * seeds, at most `maxNodes` nodes. Probability that walks out of the ball is dropped,
 * not renormalised onto the boundary, so nodes at the edge of the ball are not inflated;
 * with restart 0.15 a walker rarely comes back from 3+ hops, so the ball changes the top
 * of the ranking little. The graph is first compiled to integer adjacency arrays with
 * per-node weight totals (`compileWalkGraph`, once per view for callers that keep it), so
 * a hub's thousands of edges cost an array scan, not thousands of map lookups.
 */
export const DEFAULTS = {
  /** Probability of jumping back to the seeds at each step. */
  restart: 0.15,
  /** Upper bound on power iterations. */
  iterations: 30,
  /** Stop when the L1 change of the score vector falls below this. */
  tolerance: 1e-6,
  /** Radius of the neighbourhood walked, in edges (either direction). */
  maxHops: 3,
  /** Cap on the neighbourhood size; breadth-first order decides who is in. */
  maxNodes: 20000,
  /** Multiplier for walking an edge from source to target (towards callees). */
  forward: 1,
  /** Multiplier for walking an edge from target to source (towards callers). */
  backward: 1,
};

export interface RwrOptions {
  readonly restart?: number;
  readonly iterations?: number;
  readonly tolerance?: number;
  readonly maxHops?: number;
  readonly maxNodes?: number;
  readonly forward?: number;
  readonly backward?: number;
  /** Weight of an edge when a GraphView is compiled for this walk; 0 removes the edge. Default `edgeRankWeight`. */
  readonly edgeWeight?: (edge: GraphEdge) => number;
}

export interface RwrResult {
  /** Visit probability of every reached node (> 0); sums to at most 1. */
  readonly scores: Map<Hash, number>;
  /** Hop distance from the nearest seed, for every node of the walked neighbourhood. */
  readonly hops: Map<Hash, number>;
  readonly iterations: number;
  readonly converged: boolean;
}

/** A graph compiled for walking: dense ids, edges in compressed rows both ways, weight totals. */
export interface WalkGraph {
  readonly kind: 'walk-graph';
  readonly hashes: readonly Hash[];
  readonly index: ReadonlyMap<Hash, number>;
  /** Row i of out-edges: entries outStart[i] .. outStart[i+1]-1 of outTarget/outWeight. */
  readonly outStart: Int32Array;
  readonly outTarget: Int32Array;
  readonly outWeight: Float64Array;
  readonly inStart: Int32Array;
  readonly inSource: Int32Array;
  readonly inWeight: Float64Array;
  /** Sum of a node's out-edge and in-edge weights. */
  readonly outTotal: Float64Array;
  readonly inTotal: Float64Array;
}

/**
 * SPEC §2.5 weights: the edge type's ranking weight for static edges; a runtime edge
 * weighs its confidence (0.2 to 0.95 by observations and recency; the runtime default
 * of 0.3 when it has none), so traffic seen often pulls like a static call.
 */
export function edgeRankWeight(edge: GraphEdge): number {
  const info = EDGE_TYPES[edge.edgeType];
  if (!info) return 0;
  if (!info.runtime) return info.rankWeight;
  return Number.isFinite(edge.confidence) && edge.confidence > 0 ? edge.confidence : info.rankWeight;
}

/** Compiles a view for walks; edges of weight <= 0 (or not finite) and edges to nodes outside the view are left out. */
export function compileWalkGraph(view: GraphView, edgeWeight: (edge: GraphEdge) => number = edgeRankWeight): WalkGraph {
  if (typeof edgeWeight !== 'function') throw new Error('graph/rwr: edgeWeight must be a function');
  const hashes = [...view.nodes.keys()];
  const index = new Map(hashes.map((h, i) => [h, i]));
  const n = hashes.length;
  const from: number[] = [];
  const to: number[] = [];
  const weight: number[] = [];
  view.forEachEdge((edge) => {
    const s = index.get(edge.sourceHash);
    const t = index.get(edge.targetHash);
    if (s === undefined || t === undefined) return;
    const w = edgeWeight(edge);
    if (!(w > 0 && Number.isFinite(w))) return;
    from.push(s);
    to.push(t);
    weight.push(w);
  });
  const out = rows(n, from, to, weight);
  const into = rows(n, to, from, weight);
  return {
    kind: 'walk-graph', hashes, index,
    outStart: out.start, outTarget: out.other, outWeight: out.weight, outTotal: out.total,
    inStart: into.start, inSource: into.other, inWeight: into.weight, inTotal: into.total,
  };
}

/** Compressed rows of (other, weight) keyed by `key`, by counting sort. */
function rows(n: number, key: number[], other: number[], weight: number[]) {
  const start = new Int32Array(n + 1);
  for (const k of key) start[k + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  const others = new Int32Array(key.length);
  const weights = new Float64Array(key.length);
  const total = new Float64Array(n);
  for (let e = 0; e < key.length; e++) {
    const at = fill[key[e]]++;
    others[at] = other[e];
    weights[at] = weight[e];
    total[key[e]] += weight[e];
  }
  return { start, other: others, weight: weights, total };
}

type Settings = typeof DEFAULTS;

function settingsOf(options: RwrOptions): Settings {
  const defined = Object.fromEntries(Object.entries(options).filter(([k, v]) => v !== undefined && k !== 'edgeWeight'));
  const s = { ...DEFAULTS, ...defined } as Settings;
  if (!(s.restart > 0 && s.restart < 1)) throw new Error('graph/rwr: restart must be in (0,1)');
  if (!Number.isInteger(s.iterations) || s.iterations < 1) throw new Error('graph/rwr: iterations must be a positive integer');
  if (!(Number.isFinite(s.tolerance) && s.tolerance >= 0)) throw new Error('graph/rwr: tolerance must be a finite number >= 0');
  if (!Number.isInteger(s.maxHops) || s.maxHops < 0) throw new Error('graph/rwr: maxHops must be an integer >= 0');
  if (!Number.isInteger(s.maxNodes) || s.maxNodes < 1) throw new Error('graph/rwr: maxNodes must be a positive integer');
  for (const key of ['forward', 'backward'] as const) {
    if (!(Number.isFinite(s[key]) && s[key] >= 0)) throw new Error(`graph/rwr: ${key} must be a finite number >= 0`);
  }
  if (s.forward === 0 && s.backward === 0) throw new Error('graph/rwr: forward and backward cannot both be 0');
  return s;
}

function isWalkGraph(graph: GraphView | WalkGraph): graph is WalkGraph {
  return (graph as WalkGraph).kind === 'walk-graph';
}

/** Seeds as (dense id, normalised weight), merged by id. */
function seedVector(graph: WalkGraph, seeds: ReadonlyMap<Hash, number>): Map<number, number> {
  if (seeds.size === 0) throw new Error('graph/rwr: seeds must name at least one node');
  let total = 0;
  const vector = new Map<number, number>();
  for (const [hash, weight] of seeds) {
    const id = graph.index.get(hash);
    if (id === undefined) throw new Error(`graph/rwr: seed ${hash} is not a node of the graph`);
    if (!(Number.isFinite(weight) && weight > 0)) throw new Error(`graph/rwr: seed weight of ${hash} must be a finite number > 0`);
    vector.set(id, (vector.get(id) ?? 0) + weight);
    total += weight;
  }
  for (const [id, weight] of vector) vector.set(id, weight / total);
  return vector;
}

/**
 * Scores the nodes around `seeds` (node hash -> positive weight; normalised here) by
 * random walk with restart, on a view (compiled for this call with `edgeWeight`) or on a
 * WalkGraph compiled once. Deterministic for a given graph and seed order.
 */
export function randomWalkWithRestart(graph: GraphView | WalkGraph, seeds: ReadonlyMap<Hash, number>, options: RwrOptions = {}): RwrResult {
  const s = settingsOf(options);
  if (isWalkGraph(graph) && options.edgeWeight) throw new Error('graph/rwr: edgeWeight applies when compiling; pass it to compileWalkGraph');
  const walk = isWalkGraph(graph) ? graph : compileWalkGraph(graph, options.edgeWeight);
  const restartVector = seedVector(walk, seeds);

  // The ball, breadth first: local position -> dense id, and dense id -> local position.
  const order: number[] = [...restartVector.keys()];
  const hop: number[] = order.map(() => 0);
  // Position in the ball by dense id, -1 outside: an array, since hubs make this the hot lookup.
  const local = new Int32Array(walk.hashes.length).fill(-1);
  order.forEach((id, i) => { local[id] = i; });
  const admit = (id: number, h: number): void => {
    if (local[id] >= 0 || order.length >= s.maxNodes) return;
    local[id] = order.length;
    order.push(id);
    hop.push(h);
  };
  let frontierStart = 0;
  for (let h = 1; h <= s.maxHops && order.length < s.maxNodes && frontierStart < order.length; h++) {
    const frontierEnd = order.length;
    for (let i = frontierStart; i < frontierEnd; i++) {
      const id = order[i];
      if (s.forward > 0) for (let k = walk.outStart[id]; k < walk.outStart[id + 1]; k++) admit(walk.outTarget[k], h);
      if (s.backward > 0) for (let k = walk.inStart[id]; k < walk.inStart[id + 1]; k++) admit(walk.inSource[k], h);
    }
    frontierStart = frontierEnd;
  }

  // Transitions inside the ball, normalised by each node's whole weight (what leaves the ball is lost).
  const n = order.length;
  const start = new Int32Array(n + 1);
  const targets: number[] = [];
  const probabilities: number[] = [];
  const stranded = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    start[i] = targets.length;
    const id = order[i];
    const total = s.forward * walk.outTotal[id] + s.backward * walk.inTotal[id];
    if (total === 0) {
      stranded[i] = 1;
      continue;
    }
    if (s.forward > 0) {
      for (let k = walk.outStart[id]; k < walk.outStart[id + 1]; k++) {
        const j = local[walk.outTarget[k]];
        if (j >= 0) {
          targets.push(j);
          probabilities.push((s.forward * walk.outWeight[k]) / total);
        }
      }
    }
    if (s.backward > 0) {
      for (let k = walk.inStart[id]; k < walk.inStart[id + 1]; k++) {
        const j = local[walk.inSource[k]];
        if (j >= 0) {
          targets.push(j);
          probabilities.push((s.backward * walk.inWeight[k]) / total);
        }
      }
    }
  }
  start[n] = targets.length;
  const target = Int32Array.from(targets);
  const p = Float64Array.from(probabilities);

  const restart = new Float64Array(n);
  for (const [id, weight] of restartVector) restart[local[id]] = weight;
  let scores = Float64Array.from(restart);
  let next = new Float64Array(n);
  const stay = 1 - s.restart;
  let iterations = 0;
  let converged = false;
  while (iterations < s.iterations) {
    iterations++;
    next.fill(0);
    // A node with no usable edge sends its walker back to the seeds, as a restart would.
    let strandedMass = 0;
    for (let i = 0; i < n; i++) {
      const mass = scores[i];
      if (mass === 0) continue;
      if (stranded[i]) {
        strandedMass += mass;
        continue;
      }
      for (let k = start[i]; k < start[i + 1]; k++) next[target[k]] += stay * mass * p[k];
    }
    const jump = s.restart + stay * strandedMass;
    let change = 0;
    for (let i = 0; i < n; i++) {
      next[i] += jump * restart[i];
      change += Math.abs(next[i] - scores[i]);
    }
    [scores, next] = [next, scores];
    if (change < s.tolerance) {
      converged = true;
      break;
    }
  }

  const result = new Map<Hash, number>();
  const hops = new Map<Hash, number>();
  for (let i = 0; i < n; i++) {
    const hash = walk.hashes[order[i]];
    hops.set(hash, hop[i]);
    if (scores[i] > 0) result.set(hash, scores[i]);
  }
  return { scores: result, hops, iterations, converged };
}
