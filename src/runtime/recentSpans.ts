import { BoundedMap } from './boundedMap';
import type { SpanKindValue, TraceSpan } from './spans';

/** What mapping needs to remember of a span after its batch is gone. */
export interface SpanSummary {
  readonly traceId: string;
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
 * Bounded (see BoundedMap), so memory stays flat however long it runs. Keys are the
 * 64-bit span ids alone (no string built per span); a hit is checked against the trace id.
 */
export class RecentSpans {
  private readonly byId: BoundedMap<string, SpanSummary>;
  private readonly childOf: BoundedMap<string, SpanSummary>;

  constructor(capacity = 50_000) {
    this.byId = new BoundedMap(capacity);
    this.childOf = new BoundedMap(capacity);
  }

  remember(span: TraceSpan, isServerSide: boolean): void {
    const summary: SpanSummary = {
      traceId: span.traceId, spanId: span.spanId, parentSpanId: span.parentSpanId, serviceName: span.serviceName, kind: span.kind,
      operationName: span.operationName, attributes: mappingAttributes(span.attributes),
    };
    this.byId.set(span.spanId, summary);
    if (isServerSide && span.parentSpanId !== '') this.childOf.set(span.parentSpanId, summary);
  }

  get(traceId: string, spanId: string): SpanSummary | undefined {
    const summary = this.byId.get(spanId);
    return summary?.traceId === traceId ? summary : undefined;
  }

  /** The server-side span whose parent is this span (the callee of a client span). */
  serverChildOf(traceId: string, spanId: string): SpanSummary | undefined {
    const summary = this.childOf.get(spanId);
    return summary?.traceId === traceId ? summary : undefined;
  }

  get size(): number {
    return this.byId.size;
  }
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
