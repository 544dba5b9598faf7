import type { GraphView } from '../graph/graphView';
import { compareStrings } from '../graph/viewIndex';
import type { GraphEdge, Hash, RouteSymbolRow } from '../model';
import { dayOf } from '../runtime/confidence';
import type { ServiceMap } from '../runtime/config';
import { parseProvenance } from '../runtime/observations';
import { inRouteScope } from '../runtime/routeMatcher';
import { type ServiceMapping, ServiceMapper } from '../runtime/serviceMapper';
import type { RuntimeEdgeStore } from '../store';
import { likePattern } from './likePattern';
import { staticCallersOfRoute } from './routeCallers';
import type { RouteTarget, RuntimeIndex } from './runtimeIndex';
import { inServiceScope } from './serviceScope';

/**
 * How far a migration from an old service or route to a new one has come (SPEC 4.10.1,
 * issue 18): the functions that reach each side in the code against the runtime traffic
 * each side received within a window. Static callers are those `staticCallersOfRoute`
 * finds for the side's route rows (linked requests, rpc clients, publishers); traffic is
 * the runtime edges into the side, counted from the per-day observations.
 */

/** One side of a migration: a traced service name, or a route pattern (SQL LIKE) optionally within one service. */
export interface MigrationSelector {
  readonly by: 'service' | 'route';
  /** The service name (by service) or the route pattern (by route), e.g. `GET /v1/users/%`. */
  readonly value: string;
  /** By route: only the routes of this service. */
  readonly serviceName?: string;
}

/** Where a side's routes and traffic are found; undefined from `resolveSide` when nothing in the graph answers to it. */
export interface ResolvedSide {
  readonly selector: MigrationSelector;
  /** Route rows of the side, by service and pattern. */
  readonly routes: readonly RouteSymbolRow[];
  /** Whether a runtime edge's target is on this side (and its source is not the side's own code). */
  reaches(edge: GraphEdge): boolean;
  /** Whether a node is the side's own code (its calls into itself are no callers). */
  owns(nodeHash: Hash): boolean;
  /** The traced services the side belongs to: their spans tell confirmed zero traffic from no data. */
  readonly services: readonly string[];
}

/** One runtime edge into a side with its calls in the window. */
export interface SideTraffic {
  readonly edge: GraphEdge;
  readonly calls: number;
  readonly routes: readonly RouteTarget[];
  readonly traceIds: readonly string[];
}

/** What one side has: its routes, static callers and traffic in the window. */
export interface SideProgress {
  readonly side: ResolvedSide;
  readonly staticCallers: readonly Hash[];
  /** Runtime edges into the side with at least one call in the window, busiest first. */
  readonly traffic: readonly SideTraffic[];
  readonly calls: number;
  /** SPEC 4.10.3: traffic observed, confirmed zero (a service of the side has sent spans), or unknown (no data). */
  readonly status: 'observed' | 'confirmed_zero' | 'unknown';
}

/** A caller still on the old side: in the code, in the traffic, or both. */
export interface CallerOnOld {
  readonly nodeHash: Hash;
  /** It reaches the old side in the code. */
  readonly isStatic: boolean;
  /** Its calls to the old side in the window. */
  readonly runtimeCalls: number;
  /** It reaches the new side too (in the code or the traffic): part way through. */
  readonly alsoOnNew: boolean;
}

export interface MigrationProgress {
  readonly old: SideProgress;
  readonly new: SideProgress;
  /** Callers of either side in the code that reach only the new one, in percent (one decimal); null when neither side has a static caller. */
  readonly staticPercent: number | null;
  /** The new side's share of the calls to both in the window, in percent (one decimal); null when neither side had traffic. */
  readonly runtimePercent: number | null;
  readonly callersOnOld: readonly CallerOnOld[];
}

export interface MigrationOptions {
  /** Count only callers (static and runtime sources) in this repository. */
  readonly repoHash?: Hash;
  /** Days of observations counted, ending today (UTC days, as the store keeps them). */
  readonly windowDays: number;
  /** Unix seconds. */
  readonly now: number;
}

/**
 * Finds a side in the graph: a service as ingest maps traced names (SPEC 2.8), or the
 * routes a pattern matches. Undefined when no route, repository, mapping or traffic
 * answers to it.
 */
