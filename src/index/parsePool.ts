import * as os from 'node:os';
import { Worker } from 'node:worker_threads';
import { Assets } from '../assets';
import type { FileFacts } from '../extract/facts';
import { extractFile } from '../extract/parser';
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

/**
 * Parses files in worker threads; each worker loads a grammar once. Results come back
 * in any order; the caller (the single writer) consumes them as they arrive.
 */
export class ParsePool {
  private readonly workers: Worker[] = [];
  /** One entry per request a worker can take now. */
  private readonly idle: Worker[] = [];
  private readonly pending = new Map<number, (outcome: ParseOutcome) => void>();
  private readonly queue: ParseRequest[] = [];
  private nextId = 0;

  constructor(size = defaultWorkerCount()) {
    const script = Assets.parseWorker();
    for (let i = 0; i < size; i++) {
      const worker = startWorker(script);
      worker.on('message', (reply: ParseReply) => this.onReply(worker, reply));
      worker.on('error', (error) => this.failAll(`parse worker crashed: ${error.message}`));
      this.workers.push(worker);
      for (let slot = 0; slot < REQUESTS_PER_WORKER; slot++) this.idle.push(worker);
    }
  }

  parse(path: string, source: string, mode: 'extract' | 'floor' = 'extract'): Promise<ParseOutcome> {
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.pending.set(id, resolve);
      this.queue.push({ id, path, source, mode });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) this.idle.pop()!.postMessage(this.queue.shift()!);
  }

  private onReply(worker: Worker, reply: ParseReply): void {
    const resolve = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    this.idle.push(worker);
    this.dispatch();
    resolve?.(reply.encoded ? decoded(reply.encoded) : { captures: reply.captures, error: reply.error });
  }

  private failAll(error: string): void {
    for (const resolve of this.pending.values()) resolve({ error });
    this.pending.clear();
    this.queue.length = 0;
  }
}

/**
 * The bundled worker runs as is. From sources (tests under tsx) the loader hooks do not
 * reach worker threads, so the worker registers tsx's require hook itself first.
 */
function startWorker(script: string): Worker {
  if (!script.endsWith('.ts')) return new Worker(script);
  return new Worker(`require('tsx/cjs'); require(${JSON.stringify(script)});`, { eval: true });
}

function decoded(encoded: Uint8Array): ParseOutcome {
  try {
    return { facts: decodeFacts(encoded), encoded };
  } catch (error) {
    return { error: `facts from the parse worker do not decode: ${(error as Error).message}` };
  }
}

/** Parses in this thread: cheaper than a pool for a handful of files (a saved file). */
export async function parseInline(path: string, source: string): Promise<ParseOutcome> {
  try {
    return { facts: await extractFile(path, source) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
