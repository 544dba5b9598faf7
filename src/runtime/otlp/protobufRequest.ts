import { SpanKind, type SpanKindValue, type TraceSpan } from '../spans';
import { WireReader, WireType } from './wireReader';

/**
 * ExportTraceServiceRequest (opentelemetry-proto v1, field numbers as in schema.ts) from
 * protobuf bytes straight to TraceSpans: one pass, no intermediate message objects.
 * This is the receivers' hot path; schema.ts stays the reference for the messages and
 * encodes replies. Fields a receiver does not read are skipped, as the wire format allows.
 */
export interface DecodedSpans {
  readonly spans: TraceSpan[];
  readonly rejected: number;
  readonly rejectReason: string;
}

const LEN = WireType.LEN;
const tagOf = (field: number, wireType: number): number => field * 8 + wireType;

export function decodeTraceRequest(bytes: Uint8Array): DecodedSpans {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: { spans: TraceSpan[]; rejected: number; rejectReason: string } = { spans: [], rejected: 0, rejectReason: '' };
  const reader = new WireReader(buf);
  let r = 0;
  while (!reader.atEnd()) {
    const tag = reader.tag();
    if (tag === tagOf(1, LEN)) {
      const outer = reader.enter();
      resourceSpans(reader, `resourceSpans[${r++}]`, out);
      reader.leave(outer);
    } else {
      reader.skip(tag & 7);
    }
  }
  return out;
}

type Sink = { spans: TraceSpan[]; rejected: number; rejectReason: string };

/** ResourceSpans: resource = 1, scope_spans = 2. The resource may come after the spans on the wire. */
function resourceSpans(reader: WireReader, where: string, out: Sink): void {
  let serviceName = '';
  const scopes: Array<[number, number]> = [];
  while (!reader.atEnd()) {
    const tag = reader.tag();
    if (tag === tagOf(1, LEN)) {
      const outer = reader.enter();
      serviceName = resourceServiceName(reader) ?? serviceName;
      reader.leave(outer);
    } else if (tag === tagOf(2, LEN)) {
      scopes.push(reader.span());
    } else {
      reader.skip(tag & 7);
    }
  }
  for (let s = 0; s < scopes.length; s++) {
    scopeSpans(new WireReader(reader.buf, scopes[s][0], scopes[s][1]), serviceName, `${where}.scopeSpans[${s}]`, out);
  }
}

/** Resource: attributes = 1; only service.name is read. */
function resourceServiceName(reader: WireReader): string | undefined {
  let name: string | undefined;
  while (!reader.atEnd()) {
    const tag = reader.tag();
    if (tag === tagOf(1, LEN)) {
      const outer = reader.enter();
      const pair: Record<string, string> = {};
      keyValueInto(reader, pair);
      reader.leave(outer);
      if (pair['service.name'] !== undefined) name = pair['service.name'];
    } else {
      reader.skip(tag & 7);
    }
  }
  return name;
}

/** ScopeSpans: spans = 2. */
function scopeSpans(reader: WireReader, serviceName: string, where: string, out: Sink): void {
  let i = 0;
  while (!reader.atEnd()) {
    const tag = reader.tag();
    if (tag === tagOf(2, LEN)) {
      const outer = reader.enter();
      span(reader, serviceName, where, i++, out);
      reader.leave(outer);
    } else {
      reader.skip(tag & 7);
    }
  }
}

/**
 * Span: trace_id = 1, span_id = 2, parent_span_id = 4, name = 5, kind = 6,
 * start_time_unix_nano = 7, end_time_unix_nano = 8, attributes = 9.
 */
