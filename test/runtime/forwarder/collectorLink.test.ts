import * as assert from 'node:assert/strict';
import { CollectorLink, type ExportTransport } from '../../../src/runtime/forwarder/collectorLink';
import { FakeScheduler } from '../fakeScheduler';

/** An upstream a test switches up and down; it records what arrived. */
class FakeUpstream implements ExportTransport {
  up = true;
  attempts = 0;
  readonly received: string[] = [];

  send(request: Uint8Array): Promise<void> {
    this.attempts++;
    if (!this.up) return Promise.reject(new Error('UNAVAILABLE: connection refused'));
    if (request.length > 0) this.received.push(Buffer.from(request).toString());
    return Promise.resolve();
  }

  close(): void {}
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const bytes = (text: string): Uint8Array => Buffer.from(text);

describe('forwarder link (SPEC 3.4) with a fake clock', () => {
  let clock: FakeScheduler;
  let upstream: FakeUpstream;
  let link: CollectorLink;
  const logs: string[] = [];

  beforeEach(() => {
    clock = new FakeScheduler();
    upstream = new FakeUpstream();
    logs.length = 0;
    link = new CollectorLink({ endpoint: 'team:4317', enabled: true, transport: upstream, scheduler: clock, log: (m) => logs.push(m) });
  });
  afterEach(() => link.close());

  it('is DISABLED without an endpoint or when disabled, and then never sends', async () => {
    for (const options of [{ endpoint: '', enabled: true }, { endpoint: 'team:4317', enabled: false }]) {
      const off = new CollectorLink({ ...options, transport: upstream, scheduler: clock, log: () => undefined });
      off.forward(bytes('a'), 1);
      await clock.advance(SECOND);
      assert.equal(off.state, 'DISABLED');
    }
    assert.equal(upstream.attempts, 0);
  });

  it('CONNECTED forwards in order', async () => {
    link.forward(bytes('a'), 1);
    link.forward(bytes('b'), 2);
    await clock.advance(0);
    assert.equal(link.state, 'CONNECTED');
    assert.deepEqual(upstream.received, ['a', 'b']);
    assert.equal(link.stats.forwardedSpans, 3);
  });

  it('CONNECTED -> RECONNECTING on a failed send (not replayed), backoff 1 s doubling, then CONNECTED flushes the buffer', async () => {
    upstream.up = false;
    link.forward(bytes('lost'), 1);
    await clock.advance(0);
    assert.equal(link.state, 'RECONNECTING');
    link.forward(bytes('b1'), 1);
    link.forward(bytes('b2'), 1);
    const attemptsAt: number[] = [];
    const before = upstream.attempts;
    for (let t = 0; t < 15 * SECOND; t += 100) {
      await clock.advance(100);
      if (upstream.attempts > before + attemptsAt.length) attemptsAt.push(clock.now());
    }
    assert.deepEqual(attemptsAt, [1 * SECOND, 3 * SECOND, 7 * SECOND, 15 * SECOND].filter((t) => t <= 15 * SECOND));
    upstream.up = true;
    await clock.advance(16 * SECOND);
    assert.equal(link.state, 'CONNECTED');
    assert.deepEqual(upstream.received, ['b1', 'b2'], 'buffered spans flushed; the failed request is not replayed');
    assert.equal(link.stats.droppedSpans, 1);
  });

  it('caps the backoff at 60 s', async () => {
    upstream.up = false;
    link.forward(bytes('x'), 1);
    await clock.advance(0);
    const times: number[] = [];
    let seen = upstream.attempts;
    while (clock.now() < 299 * SECOND) {
      await clock.advance(SECOND);
      if (upstream.attempts > seen) {
        seen = upstream.attempts;
        times.push(clock.now() / SECOND);
      }
    }
    assert.deepEqual(times, [1, 3, 7, 15, 31, 63, 123, 183, 243]);
  });

  it('buffers at most 10,000 spans while RECONNECTING, dropping the oldest', async () => {
    upstream.up = false;
    link.forward(bytes('lost'), 1);
    await clock.advance(0);
    for (let i = 0; i < 12; i++) link.forward(bytes(`r${i}`), 1000);
    assert.equal(link.stats.bufferedSpans, 10_000);
    upstream.up = true;
    await clock.advance(SECOND);
    assert.deepEqual(upstream.received, ['r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9', 'r10', 'r11']);
  });

  it('RECONNECTING -> DISCONNECTED after 5 minutes: buffer dropped, no buffering, circuit breaker 5 min, then polls every 60 s', async () => {
    upstream.up = false;
    link.forward(bytes('lost'), 1);
    await clock.advance(0);
    link.forward(bytes('b'), 5);
    await clock.advance(5 * MINUTE);
    assert.equal(link.state, 'DISCONNECTED');
    assert.equal(link.stats.bufferedSpans, 0);
    link.forward(bytes('while-down'), 7);
    assert.equal(link.stats.bufferedSpans, 0, 'DISCONNECTED does not buffer');
    const at = upstream.attempts;
    await clock.advance(5 * MINUTE - SECOND);
    assert.equal(upstream.attempts, at, 'the circuit breaker waits 5 minutes');
    await clock.advance(SECOND);
    assert.equal(upstream.attempts, at + 1, 'first poll after the pause');
    await clock.advance(MINUTE);
    assert.equal(upstream.attempts, at + 2, 'then every 60 s');
    await clock.advance(8 * MINUTE);
    assert.equal(upstream.attempts, at + 10, '10 failed polls in a row');
    await clock.advance(4 * MINUTE);
    assert.equal(upstream.attempts, at + 10, 'pause attempts 5 minutes');
    await clock.advance(MINUTE);
    assert.equal(upstream.attempts, at + 11);
    upstream.up = true;
    await clock.advance(MINUTE);
    assert.equal(link.state, 'CONNECTED', 'a successful poll reconnects');
    link.forward(bytes('after'), 1);
    await clock.advance(0);
    assert.deepEqual(upstream.received, ['after']);
    assert.ok(logs.some((l) => /disconnected: no reconnect within 300 s/.test(l)));
  });

  it('10 consecutive failures disconnect and pause attempts 5 minutes', async () => {
    link = new CollectorLink({
      endpoint: 'team:4317', enabled: true, transport: upstream, scheduler: clock, log: (m) => logs.push(m),
      limits: { maxBackoffMs: SECOND, reconnectTimeoutMs: 60 * MINUTE },
    });
    upstream.up = false;
    link.forward(bytes('lost'), 1);
    await clock.advance(0);
    await clock.advance(9.5 * SECOND);
    assert.equal(link.state, 'RECONNECTING');
    assert.equal(link.stats.failedAttempts, 9);
    await clock.advance(SECOND);
    assert.equal(link.state, 'DISCONNECTED');
    assert.ok(logs.some((l) => /10 consecutive failed attempts/.test(l)));
    const at = upstream.attempts;
    await clock.advance(5 * MINUTE - SECOND);
    assert.equal(upstream.attempts, at);
    await clock.advance(SECOND);
    assert.equal(upstream.attempts, at + 1);
  });
});
