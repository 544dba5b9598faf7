import * as os from 'node:os';
import { Worker } from 'node:worker_threads';
import { Assets } from '../assets';
import type { FileFacts } from '../extract/facts';
import { skippedFacts } from '../extract/manifests/collector';
import { extractFile } from '../extract/parser';
import { languageForPath } from '../extract/registry';
import { DEFAULT_WORK_BUDGET, SKIP_OVER_MEMORY_BUDGET, SKIP_OVER_TIME_BUDGET, type WorkBudget } from '../extract/workBudget';
import { decodeFacts } from './factsCodec';
import type { ParseReply, ParseRequest } from './workerProtocol';

export type ParseOutcome = {
  readonly facts?: FileFacts;
  readonly encoded?: Uint8Array;
  readonly captures?: number;
  readonly error?: string;
};

/** One worker per core, minus one when there are more than two (DESIGN §2). */
export function defaultWorkerCount(): number {
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  return cores > 2 ? cores - 1 : cores;
}

/**
 * Requests a worker holds at once: the next file is already there when it replies, so it
 * never waits for a busy main thread to hand it one.
 */
const REQUESTS_PER_WORKER = 2;

/** Heap limit of one parse worker, MB: a file that needs more is skipped, not the run. */
export const DEFAULT_WORKER_HEAP_MB = 1024;

/** How a pool bounds its workers. */
export interface ParsePoolOptions {
  /** Each file's parse and extraction budget (the extractor's default when absent). */
  readonly budget?: WorkBudget;
  /**
   * A worker that has held a request this long without replying is stuck: it is
   * terminated and replaced, and its file is skipped over the time budget. Default:
   * twice the budget's time plus 2 s (60 s when the budget has no time limit).
   */
  readonly stuckAfterMs?: number;
  /** Heap limit of each worker, MB (DEFAULT_WORKER_HEAP_MB). */
  readonly maxHeapMb?: number;
  /** The worker script; tests pass one that hangs. */
  readonly workerScript?: string;
  /**
   * A long-lived host's pool (WarmParseWorker): a worker with nothing to do does not keep
   * the process alive, so a host that forgets to close it still exits.
   */
  readonly unrefWhenIdle?: boolean;
  /**
   * Requests each worker holds at once (REQUESTS_PER_WORKER). With one, a stuck worker's
   * file is known for sure; with more, a file whose parse awaits (a grammar loading) may
   * be blamed for the next one's hang, skipped over time and parsed again next run.
   */
  readonly requestsPerWorker?: number;
}

interface PoolWorker {
  readonly thread: Worker;
  /** Requests sent and not answered, oldest first: the oldest is the one being worked on. */
  readonly inFlight: ParseRequest[];
  /** When the worker last replied, or was handed work while it had none. */
  lastProgress: number;
  /** Grammar loads asked of it and not answered, by request id: outside the request slots. */
  readonly preloads: Map<number, () => void>;
}

/**
 * Parses files in worker threads; each worker loads a grammar once. Results come back
 * in any order; the caller (the single writer) consumes them as they arrive. A worker
 * stuck on one file, or out of memory, is replaced: its file is skipped with the reason
 * and the files it held besides are handed to others, so no file blocks the run.
 */
export class ParsePool {
  private readonly workers = new Set<PoolWorker>();
  /** One entry per request a worker can take now. */
  private idle: PoolWorker[] = [];
  private readonly pending = new Map<number, (outcome: ParseOutcome) => void>();
  private readonly queue: ParseRequest[] = [];
  private nextId = 0;
  private readonly script: string;
  private readonly budget: WorkBudget | undefined;
  private readonly stuckAfterMs: number;
  private readonly maxHeapMb: number;
  private readonly watchdog: NodeJS.Timeout;
  private readonly unrefWhenIdle: boolean;
  private readonly requestsPerWorker: number;
  /** Files whose grammars every worker loads on start (preload), so a replacement is warm too. */
  private preloadPaths: string[] = [];
  /** Workers replaced so far (stuck or out of memory). */
  replaced = 0;

  constructor(size = defaultWorkerCount(), options: ParsePoolOptions = {}) {
    this.script = options.workerScript ?? Assets.parseWorker();
    this.budget = options.budget;
    const budgetMs = options.budget?.milliseconds ?? DEFAULT_WORK_BUDGET.milliseconds;
    this.stuckAfterMs = options.stuckAfterMs ?? (budgetMs > 0 ? budgetMs * 2 + 2000 : 60_000);
    this.maxHeapMb = options.maxHeapMb ?? DEFAULT_WORKER_HEAP_MB;
    this.unrefWhenIdle = options.unrefWhenIdle ?? false;
    this.requestsPerWorker = options.requestsPerWorker ?? REQUESTS_PER_WORKER;
    for (let i = 0; i < size; i++) this.spawn();
    this.watchdog = setInterval(() => this.replaceStuck(), Math.max(10, Math.min(1000, this.stuckAfterMs / 4)));
    this.watchdog.unref();
  }

