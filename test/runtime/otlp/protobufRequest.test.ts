import * as assert from 'node:assert/strict';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { OtlpDecodeError, decodeJsonRequest, decodeProtobufRequest } from '../../../src/runtime/otlp/decode';
import { OtlpTypes } from '../../../src/runtime/otlp/schema';
import type { TraceSpan } from '../../../src/runtime/spans';
import { seededRandom } from '../../helpers/fuzz';

/** Spans made by the real SDK, with every attribute type, events, links and a status the decoder must skip. */
async function sdkSpans(): Promise<ReadableSpan[]> {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'checkout', 'service.version': '1.2.3', 'host.cpus': 8 }),
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  });
  const tracer = provider.getTracer('test');
  const client = tracer.startSpan('GET', { kind: SpanKind.CLIENT, attributes: {
    'http.request.method': 'GET', 'url.full': 'http://users:8080/users/42?x=ü', 'peer.service': 'users', 'retry': true,
    'http.response.status_code': 200, 'ratio': 0.25, 'tags': ['a', 'b'], 'codes': [1, 2],
  } });
  client.addEvent('sent', { bytes: 12 });
  client.setStatus({ code: SpanStatusCode.ERROR, message: 'boom' });
  const parent = trace.setSpanContext(ROOT_CONTEXT, { ...client.spanContext(), isRemote: true });
  const server = tracer.startSpan('GET /users/{id}', { kind: SpanKind.SERVER, attributes: { 'http.route': '/users/{id}' },
    links: [{ context: client.spanContext(), attributes: { why: 'test' } }] }, parent);
  server.end();
  tracer.startSpan('publish', { kind: SpanKind.PRODUCER, attributes: { 'messaging.system': 'kafka', 'messaging.destination.name': 'orders' } }).end();
  tracer.startSpan('internal').end();
  client.end();
  await provider.forceFlush();
  return exporter.getFinishedSpans();
}

function assertSameSpans(actual: readonly TraceSpan[], expected: readonly TraceSpan[]): void {
  assert.equal(actual.length, expected.length);
  for (let i = 0; i < actual.length; i++) {
    const { startTime: a0, duration: a1, ...a } = actual[i];
    const { startTime: e0, duration: e1, ...e } = expected[i];
    assert.deepEqual(a, e);
    // OTLP/JSON times are decimal strings read to the microsecond; protobuf ones are exact.
    assert.ok(Math.abs(a0 - e0) < 1e-5, `startTime ${a0} vs ${e0}`);
    assert.ok(Math.abs(a1 - e1) < 1e-5, `duration ${a1} vs ${e1}`);
  }
}

/** The bytes after a length-delimited field's tag and length. */
function payloadOf(bytes: Uint8Array): Uint8Array {
  let at = 1;
  while (bytes[at] & 0x80) at++;
  return bytes.subarray(at + 1);
}

