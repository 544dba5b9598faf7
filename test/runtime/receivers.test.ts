import * as assert from 'node:assert/strict';
import * as grpc from '@grpc/grpc-js';
import { TRACE_INGESTION_DEFAULTS } from '../../src/runtime/config';
import { type RunningRuntime, startRuntimeService } from '../../src/runtime/runtimeService';
import { TRACE_EXPORT_PATH } from '../../src/runtime/otlp/schema';
import type { WireEdge } from '../../src/mcp/wire';
import { type Connected, connect, fixtureDeps, structured } from '../mcp/mcpHarness';
import type { OpenServerDeps } from '../../src/mcp/serverDeps';
import type { GraphStore } from '../../src/store';
import { OtelService, emitTraffic } from './otelApp';

const config = {
  ...TRACE_INGESTION_DEFAULTS,
  otlpGrpcEndpoint: '127.0.0.1:0',
  otlpHttpEndpoint: '127.0.0.1:0',
  batchIntervalMs: 50,
  maxMessageBytes: 64 * 1024,
};

describe('runtime receivers with real OTel exporters', function () {
  this.timeout(60_000);
  let runtime: RunningRuntime;
  let deps: OpenServerDeps;
  let store: GraphStore;
  let mcp: Connected;
  const logs: string[] = [];

  before(async () => {
    ({ deps, store } = await fixtureDeps('go-routes'));
    runtime = await startRuntimeService(deps, { config, log: (m) => logs.push(m) });
    mcp = await connect(deps);
  });
  after(async () => {
    await mcp.close();
    await runtime.close();
  });

  it('turns HTTP, gRPC and messaging spans from two exporters into typed edges with trace-ID samples', async () => {
    const checkout = new OtelService('checkout', 'grpc', runtime.grpcAddress);
    const users = new OtelService('go-routes', 'proto', runtime.httpAddress);
    const mailer = new OtelService('mailer', 'grpc', runtime.grpcAddress);
    const traces = [];
    for (let i = 0; i < 12; i++) traces.push(emitTraffic(checkout, users, mailer));
    await Promise.all([checkout.flush(), users.flush(), mailer.flush()]);
    await runtime.queue.flush();
    await Promise.all([checkout.shutdown(), users.shutdown(), mailer.shutdown()]);

    const traffic = structured<{ items: WireEdge[] }>(await mcp.call('runtime_traffic', { service_name: 'checkout' })).items;
    const byType = new Map(traffic.map((e) => [e.EdgeType, e]));
    assert.deepEqual([...byType.keys()].sort(), ['runtime_calls', 'runtime_produces', 'runtime_rpc']);
    const names = new Map((await store.liveNodesOfRepo((await store.repos())[0].repoHash)).map((n) => [n.nodeHash, n.qualifiedName]));
    assert.equal(names.get(byType.get('runtime_calls')!.TargetHash), 'fixtures/go-routes://example.com/go-routes.Handlers.getUser');
    assert.equal(names.get(byType.get('runtime_rpc')!.TargetHash), 'fixtures/go-routes://example.com/go-routes.greeterServer.SayHello');
    for (const edge of [byType.get('runtime_calls')!, byType.get('runtime_rpc')!]) {
      assert.equal(edge.ObservationCount, 12, `${edge.EdgeType}: one observation per call, not per span`);
      assert.equal(edge.Confidence, 0.7, '10 or more observations');
      const ids = JSON.parse(edge.Provenance.slice('otel_trace:'.length)).trace_ids as string[];
      assert.equal(ids.length, 5);
      const sent = new Set(traces.map((t) => (edge.EdgeType === 'runtime_rpc' ? t.grpc : t.http)));
      assert.ok(ids.every((id) => sent.has(id)), 'samples are trace IDs the app sent');
    }
    const produced = byType.get('runtime_produces')!;
    assert.equal(produced.Provenance, 'runtime_unresolved');
    assert.equal(produced.Confidence, 0.3);
    const mailerTraffic = structured<{ items: WireEdge[] }>(await mcp.call('runtime_traffic', { service_name: 'mailer' })).items;
    assert.deepEqual(mailerTraffic.map((e) => [e.EdgeType, e.ObservationCount]), [['runtime_consumes', 12]]);
    assert.equal(mailerTraffic[0].TargetHash, produced.TargetHash, 'producer and consumer meet at the topic');

    const stats = await mcp.call('trace_stats');
    assert.deepEqual(structured(stats), {
      TotalEdges: 4, ActiveEdges: 4, StaleEdges: 0, GCEligible: 0,
      ByEdgeType: { runtime_calls: 1, runtime_consumes: 1, runtime_produces: 1, runtime_rpc: 1 },
    });
    const ingest = stats._meta?.['ckg/ingest'] as Record<string, number>;
    assert.equal(ingest.spans_received, 72);
    assert.equal(ingest.spans_mapped, 48);
    assert.equal(ingest.batches_dropped, 0);
    assert.equal(ingest.services_seen, 3);
    const dead = structured<{ items: Array<{ RoutePattern: string }> }>(await mcp.call('dead_routes')).items.map((r) => r.RoutePattern);
    assert.ok(!dead.includes('GET /users/{id}') && !dead.includes('Greeter/SayHello'), 'observed routes are alive');
    assert.ok(dead.includes('POST /users'), 'unobserved routes are dead');
  });

  it('answers malformed and oversize gRPC requests with errors and keeps serving', async () => {
    const client = new grpc.Client(runtime.grpcAddress, grpc.credentials.createInsecure());
    const call = (bytes: Buffer): Promise<grpc.ServiceError | null> => new Promise((resolve) => {
      client.makeUnaryRequest(TRACE_EXPORT_PATH, (b: Buffer) => b, (b: Buffer) => b, bytes, (error) => resolve(error));
    });
    try {
      const malformed = await call(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x0f, 0x01]));
      assert.equal(malformed?.code, grpc.status.INVALID_ARGUMENT);
      assert.match(malformed!.details, /malformed ExportTraceServiceRequest/);
      const oversize = await call(Buffer.alloc(config.maxMessageBytes + 1, 0));
      assert.equal(oversize?.code, grpc.status.RESOURCE_EXHAUSTED);
      assert.equal(await call(Buffer.alloc(0)), null, 'an empty request is valid and the server still answers');
    } finally {
      client.close();
    }
  });

  it('answers malformed, oversize and unsupported HTTP requests with OTLP/HTTP statuses and keeps serving', async () => {
    const post = (body: string | Buffer, type: string, path = '/v1/traces') =>
      fetch(`http://${runtime.httpAddress}${path}`, { method: 'POST', headers: { 'content-type': type }, body });
    const json = await post('{"resourceSpans": 7}', 'application/json');
    assert.equal(json.status, 400);
    assert.match((await json.json() as { message: string }).message, /resourceSpans: expected a list/);
    assert.equal((await post('not json', 'application/json')).status, 400);
    assert.equal((await post(Buffer.from([0x0a, 0xff, 0xff]), 'application/x-protobuf')).status, 400);
    assert.equal((await post(Buffer.alloc(config.maxMessageBytes + 10, 0x20), 'application/json')).status, 413);
    assert.equal((await post('{}', 'text/plain')).status, 415);
    assert.equal((await post('{}', 'application/json', '/v1/metrics')).status, 404);
    const badIds = await post(JSON.stringify({
      resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'probe' } }] },
        scopeSpans: [{ spans: [{ traceId: 'zz', spanId: '01', name: 'x', kind: 3 }] }] }],
    }), 'application/json');
    assert.equal(badIds.status, 200);
    assert.equal((await badIds.json() as { partialSuccess: { rejectedSpans: number } }).partialSuccess.rejectedSpans, 1);
    const ok = await post(JSON.stringify({
      resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'probe' } }] },
        scopeSpans: [{ spans: [{
          traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', name: 'GET', kind: 3,
          startTimeUnixNano: String(Date.now() * 1e6), endTimeUnixNano: String(Date.now() * 1e6),
          attributes: [{ key: 'peer.service', value: { stringValue: 'go-routes' } }, { key: 'http.request.method', value: { stringValue: 'GET' } },
            { key: 'url.path', value: { stringValue: '/healthz' } }],
        }] }] }],
    }), 'application/json');
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), {});
    await runtime.queue.flush();
    const probe = structured<{ items: WireEdge[] }>(await mcp.call('runtime_traffic', { service_name: 'probe' })).items;
    assert.equal(probe.length, 1, 'OTLP/JSON spans are ingested too');
  });
});
