/**
 * Time for the runtime engine's timers (batch interval, decay job, forwarder backoff), in
 * milliseconds. Tests pass a fake that moves time by hand, so every timed transition can
 * be checked without waiting.
 */
export interface Scheduler {
  now(): number;
  setTimeout(work: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (work, ms) => {
    const handle = setTimeout(work, ms);
    // Timers alone never keep a process alive: servers and signals do.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
