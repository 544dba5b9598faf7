import type { GraphView } from '../graph/graphView';
import { compareStrings } from '../graph/viewIndex';
import { type GraphEdge, type Hash, QualifiedName } from '../model';
import type { GraphReader, RuntimeEdgeStore } from '../store';
import { type RuntimeIndex, runtimeIndex } from './runtimeIndex';

/** Which way a runtime edge runs from the symbol it is counted for. */
export type TrafficDirection = 'incoming' | 'outgoing';

/**
 * The runtime traffic between one symbol and one service: the service that called it
 * (incoming) or the service it called (outgoing), summed over the edges between them.
 */
export interface ServiceTraffic {
  readonly service: string;
  readonly direction: TrafficDirection;
  /** ObservationCount summed: observations in the current window (SPEC 2.3). */
  readonly observations: number;
  readonly edges: number;
  /** The newest LastObserved among those edges (Unix seconds). */
  readonly lastObserved: number;
}

/** A symbol's runtime traffic by service, busiest first; empty for a symbol no runtime edge touches. */
export type ServiceTrafficLookup = (nodeHash: Hash) => readonly ServiceTraffic[];

/**
 * Groups each symbol's runtime edges by the service at their other end: for an edge into
 * the symbol the service whose code sent it (as the runtime index names a caller), for an
 * edge out of it the service whose route it reached. Built from the view's runtime index,
 * so it is as current as the view.
 */
export async function serviceTrafficLookup(view: GraphView, store: GraphReader & RuntimeEdgeStore): Promise<ServiceTrafficLookup> {
  const index = await runtimeIndex(view, store);
  const byNode = new Map<Hash, Map<string, Group>>();
  const count = (nodeHash: Hash, direction: TrafficDirection, service: string, edge: GraphEdge): void => {
    let groups = byNode.get(nodeHash);
    if (!groups) byNode.set(nodeHash, groups = new Map());
    const key = `${direction}\0${service}`;
    const group = groups.get(key) ?? { service, direction, observations: 0, edges: 0, lastObserved: 0 };
    group.observations += edge.observationCount;
    group.edges += 1;
    group.lastObserved = Math.max(group.lastObserved, edge.lastObserved);
    groups.set(key, group);
  };
  for (const edge of index.edges) {
    count(edge.targetHash, 'incoming', index.sourceService(edge), edge);
    count(edge.sourceHash, 'outgoing', calledService(view, index, edge), edge);
  }
  const sorted = new Map<Hash, readonly ServiceTraffic[]>();
  return (nodeHash) => {
    let list = sorted.get(nodeHash);
    if (!list) {
      list = [...byNode.get(nodeHash)?.values() ?? []].sort((a, b) => b.observations - a.observations
        || compareStrings(a.direction, b.direction) || compareStrings(a.service, b.service));
      sorted.set(nodeHash, list);
    }
    return list;
  };
}

type Group = { -readonly [K in keyof ServiceTraffic]: ServiceTraffic[K] };

/** The service of the route an edge reached; a target with no route row is named by its qualified name's repository part. */
function calledService(view: GraphView, index: RuntimeIndex, edge: GraphEdge): string {
  const route = index.targetRoutes(edge)[0];
  if (route) return route.serviceName;
  const target = view.nodes.get(edge.targetHash);
  return target ? QualifiedName.repoPart(target.qualifiedName) : '';
}
