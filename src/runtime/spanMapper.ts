import type { EdgeType, RouteSymbolRow } from '../model';
import { BoundedMap } from './boundedMap';
import { messagingDestination, selectEdgeType } from './edgeType';
import { EXTERNAL_CLIENT, type NodeRef, PlaceholderNodes } from './nodeRefs';
import type { Observation, RuntimeProvenance } from './observations';
import { RecentSpans, type SpanSummary } from './recentSpans';
import { type RouteTable, inRouteScope, unresolvedRoute } from './routeMatcher';
import type { ServiceMapper, ServiceMapping } from './serviceMapper';
import { SpanKind, type TraceSpan } from './spans';

/** What mapping reads from the graph; rebuilt when the graph's repos or routes change. */
export interface MappingTables {
  readonly routes: RouteTable;
  readonly services: ServiceMapper;
}

/** Confidence cap of unresolved routes (SPEC 2.6 runtime_unresolved). */
export const UNRESOLVED_CONFIDENCE = 0.3;
const FULL_CONFIDENCE = 0.95;
/** How far up a trace a span's local ancestors are followed. */
const MAX_ANCESTORS = 32;

/** Where an observed call went: a handler node, or an unresolved placeholder. */
interface Target {
  readonly ref: NodeRef;
  readonly provenance: RuntimeProvenance;
  readonly cap: number;
}

/**
 * Spans to observations (SPEC 2.8, 3.3, issue 5 §4). One call is counted once, on the
 * caller's side:
 * - a CLIENT span (or an unspecified one naming a peer service) is a call from its
 *   service's current operation to the callee's handler. The callee is the server span
 *   it caused when that arrived (its service and http.route or rpc method), else
 *   peer.service / server.address with the path matched against the callee's routes;
 * - a PRODUCER span publishes to a topic, a CONSUMER span consumes from one;
 * - a root SERVER span (no parent) is traffic from outside, from `external://UNRESOLVED/client`.
 *   Server spans with a remote parent are not counted: that parent's client span is.
 * The caller's operation is the handler of the nearest local server span above the client
 * span, when its route resolves; else `<service>://UNRESOLVED/<operation>`. A span whose
 * parent has not arrived yet waits one batch for it (parents end after their children).
 */
export class SpanMapper {
  private readonly recent: RecentSpans;
  private readonly placeholders = new PlaceholderNodes();
  private readonly targets = new BoundedMap<string, Target>(20_000);
  private targetTables: MappingTables | undefined;
  private waiting: TraceSpan[] = [];

  constructor(options: { readonly recentSpans?: number } = {}) {
    this.recent = new RecentSpans(options.recentSpans);
  }

  /** Observations of a batch, plus those of spans held back from the previous one. `final` holds nothing back. */
  map(spans: readonly TraceSpan[], tables: MappingTables, final = false): { observations: Observation[]; unmapped: number } {
    for (const span of spans) {
      if (span.spanId !== '') this.recent.remember(span, span.kind === SpanKind.SERVER || span.kind === SpanKind.CONSUMER);
    }
    const retried = this.waiting;
    this.waiting = [];
    const observations: Observation[] = [];
    let unmapped = 0;
    const visit = (span: TraceSpan, mayWait: boolean): void => {
      if (!counts(span)) return;
      if (mayWait && !final && span.parentSpanId !== '' && !this.recent.get(span.traceId, span.parentSpanId)) {
        this.waiting.push(span);
        return;
      }
      const observation = this.observe(span, tables);
      if (observation) observations.push(observation);
      else unmapped++;
    };
    for (const span of retried) visit(span, false);
    for (const span of spans) visit(span, span.kind !== SpanKind.SERVER && span.kind !== SpanKind.CONSUMER);
    return { observations, unmapped };
  }

  /** Spans held back for their parent. */
  get pending(): number {
    return this.waiting.length;
  }