export function resolveSide(view: GraphView, index: RuntimeIndex, selector: MigrationSelector, serviceMap: ServiceMap | undefined): ResolvedSide | undefined {
  const rows = [...index.routesByNode.values()].flat();
  if (selector.by === 'service') {
    const name = selector.value;
    const mapping: ServiceMapping | undefined = new ServiceMapper([...view.repos.values()], serviceMap).map(name);
    if (!index.services.has(name) && (!mapping || mapping.how === 'heuristic')) return undefined;
    const owns = (nodeHash: Hash): boolean => mapping !== undefined && inServiceScope(view, mapping, nodeHash);
    return {
      selector,
      routes: sortRows(rows.filter((row) => row.serviceName === name || (mapping !== undefined && inRouteScope(mapping.scope, row)))),
      reaches: (edge) => index.sourceService(edge) !== name && !owns(edge.sourceHash)
        && (index.targetRoutes(edge).some((r) => r.serviceName === name) || owns(edge.targetHash)),
      owns,
      services: [name],
    };
  }
  const like = likePattern(selector.value);
  const inService = (serviceName: string): boolean => selector.serviceName === undefined || serviceName === selector.serviceName;
  const matches = (route: RouteTarget): boolean => inService(route.serviceName) && like.test(route.routePattern);
  const routes = sortRows(rows.filter(matches));
  const handlers = new Set(routes.map((r) => r.nodeHash));
  const reaches = (edge: GraphEdge): boolean => index.targetRoutes(edge).some(matches);
  if (routes.length === 0 && !index.edges.some(reaches)) return undefined;
  const services = [...new Set([...routes.map((r) => r.serviceName), ...(selector.serviceName ? [selector.serviceName] : [])])].sort(compareStrings);
  return { selector, routes, reaches, owns: (nodeHash) => handlers.has(nodeHash), services };
}

/** Both sides' callers and traffic, and how far the callers and the traffic have moved from old to new. */
export async function migrationProgress(
  view: GraphView, index: RuntimeIndex, store: RuntimeEdgeStore, oldSide: ResolvedSide, newSide: ResolvedSide, options: MigrationOptions,
): Promise<MigrationProgress> {
  const inRepo = (nodeHash: Hash): boolean => options.repoHash === undefined || view.nodes.get(nodeHash)?.repoHash === options.repoHash;
  const sinceDay = dayOf(options.now) - options.windowDays + 1;
  const progressOf = async (side: ResolvedSide): Promise<SideProgress> => {
    const staticCallers = [...new Set(side.routes.flatMap((row) => staticCallersOfRoute(view, row)))]
      .filter((caller) => !side.owns(caller) && inRepo(caller)).sort(compareStrings);
    const edges = index.edges.filter((edge) => side.reaches(edge) && inRepo(edge.sourceHash));
    const totals = await store.observationTotals(edges.map((e) => e.edgeHash), sinceDay);
    const traffic = edges
      .map((edge) => ({ edge, calls: totals.get(edge.edgeHash) ?? 0, routes: index.targetRoutes(edge), traceIds: parseProvenance(edge.provenance).traceIds }))
      .filter((t) => t.calls > 0)
      .sort((a, b) => b.calls - a.calls || b.edge.lastObserved - a.edge.lastObserved || compareStrings(a.edge.edgeHash, b.edge.edgeHash));
    const calls = traffic.reduce((sum, t) => sum + t.calls, 0);
    const status = calls > 0 ? 'observed' : side.services.some((s) => index.seen.has(s)) ? 'confirmed_zero' : 'unknown';
    return { side, staticCallers, traffic, calls, status };
  };
  const before = await progressOf(oldSide);
  const after = await progressOf(newSide);

  const oldStatic = new Set(before.staticCallers);
  const newStatic = new Set(after.staticCallers);
  const either = new Set([...oldStatic, ...newStatic]);
  const moved = [...newStatic].filter((caller) => !oldStatic.has(caller)).length;
  const staticPercent = either.size === 0 ? null : percent(moved, either.size);
  const runtimePercent = before.calls + after.calls === 0 ? null : percent(after.calls, before.calls + after.calls);

  const oldCalls = new Map<Hash, number>();
  for (const t of before.traffic) oldCalls.set(t.edge.sourceHash, (oldCalls.get(t.edge.sourceHash) ?? 0) + t.calls);
  const onNew = new Set([...newStatic, ...after.traffic.map((t) => t.edge.sourceHash)]);
  const name = (hash: Hash): string => view.nodes.get(hash)?.qualifiedName ?? hash;
  const callersOnOld = [...new Set([...oldStatic, ...oldCalls.keys()])]
    .map((nodeHash) => ({ nodeHash, isStatic: oldStatic.has(nodeHash), runtimeCalls: oldCalls.get(nodeHash) ?? 0, alsoOnNew: onNew.has(nodeHash) }))
    .sort((a, b) => b.runtimeCalls - a.runtimeCalls || compareStrings(name(a.nodeHash), name(b.nodeHash)) || compareStrings(a.nodeHash, b.nodeHash));
  return { old: before, new: after, staticPercent, runtimePercent, callersOnOld };
}

function percent(part: number, whole: number): number {
  return Math.round((1000 * part) / whole) / 10;
}

function sortRows(rows: RouteSymbolRow[]): RouteSymbolRow[] {
  return rows.sort((a, b) => compareStrings(a.serviceName, b.serviceName) || compareStrings(a.routePattern, b.routePattern)
    || compareStrings(a.mappingType, b.mappingType) || compareStrings(a.nodeHash, b.nodeHash));
}
