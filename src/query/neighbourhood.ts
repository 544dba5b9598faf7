import { type GraphView, InMemoryGraphView } from '../graph/graphView';
import { LayeredGraphView } from '../graph/layeredGraphView';
import { strongestPerRelationship } from '../graph/strongestEdges';
import { EDGE_TYPES, type EdgeType, type GraphEdge, type GraphNode, type Hash, QualifiedName, type RepoRecord } from '../model';
import { type NeighbourhoodReader, type ViewSource, staticGeneration } from '../store';

/**
 * Small live views around a few nodes, read by bounded, indexed steps from a store with
 * NeighbourhoodReader (a server database), for the point queries that must not load the
 * whole graph (issue 20): breadth-first, level by level, each level two statements (its
 * edges over the edges' (end, type) index, then its new nodes by id). A view holds exactly
 * what the whole live view would show
 * the algorithm that walks it (src/graph), so blastRadius, transitiveCallers and
 * pathsBetween run on it unchanged and answer alike wherever nothing is cut short:
 * - every node a walk reaches, with every static edge entering each node it expanded from
 *   a node of the view (a relationship's edges all enter one node, so
 *   strongestPerRelationship keeps the same edge), in the store's edge order; a node of the
 *   view is a live node owned by no file or of an indexed repository, checked as each
 *   level's new nodes are read;
 * - the runtime edges entering the reached nodes and leaving the start (the runtime
 *   caller layer and the verdict read those), laid over it as the live view lays them;
 * - the files of its nodes and every repository.
 */

/** Reads a neighbourhood is built from. */
export type NeighbourhoodSource = ViewSource & { readonly neighbourhood: NeighbourhoodReader };

/** The store with its bounded reads, or undefined when it has none (sql.js: walk the cached live view). */
export function boundedSource(store: ViewSource): NeighbourhoodSource | undefined {
  return store.neighbourhood ? store as NeighbourhoodSource : undefined;
}

const STATIC_EDGE_TYPES = (Object.keys(EDGE_TYPES) as EdgeType[]).filter((t) => !EDGE_TYPES[t].runtime);

/** How far a caller or callee walk goes. */
export interface CallersWalk {
  /** Levels at most. */
  readonly maxDepth: number;
  /**
   * Stop after the level that takes the nodes found past this many: the answer lists at
   * most this many, nearest first, so deeper levels could only be counted, not listed.
   */
  readonly enough: number;
}

/**
 * The live view a caller walk of `targetHash` over `calls` edges needs: its callers level
 * by level up to `maxDepth`, stopping after the level where more than `enough` are found.
 * An empty view when the target is no node of the live view.
 */
export async function callersView(source: NeighbourhoodSource, targetHash: Hash, limits: CallersWalk): Promise<GraphView> {
  const repos = await reposOf(source);
  const target = await liveViewNode(source, repos, targetHash);
  if (!target) return new InMemoryGraphView([], [], new Map(), repos);
  const reached = await walk(source, repos, [target], ['calls'], limits.maxDepth, limits.enough);
  const hashes = reached.nodes.map((n) => n.nodeHash);
  return assemble(source, repos, reached.nodes, reached.edges, { runtimeInto: hashes, runtimeOutOf: [targetHash] });
}

/**
 * The live view a callee walk of `sourceHash` over `calls` edges needs (trace_dataflow):
 * its callees level by level up to `maxDepth`, stopping after the level where more than
 * `enough` are found. No runtime edge: a callee walk reads none. An empty view when the
 * start is no node of the live view.
 */
export async function calleesView(source: NeighbourhoodSource, sourceHash: Hash, limits: CallersWalk): Promise<GraphView> {
  const repos = await reposOf(source);
  const start = await liveViewNode(source, repos, sourceHash);
  if (!start) return new InMemoryGraphView([], [], new Map(), repos);
  const reached = await walk(source, repos, [start], ['calls'], limits.maxDepth, limits.enough, 'out');
  return assemble(source, repos, reached.nodes, reached.edges, { runtimeInto: [], runtimeOutOf: [] });
}

/**
 * The live view pathsBetween needs from sources to targets within `maxDepth` edges: every
 * node that reaches a target within `maxDepth` static edges of any type (the only nodes a
 * path can pass through), found backwards from the targets, with the edges between them.
 */
export async function pathsView(source: NeighbourhoodSource, sources: readonly GraphNode[], targets: readonly GraphNode[], maxDepth: number): Promise<GraphView> {
  const repos = await reposOf(source);
  const reached = await walk(source, repos, targets, STATIC_EDGE_TYPES, maxDepth);
  const known = new Set(reached.nodes.map((n) => n.nodeHash));
  const nodes = [...reached.nodes, ...sources.filter((n) => !known.has(n.nodeHash))];
  return assemble(source, repos, nodes, reached.edges, { runtimeInto: [], runtimeOutOf: [] });
}

