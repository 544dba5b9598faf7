import { type RouteSymbolRow, isUnderFolder } from '../model';

/**
 * Which route rows a traced service may land on: rows of one of `services`, registered by
 * a file under `folder` when one is given (a service_map entry naming a monorepo folder).
 */
export interface RouteScope {
  readonly services: readonly string[];
  readonly folder?: string;
}

/** Whether a route row lies in a scope. */
export function inRouteScope(scope: RouteScope, row: RouteSymbolRow): boolean {
  return scope.services.includes(row.serviceName) && (scope.folder === undefined || isUnderFolder(row.ownerPath ?? '', scope.folder));
}

function scopeOf(service: string | RouteScope): RouteScope {
  return typeof service === 'string' ? { services: [service] } : service;
}

/**
 * Route resolution through route_symbols (SPEC 2.7): an observed HTTP request, gRPC call
 * or topic to the handler row static indexing registered for it. Patterns are
 * `METHOD /path/{param}` (method ANY for every method), `pkg.Service/Method` or
 * `Service/Method` (`/*` for every method), and topic names.
 */
export class RouteTable {
  private readonly http = new Map<string, HttpPattern[]>();
  private readonly grpc = new Map<string, RouteSymbolRow[]>();
  private readonly topics = new Map<string, RouteSymbolRow[]>();

  constructor(rows: readonly RouteSymbolRow[]) {
    for (const row of rows) {
      if (row.mappingType === 'http_route') this.addHttp(row);
      else if (row.mappingType === 'grpc_method') push(this.grpc, `${row.serviceName}\0${row.routePattern}`, row);
      else push(this.topics, row.routePattern, row);
    }
  }

  /**
   * The handler row of a request to `service` (a name, or a scope of names and a folder):
   * `path` is a concrete path (`/users/42`) or a route template from a span (`/users/:id`,
   * `/users/{id}`). The most literal match wins, an exact method before ANY.
   */
  matchHttp(service: string | RouteScope, method: string, path: string): RouteSymbolRow | undefined {
    const scope = scopeOf(service);
    const segments = splitPath(normalizeTemplate(path));
    let best: { row: RouteSymbolRow; score: number } | undefined;
    for (const name of scope.services) {
      for (const pattern of this.http.get(name) ?? []) {
        if (pattern.method !== method.toUpperCase() && pattern.method !== 'ANY') continue;
        if (scope.folder !== undefined && !inRouteScope(scope, pattern.row)) continue;
        const literal = matchSegments(pattern.segments, segments);
        if (literal < 0) continue;
        const score = literal * 2 + (pattern.method === 'ANY' ? 0 : 1);
        if (!best || score > best.score) best = { row: pattern.row, score };
      }
    }
    return best?.row;
  }

  /** `rpcService` is the full name (`helloworld.Greeter`); the package may be absent from the pattern. */
  matchGrpc(service: string | RouteScope, rpcService: string, rpcMethod: string): RouteSymbolRow | undefined {
    const scope = scopeOf(service);
    const bare = rpcService.slice(rpcService.lastIndexOf('.') + 1);
    for (const name of [`${rpcService}/${rpcMethod}`, `${bare}/${rpcMethod}`, `${rpcService}/*`, `${bare}/*`]) {
      for (const serviceName of scope.services) {
        const row = this.grpc.get(`${serviceName}\0${name}`)?.find((r) => inRouteScope(scope, r));
        if (row) return row;
      }
    }
    return undefined;
  }

  /** Whether some consumer's row names the topic: static indexing then knows its node. */
  hasTopic(destination: string): boolean {
    return this.topics.has(destination);
  }

  /** The handler of a topic: the consuming service's own row first, else the only row naming it. */
  matchTopic(destination: string, service?: string | RouteScope): RouteSymbolRow | undefined {
    const rows = this.topics.get(destination) ?? [];
    const scope = service === undefined ? undefined : scopeOf(service);
    return (scope && rows.find((r) => inRouteScope(scope, r))) ?? (rows.length === 1 ? rows[0] : undefined);
  }

  private addHttp(row: RouteSymbolRow): void {
    const space = row.routePattern.indexOf(' ');
    const method = space > 0 ? row.routePattern.slice(0, space).toUpperCase() : 'ANY';
    const path = space > 0 ? row.routePattern.slice(space + 1) : row.routePattern;
    push(this.http, row.serviceName, { method, segments: splitPath(normalizeTemplate(path)), row });
  }
}

interface HttpPattern {
  readonly method: string;
  readonly segments: readonly string[];
  readonly row: RouteSymbolRow;
}

const PARAM = '{}';
const REST = '{...}';

/**
 * A path or route template in one spelling: query and fragment dropped, `:id`, `<int:id>`,
 * `{id:[0-9]+}` and `[id]` all become `{}`; `*`, `{path...}`, `{*path}` become a rest match.
 */
export function normalizeTemplate(path: string): string {
  const bare = path.replace(/[?#].*$/, '');
  const segments = bare.split('/').map((segment) => {
    if (segment === '*' || /^\{[^}]*\.\.\.\}$/.test(segment) || /^\{\*[^}]*\}$/.test(segment) || /^\[\.\.\.[^\]]*\]$/.test(segment)) return REST;
    if (/^:[A-Za-z_]\w*\??$/.test(segment) || /^<[^>]+>$/.test(segment) || /^\{[^}]*\}$/.test(segment) || /^\[[^\]]+\]$/.test(segment)) return PARAM;
    return segment;
  });
  const joined = segments.join('/');
  return joined.startsWith('/') ? joined : `/${joined}`;
}

/** Path segments without empty ones, so `/users/` and `/users` compare equal. */
function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** Literal segments matched, or -1 when the pattern does not match. */
function matchSegments(pattern: readonly string[], path: readonly string[]): number {
  let literal = 0;
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i];
    if (want === REST) return i < path.length ? literal : -1;
    const got = path[i];
    if (got === undefined) return -1;
    if (want === PARAM) {
      if (got === REST) return -1;
      continue;
    }
    if (got !== want) return -1;
    literal++;
  }
  return pattern.length === path.length ? literal : -1;
}

const ID_LIKE = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,}|[0-9A-Za-z_-]{20,})$/i;

/**
 * The route an unmapped request is recorded under: its template, with numbers, UUIDs and
 * long hex or token segments collapsed to `{id}`, so `/users/42` and `/users/43` make one
 * unresolved edge, not one per user.
 */
export function unresolvedRoute(method: string, path: string): string {
  const segments = normalizeTemplate(path).split('/').map((s) => (s === PARAM ? '{id}' : s === REST ? '*' : ID_LIKE.test(s) ? '{id}' : s));
  const joined = segments.join('/') || '/';
  return method ? `${method.toUpperCase()} ${joined}` : joined;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
