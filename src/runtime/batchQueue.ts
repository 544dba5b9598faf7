import type { Scheduler } from './scheduler';
import type { TraceSpan } from './spans';

export interface BatchQueueOptions {
  /** Spans per batch (SPEC §8: 1000). */
  readonly batchSize: number;
  /** A batch is closed this long after its first span at the latest (SPEC §8: 10 s). */
  readonly batchIntervalMs: number;
  /** Closed batches waiting to be written (SPEC §8: 128). */
  readonly queueSize: number;
  readonly scheduler: Scheduler;
  /** Writes one batch; the queue waits for it before the next. */
  readonly process: (batch: readonly TraceSpan[]) => Promise<void> | void;
  /** Called with each batch dropped because the queue was full. */
  readonly onDrop: (batch: readonly TraceSpan[]) => void;
  /** Called when process fails: the batch is lost, the queue goes on. */
  readonly onError: (error: unknown) => void;
}

/**
 * Spans are grouped into batches of batchSize or batchIntervalMs, whichever comes first,
 * and closed batches wait in a queue of queueSize for the single writer. When the queue is
 * full the oldest batch is dropped (SPEC §8), so a slow writer loses old data, never
 * memory. The writer yields to the event loop between batches, so receivers keep serving.
 */
export class BatchQueue {
  private current: TraceSpan[] = [];
  private timer: unknown;
  private readonly queue: TraceSpan[][] = [];
  private draining: Promise<void> | undefined;
  private dropped = { batches: 0, spans: 0 };

  constructor(private readonly options: BatchQueueOptions) {}

  add(spans: readonly TraceSpan[]): void {
    for (const span of spans) {
      if (this.current.length === 0) this.timer = this.options.scheduler.setTimeout(() => this.seal(), this.options.batchIntervalMs);
      this.current.push(span);
      if (this.current.length >= this.options.batchSize) this.seal();
    }
  }

  /** Batches waiting, not counting the open one. */
  get waiting(): number {
    return this.queue.length;
  }

  get drops(): { readonly batches: number; readonly spans: number } {
    return { ...this.dropped };
  }

  /** Closes the open batch and resolves when every queued batch is written. */
  async flush(): Promise<void> {
    this.seal();
    while (this.draining) await this.draining;
  }

  private seal(): void {
    this.options.scheduler.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.current.length === 0) return;
    this.queue.push(this.current);
    this.current = [];
    while (this.queue.length > this.options.queueSize) {
      const oldest = this.queue.shift()!;
      this.dropped.batches++;
      this.dropped.spans += oldest.length;
      this.options.onDrop(oldest);
    }
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
    });
  }

  private async drain(): Promise<void> {
    for (;;) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const batch = this.queue.shift();
      if (!batch) return;
      try {
        await this.options.process(batch);
      } catch (error) {
        this.options.onError(error);
      }
    }
  }
}