/**
 * The live nodes a qualified-name argument may name, as a view holding only them (for
 * requireSymbolsNamed): the exact name, else the name under each repository's URL. A name
 * without `://` thus finds its symbol in every indexed repository, by index lookups; the
 * whole view would also find placeholders of services known only from traces by their
 * local part, which name no source symbol a path starts or ends at.
 */
export async function namedView(source: NeighbourhoodSource, name: string): Promise<GraphView> {
  const reader = source.neighbourhood;
  const repos = await source.repos();
  let nodes = await dropUntouchedPlaceholders(reader, await reader.liveNodesNamed([name]), ['static', 'runtime']);
  if (nodes.length === 0) {
    const underRepos = await reader.liveNodesNamed(repos.map((r) => `${r.repoUrl}://${name}`));
    nodes = await dropUntouchedPlaceholders(reader, underRepos, ['static', 'runtime']);
  }
  return new InMemoryGraphView(nodes, [], new Map(), new Map(repos.map((r) => [r.repoHash, r])));
}

/**
 * The runtime side of the live view around some nodes (the runtime caller layer and the
 * verdict of a blast radius read at a snapshot): the nodes, the runtime edges entering
 * them and leaving `startHash`, their other ends; no static edge.
 */
export async function runtimeView(source: NeighbourhoodSource, nodeHashes: readonly Hash[], startHash: Hash): Promise<GraphView> {
  const repos = await reposOf(source);
  const nodes = (await source.liveNodesByHash(nodeHashes)).filter((n) => inView(n, repos));
  return assemble(source, repos, nodes, [], { runtimeInto: nodeHashes, runtimeOutOf: [startHash] });
}

const namesViews = new WeakMap<NeighbourhoodSource, { readonly generation: number; readonly view: Promise<GraphView> }>();

/**
 * The nodes of the live view without its edges, for graph_query's name search (camel
 * humps, substrings, path segments and the nearest names cannot use a B-tree index):
 * kept per store until the static graph changes. It holds every node's name, kind and
 * file, not one edge.
 */
export async function namesView(source: NeighbourhoodSource): Promise<GraphView> {
  const generation = staticGeneration(await source.generation());
  const cached = namesViews.get(source);
  if (cached?.generation === generation) return cached.view;
  const view = buildNamesView(source);
  namesViews.set(source, { generation, view });
  view.catch(() => namesViews.delete(source));
  return view;
}

async function buildNamesView(source: NeighbourhoodSource): Promise<GraphView> {
  const repos = await source.repos();
  const all: GraphNode[] = [];
  for (const repo of repos) for (const node of await source.liveNodesOfRepo(repo.repoHash)) all.push(node);
  for (const node of await source.liveNodesOutsideRepos()) all.push(node);
  // The live view's static part holds a trace placeholder only when a static edge touches it; its runtime layer is no name.
  const nodes = await dropUntouchedPlaceholders(source.neighbourhood, all, ['static']);
  const files = new Map((await source.liveFileRecords()).map((f) => [f.fileHash, f]));
  return new InMemoryGraphView(nodes, [], files, new Map(repos.map((r) => [r.repoHash, r])));
}

/** What a walk has reached: its nodes in the order reached, and the static edges of the view into the nodes it expanded. */
export class Reach {
  readonly known = new Map<Hash, GraphNode>();
  readonly nodes: GraphNode[] = [];
  readonly edges: GraphEdge[] = [];

  constructor(private readonly source: NeighbourhoodSource, private readonly repos: ReadonlyMap<Hash, RepoRecord>, starts: readonly GraphNode[]) {
    for (const node of starts) this.add(node);
  }

  /**
   * One level of edges into (`in`) or out of (`out`) the nodes expanded: reads the nodes at
   * their far ends that are new, keeps those of the view, then the edges whose far end it
   * holds. Returns the new nodes' hashes in the order met.
   */
  async take(level: readonly GraphEdge[], direction: 'in' | 'out' = 'in'): Promise<Hash[]> {
    const far = (edge: GraphEdge): Hash => (direction === 'in' ? edge.sourceHash : edge.targetHash);
    const fresh = [...new Set(level.map(far).filter((hash) => !this.known.has(hash)))];
    const read = new Map((await this.source.liveNodesByHash(fresh)).filter((n) => inView(n, this.repos)).map((n) => [n.nodeHash, n]));
    const next = fresh.filter((hash) => read.has(hash));
    for (const hash of next) this.add(read.get(hash)!);
    for (const edge of level) if (this.known.has(far(edge))) this.edges.push(edge);
    return next;
  }

