import * as fs from 'node:fs';
import { type IndexOptions, type IndexSummary, RepoIndexer } from '../index/repoIndexer';
import type { LifecycleWindows } from '../runtime/confidence';
import { openSqlJsStore } from '../store';
import type { GraphStore } from '../store/graphStore';
import { GraphCache } from '../query/graphCache';
import { REPLY_CAP_DEFAULTS } from './replyCap';
import type { ServerDeps } from './server';

export interface ServerDepsOptions {
  /** Reply cap in tokens (default 25,000). */
  readonly replyTokenCap?: number;
  /** Indexer warnings and re-read failures: stderr in the CLI. */
  readonly log?: (message: string) => void;
  /** Unix seconds (tests fix it). */
  readonly now?: () => number;
  /** Runtime lifecycle windows from the config (`ckg serve --config`). */
  readonly runtimeWindows?: LifecycleWindows;
  /** trace_ingestion.service_map from the config. */
  readonly runtimeServiceMap?: Readonly<Record<string, string>>;
}

export interface OpenServerDeps extends ServerDeps {
  /** Waits for a running index, then closes the store. */
  close(): Promise<void>;
}

/** Opens (or creates) the graph file at `dbPath` and builds the server's deps over it. */
export async function openServerDeps(dbPath: string, options: ServerDepsOptions = {}): Promise<OpenServerDeps> {
  const signature = fileSignature(dbPath);
  return new GraphFileDeps(await openSqlJsStore(dbPath), signature, options);
}

/** Deps over a store already open (tests, the extension's server); its location is watched the same way. */
export function serverDepsFor(store: GraphStore, options: ServerDepsOptions = {}): OpenServerDeps {
  return new GraphFileDeps(store, fileSignature(store.location), options);
}

/**
 * The tools' view of one graph file. A server answers from memory; when another process
 * (`ckg index`, a second server) replaces the file, the next request re-reads it, so
 * answers are never older than the file. Its own writes (index_repo) are saved
 * atomically and remembered, so they do not trigger a re-read. A re-read store replaces
 * the old one, which is closed once no request still uses it.
 */
class GraphFileDeps implements OpenServerDeps {
  readonly replyTokenCap: number;
  readonly runtimeWindows: LifecycleWindows | undefined;
  readonly runtimeServiceMap: Readonly<Record<string, string>> | undefined;
  private current: GraphStore;
  private cache: GraphCache;
  private indexer: RepoIndexer;
  /** Generations of the stores read before this one, so the reported one only grows. */
  private generationOffset = 0;
  private inFlight = 0;
  private writing = 0;
  private retired: GraphStore[] = [];
  private reloading: Promise<void> | undefined;
  private indexQueue: Promise<unknown> = Promise.resolve();
  private readonly log: (message: string) => void;
  private readonly clock: () => number;

  constructor(store: GraphStore, private signature: string | undefined, options: ServerDepsOptions) {
    const cap = options.replyTokenCap ?? REPLY_CAP_DEFAULTS.tokenCap;
    if (!Number.isInteger(cap) || cap <= REPLY_CAP_DEFAULTS.reserve) {
      throw new Error(`mcp/serverDeps: replyTokenCap must be an integer above ${REPLY_CAP_DEFAULTS.reserve}`);
    }
    this.replyTokenCap = cap;
    this.runtimeWindows = options.runtimeWindows;
    this.runtimeServiceMap = options.runtimeServiceMap;
    this.log = options.log ?? (() => undefined);
    this.clock = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.current = store;
    this.cache = new GraphCache(() => store);
    this.indexer = this.indexerFor(store);
  }

  store(): GraphStore {
    return this.current;
  }

  get graphs(): GraphCache {
    return this.cache;
  }

  now(): number {
    return this.clock();
  }

  generation(): number {
    return this.generationOffset + this.current.generation;
  }

  async withFreshGraph<T>(work: () => Promise<T>): Promise<T> {
    await this.refresh();
    this.inFlight++;
    try {
      return await work();
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) for (const old of this.retired.splice(0)) old.close();
    }
  }

  index(options: IndexOptions): Promise<IndexSummary> {
    // One index at a time; each starts from the newest file so it never overwrites
    // another process's work with an older graph.
    const run = async (): Promise<IndexSummary> => {
      await this.refresh();
      this.writing++;
      try {
        const summary = await this.indexer.index(options);
        if (summary.newSnapshot) {
          await this.current.save();
          this.signature = fileSignature(this.current.location);
        }
        return summary;
      } finally {
        this.writing--;
      }
    };
    const result = this.indexQueue.then(run, run);
    this.indexQueue = result.catch(() => undefined);
    return result;
  }

  persist(): Promise<void> {
    // Queued with indexing: a save must never interleave with an index run's writes.
    const run = async (): Promise<void> => {
      this.writing++;
      try {
        await this.current.save();
        this.signature = fileSignature(this.current.location);
      } finally {
        this.writing--;
      }
    };
    const result = this.indexQueue.then(run, run);
    this.indexQueue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    await this.indexQueue;
    for (const old of this.retired.splice(0)) old.close();
    this.current.close();
  }

  /** Re-reads the file when its signature moved since this process last read or wrote it. */
  private refresh(): Promise<void> {
    if (this.writing > 0) return Promise.resolve();
    if (this.reloading) return this.reloading;
    const signature = fileSignature(this.current.location);
    if (signature === undefined || signature === this.signature) return Promise.resolve();
    this.reloading = this.reload(signature).finally(() => {
      this.reloading = undefined;
    });
    return this.reloading;
  }

  private async reload(signature: string): Promise<void> {
    const location = this.current.location;
    let fresh: GraphStore;
    try {
      fresh = await openSqlJsStore(location);
    } catch (error) {
      // Keep answering from memory; a later write of the file is tried again.
      this.signature = signature;
      this.log(`ckg mcp: cannot re-read ${location}: ${(error as Error).message}; answering from the graph in memory`);
      return;
    }
    this.generationOffset += this.current.generation + 1;
    this.retired.push(this.current);
    this.current = fresh;
    this.cache = new GraphCache(() => fresh);
    this.indexer = this.indexerFor(fresh);
    this.signature = signature;
    if (this.inFlight === 0) for (const old of this.retired.splice(0)) old.close();
  }

  private indexerFor(store: GraphStore): RepoIndexer {
    return new RepoIndexer(store, (message) => this.log(`warning: ${message}`));
  }
}

/** Identifies one version of a file: an atomic rename changes the inode even when size and mtime match. */
function fileSignature(location: string): string | undefined {
  if (location === ':memory:') return undefined;
  try {
    const stat = fs.statSync(location);
    return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return undefined;
  }
}
