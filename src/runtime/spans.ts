/**
 * Ingestion input shapes (SPEC 2.9). Times are Unix seconds (fractions allowed), durations
 * seconds. `kind` is the OTLP span kind, which SPEC 2.9 leaves out: it tells a caller's
 * span from the callee's, so one call is counted once. Spans built by hand without it
 * (kind UNSPECIFIED) count as client spans when they name a PeerService.
 */
export const SpanKind = { UNSPECIFIED: 0, INTERNAL: 1, SERVER: 2, CLIENT: 3, PRODUCER: 4, CONSUMER: 5 } as const;
export type SpanKindValue = (typeof SpanKind)[keyof typeof SpanKind];

export interface TraceSpan {
  /** Lowercase hex, 32 characters from OTLP. */
  readonly traceId: string;
  readonly spanId: string;
  /** '' for a root span. */
  readonly parentSpanId: string;
  /** The source service (resource attribute service.name). */
  readonly serviceName: string;
  /** The span name: RPC method, route or topic. */
  readonly operationName: string;
  /** Target service when known (attribute peer.service). */
  readonly peerService: string;
  /** Span and resource attributes flattened to strings (span attributes win). */
  readonly attributes: Readonly<Record<string, string>>;
  readonly startTime: number;
  readonly duration: number;
  readonly kind: SpanKindValue;
}

export interface HTTPLogEntry {
  readonly timestamp: number;
  readonly method: string;
  readonly path: string;
  readonly statusCode: number;
  /** The serving service. */
  readonly serviceName: string;
  /** Client IP, or the client's service name when the log knows it. */
  readonly clientIp: string;
  readonly duration: number;
}
