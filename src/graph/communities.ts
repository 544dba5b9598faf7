import { UndirectedGraph } from 'graphology';
import louvain from 'graphology-communities-louvain';
import { EDGE_TYPES, type GraphEdge, type GraphNode, type Hash, QualifiedName } from '../model';
import type { GraphView } from './graphView';
import { seededRandom } from './seededRandom';
import { LayeredGraphView } from './layeredGraphView';
import { compareStrings, packagePathOf } from './viewIndex';

/**
 * Louvain modularity clustering (communities, SPEC §4.9) of the graph seen as undirected
 * and weighted: each edge weighs its type's ranking weight (SPEC §2.5), parallel edges
 * add up. Unresolved placeholders are left out (they are names, not code of the repo) and
 * so are nodes with no edge left: a lone node is a community of one that says nothing.
 * Louvain visits nodes in random order; a seeded generator and sorted insertion make the
 * same graph give the same communities every time.
 */
export const COMMUNITIES_DEFAULTS = {
  /** Only nodes whose repo URL starts with this; '' keeps all. */
  repoUrlPrefix: '',
  resolution: 1,
  seed: 0x5eed,
  topSymbols: 5,
} as const;

export interface CommunitiesOptions {
  readonly repoUrlPrefix?: string;
  readonly resolution?: number;
  readonly seed?: number;
  readonly topSymbols?: number;
}

export interface Community {
  /** 0 for the largest community; ties by the smallest member name. */
  readonly id: number;
  readonly size: number;
  /** Qualified names of the members with the highest weighted degree. */
  readonly topSymbols: readonly string[];
  /** Weight of edges inside / weight of edges touching the community, in [0, 1]. */
  readonly cohesion: number;
  /** The package path most members share (ties: the smallest). */
  readonly dominantPackage: string;
  readonly members: readonly Hash[];
}

export interface CommunityLink {
  readonly community: Community;
  /** Total weight of the edges between the two communities. */
  readonly weight: number;
}

export interface CommunityDetection {
  /** By id (largest first). */
  readonly communities: readonly Community[];
  readonly nodeCount: number;
  readonly edgeCount: number;
  /** Community id of each clustered node. */
  readonly communityOf: ReadonlyMap<Hash, number>;
  /** Communities sharing edges with community `id`, heaviest link first (ties by id). */
  neighbours(id: number): readonly CommunityLink[];
}

export function detectCommunities(view: GraphView, options: CommunitiesOptions = {}): CommunityDetection {
  const settings = resolveOptions(options);
  const verdicts = new Map<Hash, GraphNode | null>();
  const included = (hash: Hash): GraphNode | null => {
    let verdict = verdicts.get(hash);
    if (verdict === undefined) {
      const node = view.nodes.get(hash);
      verdict = node && !QualifiedName.isUnresolved(node.qualifiedName) && view.repoUrlOf(node).startsWith(settings.repoUrlPrefix)
        ? node : null;
      verdicts.set(hash, verdict);
    }
    return verdict;
  };

  // Nodes get dense indexes in name order, so pairs are numeric keys: hashing 64-character
  // strings per edge would cost more than the clustering on a large graph.
  // Only the ends and type of an edge are kept: a list of whole edges would hold the graph twice.
  const linked: Pick<GraphEdge, 'sourceHash' | 'targetHash' | 'edgeType'>[] = [];
  view.forEachEdge((e) => {
    if (e.sourceHash !== e.targetHash && included(e.sourceHash) && included(e.targetHash)) {
      linked.push({ sourceHash: e.sourceHash, targetHash: e.targetHash, edgeType: e.edgeType });
    }
  });
  const nodes = [...new Set(linked.flatMap((e) => [e.sourceHash, e.targetHash]))].map((h) => verdicts.get(h)!).sort(byName);
  const index = new Map(nodes.map((node, i) => [node.nodeHash, i]));
  const weights = new Map<number, number>();
  for (const edge of linked) {
    const [a, b] = [index.get(edge.sourceHash)!, index.get(edge.targetHash)!];
    const key = a < b ? a * nodes.length + b : b * nodes.length + a;
    weights.set(key, (weights.get(key) ?? 0) + EDGE_TYPES[edge.edgeType].rankWeight);
  }
  const pairs = [...weights].sort(([x], [y]) => x - y)
    .map(([key, weight]) => ({ a: Math.floor(key / nodes.length), b: key % nodes.length, weight }));

  const graph = new UndirectedGraph();
  for (let i = 0; i < nodes.length; i++) graph.addNode(i);
  for (const { a, b, weight } of pairs) graph.addEdge(a, b, { weight });
  const labels = graph.order === 0 ? {} : louvain(graph, { getEdgeWeight: 'weight', resolution: settings.resolution, rng: seededRandom(settings.seed) });
  return summarise(view, nodes, pairs, (i) => labels[i]!, settings.topSymbols);
}

/**
 * Memoised per view and options: a view is immutable, and Louvain on a large graph costs.
 * A layered view (runtime edges over the static graph, replaced after every ingest batch)
 * is memoised on its base, keyed also by the layer edges that can change the result (those
 * between two resolved nodes), so new observations of known edges reuse the clustering.
 */
