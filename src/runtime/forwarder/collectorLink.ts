import type { Scheduler } from '../scheduler';

/** SPEC 3.4 states of the link to an upstream collector or team instance. */
export type LinkState = 'CONNECTED' | 'RECONNECTING' | 'DISCONNECTED' | 'DISABLED';

/** Sends one ExportTraceServiceRequest upstream; rejects when the upstream cannot be reached. */
export interface ExportTransport {
  send(request: Uint8Array): Promise<void>;
  close(): void;
}

/** SPEC 3.4 and §8 limits; tests may pass others, the defaults are the SPEC's. */
export const LINK_DEFAULTS = {
  bufferSpans: 10_000,
  initialBackoffMs: 1000,
  maxBackoffMs: 60_000,
  reconnectTimeoutMs: 5 * 60_000,
  maxConsecutiveFailures: 10,
  pollIntervalMs: 60_000,
  circuitBreakerMs: 5 * 60_000,
};

export type LinkLimits = typeof LINK_DEFAULTS;

interface Pending {
  readonly request: Uint8Array;
  readonly spans: number;
}

/** An empty ExportTraceServiceRequest: a reconnect probe when nothing is buffered. */
const PROBE = new Uint8Array(0);

/**
 * The forwarder's state machine (SPEC 3.4), with the decisions SPEC leaves open:
 * - it starts CONNECTED and learns otherwise from the first failed send; that request is
 *   dropped (spans from before the disconnect are not replayed). The failed send detects
 *   the loss; it is not a reconnect attempt;
 * - RECONNECTING buffers up to 10,000 spans (oldest dropped) and retries after 1 s,
 *   doubling to 60 s; a retry sends the oldest buffered request, or an empty probe;
 * - 5 minutes without reconnecting, or 10 consecutive failed attempts in any state, make
 *   it DISCONNECTED: the buffer is dropped, new spans are not buffered, and after a
 *   5-minute circuit-breaker pause it polls every 60 s; 10 failed polls in a row pause
 *   5 minutes again. With the SPEC timings the 10th reconnect attempt would fall at
 *   303 s, so in RECONNECTING the 5-minute rule decides;
 * - a successful poll goes back to CONNECTED (SPEC: not shown; this is the choice).
 */
export class CollectorLink {
  private current: LinkState;
  private buffer: Pending[] = [];
  private buffered = 0;
  private sending = false;
  private failures = 0;
  private backoffMs: number;
  private lostAt = 0;
  private timer: unknown;
  private deadline: unknown;
  private closed = false;
  private readonly counts = { forwardedSpans: 0, droppedSpans: 0, failedAttempts: 0 };
  private readonly limits: LinkLimits;

  constructor(private readonly options: {
    readonly endpoint: string;
    readonly enabled: boolean;
    readonly transport?: ExportTransport;
    readonly scheduler: Scheduler;
    readonly log: (message: string) => void;
    readonly limits?: Partial<LinkLimits>;
  }) {
    this.limits = { ...LINK_DEFAULTS, ...options.limits };
    this.backoffMs = this.limits.initialBackoffMs;
    this.current = options.enabled && options.endpoint !== '' && options.transport ? 'CONNECTED' : 'DISABLED';
  }

  get state(): LinkState {
    return this.current;
  }

  get stats(): { readonly state: LinkState; readonly bufferedSpans: number; readonly forwardedSpans: number; readonly droppedSpans: number; readonly failedAttempts: number } {
    return { state: this.current, bufferedSpans: this.buffered, ...this.counts };
  }

  /** Hands one received request on; never throws and never waits. */
  forward(request: Uint8Array, spans: number): void {
    if (this.closed || this.current === 'DISABLED') return;
    if (this.current === 'DISCONNECTED') {
      this.counts.droppedSpans += spans;
      return;
    }
    this.enqueue({ request, spans });
    if (this.current === 'CONNECTED') void this.pump();
  }

  /** Stops timers and the transport; buffered spans are dropped. */
  close(): void {
    this.closed = true;
    this.options.scheduler.clearTimeout(this.timer);
    this.options.scheduler.clearTimeout(this.deadline);
    this.options.transport?.close();
  }

