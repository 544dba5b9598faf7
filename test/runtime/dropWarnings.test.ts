import * as assert from 'node:assert/strict';
import { DropWarnings } from '../../src/runtime/dropWarnings';
import { TRACE_INGESTION_DEFAULTS } from '../../src/runtime/config';
import { startRuntimeService } from '../../src/runtime/runtimeService';
import { fixtureDeps } from '../mcp/mcpHarness';
import { FakeScheduler } from './fakeScheduler';
import { span } from './spanFactory';

describe('runtime/dropWarnings: at most one line per interval, with counts', () => {
  it('logs the first drop at once, then sums drops into one line per 10 s', async () => {
    const clock = new FakeScheduler();
    const lines: string[] = [];
    const warnings = new DropWarnings(clock, (m) => lines.push(m), 128);
    warnings.dropped(1000);
    assert.equal(lines.length, 1);
    assert.match(lines[0], /queue full \(128 batches\); dropped the oldest 1 batch \(1000 spans\);/);
    for (let i = 0; i < 500; i++) {
      warnings.dropped(1000);
      await clock.advance(10);
    }
    // 500 drops over 5 s of fake time: none logged yet, one pending line at 10 s.
    assert.equal(lines.length, 1);
    await clock.advance(5000);
    assert.equal(lines.length, 2);
    assert.match(lines[1], /dropped the oldest 500 batches \(500000 spans\) in the last 10 s/);
    await clock.advance(60_000);
    assert.equal(lines.length, 2, 'no drops, no line');
    warnings.dropped(7);
    assert.equal(lines.length, 3, 'the first drop after a quiet interval is logged at once');
    warnings.dropped(3);
    warnings.flush();
    assert.equal(lines.length, 4, 'close logs what is pending');
    assert.match(lines[3], /1 batch \(3 spans\)/);
  });

  it('refuses a non-positive interval', () => {
    assert.throws(() => new DropWarnings(new FakeScheduler(), () => undefined, 1, 0), /runtime\/dropWarnings: intervalMs must be > 0, got 0/);
  });

  it('counts spans of dropped batches in spans_received, and warns once for a burst of drops', async function () {
    this.timeout(60_000);
    const { deps, store } = await fixtureDeps('go-routes');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const lines: string[] = [];
    const runtime = await startRuntimeService({
      store: () => deps.store(),
      withFreshGraph: async (work) => {
        await gate; // the writer is stuck until the burst is over
        return work();
      },
      persist: async () => undefined,
      now: () => deps.now(),
    }, {
      config: { ...TRACE_INGESTION_DEFAULTS, otlpGrpcEndpoint: '127.0.0.1:0', otlpHttpEndpoint: '127.0.0.1:0', batchSize: 2, queueSize: 1 },
      log: (m) => lines.push(m),
      scheduler: new FakeScheduler(),
    });
    try {
      for (let i = 0; i < 10; i++) runtime.queue.add([span({ kind: 3, serviceName: 'burst' }), span({ kind: 3, serviceName: 'burst' })]);
      release();
      await runtime.queue.flush();
    } finally {
      await runtime.close();
    }
    const counters = await store.runtimeCounters();
    assert.equal(counters.spans_received, 20, 'every span received, dropped or written');
    assert.equal(counters.batches_dropped, runtime.queue.drops.batches);
    assert.equal(counters.spans_dropped, runtime.queue.drops.spans);
    assert.ok(runtime.queue.drops.batches >= 8, `most of the burst was dropped (${runtime.queue.drops.batches})`);
    const warned = lines.filter((l) => /queue full/.test(l));
    assert.equal(warned.length, 2, `one line at the first drop, one summing the rest at close:\n${warned.join('\n')}`);
    assert.match(warned[1], new RegExp(`dropped the oldest ${runtime.queue.drops.batches - 1} batches`));
  });
});
