import * as assert from 'node:assert/strict';
import { TRACE_INGESTION_DEFAULTS, type TraceIngestionConfig } from '../../../src/runtime/config';
import { type RunningRuntime, startRuntimeService } from '../../../src/runtime/runtimeService';
import type { GraphStore } from '../../../src/store';
import { fixtureDeps } from '../../mcp/mcpHarness';
import { OtelService, emitTraffic } from '../otelApp';

const base: TraceIngestionConfig = { ...TRACE_INGESTION_DEFAULTS, otlpGrpcEndpoint: '127.0.0.1:0', otlpHttpEndpoint: '127.0.0.1:0', batchIntervalMs: 50 };

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('forwarding to a real second instance that stops and restarts', function () {
  this.timeout(60_000);

  it('forwards while CONNECTED, buffers while RECONNECTING, flushes on reconnect', async () => {
    const upstreamStore: { store?: GraphStore } = {};
    const startUpstream = async (grpcEndpoint: string): Promise<RunningRuntime> => {
      const { deps, store } = await fixtureDeps('go-routes');
      upstreamStore.store = store;
      return startRuntimeService(deps, { config: { ...base, otlpGrpcEndpoint: grpcEndpoint }, log: () => undefined });
    };
    const received = async (): Promise<number> => (await upstreamStore.store?.runtimeCounters())?.spans_received ?? 0;
    let upstream = await startUpstream('127.0.0.1:0');
    const upstreamAddress = upstream.grpcAddress;
    const { deps } = await fixtureDeps('go-routes');
    const logs: string[] = [];
    const local = await startRuntimeService(deps, { config: { ...base, forwardEndpoint: upstreamAddress }, log: (m) => logs.push(m) });
    const app = { checkout: new OtelService('checkout', 'grpc', local.grpcAddress), users: new OtelService('go-routes', 'grpc', local.grpcAddress),
      mailer: new OtelService('mailer', 'grpc', local.grpcAddress) };
    const send = async (): Promise<void> => {
      emitTraffic(app.checkout, app.users, app.mailer);
      await Promise.all(Object.values(app).map((s) => s.flush()));
    };
    try {
      await send();
      await until('the upstream to receive the first spans', async () => (await received()) === 6);
      assert.equal(local.link.state, 'CONNECTED');

      await upstream.close();
      await send();
      await until('the link to notice the loss', () => local.link.state === 'RECONNECTING');
      await send();
      await send();
      assert.ok(local.link.stats.bufferedSpans > 0, 'spans received meanwhile are buffered');

      upstream = await startUpstream(upstreamAddress);
      await until('the link to reconnect', () => local.link.state === 'CONNECTED');
      await until('the buffered spans to arrive', async () => local.link.stats.bufferedSpans === 0 && (await received()) > 0);
      await upstream.queue.flush();
      const lostInFlight = local.link.stats.droppedSpans;
      assert.equal((await received()) + lostInFlight, 18, 'the restarted upstream got everything sent after the loss but the request that detected it');
      assert.ok(logs.some((l) => /reconnecting/.test(l)) && logs.some((l) => /connected$/.test(l)));
    } finally {
      await Promise.all(Object.values(app).map((s) => s.shutdown()));
      await local.close();
      await upstream.close();
    }
  });
});
