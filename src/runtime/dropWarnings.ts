import type { Scheduler } from './scheduler';

/** How often a drop warning may be logged at most. */
export const DROP_WARNING_DEFAULTS = { intervalMs: 10_000 } as const;

/**
 * Logs dropped batches at most once per interval, with the counts dropped since the last
 * line. Under a flood the queue drops a batch per batch received, and one line each
 * would bury every other message (and cost a write to stderr per batch). The first drop
 * after a quiet interval is logged at once; later ones are summed and logged when the
 * interval since the last line has passed, or at close.
 */
export class DropWarnings {
  private batches = 0;
  private spans = 0;
  private lastLineAt: number | undefined;
  private timer: unknown;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly log: (message: string) => void,
    private readonly queueSize: number,
    private readonly intervalMs: number = DROP_WARNING_DEFAULTS.intervalMs,
  ) {
    if (!(intervalMs > 0)) throw new Error(`runtime/dropWarnings: intervalMs must be > 0, got ${intervalMs}`);
  }

  /** Records one dropped batch of `spans` spans. */
  dropped(spans: number): void {
    this.batches++;
    this.spans += spans;
    const now = this.scheduler.now();
    if (this.lastLineAt === undefined || now - this.lastLineAt >= this.intervalMs) {
      this.flush();
      return;
    }
    this.timer ??= this.scheduler.setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, this.lastLineAt + this.intervalMs - now);
  }

  /** Logs what was dropped since the last line, if anything (also at shutdown). */
  flush(): void {
    this.scheduler.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.batches === 0) return;
    const since = this.lastLineAt === undefined ? '' : ` in the last ${Math.round((this.scheduler.now() - this.lastLineAt) / 1000)} s`;
    this.log(
      `ckg serve: warning: trace batch queue full (${this.queueSize} batches); dropped the oldest `
      + `${plural(this.batches, 'batch', 'batches')} (${plural(this.spans, 'span', 'spans')})${since}; `
      + 'the writer is slower than the spans arriving (trace_stats counts batches_dropped, spans_dropped)',
    );
    this.lastLineAt = this.scheduler.now();
    this.batches = 0;
    this.spans = 0;
  }
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
