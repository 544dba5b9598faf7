import { type GraphView, InMemoryGraphView } from '../graph/graphView';
import type { GraphEdge, Hash } from '../model';
import { type NeighbourhoodSource, Reach, assemble, liveViewNode, reposOf } from './neighbourhood';

/**
 * The view a blast radius walks on a server database (issue 20), read level by level and
 * stopped at the level that fills the list of nearest callers, so a hub with 100,000
 * callers costs the callers listed, not the 100,000. Each level is ranked in the database
 * as blast_radius ranks it (widest path, then name; NeighbourhoodReader.nearestSources)
 * and only the callers that can still be listed are read, with their edges into the level
 * before. The callers listed, their depths, confidences and paths are then those of the
 * whole live view; only callers beyond the level that filled the list go uncounted.
 */

export interface NearestCallersWalk {
  readonly maxDepth: number;
  /** Callers listed at most (blast_radius's maxCallers). */
  readonly limit: number;
}

export interface NearestCallers {
  readonly view: GraphView;
  /**
   * When the walk stopped at the level that filled the list: every caller up to and
   * including that level (the reply's TotalCount). Undefined when it walked every level
   * within maxDepth: then the view holds every caller and blastRadius counts them.
   */
  readonly counted: number | undefined;
}

/** The live view blastRadius needs for the nearest `limit` callers of `targetHash` over `calls` edges. */
export async function nearestCallersView(source: NeighbourhoodSource, targetHash: Hash, walk: NearestCallersWalk): Promise<NearestCallers> {
  const repos = await reposOf(source);
  const target = await liveViewNode(source, repos, targetHash);
  if (!target) return { view: new InMemoryGraphView([], [], new Map(), repos), counted: undefined };
  const reader = source.neighbourhood;
  const reach = new Reach(source, repos, [target]);
  const width = new Map<Hash, number>([[targetHash, 1]]);
  let frontier = [targetHash];
  let found = 0;
  let counted: number | undefined;
  for (let depth = 1; depth <= walk.maxDepth && frontier.length > 0 && counted === undefined; depth++) {
    // The level ranked in the database: its first `room + 1` callers are read, with their edges into the frontier.
    const room = walk.limit - found;
    const settled = [...reach.known.keys()];
    const ranked = await reader.nearestSources(frontier.map((hash) => ({ hash, width: width.get(hash)! })), settled, ['calls'], room + 1);
    if (ranked.hashes.length === 0) break;
    const next = await reach.take(await reader.liveEdgesAround(frontier, 'in', 'static', ['calls'], ranked.hashes), 'in');
    widen(width, reach.edges, new Set(next));
    found += ranked.total;
    if (found > walk.limit) counted = found;
    frontier = next;
  }
  const hashes = reach.nodes.map((n) => n.nodeHash);
  const view = await assemble(source, repos, reach.nodes, reach.edges, { runtimeInto: hashes, runtimeOutOf: [targetHash] });
  return { view, counted };
}

/** The widest path's width of each new node: the best of min(width of the node it calls, the edge's confidence). */
function widen(width: Map<Hash, number>, edges: readonly GraphEdge[], fresh: ReadonlySet<Hash>): void {
  for (const edge of edges) {
    if (!fresh.has(edge.sourceHash)) continue;
    const via = width.get(edge.targetHash);
    if (via === undefined) continue;
    const through = Math.min(via, edge.confidence);
    if (through > (width.get(edge.sourceHash) ?? -Infinity)) width.set(edge.sourceHash, through);
  }
}
