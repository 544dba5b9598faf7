import { type IndexOptions, type IndexSummary, RepoIndexer } from '../index/repoIndexer';
import type { LifecycleWindows } from '../runtime/confidence';
import { type GraphStore, openStore } from '../store';
import { GraphCache } from '../query/graphCache';
import { type IndexRoots, indexRoots } from './indexRoots';
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
  /**
   * The directories index_repo may index (`--allow-root`). Default: the working
   * directory and every repository already in the graph.
   */
  readonly allowedRoots?: readonly string[];
}

export interface OpenServerDeps extends ServerDeps {
  /** Waits for a running index, then closes the store. */
  close(): Promise<void>;
}

/** Opens (or creates) the graph at `location` and builds the server's deps over it. */
export async function openServerDeps(location: string, options: ServerDepsOptions = {}): Promise<OpenServerDeps> {
  return new GraphDeps(await openStore(location), options);
}

/** Deps over a store already open (tests, the extension's server); its freshness is checked the same way. */
export function serverDepsFor(store: GraphStore, options: ServerDepsOptions = {}): OpenServerDeps {
  return new GraphDeps(store, options);
}

/**
 * The tools' view of one graph. When the store says it no longer shows the newest graph
 * (another process, `ckg index` or a second server, replaced the file it read), the next
 * request opens it again, so answers are never older than the graph. Its own writes
 * (index_repo) keep the store current. A re-opened store replaces the old one, which is
 * closed once no request still uses it.
 */
class GraphDeps implements OpenServerDeps {
  readonly replyTokenCap: number;
  readonly runtimeWindows: LifecycleWindows | undefined;
  readonly runtimeServiceMap: Readonly<Record<string, string>> | undefined;
  readonly indexRoots: IndexRoots;
  private current: GraphStore;
  private cache: GraphCache;
  private indexer: RepoIndexer;
  /** Generations of the stores read before this one, so the reported one only grows. */
  private generationOffset = 0;
  private inFlight = 0;
  private writing = 0;
  private retired: GraphStore[] = [];
  private reloading: Promise<void> | undefined;
  /** The persisted version a re-open failed on: tried again only once the graph changes again. */
  private unreadableVersion: string | undefined;
  private indexQueue: Promise<unknown> = Promise.resolve();
  private readonly log: (message: string) => void;
  private readonly clock: () => number;

  constructor(store: GraphStore, options: ServerDepsOptions) {
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
    this.indexRoots = options.allowedRoots
      ? indexRoots(options.allowedRoots)
      : indexRoots([process.cwd()], async () => (await this.current.repos()).map((repo) => repo.rootPath));
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

  async generation(): Promise<number> {
    return this.generationOffset + (await this.current.generation()).total;
  }

  async withFreshGraph<T>(work: () => Promise<T>): Promise<T> {
    await this.refresh();
    this.inFlight++;
    try {
      return await work();
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) await this.closeRetired();
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
        if (summary.newSnapshot) await this.current.save();
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
    await this.closeRetired();
    await this.current.close();
  }

  /** Opens the graph again when the store no longer shows the newest one. */
  private async refresh(): Promise<void> {
    if (this.writing > 0) return;
    if (this.reloading) return this.reloading;
    const stale = this.current;
    if (await stale.isCurrent()) return;
    const version = await stale.persistedVersion();
    if (version !== undefined && version === this.unreadableVersion) return;
    // Another request may have started the same re-open while this one asked.
    if (this.reloading || this.current !== stale) return this.reloading;
    this.reloading = this.reopen(stale, version).finally(() => {
      this.reloading = undefined;
    });
    return this.reloading;
  }

  private async reopen(stale: GraphStore, version: string | undefined): Promise<void> {
    const location = stale.location;
    let fresh: GraphStore;
    try {
      fresh = await openStore(location);
    } catch (error) {
      // Keep answering from memory until the graph changes again.
      this.unreadableVersion = version;
      this.log(`ckg mcp: cannot re-read ${location}: ${(error as Error).message}; answering from the graph in memory`);
      return;
    }
    this.generationOffset += (await stale.generation()).total + 1;
    this.retired.push(stale);
    this.current = fresh;
    this.cache = new GraphCache(() => fresh);
    this.indexer = this.indexerFor(fresh);
    if (this.inFlight === 0) await this.closeRetired();
  }

  private async closeRetired(): Promise<void> {
    for (const old of this.retired.splice(0)) await old.close();
  }

  private indexerFor(store: GraphStore): RepoIndexer {
    return new RepoIndexer(store, (message) => this.log(`warning: ${message}`));
  }
}
