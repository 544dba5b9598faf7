import type { GraphView } from '../graph/graphView';
import { compareStrings } from '../graph/viewIndex';
import type { GraphEdge, GraphNode, Hash } from '../model';
import { parseProvenance } from '../runtime/observations';
import type { SnapshotLog } from '../store';
import { isRuntimeEdge } from './runtimeIndex';

/**
 * The runtime layer of a blast radius (SPEC 4.10.2): the callers observed in traces, one
 * hop from the target or from one of its static callers (a route handler the walk over
 * `calls` reached). Runtime edges are never walked transitively (SPEC 2.5.1); this layer
 * sits beside the static callers and is counted apart from them.
 */
export const RUNTIME_CALLERS_DEFAULTS = {
  /**
   * Runtime callers listed at most, busiest first; `count` and `observations` cover all.
   * Small, because cross_repo_callers carries them beside a list the reply cap cuts.
   */
  maxCallers: 20,
};

/** The SPEC 2.4 runtime provenance record, as far as the store keeps it. */
export interface RuntimeProvenanceRecord {
  /** otel_trace, otel_access_log or runtime_unresolved. */
  readonly source: string;
  readonly confidence: number;
  /** Observations in the current window (the edge's ObservationCount). */
  readonly sample_count: number;
  /** ISO 8601: the edge's 'added' event; '' when the event log has none. */
  readonly first_seen: string;
  /** ISO 8601: LastObserved. */
  readonly last_seen: string;
  /** Sample trace IDs, newest first: up to 5 (ingest keeps them); none for access logs, which carry no trace. */
  readonly trace_ids: readonly string[];
  readonly indexer_version: string;
}

/** One caller observed at runtime. */
export interface RuntimeCaller {
  readonly edge: GraphEdge;
  /** The edge's source: a handler, or a placeholder (`external://UNRESOLVED/client`, an unmapped operation). */
  readonly caller: GraphNode;
  readonly callerRepoUrl: string;
  /** The node the edge enters: the target (depth 0) or one of its static callers. */
  readonly handler: GraphNode;
  /** The static depth of `handler` from the target: 0 for the target itself. */
  readonly handlerDepth: number;
  readonly provenance: RuntimeProvenanceRecord;
}

export interface RuntimeCallerLayer {
  /** Busiest first (ObservationCount, then LastObserved), at most maxCallers. */
  readonly callers: readonly RuntimeCaller[];
  /** Every runtime edge into the target or a static caller. */
  readonly count: number;
  /** Their ObservationCount summed: calls in the window. */
  readonly observations: number;
  /** The latest LastObserved among them (Unix seconds), 0 when none. */
  readonly lastObserved: number;
  readonly truncated: boolean;
}

export interface RuntimeCallerOptions {
  readonly indexerVersion: string;
  readonly maxCallers?: number;
}

/** A node a runtime caller may enter, with its static depth from the target. */
export interface LayerEntry {
  readonly nodeHash: Hash;
  readonly depth: number;
}

/**
 * Runtime edges of `view` (the live graph: traffic is now, whatever snapshot the static
 * callers were read at) entering any of `entries`, each listed with its provenance record.
 * An entry appearing twice keeps its smallest depth.
 */
export async function runtimeCallers(
  view: GraphView, events: Pick<SnapshotLog, 'edgeEvents'>, entries: Iterable<LayerEntry>, options: RuntimeCallerOptions,
): Promise<RuntimeCallerLayer> {
  const maxCallers = options.maxCallers ?? RUNTIME_CALLERS_DEFAULTS.maxCallers;
  if (!Number.isInteger(maxCallers) || maxCallers < 0) throw new Error('query/runtimeCallers: maxCallers must be a non-negative integer');
  const depthOf = new Map<Hash, number>();
  for (const { nodeHash, depth } of entries) depthOf.set(nodeHash, Math.min(depth, depthOf.get(nodeHash) ?? depth));
  const found: { edge: GraphEdge; handler: GraphNode; depth: number }[] = [];
  for (const [nodeHash, depth] of depthOf) {
    const handler = view.nodes.get(nodeHash);
    if (!handler) continue;
    for (const edge of view.incoming(nodeHash)) if (isRuntimeEdge(edge)) found.push({ edge, handler, depth });
  }
  const name = (hash: Hash): string => view.nodes.get(hash)?.qualifiedName ?? hash;
  found.sort((a, b) => b.edge.observationCount - a.edge.observationCount || b.edge.lastObserved - a.edge.lastObserved
    || a.depth - b.depth || compareStrings(name(a.edge.sourceHash), name(b.edge.sourceHash)) || compareStrings(a.edge.edgeHash, b.edge.edgeHash));
  const listed = found.slice(0, maxCallers);
  const callers: RuntimeCaller[] = [];
  for (const { edge, handler, depth } of listed) {
    const caller = view.nodes.get(edge.sourceHash);
    if (!caller) continue;
    const added = (await events.edgeEvents(edge.edgeHash)).find((e) => e.event === 'added');
    const { name: source, traceIds } = parseProvenance(edge.provenance);
    callers.push({
      edge, caller, callerRepoUrl: view.repoUrlOf(caller), handler, handlerDepth: depth,
      provenance: {
        source, confidence: edge.confidence, sample_count: edge.observationCount,
        first_seen: added ? iso(added.at) : '', last_seen: iso(edge.lastObserved), trace_ids: traceIds, indexer_version: options.indexerVersion,
      },
    });
  }
  return {
    callers,
    count: found.length,
    observations: found.reduce((sum, f) => sum + f.edge.observationCount, 0),
    lastObserved: found.reduce((latest, f) => Math.max(latest, f.edge.lastObserved), 0),
    truncated: found.length > listed.length,
  };
}

/** Unix seconds as ISO 8601 (SPEC 2.4's first_seen and last_seen); '' for 0, never observed. */
export function iso(seconds: number): string {
  return seconds > 0 ? new Date(seconds * 1000).toISOString() : '';
}