  private add(node: GraphNode): void {
    this.known.set(node.nodeHash, node);
    this.nodes.push(node);
  }
}

/** Breadth-first backwards (`in`) or forwards over static edges of the types: two statements a level (its edges, then its new nodes). */
async function walk(
  source: NeighbourhoodSource, repos: ReadonlyMap<Hash, RepoRecord>, starts: readonly GraphNode[], edgeTypes: readonly EdgeType[],
  maxDepth: number, enough = Infinity, direction: 'in' | 'out' = 'in',
): Promise<Reach> {
  const reach = new Reach(source, repos, starts);
  let frontier = [...reach.known.keys()];
  let found = 0;
  for (let depth = 1; depth <= maxDepth && frontier.length > 0 && found <= enough; depth++) {
    frontier = await reach.take(await source.neighbourhood.liveEdgesAround(frontier, direction, 'static', edgeTypes), direction);
    found += frontier.length;
  }
  return reach;
}

/** Whether a live node is one the live view holds: owned by no file, or of an indexed repository. */
function inView(node: GraphNode, repos: ReadonlyMap<Hash, RepoRecord>): boolean {
  return node.fileHash === '' || repos.has(node.repoHash);
}

/** Every repository, by hash. */
export async function reposOf(source: NeighbourhoodSource): Promise<Map<Hash, RepoRecord>> {
  return new Map((await source.repos()).map((r) => [r.repoHash, r]));
}

/** A node of the live view: a live node of it, unless a trace placeholder no edge touches (the view leaves those out). */
export async function liveViewNode(source: NeighbourhoodSource, repos: ReadonlyMap<Hash, RepoRecord>, nodeHash: Hash): Promise<GraphNode | undefined> {
  const nodes = (await source.liveNodesByHash([nodeHash])).filter((n) => inView(n, repos));
  const [node] = await dropUntouchedPlaceholders(source.neighbourhood, nodes, ['static', 'runtime']);
  return node;
}

/** The nodes without the trace placeholders no edge of the layers touches. */
async function dropUntouchedPlaceholders(
  reader: NeighbourhoodReader, nodes: readonly GraphNode[], layers: readonly ('static' | 'runtime')[],
): Promise<GraphNode[]> {
  const placeholders = nodes.filter(runtimePlaceholder).map((n) => n.nodeHash);
  if (placeholders.length === 0) return [...nodes];
  const touched = new Set<Hash>();
  for (const layer of layers) for (const hash of await reader.nodesTouching(placeholders, layer)) touched.add(hash);
  return nodes.filter((n) => !runtimePlaceholder(n) || touched.has(n.nodeHash));
}

/** The view of the nodes and static edges, with the runtime edges into and out of the nodes given laid over it. */
export async function assemble(
  source: NeighbourhoodSource, repos: ReadonlyMap<Hash, RepoRecord>, nodes: readonly GraphNode[], staticEdges: readonly GraphEdge[],
  runtime: { readonly runtimeInto: readonly Hash[]; readonly runtimeOutOf: readonly Hash[] },
): Promise<GraphView> {
  const reader = source.neighbourhood;
  const layer = unique([
    ...await reader.liveEdgesAround(runtime.runtimeInto, 'in', 'runtime'),
    ...await reader.liveEdgesAround(runtime.runtimeOutOf, 'out', 'runtime'),
  ]);
  const known = new Set(nodes.map((n) => n.nodeHash));
  // The runtime layer's other ends: any live node, as the live view's layer reads them.
  const ends = [...new Set(layer.flatMap((e) => [e.sourceHash, e.targetHash]))].filter((hash) => !known.has(hash));
  const all = [...nodes, ...await source.liveNodesByHash(ends)];
  const fileHashes = [...new Set(all.map((n) => n.fileHash).filter((f) => f !== ''))];
  const files = new Map((await reader.liveFilesByHash(fileHashes)).map((f) => [f.fileHash, f]));
  const base = new InMemoryGraphView(all, strongestPerRelationship(staticEdges), files, repos);
  return layer.length === 0 ? base : new LayeredGraphView(base, new Map(), layer);
}

function unique(edges: readonly GraphEdge[]): GraphEdge[] {
  const seen = new Set<Hash>();
  return edges.filter((e) => !seen.has(e.edgeHash) && (seen.add(e.edgeHash), true));
}

/** A placeholder of a service known only from traces (as graphCache.ts tells them). */
function runtimePlaceholder(node: GraphNode): boolean {
  return node.fileHash === '' && QualifiedName.isUnresolved(node.qualifiedName);
}
