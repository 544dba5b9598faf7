import type { GraphEdge, GraphNode, Hash } from '../model';
import type { GraphView } from './graphView';
import { neighbours } from './traversal';
import { compareStrings } from './viewIndex';

/**
 * Blast radius (SPEC §4.2): the transitive callers of a node over `calls` edges, each at
 * its shortest depth, with the confidence of the path that reaches it. A path is only as
 * trustworthy as its weakest edge, so a path's confidence is its minimum edge confidence;
 * among the shortest paths to a caller the widest one (max of the min) is reported, with
 * its full provenance chain.
 */
export const BLAST_RADIUS_DEFAULTS = {
  maxDepth: 5,
  /** Callers returned at most; `totalCount` still counts all of them. Nearest first. */
  maxCallers: 1000,
} as const;

/** Where an edge came from, beyond the edge row: looked up by the caller (the store's snapshots). */
export interface EdgeOrigin {
  readonly indexerVersion: string;
  readonly sourceCommit: string;
  readonly timestamp: number;
}

export interface BlastRadiusOptions {
  readonly maxDepth?: number;
  readonly maxCallers?: number;
  /** Origin of an edge (SPEC §2.4 SourceCommit, Timestamp, IndexerVersion); unknown fields stay empty. */
  readonly originOf?: (edge: GraphEdge) => EdgeOrigin;
}

export interface ProvenanceStep extends EdgeOrigin {
  readonly edge: GraphEdge;
  /** The provenance name, without a runtime edge's JSON suffix. */
  readonly source: string;
  readonly confidence: number;
}

export interface BlastCaller {
  readonly node: GraphNode;
  readonly repoUrl: string;
  readonly depth: number;
  /** Minimum edge confidence along the reported path. */
  readonly confidence: number;
  /** One entry per edge of the path, from the caller towards the target. */
  readonly provenance: readonly ProvenanceStep[];
}

export interface BlastRadiusResult {
  readonly target: GraphNode;
  /** The returned callers: by depth, then confidence (highest first), then qualified name. */
  readonly callers: readonly BlastCaller[];
  /** The same callers by repo URL; keys in sorted order. */
  readonly byRepo: ReadonlyMap<string, readonly BlastCaller[]>;
  /** Every caller within `maxDepth`, returned or not. */
  readonly totalCount: number;
  readonly truncated: boolean;
}

interface Reach {
  readonly node: GraphNode;
  readonly depth: number;
  width: number;
  edge: GraphEdge | undefined;
  parent: Reach | undefined;
}

const NO_ORIGIN: EdgeOrigin = { indexerVersion: '', sourceCommit: '', timestamp: 0 };

export function blastRadius(view: GraphView, targetHash: Hash, options: BlastRadiusOptions = {}): BlastRadiusResult {
  const maxDepth = options.maxDepth ?? BLAST_RADIUS_DEFAULTS.maxDepth;
  const maxCallers = options.maxCallers ?? BLAST_RADIUS_DEFAULTS.maxCallers;
  if (!Number.isInteger(maxDepth) || maxDepth < 1) throw new Error('graph/blastRadius: maxDepth must be a positive integer');
  if (!Number.isInteger(maxCallers) || maxCallers < 0) throw new Error('graph/blastRadius: maxCallers must be a non-negative integer');
  const target = view.nodes.get(targetHash);
  if (!target) throw new Error(`graph/blastRadius: no node with hash ${targetHash}`);

  const settled = new Set<Hash>([targetHash]);
  const all: Reach[] = [];
  let frontier: Reach[] = [{ node: target, depth: 0, width: 1, edge: undefined, parent: undefined }];
  for (let depth = 1; depth <= maxDepth && frontier.length > 0; depth++) {
    // Level by level: every shortest path into a caller at this depth comes from the
    // previous level, so all of them are compared before the caller is settled.
    const level = new Map<Hash, Reach>();
    for (const from of frontier) {
      for (const neighbour of neighbours(view, from.node.nodeHash, 'callers')) {
        const node = neighbour.node;
        if (settled.has(node.nodeHash)) continue;
        const width = Math.min(from.width, neighbour.confidence);
        const known = level.get(node.nodeHash);
        if (!known) level.set(node.nodeHash, { node, depth, width, edge: neighbour.edge, parent: from });
        else if (width > known.width) Object.assign(known, { width, edge: neighbour.edge, parent: from });
      }
    }
    frontier = [...level.values()].sort((a, b) => compareStrings(a.node.qualifiedName, b.node.qualifiedName));
    for (const reach of frontier) settled.add(reach.node.nodeHash);
    for (const reach of frontier) all.push(reach); // not push(...frontier): a level of 120k overflows the stack
  }

  all.sort((a, b) => a.depth - b.depth || b.width - a.width || compareStrings(a.node.qualifiedName, b.node.qualifiedName));
  const originOf = options.originOf ?? (() => NO_ORIGIN);
  const callers = all.slice(0, maxCallers).map((reach) => toCaller(view, reach, originOf));
  return { target, callers, byRepo: groupByRepo(callers), totalCount: all.length, truncated: all.length > callers.length };
}

function toCaller(view: GraphView, reach: Reach, originOf: (edge: GraphEdge) => EdgeOrigin): BlastCaller {
  const provenance: ProvenanceStep[] = [];
  // Parents lead towards the target, so walking them lists edges caller-first.
  for (let at: Reach | undefined = reach; at?.edge; at = at.parent) {
    const edge = at.edge;
    provenance.push({ edge, source: provenanceName(edge.provenance), confidence: edge.confidence, ...originOf(edge) });
  }
  return { node: reach.node, repoUrl: view.repoUrlOf(reach.node), depth: reach.depth, confidence: reach.width, provenance };
}

function groupByRepo(callers: readonly BlastCaller[]): Map<string, BlastCaller[]> {
  const groups = new Map<string, BlastCaller[]>();
  for (const caller of callers) {
    const list = groups.get(caller.repoUrl);
    if (list) list.push(caller);
    else groups.set(caller.repoUrl, [caller]);
  }
  return new Map([...groups].sort(([a], [b]) => compareStrings(a, b)));
}

/** `otel_trace:{trace_ids:[...]}` names the provenance `otel_trace` (SPEC §2.3). */
export function provenanceName(provenance: string): string {
  const at = provenance.indexOf(':');
  return at < 0 ? provenance : provenance.slice(0, at);
}
