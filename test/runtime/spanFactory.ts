import { SpanKind, type SpanKindValue, type TraceSpan } from '../../src/runtime/spans';

let nextId = 1;

/** A hex id of the given length, unique within the test run. */
export function hexId(length: number): string {
  return (nextId++).toString(16).padStart(length, '0');
}

/** A span as the OTLP decoder produces it; ids are fresh unless given. */
export function span(fields: Partial<TraceSpan> & { readonly kind: SpanKindValue; readonly serviceName: string }): TraceSpan {
  return {
    traceId: hexId(32), spanId: hexId(16), parentSpanId: '', operationName: 'op', peerService: '', attributes: {},
    startTime: 1_800_000_000, duration: 0.01, ...fields,
  };
}

/** A client call from `caller` to `peer` (GET path) and the server span it caused in `peer`. */
export function httpCall(caller: string, peer: string, method: string, path: string, route: string | undefined, at: number): TraceSpan[] {
  const client = span({
    kind: SpanKind.CLIENT, serviceName: caller, operationName: method, peerService: peer, startTime: at,
    attributes: { 'http.request.method': method, 'url.full': `http://${peer}:8080${path}` },
  });
  const server = span({
    kind: SpanKind.SERVER, serviceName: peer, traceId: client.traceId, parentSpanId: client.spanId, startTime: at,
    operationName: `${method} ${route ?? path}`,
    attributes: { 'http.request.method': method, 'url.path': path, ...(route ? { 'http.route': route } : {}) },
  });
  return [server, client];
}
