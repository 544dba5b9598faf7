/**
 * One writer at a time, and no reader inside a write: transactions run one after another,
 * and a call from outside a transaction waits until none is open. Work inside a
 * transaction goes through the handle it was given, which does not wait, so a
 * transaction never waits on itself.
 */
export class WriteLock {
  private tail: Promise<unknown> = Promise.resolve();
  private open = false;

  /** Runs `work` once every transaction queued before it has finished. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      this.open = true;
      try {
        return await work();
      } finally {
        this.open = false;
      }
    };
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves when no transaction is open; at once (no extra turn) when none is. */
  idle(): Promise<void> | undefined {
    return this.open ? this.waitIdle() : undefined;
  }

  /** Resolves once every queued transaction has finished. */
  async drained(): Promise<void> {
    await this.tail;
  }

  private async waitIdle(): Promise<void> {
    while (this.open) await this.tail;
  }
}