function lengthDelimited(field: number, payload: Uint8Array): Buffer {
  const length: number[] = [];
  let n = payload.length;
  while (n >= 0x80) {
    length.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  length.push(n);
  return Buffer.concat([Buffer.from([(field << 3) | 2, ...length]), payload]);
}

describe('runtime/otlp protobuf request decoder', () => {
  it('decodes what the SDK\'s protobuf serializer sends exactly as the OTLP/JSON path decodes the same spans', async () => {
    const spans = await sdkSpans();
    const fromProtobuf = decodeProtobufRequest(ProtobufTraceSerializer.serializeRequest(spans)!);
    const fromJson = decodeJsonRequest(new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans)!));
    assert.equal(fromProtobuf.rejected, 0);
    assertSameSpans(fromProtobuf.spans, fromJson.spans);
    const client = fromProtobuf.spans.find((s) => s.operationName === 'GET')!;
    assert.equal(client.serviceName, 'checkout');
    assert.equal(client.kind, 3);
    assert.equal(client.peerService, 'users');
    assert.deepEqual(client.attributes, {
      'http.request.method': 'GET', 'url.full': 'http://users:8080/users/42?x=ü', 'peer.service': 'users', retry: 'true',
      'http.response.status_code': '200', ratio: '0.25', tags: '["a","b"]', codes: '["1","2"]',
    });
    const server = fromProtobuf.spans.find((s) => s.kind === 2)!;
    assert.equal(server.parentSpanId, client.spanId);
    assert.equal(server.traceId, client.traceId);
    assert.match(client.traceId, /^[0-9a-f]{32}$/);
  });

  it('agrees with the protobufjs reading of schema.ts on every span field it keeps', async () => {
    const bytes = ProtobufTraceSerializer.serializeRequest(await sdkSpans())!;
    const reference = OtlpTypes.request.toObject(OtlpTypes.request.decode(bytes), { longs: String }) as {
      resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<{ traceId: Uint8Array; spanId: Uint8Array; name: string; kind?: number; startTimeUnixNano: string }> }> }>;
    };
    const expected = reference.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
    const decoded = decodeProtobufRequest(bytes).spans;
    assert.deepEqual(decoded.map((s) => [s.traceId, s.spanId, s.operationName, s.kind]),
      expected.map((s) => [Buffer.from(s.traceId).toString('hex'), Buffer.from(s.spanId).toString('hex'), s.name, s.kind ?? 0]));
    assert.deepEqual(decoded.map((s) => s.startTime), expected.map((s) => Number(s.startTimeUnixNano) / 1e9));
  });

  it('reads the resource when it comes after the spans, and 64-bit integers exactly', () => {
    const spanBytes = OtlpTypes.request.encode(OtlpTypes.request.fromObject({ resourceSpans: [{ scopeSpans: [{ spans: [{
      traceId: Buffer.alloc(16, 1), spanId: Buffer.alloc(8, 2), name: 'op', kind: 3,
      attributes: [
        { key: 'big', value: { intValue: '9007199254740993' } },
        { key: 'negative', value: { intValue: '-5' } },
        { key: 'empty', value: {} },
        { key: 'blob', value: { bytesValue: Buffer.from('x') } },
      ],
    }] }] }] })).finish();
    const resourceBytes = OtlpTypes.request.encode(OtlpTypes.request.fromObject({ resourceSpans: [{
      resource: { attributes: [{ key: 'service.name', value: { stringValue: 'late' } }] },
    }] })).finish();
    const request = lengthDelimited(1, Buffer.concat([payloadOf(spanBytes), payloadOf(resourceBytes)]));
    const [span] = decodeProtobufRequest(request).spans;
    assert.equal(span.serviceName, 'late');
    assert.deepEqual(span.attributes, { big: '9007199254740993', negative: '-5' });
  });

  it('refuses spans with bad ids one by one, naming the first', () => {
    const request = OtlpTypes.request.encode(OtlpTypes.request.fromObject({ resourceSpans: [{ scopeSpans: [{ spans: [
      { traceId: Buffer.alloc(16, 1), spanId: Buffer.alloc(8, 2), name: 'good' },
      { traceId: Buffer.alloc(16, 0), spanId: Buffer.alloc(8, 2), name: 'zero trace' },
      { traceId: Buffer.alloc(15, 1), spanId: Buffer.alloc(8, 2), name: 'short trace' },
      { traceId: Buffer.alloc(16, 1), name: 'no span id' },
    ] }] }] })).finish();
    const decoded = decodeProtobufRequest(request);
    assert.deepEqual(decoded.spans.map((s) => s.operationName), ['good']);
    assert.equal(decoded.rejected, 3);
    assert.equal(decoded.rejectReason, 'resourceSpans[0].scopeSpans[0].spans[1]: expected a 16-byte traceId and an 8-byte spanId, not all zero');
  });

  it('throws only OtlpDecodeError on truncated, corrupted and random bytes', async () => {
    const valid = Buffer.from(ProtobufTraceSerializer.serializeRequest(await sdkSpans())!);
    const random = seededRandom(5);
    const inputs: Buffer[] = [];
    for (let cut = 0; cut < valid.length; cut += 7) inputs.push(valid.subarray(0, cut));
    for (let i = 0; i < 500; i++) {
      const copy = Buffer.from(valid);
      for (let flips = 1 + Math.floor(random() * 4); flips > 0; flips--) copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
      inputs.push(copy);
    }
    for (let i = 0; i < 200; i++) inputs.push(Buffer.from(Array.from({ length: Math.floor(random() * 64) }, () => Math.floor(random() * 256))));
    let refused = 0;
    for (const input of inputs) {
      try {
        decodeProtobufRequest(input);
      } catch (error) {
        assert.ok(error instanceof OtlpDecodeError, `${(error as Error).stack}`);
        assert.match(error.message, /^malformed ExportTraceServiceRequest: /);
        refused++;
      }
    }
    assert.ok(refused > 100, `only ${refused} of ${inputs.length} inputs refused`);
  });
});
