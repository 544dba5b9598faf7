import type { SpanKindValue, TraceSpan } from './spans';

/** What mapping needs to remember of a span after its batch is gone. */
export interface SpanSummary {
  readonly spanId: string;
  readonly parentSpanId: string;
  readonly serviceName: string;
  readonly kind: SpanKindValue;
  readonly operationName: string;
  readonly attributes: Readonly<Record<string, string>>;
}

/**
 * The most recent spans by id, and server spans by their parent's id, so a client span
 * finds the server span it caused and a span finds its local ancestors across batches.
 * Bounded: the oldest entries go first, so memory stays flat however long it runs.
 */
export class RecentSpans {
  private readonly byId = new Map<string, SpanSummary>();
  private readonly childOf = new Map<string, SpanSummary>();

  constructor(private readonly capacity = 50_000) {}

  remember(span: TraceSpan, isServerSide: boolean): void {
    const summary: SpanSummary = {
      spanId: span.spanId, parentSpanId: span.parentSpanId, serviceName: span.serviceName, kind: span.kind,
      operationName: span.operationName, attributes: mappingAttributes(span.attributes),
    };
    const key = `${span.traceId}/${span.spanId}`;
    this.byId.delete(key);
    this.byId.set(key, summary);
    if (isServerSide && span.parentSpanId !== '') this.childOf.set(`${span.traceId}/${span.parentSpanId}`, summary);
    evict(this.byId, this.capacity);
    evict(this.childOf, this.capacity);
  }

  get(traceId: string, spanId: string): SpanSummary | undefined {
    return this.byId.get(`${traceId}/${spanId}`);
  }

  /** The server-side span whose parent is this span (the callee of a client span). */
  serverChildOf(traceId: string, spanId: string): SpanSummary | undefined {
    return this.childOf.get(`${traceId}/${spanId}`);
  }

  get size(): number {
    return this.byId.size;
  }
}

function evict<K, V>(map: Map<K, V>, capacity: number): void {
  while (map.size > capacity) map.delete(map.keys().next().value as K);
}

/** The attributes mapping reads; the rest of a span is not kept, so the cache stays small. */
const MAPPING_KEYS = [
  'http.request.method', 'http.method', 'http.route', 'url.path', 'http.target', 'url.full', 'http.url', 'rpc.service', 'rpc.method',
  'messaging.system', 'messaging.destination.name', 'messaging.destination', 'http.response.status_code', 'http.status_code',
];

function mappingAttributes(attributes: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const key of MAPPING_KEYS) if (attributes[key] !== undefined) kept[key] = attributes[key];
  return kept;
}