  private enqueue(item: Pending): void {
    this.buffer.push(item);
    this.buffered += item.spans;
    while (this.buffered > this.limits.bufferSpans && this.buffer.length > 1) {
      const oldest = this.buffer.shift()!;
      this.buffered -= oldest.spans;
      this.counts.droppedSpans += oldest.spans;
    }
  }

  /** Sends the buffer in order while CONNECTED; the first failure moves to RECONNECTING. */
  private async pump(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.current === 'CONNECTED' && this.buffer.length > 0 && !this.closed) {
        const item = this.buffer.shift()!;
        this.buffered -= item.spans;
        try {
          await this.options.transport!.send(item.request);
          this.counts.forwardedSpans += item.spans;
          this.failures = 0;
        } catch (error) {
          this.counts.droppedSpans += item.spans;
          this.lost(error);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  private lost(error: unknown): void {
    if (this.closed || this.current !== 'CONNECTED') return;
    this.options.log(`ckg serve: forward to ${this.options.endpoint} failed (${message(error)}); reconnecting`);
    this.current = 'RECONNECTING';
    this.lostAt = this.options.scheduler.now();
    this.backoffMs = this.limits.initialBackoffMs;
    this.failures = 0;
    this.deadline = this.options.scheduler.setTimeout(() => {
      if (this.current === 'RECONNECTING') this.disconnect(`no reconnect within ${this.limits.reconnectTimeoutMs / 1000} s`, this.limits.circuitBreakerMs);
    }, this.limits.reconnectTimeoutMs);
    this.schedule(this.backoffMs);
  }

  private schedule(ms: number): void {
    this.options.scheduler.clearTimeout(this.timer);
    this.timer = this.options.scheduler.setTimeout(() => void this.attempt(), ms);
  }

  /** One reconnect attempt (RECONNECTING) or poll (DISCONNECTED). */
  private async attempt(): Promise<void> {
    if (this.closed || (this.current !== 'RECONNECTING' && this.current !== 'DISCONNECTED')) return;
    const item = this.current === 'RECONNECTING' ? this.buffer[0] : undefined;
    try {
      await this.options.transport!.send(item ? item.request : PROBE);
    } catch {
      this.failure();
      if (this.current === 'RECONNECTING') {
        if (this.options.scheduler.now() - this.lostAt >= this.limits.reconnectTimeoutMs) {
          this.disconnect(`no reconnect within ${this.limits.reconnectTimeoutMs / 1000} s`, this.limits.circuitBreakerMs);
          return;
        }
        this.backoffMs = Math.min(this.backoffMs * 2, this.limits.maxBackoffMs);
        this.schedule(this.backoffMs);
      } else if (this.current === 'DISCONNECTED' && this.failures > 0) {
        this.schedule(this.limits.pollIntervalMs);
      }
      return;
    }
    if (this.closed) return;
    if (item && this.buffer[0] === item) {
      this.buffer.shift();
      this.buffered -= item.spans;
      this.counts.forwardedSpans += item.spans;
    }
    this.reconnected();
  }

  /** Counts a failed attempt; the 10th in a row disconnects (again) with a 5-minute pause. */
  private failure(): void {
    this.failures++;
    this.counts.failedAttempts++;
    if (this.failures >= this.limits.maxConsecutiveFailures) {
      this.disconnect(`${this.failures} consecutive failed attempts`, this.limits.circuitBreakerMs);
    }
  }

  private disconnect(reason: string, pauseMs: number): void {
    if (this.current !== 'DISCONNECTED') {
      this.options.log(`ckg serve: forward to ${this.options.endpoint} disconnected: ${reason}; spans are not forwarded until it answers again`);
    }
    this.current = 'DISCONNECTED';
    this.failures = 0;
    this.options.scheduler.clearTimeout(this.deadline);
    this.counts.droppedSpans += this.buffered;
    this.buffer = [];
    this.buffered = 0;
    this.schedule(pauseMs);
  }

  private reconnected(): void {
    this.options.log(`ckg serve: forward to ${this.options.endpoint} connected`);
    this.current = 'CONNECTED';
    this.failures = 0;
    this.backoffMs = this.limits.initialBackoffMs;
    this.options.scheduler.clearTimeout(this.deadline);
    this.options.scheduler.clearTimeout(this.timer);
    void this.pump();
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
