import type { SymbolTraffic, TrafficBand, TrafficLookup } from '../context/traffic';
import type { GraphView } from '../graph/graphView';
import type { Hash } from '../model';
import { LIFECYCLE_DEFAULTS, type LifecycleWindows, confidenceBand } from '../runtime/confidence';
import { parseProvenance } from '../runtime/observations';
import type { ServiceMap } from '../runtime/config';
import { ServiceMapper, type ServiceMapping } from '../runtime/serviceMapper';
import type { ViewSource } from '../store';
import { type RuntimeIndex, isRuntimeEdge, runtimeIndex } from './runtimeIndex';
import { inServiceScope } from './serviceScope';

/** What the traffic report reads: the store, the clock, and the runtime settings of the config. */
export interface TrafficSources {
  store(): ViewSource;
  /** Unix seconds. */
  now(): number;
  /** Lifecycle windows (trace_ingestion); SPEC defaults when absent. */
  readonly runtimeWindows?: LifecycleWindows;
  /** trace_ingestion.service_map, to map traced service names as ingest does. */
  readonly runtimeServiceMap?: ServiceMap;
}

const BAND_ORDER: Readonly<Record<TrafficBand, number>> = { high: 2, low: 1, stale: 0 };

/**
 * The SPEC 4.10.3 report the context tools put on each symbol: a symbol with runtime
 * edges is observed (their count in the window, provenance names, best confidence band);
 * a route handler without any is confirmed zero traffic when a traced service mapped to
 * its code (SPEC 2.8, as ingest maps them: its repository, monorepo service or folder)
 * has sent spans, else unknown. Other symbols
 * get no report: runtime edges never name them, so silence is not a claim. Undefined
 * when the store keeps no runtime edges.
 */
export async function trafficLookup(deps: TrafficSources, view: GraphView): Promise<TrafficLookup | undefined> {
  const store = deps.store();
  if (!store.capabilities.runtime) return undefined;
  const index = await runtimeIndex(view, store);
  const now = deps.now();
  const windows = deps.runtimeWindows ?? LIFECYCLE_DEFAULTS;
  const hasSentSpans = senderScope(deps, view, index);
  return (node): SymbolTraffic | undefined => {
    const edges = [...view.incoming(node.nodeHash), ...view.outgoing(node.nodeHash)].filter(isRuntimeEdge);
    if (edges.length > 0) {
      let best: TrafficBand = 'stale';
      for (const edge of edges) {
        const band = confidenceBand(edge.confidence, edge.lastObserved, now, windows);
        if (BAND_ORDER[band] > BAND_ORDER[best]) best = band;
      }
      return {
        status: 'observed',
        observations: edges.reduce((sum, e) => sum + e.observationCount, 0),
        edges: edges.length,
        provenance: [...new Set(edges.map((e) => parseProvenance(e.provenance).name))].sort(),
        confidence: best,
      };
    }
    const routes = index.routesByNode.get(node.nodeHash);
    if (!routes || routes.length === 0) return undefined;
    return { status: hasSentSpans(node.nodeHash) ? 'confirmed_zero' : 'unknown', service: routes[0].serviceName };
  };
}

/**
 * Whether a node is code of a traced service seen sending spans (SPEC 4.10.3): a traced
 * name in the runtime index's `seen` maps to the node's service (and folder) as ingest maps
 * it (SPEC 2.8). The mapping is built on first use.
 */
export function senderScope(deps: Pick<TrafficSources, 'runtimeServiceMap'>, view: GraphView, index: RuntimeIndex): (nodeHash: Hash) => boolean {
  let sending: ServiceMapping[] | undefined;
  return (nodeHash) => {
    if (!sending) {
      const mapper = new ServiceMapper([...view.repos.values()], deps.runtimeServiceMap);
      sending = [...index.seen.keys()].map((name) => mapper.map(name)).filter((m): m is ServiceMapping => m !== undefined);
    }
    return sending.some((mapping) => inServiceScope(view, mapping, nodeHash));
  };
}