function span(reader: WireReader, serviceName: string, where: string, index: number, out: Sink): void {
  const buf = reader.buf;
  let traceId: [number, number] | undefined;
  let spanId: [number, number] | undefined;
  let parentSpanId = '';
  let name = '';
  let kind = 0;
  let start = 0;
  let end = 0;
  const attributes: Record<string, string> = {};
  while (!reader.atEnd()) {
    const tag = reader.tag();
    switch (tag) {
      case tagOf(1, LEN):
        traceId = reader.span();
        break;
      case tagOf(2, LEN):
        spanId = reader.span();
        break;
      case tagOf(4, LEN): {
        const [from, to] = reader.span();
        parentSpanId = buf.toString('hex', from, to);
        break;
      }
      case tagOf(5, LEN):
        name = reader.string();
        break;
      case tagOf(6, WireType.VARINT):
        kind = reader.varint32();
        break;
      case tagOf(7, WireType.I64):
        start = reader.fixed64();
        break;
      case tagOf(8, WireType.I64):
        end = reader.fixed64();
        break;
      case tagOf(9, LEN): {
        const outer = reader.enter();
        keyValueInto(reader, attributes);
        reader.leave(outer);
        break;
      }
      default:
        reader.skip(tag & 7);
    }
  }
  if (!validId(buf, traceId, 16) || !validId(buf, spanId, 8)) {
    out.rejected++;
    out.rejectReason ||= `${where}.spans[${index}]: expected a 16-byte traceId and an 8-byte spanId, not all zero`;
    return;
  }
  const startSeconds = start / 1e9;
  out.spans.push({
    traceId: buf.toString('hex', traceId![0], traceId![1]),
    spanId: buf.toString('hex', spanId![0], spanId![1]),
    parentSpanId, serviceName, operationName: name, peerService: attributes['peer.service'] ?? '', attributes,
    startTime: startSeconds, duration: Math.max(0, end / 1e9 - startSeconds), kind: kind <= 5 ? (kind as SpanKindValue) : SpanKind.UNSPECIFIED,
  });
}

function validId(buf: Buffer, bounds: [number, number] | undefined, length: number): boolean {
  if (!bounds || bounds[1] - bounds[0] !== length) return false;
  for (let i = bounds[0]; i < bounds[1]; i++) if (buf[i] !== 0) return true;
  return false;
}

/** KeyValue: key = 1, value = 2 (AnyValue), flattened to a string into `into`; an empty or bytes value is left out. */
function keyValueInto(reader: WireReader, into: Record<string, string>): void {
  let key = '';
  let value: string | undefined;
  while (!reader.atEnd()) {
    const tag = reader.tag();
    if (tag === tagOf(1, LEN)) key = reader.string();
    else if (tag === tagOf(2, LEN)) {
      const outer = reader.enter();
      value = anyValue(reader);
      reader.leave(outer);
    } else reader.skip(tag & 7);
  }
  if (value !== undefined) into[key] = value;
}

/**
 * AnyValue: string = 1, bool = 2, int = 3, double = 4, array = 5, kvlist = 6, bytes = 7.
 * Arrays and maps become JSON, as in the OTLP/JSON decoder.
 */
function anyValue(reader: WireReader): string | undefined {
  let value: string | undefined;
  while (!reader.atEnd()) {
    const tag = reader.tag();
    switch (tag) {
      case tagOf(1, LEN):
        value = reader.string();
        break;
      case tagOf(2, WireType.VARINT):
        value = String(reader.bool());
        break;
      case tagOf(3, WireType.VARINT):
        value = reader.int64String();
        break;
      case tagOf(4, WireType.I64):
        value = String(reader.double());
        break;
      case tagOf(5, LEN): {
        const outer = reader.enter();
        value = JSON.stringify(arrayValues(reader));
        reader.leave(outer);
        break;
      }
      case tagOf(6, LEN): {
        const outer = reader.enter();
        value = JSON.stringify(keyValueList(reader));
        reader.leave(outer);
        break;
      }
      case tagOf(7, LEN):
        reader.span();
        value = undefined;
        break;
      default:
        reader.skip(tag & 7);
    }
  }
  return value;
}

/** ArrayValue: values = 1. */
function arrayValues(reader: WireReader): Array<string | undefined> {
  const values: Array<string | undefined> = [];
  while (!reader.atEnd()) {
    const tag = reader.tag();
    if (tag === tagOf(1, LEN)) {
      const outer = reader.enter();
      values.push(anyValue(reader));
      reader.leave(outer);
    } else reader.skip(tag & 7);
  }
  return values;
}

/** KeyValueList: values = 1. */
function keyValueList(reader: WireReader): Record<string, string> {
  const map: Record<string, string> = {};
  while (!reader.atEnd()) {
    const tag = reader.tag();
    if (tag === tagOf(1, LEN)) {
      const outer = reader.enter();
      keyValueInto(reader, map);
      reader.leave(outer);
    } else reader.skip(tag & 7);
  }
  return map;
}
