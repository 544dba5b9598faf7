import type { FileFacts, HttpCallFact, RouteFact } from '../extract/facts';
import { type Hash, Identity, QualifiedName } from '../model';
import type { LanguageResolver } from './languages/languageResolver';
import { mountedRoutePaths, routeMountsText } from './routeMounts';
import type { SymbolTable } from './symbolTable';

/** A repository whose HTTP routes requests may land on: its URL, its table and resolvers, the service of each file. */
export interface RouteServer {
  readonly repoUrl: string;
  readonly table: SymbolTable;
  resolverFor(facts: FileFacts): LanguageResolver;
  serviceOf(path: string): string;
}

/** What matching needs of the repository being linked, and of the other repositories of the graph. */
export interface HttpRouteContext extends RouteServer {
  /** The other repositories running a service (lower case) a request's host names; none when the graph has no other. */
  readonly foreign?: { serversOf(service: string): readonly RouteServer[] };
}

/** A route an HTTP request can land on: its node, the service serving it, its method and path segments. */
interface ServedRoute {
  readonly nodeHash: Hash;
  readonly service: string;
  readonly method: string;
  readonly segments: readonly string[];
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '0.0.0.0', '[::1]', '::1']);
/** Served routes per table, kept while its version and the layout giving services (`serviceOf`) stay. */
const indexes = new WeakMap<SymbolTable, { version: number; serviceOf: RouteServer['serviceOf']; routes: ServedRoute[] }>();

/**
 * The route node an HTTP client call requests, or undefined when the code does not pin
 * one down. A route matches when its method is the call's (or either is ANY) and its path
 * has the call's segments, a route parameter (`{id}`) standing for any one segment and a
 * computed segment of the call matching only a parameter. A host written in the URL names
 * the service (its first label: `cartservice` of `cartservice.shop.svc`; `localhost` the
 * caller's own); without one every service of the repository may serve it. A named
 * service is looked for in every repository of the graph running it, the caller's
 * included; a request without a host, or to a local one, stays in its own repository.
 * More than one route left is no answer: the request is not linked by a guess.
 */
export function routeRequested(ctx: HttpRouteContext, call: HttpCallFact, callerFile: string): Hash | undefined {
  const segments = pathSegments(call.url.path);
  const host = call.url.host;
  const named = serviceNamedByHost(host);
  const service = host === undefined ? undefined : named ?? ctx.serviceOf(callerFile).toLowerCase();
  const servers: readonly RouteServer[] = named === undefined ? [ctx] : [ctx, ...(ctx.foreign?.serversOf(named) ?? [])];
  const found = new Set<Hash>();
  for (const server of servers) {
    for (const route of servedRoutes(server)) {
      if (service !== undefined && route.service.toLowerCase() !== service) continue;
      if (route.method !== 'ANY' && call.method !== 'ANY' && route.method !== call.method) continue;
      if (segmentsMatch(route.segments, segments)) found.add(route.nodeHash);
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * The service a request's host names (its first label, lower case), or undefined when
 * the host is computed, absent or local (`localhost`: the caller's own service).
 */
export function serviceNamedByHost(host: string | undefined): string | undefined {
  if (host === undefined || LOCAL_HOSTS.has(host)) return undefined;
  return host.split('.')[0]!.toLowerCase();
}

/**
 * Notes whether a file's edit (or removal: `after` undefined) changes its route mounts
 * (the paths of routes in other files) or its HTTP routes (where other files' requests land).
 */
export function noteRouteChanges(changed: { mounts: boolean; http: boolean }, before: FileFacts | undefined, after: FileFacts | undefined): void {
  if (routeMountsText(before) !== routeMountsText(after)) changed.mounts = true;
  if (httpRoutesText(before) !== httpRoutesText(after)) changed.http = true;
}

function httpRoutesText(facts: FileFacts | undefined): string {
  return JSON.stringify((facts?.routes ?? []).filter(isHttp).map((r) => [r.method, r.path, r.router?.name ?? '']));
}

function servedRoutes(ctx: RouteServer): readonly ServedRoute[] {
  const kept = indexes.get(ctx.table);
  if (kept?.version === ctx.table.version && kept.serviceOf === ctx.serviceOf) return kept.routes;
  const routes: ServedRoute[] = [];
  for (const file of ctx.table.files()) {
    const facts = ctx.table.factsOf(file);
    if (!facts?.routes.some(isHttp)) continue;
    const packagePath = ctx.table.packageOf(file) ?? ctx.resolverFor(facts).packagePath(file, facts);
    for (const route of facts.routes.filter(isHttp)) {
      for (const path of mountedRoutePaths(ctx, packagePath, route)) {
        const qualifiedName = QualifiedName.symbol(ctx.repoUrl, packagePath, `${route.method} ${path}`);
        routes.push({
          nodeHash: Identity.node(ctx.repoUrl, qualifiedName, 'route'), service: ctx.serviceOf(file), method: route.method, segments: pathSegments(path),
        });
      }
    }
  }
  indexes.set(ctx.table, { version: ctx.table.version, serviceOf: ctx.serviceOf, routes });
  return routes;
}

function isHttp(route: RouteFact): boolean {
  return route.mappingType === 'http_route';
}

/** `/cart/{id}/` as ['cart', '{id}']: a trailing slash does not change the route. */
function pathSegments(path: string): string[] {
  return path.split('/').filter((segment, i, all) => segment !== '' || (i > 0 && i < all.length - 1));
}

function segmentsMatch(route: readonly string[], requested: readonly string[]): boolean {
  if (route.length !== requested.length) return false;
  return route.every((segment, i) => {
    const wanted = requested[i]!;
    if (/^\{[^}]*\}$/.test(segment)) return true;
    return wanted !== '{}' && wanted === segment;
  });
}
