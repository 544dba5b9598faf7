import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import * as path from 'node:path';
import type { WireEdge } from '../../src/mcp/wire';
import { GRAPH_FILE, GraphService } from '../../src/server/graphService';
import type { TraceIngestionSettings } from '../../src/server/protocol';
import { TraceReceiverControl } from '../../src/server/traceReceiver';
import { openStore } from '../../src/store';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';
import { connect, structured } from '../mcp/mcpHarness';
import { OtelService, emitTraffic } from '../runtime/otelApp';

const SETTINGS: TraceIngestionSettings = {
  enabled: false,
  otlp_endpoint: '127.0.0.1:0',
  batch_size: 1000,
  batch_interval: 0.05,
  confidence_decay_interval: 3600,
  gc_threshold_days: 90,
  service_map: {},
};

describe('server/traceReceiver: Start/Stop Trace Receiver over the extension\'s graph', function () {
  this.timeout(60_000);
  let storage: string;
  let service: GraphService;
  let control: TraceReceiverControl;

  before(async () => {
    storage = makeTempDir();
    service = await GraphService.open(storage, () => undefined);
    await service.index({ repoPath: path.join(FIXTURE_REPOS, 'go-routes'), repoUrl: 'fixtures/go-routes' });
    control = new TraceReceiverControl(service);
  });
  after(async () => {
    await control.stop();
    await service.close();
  });

  it('receives spans from real OTLP exporters (gRPC and HTTP) into the graph the tools read, and saves it on Stop', async () => {
    const started = await control.start(SETTINGS);
    assert.equal(started.running, true, started.message);
    const { grpcAddress, httpAddress } = control.receiver!.runtime;
    assert.match(started.message, new RegExp(`OTLP/gRPC on ${grpcAddress}, OTLP/HTTP on http://${httpAddress}/v1/traces`));
    assert.equal((await control.start(SETTINGS)).message, `already running: ${control.receiver!.description}`);

    const checkout = new OtelService('checkout', 'grpc', grpcAddress);
    const users = new OtelService('go-routes', 'proto', httpAddress);
    const mailer = new OtelService('mailer', 'grpc', grpcAddress);
    const traces = emitTraffic(checkout, users, mailer);
    await Promise.all([users.flush(), mailer.flush()]);
    await checkout.flush();
    await Promise.all([checkout.shutdown(), users.shutdown(), mailer.shutdown()]);

    const stopped = await control.stop();
    assert.equal(stopped.running, false);
    assert.equal(control.receiver, undefined);

    const mcp = await connect(service);
    try {
      const traffic = structured<{ items: WireEdge[] }>(await mcp.call('runtime_traffic', { service_name: 'go-routes' })).items;
      assert.deepEqual(traffic.map((e) => e.EdgeType).sort(), ['runtime_calls', 'runtime_rpc']);
      assert.ok(traffic.every((e) => e.ObservationCount === 1 && e.Provenance.startsWith('otel_trace:')));
      assert.ok(traffic.some((e) => e.Provenance.includes(traces.http)));
      const stats = structured<{ ByEdgeType: Record<string, number> }>(await mcp.call('trace_stats'));
      assert.deepEqual(stats.ByEdgeType, { runtime_calls: 1, runtime_consumes: 1, runtime_produces: 1, runtime_rpc: 1 });
    } finally {
      await mcp.close();
    }
    const saved = await openStore(path.join(storage, GRAPH_FILE));
    try {
      assert.equal((await saved.liveRuntimeEdges()).length, 4, 'Stop wrote every span and saved the graph file');
    } finally {
      await saved.close();
    }
    assert.match((await control.stop()).message, /not running/);
  });

  it('refuses bad settings with a message naming the key, and a taken port with the reason', async () => {
    const bad = await control.start({ ...SETTINGS, gc_threshold_days: 10 });
    assert.equal(bad.running, false);
    assert.match(bad.message, /codeKnowledgeGraph\.traceIngestion.*trace_ingestion\.gc_threshold_days \(10\): expected more than stale_after_days \(30\)/);
    const malformed = await control.start({ ...SETTINGS, otlp_endpoint: 'localhost' });
    assert.match(malformed.message, /trace_ingestion\.otlp_endpoint "localhost": expected HOST:PORT/);

    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blocker.address() as net.AddressInfo).port;
      const taken = await control.start({ ...SETTINGS, otlp_endpoint: `127.0.0.1:${port}` });
      assert.equal(taken.running, false);
      assert.match(taken.message, /^cannot start the trace receiver: OTLP\/gRPC receiver: cannot listen on 127\.0\.0\.1:\d+/);
      assert.equal(control.receiver, undefined);
    } finally {
      blocker.close();
    }
  });
});
