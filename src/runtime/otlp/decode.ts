import { SpanKind, type SpanKindValue, type TraceSpan } from '../spans';
import { decodeTraceRequest } from './protobufRequest';
import { OtlpTypes } from './schema';
import { WireError } from './wireReader';
import { CkgError } from '../../model';

/** A request that is not OTLP: the receivers answer INVALID_ARGUMENT / 400 with this message. */
export class OtlpDecodeError extends CkgError {
  readonly code = 'otlp_decode';
}

export interface DecodedRequest {
  readonly spans: TraceSpan[];
  /** Spans refused one by one (bad ids): reported as partial success. */
  readonly rejected: number;
  readonly rejectReason: string;
}

/** Decodes an ExportTraceServiceRequest in protobuf (the receivers' hot path: see protobufRequest.ts). */
export function decodeProtobufRequest(bytes: Uint8Array): DecodedRequest {
  try {
    return decodeTraceRequest(bytes);
  } catch (error) {
    if (error instanceof WireError) throw new OtlpDecodeError(`malformed ExportTraceServiceRequest: ${error.message}`);
    throw error;
  }
}

/** Decodes an ExportTraceServiceRequest in OTLP/JSON (ids in hex, enums as numbers). */
export function decodeJsonRequest(text: string): DecodedRequest {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch (error) {
    throw new OtlpDecodeError(`malformed OTLP/JSON: ${(error as Error).message}`);
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    throw new OtlpDecodeError('malformed OTLP/JSON: expected an object with resourceSpans');
  }
  return collect(message as RequestShape);
}

/** OTLP/JSON to protobuf, for forwarding what arrived as JSON. */
export function jsonRequestToProtobuf(text: string): Uint8Array {
  const message = JSON.parse(text, (key, value: unknown) =>
    ((key === 'traceId' || key === 'spanId' || key === 'parentSpanId') && typeof value === 'string' ? Buffer.from(value, 'hex') : value));
  return OtlpTypes.request.encode(OtlpTypes.request.fromObject(message as Record<string, unknown>)).finish();
}

interface AnyValueShape {
  stringValue?: string; boolValue?: boolean; intValue?: unknown; doubleValue?: number;
  arrayValue?: { values?: AnyValueShape[] }; kvlistValue?: { values?: KeyValueShape[] }; bytesValue?: unknown;
}
interface KeyValueShape { key?: string; value?: AnyValueShape }
interface SpanShape {
  traceId?: unknown; spanId?: unknown; parentSpanId?: unknown; name?: string; kind?: unknown;
  startTimeUnixNano?: unknown; endTimeUnixNano?: unknown; attributes?: KeyValueShape[];
}
interface RequestShape {
  resourceSpans?: Array<{ resource?: { attributes?: KeyValueShape[] }; scopeSpans?: Array<{ spans?: SpanShape[] }> }>;
}

function collect(request: RequestShape): DecodedRequest {
  const spans: TraceSpan[] = [];
  let rejected = 0;
  let rejectReason = '';
  const resources = list(request.resourceSpans, 'resourceSpans');
  for (let r = 0; r < resources.length; r++) {
    const resourceSpans = resources[r];
    const where = `resourceSpans[${r}]`;
    const serviceName = attributeMap(list(resourceSpans?.resource?.attributes, `${where}.resource.attributes`))['service.name'] ?? '';
    const scopes = list(resourceSpans?.scopeSpans, `${where}.scopeSpans`);
    for (let s = 0; s < scopes.length; s++) {
      const raw = list(scopes[s]?.spans, `${where}.scopeSpans[${s}].spans`);
      for (let i = 0; i < raw.length; i++) {
        const span = raw[i];
        const traceId = idOf(span?.traceId);
        const spanId = idOf(span?.spanId);
        if (traceId.length !== 32 || spanId.length !== 16 || /^0+$/.test(traceId) || /^0+$/.test(spanId)) {
          rejected++;
          rejectReason ||= `${where}.scopeSpans[${s}].spans[${i}]: expected a 16-byte traceId and an 8-byte spanId, not all zero`;
          continue;
        }
        const attributes = attributeMap(list(span.attributes, 'attributes'));
        const start = nanosToSeconds(span.startTimeUnixNano);
        const end = nanosToSeconds(span.endTimeUnixNano);
        spans.push({
          traceId, spanId, parentSpanId: idOf(span.parentSpanId), serviceName,
          operationName: typeof span.name === 'string' ? span.name : '', peerService: attributes['peer.service'] ?? '',
          attributes, startTime: start, duration: Math.max(0, end - start), kind: kindOf(span.kind),
        });
      }
    }
  }
  return { spans, rejected, rejectReason };
}

function list<T>(value: T[] | undefined | null, where: string): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new OtlpDecodeError(`malformed OTLP request: ${where}: expected a list`);
  return value;
}

const SPAN_KIND_NAMES: Readonly<Record<string, SpanKindValue>> = {
  SPAN_KIND_UNSPECIFIED: 0, SPAN_KIND_INTERNAL: 1, SPAN_KIND_SERVER: 2, SPAN_KIND_CLIENT: 3, SPAN_KIND_PRODUCER: 4, SPAN_KIND_CONSUMER: 5,
};

function kindOf(value: unknown): SpanKindValue {
  const kind = typeof value === 'string' ? SPAN_KIND_NAMES[value] ?? Number(value) : Number(value ?? 0);
  return Number.isInteger(kind) && kind >= 0 && kind <= 5 ? (kind as SpanKindValue) : SpanKind.UNSPECIFIED;
}

/** An OTLP/JSON id: hex, case-insensitive. */
function idOf(value: unknown): string {
  return typeof value === 'string' && /^[0-9a-fA-F]*$/.test(value) ? value.toLowerCase() : '';
}

/** OTLP/JSON nanoseconds (a number or a decimal string) to Unix seconds. */
function nanosToSeconds(value: unknown): number {
  if (typeof value === 'number') return value / 1e9;
  if (typeof value === 'string') return /^\d+$/.test(value) ? Number(BigInt(value) / 1000n) / 1e6 : 0;
  return 0;
}

/** Attributes flattened to strings; arrays and maps as JSON. */
function attributeMap(pairs: readonly KeyValueShape[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    if (typeof pair?.key !== 'string') continue;
    const value = stringOf(pair.value);
    if (value !== undefined) out[pair.key] = value;
  }
  return out;
}

function stringOf(value: AnyValueShape | undefined): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  if (typeof value.stringValue === 'string') return value.stringValue;
  if (typeof value.boolValue === 'boolean') return String(value.boolValue);
  if (value.intValue !== undefined && value.intValue !== null) return String(value.intValue);
  if (typeof value.doubleValue === 'number') return String(value.doubleValue);
  if (value.arrayValue) return JSON.stringify((value.arrayValue.values ?? []).map(stringOf));
  if (value.kvlistValue) return JSON.stringify(attributeMap(value.kvlistValue.values ?? []));
  return undefined;
}