  /** Parses one file; `budget` overrides the pool's for this file. */
  parse(path: string, source: string, mode: 'extract' | 'floor' = 'extract', budget = this.budget): Promise<ParseOutcome> {
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.pending.set(id, resolve);
      this.queue.push({ id, path, source, mode, ...(budget ? { budget } : {}) });
      this.dispatch();
    });
  }

  /**
   * Loads the grammars these files need in every worker, now and in every worker started
   * later to replace one, so the first parse of each does not pay for it.
   */
  async preload(paths: Iterable<string>): Promise<void> {
    // One file per grammar is enough, and keeps the message small for a large repository.
    const byGrammar = new Map<string, string>();
    for (const p of [...this.preloadPaths, ...paths]) {
      const spec = languageForPath(p);
      if (spec?.parser === 'tree-sitter' && !byGrammar.has(`${spec.grammar}:${spec.folder}`)) byGrammar.set(`${spec.grammar}:${spec.folder}`, p);
    }
    this.preloadPaths = [...byGrammar.values()];
    await Promise.all([...this.workers].map((worker) => this.sendPreload(worker)));
  }

  async close(): Promise<void> {
    clearInterval(this.watchdog);
    const threads = [...this.workers].map((w) => w.thread);
    this.workers.clear();
    await Promise.all(threads.map((t) => t.terminate()));
  }

  private spawn(): void {
    const worker: PoolWorker = {
      thread: startWorker(this.script, this.maxHeapMb), inFlight: [], lastProgress: performance.now(), preloads: new Map(),
    };
    worker.thread.on('message', (reply: ParseReply) => this.onReply(worker, reply));
    worker.thread.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.replace(worker, outOfMemory ? SKIP_OVER_MEMORY_BUDGET : undefined, `parse worker crashed: ${error.message}`);
    });
    this.workers.add(worker);
    for (let slot = 0; slot < this.requestsPerWorker; slot++) this.idle.push(worker);
    if (this.preloadPaths.length > 0) void this.sendPreload(worker);
    this.holdProcessWhileBusy(worker);
  }

  private sendPreload(worker: PoolWorker): Promise<void> {
    return new Promise((resolve) => {
      const id = this.nextId++;
      worker.preloads.set(id, resolve);
      this.holdProcessWhileBusy(worker);
      worker.thread.postMessage({ id, path: '', source: '', mode: 'preload', paths: this.preloadPaths } satisfies ParseRequest);
    });
  }

  /** With unrefWhenIdle, a worker keeps the process alive only while it owes a reply. */
  private holdProcessWhileBusy(worker: PoolWorker): void {
    if (!this.unrefWhenIdle) return;
    if (worker.inFlight.length + worker.preloads.size > 0) worker.thread.ref();
    else worker.thread.unref();
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const request = this.queue.shift()!;
      if (worker.inFlight.length === 0) worker.lastProgress = performance.now();
      worker.inFlight.push(request);
      this.holdProcessWhileBusy(worker);
      worker.thread.postMessage(request);
    }
  }

  private onReply(worker: PoolWorker, reply: ParseReply): void {
    if (!this.workers.has(worker)) return;
    const preloaded = worker.preloads.get(reply.id);
    if (preloaded) {
      worker.preloads.delete(reply.id);
      this.holdProcessWhileBusy(worker);
      return preloaded();
    }
    const at = worker.inFlight.findIndex((r) => r.id === reply.id);
    if (at >= 0) worker.inFlight.splice(at, 1);
    worker.lastProgress = performance.now();
    const resolve = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    this.idle.push(worker);
    this.dispatch();
    this.holdProcessWhileBusy(worker);
    resolve?.(reply.encoded ? decoded(reply.encoded) : { captures: reply.captures, error: reply.error });
  }

  private replaceStuck(): void {
    const now = performance.now();
    for (const worker of this.workers) {
      if (worker.inFlight.length > 0 && now - worker.lastProgress > this.stuckAfterMs) {
        this.replace(worker, SKIP_OVER_TIME_BUDGET, 'parse worker stuck');
      }
    }
  }

  /**
   * Terminates a worker and starts another. Its oldest request is the file it was stuck
   * on: skipped with `reason` (or failed with `error`); the rest go back to the queue.
   */
  private replace(worker: PoolWorker, reason: string | undefined, error: string): void {
    if (!this.workers.delete(worker)) return;
    this.replaced++;
    this.idle = this.idle.filter((w) => w !== worker);
    void worker.thread.terminate();
    for (const preloaded of worker.preloads.values()) preloaded();
    const [culprit, ...others] = worker.inFlight;
    this.queue.unshift(...others);
    if (culprit) {
      const resolve = this.pending.get(culprit.id);
      this.pending.delete(culprit.id);
      const language = languageForPath(culprit.path)?.id;
      resolve?.(reason && language ? { facts: skippedFacts(culprit.path, language, reason) } : { error });
    }
    this.spawn();
    this.dispatch();
  }
}

/**
 * The bundled worker runs as is. From sources (tests under tsx) the loader hooks do not
 * reach worker threads, so the worker registers tsx's require hook itself first.
 */
function startWorker(script: string, maxHeapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb };
  if (!script.endsWith('.ts')) return new Worker(script, { resourceLimits });
  return new Worker(`require('tsx/cjs'); require(${JSON.stringify(script)});`, { eval: true, resourceLimits });
}

function decoded(encoded: Uint8Array): ParseOutcome {
  try {
    return { facts: decodeFacts(encoded), encoded };
  } catch (error) {
    return { error: `facts from the parse worker do not decode: ${(error as Error).message}` };
  }
}

/** Parses in this thread: cheaper than a pool for a handful of files (a saved file). */
export async function parseInline(path: string, source: string, budget?: WorkBudget): Promise<ParseOutcome> {
  try {
    return { facts: await extractFile(path, source, budget) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
