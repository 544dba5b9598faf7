import type { EnrichmentConfig } from '../enrich/enrichmentConfig';
import { enrichRepository } from '../enrich/repoEnrichment';
import { type IndexOptions, type IndexSummary, RepoIndexer } from '../index/repoIndexer';
import { WarmParseWorker } from '../index/warmParseWorker';
import { RepositoryLockTurns } from '../index/repositoryLockTurns';
import type { Hash } from '../model';
import type { LifecycleWindows } from '../runtime/confidence';
import type { ServiceMap } from '../runtime/config';
import { type GenerationWatch, type GraphStore, type WriterLease, openStore, staticGeneration } from '../store';
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
  readonly runtimeServiceMap?: ServiceMap;
  /**
   * The directories index_repo may index (`--allow-root`). Default: the working
   * directory and every repository already in the graph.
   */
  readonly allowedRoots?: readonly string[];
  /** Names this server in the graph's writer lock while it writes (default 'ckg mcp'). */
  readonly writerCommand?: string;
  /**
   * The config's `enrichment` section: when enabled, each index_repo of a working tree is
   * followed by a `ckg enrich` of that repository, in the background.
   */
  readonly enrichment?: EnrichmentConfig;
  /**
   * Hear of generations other processes commit (a PostgreSQL graph: LISTEN/NOTIFY) and build
   * the new graph view before the next request asks: long-lived servers (`ckg mcp`, `ckg serve`).
   */
  readonly watchGenerations?: boolean;
}


export interface OpenServerDeps extends ServerDeps {
  /**
   * Runs a write (trace ingest, decay) as the graph's one writer: takes the writer lock
   * unless this process holds it, re-reading the graph first when another writer changed
   * it, and keeps the lock until the next persist() has saved the write.
   */
  withGraphWrite<T>(work: () => Promise<T>): Promise<T>;
  /** Waits for a running index, then closes the store and lets go of the writer lock. */
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
 *
 * Writes hold the graph's writer lock from before they read until their save: index_repo
 * for its run, trace ingest from its first write until persist(). The lock is taken only
 * while writing, so a `ckg index` beside a long-running server waits for one write, not
 * for the server to stop.
 */
class GraphDeps implements OpenServerDeps {
  readonly replyTokenCap: number;
  readonly runtimeWindows: LifecycleWindows | undefined;
  readonly runtimeServiceMap: ServiceMap | undefined;
  readonly indexRoots: IndexRoots;
  private readonly enrichment: EnrichmentConfig | undefined;
  private readonly closing = new AbortController();
  private current: GraphStore;
  private cache: GraphCache;
  private indexer: RepoIndexer;
  /** index_repo runs of a few files parse here, off the thread that answers the tools (see WarmParseWorker). */
  private readonly smallRunParser = new WarmParseWorker();
  /** Generations of the stores read before this one, so the reported one only grows. */
  private generationOffset = 0;
  private inFlight = 0;
  private writing = 0;
  private retired: GraphStore[] = [];
  private reloading: Promise<void> | undefined;
  /** The persisted version a re-open failed on: tried again only once the graph changes again. */
  private unreadableVersion: string | undefined;
  private indexQueue: Promise<unknown> = Promise.resolve();
  /** index_repo runs taking a repository's lock, one at a time. */
  private readonly repositoryTurns: RepositoryLockTurns;
  private readonly log: (message: string) => void;
  private readonly clock: () => number;
  private readonly writerCommand: string;
  /** The writer lock while this process writes; shared by all its writes. */
  private lease: WriterLease | undefined;
  private leasing: Promise<void> | undefined;
  /** Writes running under the lease: it is not let go while one runs. */
  private leaseUsers = 0;
  /** Generations other processes commit, heard as they commit (watchGenerations). */
  private watch: GenerationWatch | undefined;
  /** The static generation the indexer's caches (symbol and foreign tables) were last current at. */
  private indexerGeneration: number | undefined;

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
    this.writerCommand = options.writerCommand ?? 'ckg mcp';
    this.enrichment = options.enrichment;
    this.current = store;
    this.cache = new GraphCache(() => store);
    this.indexer = this.indexerFor(store);
    this.repositoryTurns = new RepositoryLockTurns((lock) => this.current.lockForWriting(lock), {
      command: this.writerCommand, onWait: (message) => this.log(`${this.writerCommand}: ${message}`),
    });
    if (options.watchGenerations && store.watchGenerations) {
      this.watch = store.watchGenerations(() => {
        this.cache.refresh().catch((error: Error) => this.log(`${this.writerCommand}: refreshing the graph view: ${error.message}`));
      }, (message) => this.log(`${this.writerCommand}: ${message}`));
    }
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
    // A repository's lock is taken before the run joins the queue (RepositoryLockTurns): a
    // trace ingest's save lets go of the graph's lock, which a `ckg index` of that
    // repository may be waiting for.
    const indexed = this.current.capabilities.repositoryLocks
      ? this.repositoryTurns.run(options.repoPath, options.repoUrl, () => this.queueIndex(options))
      : this.queueIndex(options);
    // Language servers read the working tree: an index of another commit is not enriched.
    if (this.enrichment?.enabled && !options.commit) void indexed.then((summary) => this.enrich(summary.repoHash), () => undefined);
    return indexed;
  }

  private queueIndex(options: IndexOptions): Promise<IndexSummary> {
    // One index at a time, under the writer lock, each starting from the newest file so
    // it never overwrites another process's work with an older graph.
    const run = async (): Promise<IndexSummary> => {
      this.writing++;
      try {
        const summary = await this.withGraphWrite(() => this.indexWithCurrentTables(options));
        if (summary.newSnapshot) await this.current.save();
        return summary;
      } finally {
        this.writing--;
        await this.releaseWhenIdle();
      }
    };
    return this.enqueue(run);
  }

