import * as fs from 'node:fs';
import * as path from 'node:path';
import { type IndexOptions, type IndexSummary, RepoIndexer } from '../index/repoIndexer';
import { WarmParseWorker } from '../index/warmParseWorker';
import { GraphCache } from '../query/graphCache';
import { REPLY_CAP_DEFAULTS } from '../mcp/replyCap';
import type { ServerDeps } from '../mcp/server';
import { type IndexRoots, indexRoots } from '../mcp/indexRoots';
import type { EnrichTarget } from '../enrich/enricher';
import { enrichTargetsOf } from '../enrich/targets';
import { type GenerationWatch, type GraphStore, StoreOpenError, isServerLocation, openStore } from '../store';
import { RepositoryLockTurns } from '../index/repositoryLockTurns';

export const GRAPH_FILE = 'graph.sqlite';

/** How this server names itself to writers waiting for its lock. */
const WRITER_COMMAND = 'Code Graph graph server (VS Code)';

/** Saves wait for this much quiet after a write, and never longer than the cap. */
const SAVE_DEBOUNCE_MS = 500;
const SAVE_MAX_DELAY_MS = 5000;

/**
 * The graph the server process owns: one sql.js store, the one indexer that writes it,
 * and a queue that serialises every write (index runs, saves, enrichment batches), so
 * the single writer is never interleaved. Reads (tools, views) run between writes. The
 * store is persisted atomically, debounced after writes, and on close. It is also the
 * MCP server's deps: agents see the live graph.
 */
export class GraphService implements ServerDeps {
  readonly graphs: GraphCache;
  /** MCP index_repo indexes only under the workspace folders (a folder that is gone is skipped). */
  readonly indexRoots: IndexRoots;
  private readonly indexer: RepoIndexer;
  /** Saves parse here, off the thread that answers the editor (see WarmParseWorker). */
  private readonly saveParser = new WarmParseWorker();
  private queue: Promise<unknown> = Promise.resolve();
  /** Index writes taking a repository's lock, one at a time (underRepositoryLock). */
  private readonly repositoryTurns: RepositoryLockTurns;
  private saveTimer: NodeJS.Timeout | undefined;
  private firstUnsavedWrite = 0;
  private tokenCap: number = REPLY_CAP_DEFAULTS.tokenCap;
  private indexedListener: (targets: EnrichTarget[]) => void = () => undefined;
  private readonly watch: GenerationWatch | undefined;

  private constructor(private readonly graph: GraphStore, private readonly log: (message: string) => void, rootDirs: readonly string[]) {
    this.graphs = new GraphCache(() => graph);
    this.indexRoots = indexRoots([], async () => rootDirs);
    this.indexer = new RepoIndexer(graph, (message) => log(`warning: ${message}`), this.saveParser);
    this.repositoryTurns = new RepositoryLockTurns((options) => graph.lockForWriting(options), { command: WRITER_COMMAND, onWait: log });
    // A shared graph moves under other processes' writes: build the new view when told.
    this.watch = graph.capabilities.repositoryLocks ? graph.watchGenerations?.(() => {
      this.graphs.refresh().catch((error: Error) => log(`refreshing the graph view: ${error.message}`));
    }, log) : undefined;
  }

  /**
   * Opens the graph file in `storagePath`, creating it when absent. A file that is not a
   * graph (or a newer format) is moved aside, named in the log, and a fresh graph started:
   * the editor's own storage must not stop the extension from working. `rootDirs` are
   * the workspace folders: the only directories MCP index_repo may index.
   */
  static async open(storagePath: string, log: (message: string) => void, rootDirs: readonly string[] = [], database?: string): Promise<GraphService> {
    // A shared database (the codeKnowledgeGraph.database setting) is written by others too:
    // this server locks per write, never for its whole session (see writeLocked).
    if (database !== undefined && isServerLocation(database)) return new GraphService(await openStore(database), log, rootDirs);
    fs.mkdirSync(storagePath, { recursive: true });
    const dbPath = path.join(storagePath, GRAPH_FILE);
    // The server writes this graph for its whole session, so it holds the writer lock
    // from before the first read to close(): a `ckg index` pointed at the same file, or a
    // second window on the same workspace, waits instead of losing writes.
    const writer = { command: WRITER_COMMAND, onWait: log };
    try {
      return new GraphService(await openStore(dbPath, { writer }), log, rootDirs);
    } catch (error) {
      if (!(error instanceof StoreOpenError)) throw error;
      const aside = `${dbPath}.unreadable-${Date.now()}`;
      fs.renameSync(dbPath, aside);
      log(`${(error as Error).message}; moved it to ${aside} and started a new graph`);
      return new GraphService(await openStore(dbPath, { writer }), log, rootDirs);
    }
  }

