import * as assert from 'node:assert/strict';
import { SpanKind as OtelSpanKind } from '@opentelemetry/api';
import { TRACE_INGESTION_DEFAULTS } from '../../src/runtime/config';
import { RuntimeIngestor } from '../../src/runtime/ingestor';
import { startRuntimeService } from '../../src/runtime/runtimeService';
import { fixtureDeps } from '../mcp/mcpHarness';
import { OtelService } from './otelApp';
import { SpanKind } from '../../src/runtime/spans';
import type { GraphStore } from '../../src/store';
import { indexFixture, liveNodes, localName } from '../helpers/indexFixture';
import { span } from './spanFactory';

describe('runtime messaging spans on statically indexed topics', () => {
  let store: GraphStore;

  before(async () => {
    store = await indexFixture('queues');
  });
  after(() => store.close());

  // Three services consume order-placed (mailer, billing, shipping): the consuming span's own service picks its handler.
  it('lands produce and consume spans on the topic node publishes and subscribes point at, from the consumer handler', async () => {
    const ingestor = new RuntimeIngestor(() => store, { now: () => 1_800_000_000 });
    const producer = span({
      kind: SpanKind.PRODUCER, serviceName: 'orders', attributes: { 'messaging.system': 'kafka', 'messaging.destination.name': 'order-placed' },
    });
    const consumer = span({
      kind: SpanKind.CONSUMER, serviceName: 'mailer', traceId: producer.traceId, parentSpanId: producer.spanId,
      attributes: { 'messaging.system': 'kafka', 'messaging.destination.name': 'order-placed', 'messaging.operation.type': 'process' },
    });
    await ingestor.ingestSpans([producer, consumer]);
    const nodes = new Map([...await liveNodes(store), ...await store.liveNodesOutsideRepos()].map((n) => [n.nodeHash, n]));
    const name = (hash: string): string => localName(nodes.get(hash)?.qualifiedName ?? '?');
    const runtime = (await store.liveRuntimeEdges()).map((e) => `${e.edgeType} ${name(e.sourceHash)} -> ${name(e.targetHash)} [${e.provenance.split(':')[0]}]`).sort();
    assert.deepEqual(runtime, [
      'runtime_consumes mailer/consumer.sendReceipt -> UNRESOLVED/order-placed [otel_trace]',
      'runtime_produces UNRESOLVED/op -> UNRESOLVED/order-placed [otel_trace]',
    ]);
    const statics = (await store.liveEdges()).filter((e) => e.edgeType === 'publishes' || e.edgeType === 'subscribes');
    const topic = (await store.liveRuntimeEdges())[0].targetHash;
    assert.ok(statics.some((e) => e.edgeType === 'publishes' && e.targetHash === topic), 'the Go publish points at the same topic node');
    assert.ok(statics.some((e) => e.edgeType === 'subscribes' && e.targetHash === topic), 'the consumers point at the same topic node');
  });

  it('maps spans a real OTel SDK exports over OTLP: orders produces, mailer consumes through its handler', async function () {
    this.timeout(60_000);
    const { deps, store: served } = await fixtureDeps('queues');
    const config = { ...TRACE_INGESTION_DEFAULTS, otlpGrpcEndpoint: '127.0.0.1:0', otlpHttpEndpoint: '127.0.0.1:0', batchIntervalMs: 50 };
    const runtime = await startRuntimeService(deps, { config, log: () => undefined });
    try {
      const orders = new OtelService('orders', 'grpc', runtime.grpcAddress);
      const mailer = new OtelService('mailer', 'proto', runtime.httpAddress);
      const send = orders.start('order-placed publish', OtelSpanKind.PRODUCER, {
        'messaging.system': 'kafka', 'messaging.destination.name': 'order-placed', 'messaging.operation.type': 'publish',
      });
      const receive = mailer.start('order-placed process', OtelSpanKind.CONSUMER, {
        'messaging.system': 'kafka', 'messaging.destination.name': 'order-placed', 'messaging.operation.type': 'process',
      }, send);
      receive.end();
      send.end();
      await Promise.all([orders.flush(), mailer.flush()]);
      await runtime.queue.flush();
      await Promise.all([orders.shutdown(), mailer.shutdown()]);
      const nodes = new Map([...await liveNodes(served), ...await served.liveNodesOutsideRepos()].map((n) => [n.nodeHash, n.qualifiedName]));
      const runtimeEdges = (await served.liveRuntimeEdges())
        .map((e) => `${e.edgeType} ${localName(nodes.get(e.sourceHash) ?? '?')} -> ${localName(nodes.get(e.targetHash) ?? '?')} [${e.provenance.split(':')[0]}]`)
        .sort();
      assert.deepEqual(runtimeEdges, [
        'runtime_consumes mailer/consumer.sendReceipt -> UNRESOLVED/order-placed [otel_trace]',
        'runtime_produces UNRESOLVED/order-placed publish -> UNRESOLVED/order-placed [otel_trace]',
      ]);
    } finally {
      await runtime.close();
      await served.close();
    }
  });
});