  private observe(span: TraceSpan, tables: MappingTables): Observation | undefined {
    const edgeType = selectEdgeType(span);
    const at = span.startTime + span.duration;
    if (span.kind === SpanKind.SERVER) {
      const target = this.serverTarget(span.serviceName, span.attributes, span.operationName, edgeType, tables);
      // A 404 on no known route is a scanner or a typo, not traffic worth an edge.
      if (!target || (target.provenance === 'runtime_unresolved' && statusOf(span) === 404)) return undefined;
      const client = span.attributes[CLIENT_SERVICE];
      const source = client
        ? this.placeholders.get(client, EXTERNAL_CLIENT.name, 'service', tables.services.map(client)?.repo)
        : this.placeholders.get(EXTERNAL_CLIENT.service, EXTERNAL_CLIENT.name, 'service');
      return { source, target: target.ref, edgeType, provenance: target.provenance, confidenceCap: target.cap, at, traceId: span.traceId };
    }
    const caller = this.callerOf(span, tables);
    let target: Target | undefined;
    if (edgeType === 'runtime_produces' || edgeType === 'runtime_consumes') {
      const destination = messagingDestination(span);
      if (destination === '') return undefined;
      const topic = this.topicTarget(span.attributes['messaging.system'] ?? 'messaging', destination, span.serviceName, tables);
      if (edgeType === 'runtime_produces') target = topic;
      else {
        // The consumer's side: its handler for the topic consumes from the topic.
        const own = tables.services.map(span.serviceName);
        const row = own && tables.routes.matchTopic(destination, own.scope);
        const owned = row !== undefined && own !== undefined && inRouteScope(own.scope, row);
        const source = owned ? { nodeHash: row.nodeHash, repoHash: own.repo.repoHash } : caller.ref;
        const provenance: RuntimeProvenance = owned ? 'otel_trace' : 'runtime_unresolved';
        const cap = provenance === 'otel_trace' ? own!.confidenceCap : UNRESOLVED_CONFIDENCE;
        return { source, target: topic.ref, edgeType, provenance, confidenceCap: cap, at, traceId: span.traceId };
      }
    } else {
      target = this.calleeOf(span, edgeType, tables);
    }
    if (!target) return undefined;
    return {
      source: caller.ref, target: target.ref, edgeType, provenance: target.provenance,
      confidenceCap: Math.min(target.cap, caller.cap), at, traceId: span.traceId,
    };
  }

  /** The callee of a client span: the server span it caused, else its peer attributes. */
  private calleeOf(span: TraceSpan, edgeType: EdgeType, tables: MappingTables): Target | undefined {
    const child = this.recent.serverChildOf(span.traceId, span.spanId);
    if (child) return this.serverTarget(child.serviceName, span.attributes, child.operationName, edgeType, tables, child.attributes);
    const a = span.attributes;
    const peer = span.peerService || a['peer.service'] || a['server.address'] || a['net.peer.name'] || hostOf(urlOf(a));
    if (!peer) return undefined;
    return this.serverTarget(peer, a, span.operationName, edgeType, tables);
  }

  /**
   * A request to `service` as described by attributes (`over` wins over `a`: the server
   * span's own over its client's): its handler, else an unresolved route. Memoised per
   * service and request, because matching normalises paths with regular expressions and
   * the same few routes recur in every batch.
   */
  private serverTarget(
    service: string, a: Attributes, operation: string, edgeType: EdgeType, tables: MappingTables, over?: Attributes,
  ): Target | undefined {
    if (service === '') return undefined;
    let key: string;
    let rpc: [string, string] | undefined;
    let method = '';
    let path = '';
    if (edgeType === 'runtime_rpc') {
      rpc = rpcName(a, operation, over);
      if (!rpc[0]) return undefined;
      key = `${service}\0rpc\0${rpc[0]}\0${rpc[1]}`;
    } else {
      method = (attr(a, over, 'http.request.method') ?? attr(a, over, 'http.method') ?? '').toUpperCase();
      path = attr(a, over, 'http.route') || pathOf(a, over);
      if (!path) return undefined;
      key = `${service}\0http\0${method}\0${path}`;
    }
    if (this.targetTables !== tables) {
      this.targets.clear();
      this.targetTables = tables;
    }
    const known = this.targets.get(key);
    if (known) return known;
    const mapping = tables.services.map(service);
    let row: RouteSymbolRow | undefined;
    let route: string;
    if (rpc) {
      row = mapping && tables.routes.matchGrpc(mapping.scope, rpc[0], rpc[1]);
      route = `${rpc[0]}/${rpc[1]}`;
    } else {
      row = mapping && tables.routes.matchHttp(mapping.scope, method, path);
      route = unresolvedRoute(method, path);
    }
    const target: Target = row && mapping
      ? { ref: { nodeHash: row.nodeHash, repoHash: mapping.repo.repoHash }, provenance: 'otel_trace', cap: mapping.confidenceCap }
      : { ref: this.placeholders.get(service, route, 'route', mapping?.repo), provenance: 'runtime_unresolved', cap: UNRESOLVED_CONFIDENCE };
    this.targets.set(key, target);
    return target;
  }

  /**
   * The topic node `<system>://UNRESOLVED/<destination>`: the node static indexing links
   * publishes and consumers to (src/resolve/messaging.ts), resolved when a consumer's
   * queue_topic row names the destination and the span's service is an indexed one.
   */
  private topicTarget(system: string, destination: string, service: string, tables: MappingTables): Target {
    const mapping = tables.routes.hasTopic(destination) ? tables.services.map(service) : undefined;
    const ref = this.placeholders.get(system, destination, 'topic');
    if (mapping) return { ref, provenance: 'otel_trace', cap: mapping.confidenceCap };
    return { ref, provenance: 'runtime_unresolved', cap: UNRESOLVED_CONFIDENCE };
  }

