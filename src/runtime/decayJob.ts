import type { Scheduler } from './scheduler';

/**
 * Runs the confidence decay and garbage collection now and then every interval
 * (trace_ingestion.confidence_decay_interval, SPEC §8: hourly). A run that fails is
 * reported and the next one still happens.
 */
export function startDecayJob(options: {
  readonly intervalMs: number;
  readonly scheduler: Scheduler;
  readonly run: () => Promise<void>;
  readonly onError: (error: unknown) => void;
}): { stop(): Promise<void> } {
  let timer: unknown;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = (): void => {
    running = options.run().catch(options.onError).finally(() => {
      if (!stopped) timer = options.scheduler.setTimeout(tick, options.intervalMs);
    });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      options.scheduler.clearTimeout(timer);
      await running;
    },
  };
}