const memo = new WeakMap<GraphView, Map<string, CommunityDetection>>();
const MEMO_PER_VIEW = 16;

export function cachedCommunities(view: GraphView, options: CommunitiesOptions = {}): CommunityDetection {
  const settings = resolveOptions(options);
  const owner = view instanceof LayeredGraphView ? view.base : view;
  const key = JSON.stringify(settings) + (view instanceof LayeredGraphView ? layerSignature(view) : '');
  let perView = memo.get(owner);
  if (!perView) memo.set(owner, (perView = new Map()));
  let detection = perView.get(key);
  if (!detection) {
    if (perView.size >= MEMO_PER_VIEW) perView.delete(perView.keys().next().value!);
    perView.set(key, (detection = detectCommunities(view, settings)));
  }
  return detection;
}

function layerSignature(view: LayeredGraphView): string {
  const resolved = (hash: Hash): boolean => {
    const node = view.nodes.get(hash);
    return node !== undefined && !QualifiedName.isUnresolved(node.qualifiedName);
  };
  return view.layerEdges.filter((e) => resolved(e.sourceHash) && resolved(e.targetHash)).map((e) => e.edgeHash).sort().join(',');
}

function resolveOptions(options: CommunitiesOptions): Required<CommunitiesOptions> {
  const settings = { ...COMMUNITIES_DEFAULTS, ...stripUndefined(options) };
  if (typeof settings.repoUrlPrefix !== 'string') throw new Error('graph/communities: repoUrlPrefix must be a string');
  if (!(settings.resolution > 0) || !Number.isFinite(settings.resolution)) throw new Error('graph/communities: resolution must be a positive number');
  if (!Number.isInteger(settings.seed)) throw new Error('graph/communities: seed must be an integer');
  if (!Number.isInteger(settings.topSymbols) || settings.topSymbols < 1) throw new Error('graph/communities: topSymbols must be a positive integer');
  return settings;
}

interface Pair {
  /** Node indexes, a < b. */
  readonly a: number;
  readonly b: number;
  readonly weight: number;
}

/** Works on node indexes: `nodes` is in name order, so a lower index is the smaller name. */
function summarise(
  view: GraphView, nodes: readonly GraphNode[], pairs: readonly Pair[], labelOf: (index: number) => number, topSymbols: number,
): CommunityDetection {
  const degree = new Float64Array(nodes.length);
  for (const { a, b, weight } of pairs) {
    degree[a] += weight;
    degree[b] += weight;
  }
  // Louvain's labels depend on visit order; renumber by size, then by smallest member.
  const groups = new Map<number, number[]>();
  for (let i = 0; i < nodes.length; i++) {
    const label = labelOf(i);
    const list = groups.get(label);
    if (list) list.push(i);
    else groups.set(label, [i]);
  }
  const ordered = [...groups.values()].sort((x, y) => y.length - x.length || x[0]! - y[0]!);
  const communityIndex = new Int32Array(nodes.length);
  ordered.forEach((members, id) => members.forEach((i) => (communityIndex[i] = id)));

  const internal = new Float64Array(ordered.length);
  const touching = new Float64Array(ordered.length);
  const between = new Map<number, Map<number, number>>();
  for (const { a, b, weight } of pairs) {
    const ca = communityIndex[a]!;
    const cb = communityIndex[b]!;
    touching[ca] += weight;
    if (ca === cb) {
      internal[ca] += weight;
      continue;
    }
    touching[cb] += weight;
    addLink(between, ca, cb, weight);
    addLink(between, cb, ca, weight);
  }

  const communities: Community[] = ordered.map((members, id) => ({
    id,
    size: members.length,
    topSymbols: [...members]
      .sort((x, y) => degree[y]! - degree[x]! || x - y)
      .slice(0, topSymbols)
      .map((i) => nodes[i]!.qualifiedName),
    cohesion: touching[id]! > 0 ? round(internal[id]! / touching[id]!) : 0,
    dominantPackage: mostCommon(members.map((i) => packagePathOf(view, nodes[i]!))),
    members: members.map((i) => nodes[i]!.nodeHash),
  }));

  return {
    communities,
    nodeCount: nodes.length,
    edgeCount: pairs.length,
    communityOf: new Map(nodes.map((node, i) => [node.nodeHash, communityIndex[i]!])),
    neighbours(id: number): CommunityLink[] {
      const links = between.get(id);
      if (!links) return [];
      return [...links]
        .map(([other, weight]) => ({ community: communities[other]!, weight: round(weight) }))
        .sort((x, y) => y.weight - x.weight || x.community.id - y.community.id);
    },
  };
}

function addLink(between: Map<number, Map<number, number>>, from: number, to: number, weight: number): void {
  let links = between.get(from);
  if (!links) between.set(from, (links = new Map()));
  links.set(to, (links.get(to) ?? 0) + weight);
}

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = '';
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount || (count === bestCount && compareStrings(value, best) < 0)) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function byName(a: GraphNode, b: GraphNode): number {
  return compareStrings(a.qualifiedName, b.qualifiedName);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