  /** The operation a span runs in: the handler of its nearest local server span, else a placeholder. */
  private callerOf(span: TraceSpan, tables: MappingTables): { ref: NodeRef; cap: number } {
    const mapping = tables.services.map(span.serviceName);
    let operation = span.operationName;
    let cursor: SpanSummary | undefined = this.recent.get(span.traceId, span.parentSpanId);
    for (let depth = 0; cursor && cursor.serviceName === span.serviceName && depth < MAX_ANCESTORS; depth++) {
      operation = cursor.operationName;
      if (cursor.kind === SpanKind.SERVER || cursor.kind === SpanKind.CONSUMER) {
        const handler = this.localHandler(cursor, mapping, tables);
        if (handler) return handler;
        operation = serverOperation(cursor);
        break;
      }
      cursor = cursor.parentSpanId === '' ? undefined : this.recent.get(span.traceId, cursor.parentSpanId);
    }
    return { ref: this.placeholders.get(span.serviceName, operation, 'route', mapping?.repo), cap: mapping?.confidenceCap ?? FULL_CONFIDENCE };
  }

  private localHandler(server: SpanSummary, mapping: ServiceMapping | undefined, tables: MappingTables): { ref: NodeRef; cap: number } | undefined {
    if (!mapping) return undefined;
    const a = server.attributes;
    let row: RouteSymbolRow | undefined;
    if (a['rpc.service'] !== undefined) {
      const [rpcService, rpcMethod] = rpcName(a, server.operationName);
      row = tables.routes.matchGrpc(mapping.scope, rpcService, rpcMethod);
    } else if (a['messaging.system'] !== undefined) {
      const found = tables.routes.matchTopic(a['messaging.destination.name'] ?? a['messaging.destination'] ?? '', mapping.scope);
      row = found && inRouteScope(mapping.scope, found) ? found : undefined;
    } else {
      const path = a['http.route'] || pathOf(a);
      row = path ? tables.routes.matchHttp(mapping.scope, a['http.request.method'] ?? a['http.method'] ?? '', path) : undefined;
    }
    return row && { ref: { nodeHash: row.nodeHash, repoHash: mapping.repo.repoHash }, cap: mapping.confidenceCap };
  }
}

/** Set on a root server span when the caller is known by service name only (access logs). */
export const CLIENT_SERVICE = 'ckg.client.service';

function statusOf(span: TraceSpan): number {
  return Number(span.attributes['http.response.status_code'] ?? span.attributes['http.status_code'] ?? 0);
}

/** Whether a span is counted at all (see SpanMapper). */
function counts(span: TraceSpan): boolean {
  switch (span.kind) {
    case SpanKind.CLIENT:
    case SpanKind.PRODUCER:
    case SpanKind.CONSUMER:
      return true;
    case SpanKind.SERVER:
      return span.parentSpanId === '';
    case SpanKind.UNSPECIFIED:
      return span.peerService !== '';
    default:
      return false;
  }
}

/** A server span's operation as an unresolved route: `GET /orders/{id}`, `pkg.Svc/Method`, or its name. */
function serverOperation(span: SpanSummary): string {
  const a = span.attributes;
  if (a['rpc.service'] !== undefined) return rpcName(a, span.operationName).join('/');
  const path = a['http.route'] || pathOf(a);
  return path ? unresolvedRoute(a['http.request.method'] ?? a['http.method'] ?? '', path) : span.operationName;
}

type Attributes = Readonly<Record<string, string>>;

/** An attribute of `over`, else of `a` (as if `{ ...a, ...over }`, without building it). */
function attr(a: Attributes, over: Attributes | undefined, key: string): string | undefined {
  return over?.[key] ?? a[key];
}

/** [rpc.service, rpc.method], from the attributes or a `pkg.Service/Method` span name. */
function rpcName(a: Attributes, operation: string, over?: Attributes): [string, string] {
  const service = attr(a, over, 'rpc.service');
  const method = attr(a, over, 'rpc.method');
  if (service !== undefined && method !== undefined) return [service, method];
  const fromName = /^\/?([\w.]+)\/(\w+)$/.exec(operation);
  return [service ?? fromName?.[1] ?? '', method ?? fromName?.[2] ?? ''];
}

function urlOf(a: Attributes, over?: Attributes): string {
  return attr(a, over, 'url.full') ?? attr(a, over, 'http.url') ?? '';
}

function hostOf(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/:?#]+)/i.exec(url);
  return match ? match[1] : '';
}

/** The request path from url.path, http.target or a full URL. */
function pathOf(a: Attributes, over?: Attributes): string {
  const direct = attr(a, over, 'url.path') ?? attr(a, over, 'http.target');
  if (direct) return direct;
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(\/[^?#]*)?/i.exec(urlOf(a, over));
  return match ? match[1] ?? '/' : '';
}