  get location(): string {
    return this.graph.location;
  }

  store(): GraphStore {
    return this.graph;
  }

  get replyTokenCap(): number {
    return this.tokenCap;
  }

  setTokenCap(cap: number): void {
    if (!Number.isInteger(cap) || cap <= REPLY_CAP_DEFAULTS.reserve) {
      throw new Error(`tokenCap: expected an integer above ${REPLY_CAP_DEFAULTS.reserve}, got ${cap}`);
    }
    this.tokenCap = cap;
  }

  now(): number {
    return Math.floor(Date.now() / 1000);
  }

  /**
   * Runs a write after every earlier one; the graph is saved soon after. On a store with
   * repository locks (a shared PostgreSQL graph) each write holds the graph's lock while it
   * runs: other processes write the same graph, and this one must not hold them off for
   * its whole session as it does a graph file of its own.
   */
  write<T>(work: () => Promise<T> | T): Promise<T> {
    const run = async (): Promise<T> => {
      const lease = this.graph.capabilities.repositoryLocks ? await this.graph.lockForWriting({ command: WRITER_COMMAND, onWait: this.log }) : undefined;
      try {
        return await work();
      } finally {
        await lease?.release();
        this.scheduleSave();
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Says, after every index write (the extension's runs, saves, Impact, MCP index_repo),
   * which files enrichment should visit: see enrichTargetsOf. A run over a past commit
   * is included; the enricher skips files whose graph content is not what is on disk.
   */
  onIndexed(listener: (targets: EnrichTarget[]) => void): void {
    this.indexedListener = listener;
  }

  index(options: IndexOptions): Promise<IndexSummary> {
    return this.underRepositoryLock(options.repoPath, options.repoUrl, () => this.indexWrite(() => this.indexer.index(options)));
  }

  reindexFiles(root: string, relativePaths: readonly string[], maxFileBytes?: number): Promise<IndexSummary> {
    return this.underRepositoryLock(root, undefined, () => this.indexWrite(() => this.indexer.reindexFiles(root, relativePaths, maxFileBytes)));
  }

  /** On a store with repository locks, an index of a repository holds that repository's lock first (RepositoryLockTurns). */
  private underRepositoryLock<T>(repoPath: string, repoUrl: string | undefined, work: () => Promise<T>): Promise<T> {
    return this.graph.capabilities.repositoryLocks ? this.repositoryTurns.run(repoPath, repoUrl, work) : work();
  }

  prepareForEdits(root: string): Promise<void> {
    return this.indexer.prepareForEdits(root);
  }

  /** MCP tools' own small writes (feedback votes). */
  persist(): Promise<void> {
    return this.write(() => undefined).then(() => this.flush());
  }

  /** Saves now when anything is unsaved, behind the writes already queued. */
  async flush(): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (this.firstUnsavedWrite === 0) return;
    const save = async (): Promise<void> => {
      this.firstUnsavedWrite = 0;
      await this.graph.save();
    };
    const result = this.queue.then(save, save);
    this.queue = result.catch((error: unknown) => this.log(`cannot save ${this.graph.location}: ${(error as Error).message}`));
    await result;
  }

  async close(): Promise<void> {
    await this.flush();
    await this.queue;
    await this.saveParser.close();
    await this.watch?.close();
    await this.graph.close();
  }

  private indexWrite(run: () => Promise<IndexSummary>): Promise<IndexSummary> {
    return this.write(async () => {
      const summary = await run();
      const targets = await enrichTargetsOf(this.graph, summary);
      if (targets.length > 0) this.indexedListener(targets);
      return summary;
    });
  }

  private scheduleSave(): void {
    const now = Date.now();
    if (this.firstUnsavedWrite === 0) this.firstUnsavedWrite = now;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    const delay = Math.max(0, Math.min(SAVE_DEBOUNCE_MS, this.firstUnsavedWrite + SAVE_MAX_DELAY_MS - now));
    this.saveTimer = setTimeout(() => {
      this.flush().catch(() => undefined);
    }, delay);
    this.saveTimer.unref?.();
  }
}