  /**
   * A store every process writes (repository locks: a server database) is never re-opened,
   * so the indexer's tables of repositories would outlive other processes' writes to them:
   * when the static graph moved since this indexer last wrote, it starts afresh. Under the
   * graph's lock, so nobody else writes between the run and the generation read after it.
   */
  private async indexWithCurrentTables(options: IndexOptions): Promise<IndexSummary> {
    if (!this.current.capabilities.repositoryLocks) return this.indexer.index(options);
    const before = staticGeneration(await this.current.generation());
    if (this.indexerGeneration !== undefined && before !== this.indexerGeneration) this.indexer = this.indexerFor(this.current);
    try {
      return await this.indexer.index(options);
    } finally {
      // Unknown (the read failed): the next run starts afresh.
      this.indexerGeneration = await this.current.generation().then(staticGeneration, () => -1);
    }
  }

  /**
   * `ckg enrich` of one repository as a queued write: it holds the writer lock for the run
   * (other writes of this process queue behind it, at most `enrichment.budget`) and
   * checkpoints every minute and saves at the end, so a crash loses little of it.
   */
  private enrich(repoHash: Hash): Promise<void> {
    const settings = this.enrichment!;
    const say = (line: string): void => this.log(`${this.writerCommand}: enrichment: ${line}`);
    return this.enqueue(async () => {
      this.writing++;
      try {
        await this.withGraphWrite(async () => {
          const repo = await this.current.repo(repoHash);
          if (!repo) return;
          const store = this.current;
          const summary = await enrichRepository(store, repo, {
            servers: settings.servers, budgetMs: settings.budgetMs, timeoutMs: settings.timeoutMs, say, signal: this.closing.signal,
            checkpoint: () => store.save(),
          });
          await this.current.save();
          const cut = summary.budgetExhausted ? ' (budget ran out; the rest follows the next index)' : this.closing.signal.aborted ? ' (stopped: shutting down)' : '';
          say(`${repo.repoUrl} in ${summary.seconds.toFixed(1)} s${cut}`);
          for (const line of summary.report.lines()) say(`  ${line}`);
        });
      } catch (error) {
        say(`failed: ${(error as Error).message}`);
      } finally {
        this.writing--;
        await this.releaseWhenIdle();
      }
    });
  }

  async withGraphWrite<T>(work: () => Promise<T>): Promise<T> {
    // The check and the count are one synchronous step, so no release slips in between.
    while (!this.lease) await this.takeWriterLock();
    this.leaseUsers++;
    try {
      return await work();
    } finally {
      this.leaseUsers--;
    }
  }

  persist(): Promise<void> {
    // Queued with indexing: a save must never interleave with an index run's writes.
    const run = async (): Promise<void> => {
      this.writing++;
      try {
        if (!this.lease) await this.lockForSave();
        await this.current.save();
      } finally {
        this.writing--;
        await this.releaseWhenIdle();
      }
    };
    return this.enqueue(run);
  }

  /** Runs a write after every write queued before it, whether those failed or not. */
  private enqueue<T>(run: () => Promise<T>): Promise<T> {
    const result = this.indexQueue.then(run, run);
    this.indexQueue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    // An enrichment under way stops after its current batch; what it wrote is saved.
    this.closing.abort();
    await this.indexQueue;
    await this.closeRetired();
    await this.smallRunParser.close();
    await this.watch?.close();
    try {
      await this.current.close();
    } finally {
      const lease = this.lease;
      this.lease = undefined;
      await lease?.release();
    }
  }

  /** Takes the writer lock (one attempt shared by every write waiting for it). */
  private takeWriterLock(): Promise<void> {
    this.leasing ??= this.acquireWriterLock().finally(() => {
      this.leasing = undefined;
    });
    return this.leasing;
  }

  private async acquireWriterLock(): Promise<void> {
    const lease = await this.current.lockForWriting({
      wait: true, command: this.writerCommand, onWait: (message) => this.log(`${this.writerCommand}: ${message}`),
    });
    try {
      // Another writer may have saved while this one waited: write on top of its graph.
      const stale = this.current;
      if (!(await stale.isCurrent())) {
        await this.reloading;
        if (this.current === stale) await this.reopen(stale, await stale.persistedVersion());
      }
      if (!(await this.current.isCurrent())) {
        throw new Error(`cannot re-read ${this.current.location}, which another writer changed; not writing over it`);
      }
    } catch (error) {
      await lease.release();
      throw error;
    }
    this.lease = lease;
  }

  /**
   * The lock for a save of a change made without it (a feedback vote). When another
   * writer replaced the file since this store read it, saving would drop that writer's
   * work: refuse, and the next request reads the newer graph.
   */
  private async lockForSave(): Promise<void> {
    const lease = await this.current.lockForWriting({
      wait: true, command: this.writerCommand, onWait: (message) => this.log(`${this.writerCommand}: ${message}`),
    });
    if (!(await this.current.isCurrent())) {
      await lease.release();
      throw new Error(`another writer changed ${this.current.location} since this server read it; not saving over it (try again)`);
    }
    this.lease = lease;
  }

  /** Lets the next writer in once no write of this process runs. */
  private async releaseWhenIdle(): Promise<void> {
    if (!this.lease || this.leaseUsers > 0) return;
    const lease = this.lease;
    this.lease = undefined;
    await lease.release();
  }

  /** Opens the graph again when the store no longer shows the newest one. */
  private async refresh(): Promise<void> {
    // While this process writes it holds the lock, so nobody else changed the file.
    if (this.writing > 0 || this.lease) return;
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
    return new RepoIndexer(store, (message) => this.log(`warning: ${message}`), this.smallRunParser);
  }
}
