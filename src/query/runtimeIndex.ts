import type { GraphView } from '../graph/graphView';
import {
  type GraphEdge, type Hash, QualifiedName, type RouteSymbolRow, UNRESOLVED_SEGMENT, serviceNamesOf, serviceOfPath,
} from '../model';
import type { GraphReader, RuntimeEdgeStore } from '../store';

/**
 * What the runtime queries (SPEC 4.4) and the context traffic report share: which edges
 * are runtime-observed, and the route each runtime edge reaches.
 */

/** SPEC 2.6: provenance `otel_*` is runtime-observed; `runtime_unresolved` is a runtime edge with no route mapping. */
export function isRuntimeEdge(edge: GraphEdge): boolean {
  return isRuntimeEdgeProvenance(edge.provenance);
}

/** The provenance test of isRuntimeEdge, for GraphView.edgesWithProvenance. */
export function isRuntimeEdgeProvenance(provenance: string): boolean {
  return provenance.startsWith('otel_') || provenance === 'runtime_unresolved';
}

/** Where a runtime edge points: the routes it reaches, by service. */
export interface RouteTarget {
  readonly serviceName: string;
  readonly routePattern: string;
}

/**
 * The runtime edges of a view and the routes of their targets, built once per view (a
 * view is replaced whenever the store changes, so the index can never be stale).
 */
export interface RuntimeIndex {
  readonly edges: readonly GraphEdge[];
  /** Route rows by handler node. */
  readonly routesByNode: ReadonlyMap<Hash, readonly RouteSymbolRow[]>;
  /** Every service name known to the store: repos, route rows, unresolved ends, services seen sending spans. */
  readonly services: ReadonlySet<string>;
  /** Services seen sending spans or serving logged requests, with the last time (SPEC 4.10.3). */
  readonly seen: ReadonlyMap<string, number>;
  /** Routes an edge's target stands for: its route rows, or the route in an unresolved name. */
  targetRoutes(edge: GraphEdge): readonly RouteTarget[];
  /** The service of an edge's source node ('' when unknown). */
  sourceService(edge: GraphEdge): string;
}

const indexes = new WeakMap<GraphView, Promise<RuntimeIndex>>();

/** The runtime index of a view, built on first use and kept as long as the view; concurrent requests share the build. */
export function runtimeIndex(view: GraphView, store: GraphReader & RuntimeEdgeStore): Promise<RuntimeIndex> {
  let index = indexes.get(view);
  if (!index) {
    index = buildIndex(view, store);
    indexes.set(view, index);
    index.catch(() => indexes.delete(view));
  }
  return index;
}

async function buildIndex(view: GraphView, store: GraphReader & RuntimeEdgeStore): Promise<RuntimeIndex> {
  const edges = view.edgesWithProvenance(isRuntimeEdgeProvenance);
  const routesByNode = new Map<Hash, RouteSymbolRow[]>();
  for (const row of await store.routeSymbols()) {
    const rows = routesByNode.get(row.nodeHash);
    if (rows) rows.push(row);
    else routesByNode.set(row.nodeHash, [row]);
  }
  const targetRoutes = (edge: GraphEdge): RouteTarget[] => {
    const rows = routesByNode.get(edge.targetHash);
    if (rows) return rows.map((r) => ({ serviceName: r.serviceName, routePattern: r.routePattern }));
    const target = view.nodes.get(edge.targetHash);
    if (target && QualifiedName.isUnresolved(target.qualifiedName)) {
      const local = QualifiedName.localPart(target.qualifiedName);
      return [{ serviceName: QualifiedName.repoPart(target.qualifiedName), routePattern: local.slice(UNRESOLVED_SEGMENT.length) }];
    }
    return [];
  };
  const sourceService = (edge: GraphEdge): string => {
    const source = view.nodes.get(edge.sourceHash);
    if (!source) return '';
    const named = QualifiedName.isUnresolved(source.qualifiedName) ? QualifiedName.repoPart(source.qualifiedName) : undefined;
    const repo = view.repos.get(source.repoHash);
    if (!repo) return named ?? QualifiedName.repoPart(source.qualifiedName);
    // A placeholder names its service; one the repo runs under another name stands for the repo's.
    if (named !== undefined) return serviceNamesOf(repo).includes(named) ? named : repo.serviceName;
    // An indexed node runs in the service owning its file.
    return serviceOfPath(repo, view.pathOf(source));
  };
  const services = new Set<string>([...view.repos.values()].flatMap((r) => serviceNamesOf(r)));
  for (const rows of routesByNode.values()) for (const row of rows) services.add(row.serviceName);
  for (const edge of edges) for (const route of targetRoutes(edge)) services.add(route.serviceName);
  for (const edge of edges) services.add(sourceService(edge));
  services.delete('');
  const seen = new Map((await store.servicesSeen()).map((s) => [s.serviceName, s.lastSeen]));
  for (const name of seen.keys()) services.add(name);
  return { edges, routesByNode, services, seen, targetRoutes, sourceService };
}
