import * as fs from 'node:fs';
import type { GraphStore, StoreCapabilities } from '../graphStore';
import type { StoreGeneration } from '../records';
import type { GraphTables, WriterLease, WriterLockOptions } from '../roles';
import type { SqlJsDatabase } from './database';
import { fileSignature } from './fileSignature';
import { acquireGraphFileLock } from './graphFileLock';
import type { GraphFileSaver } from './graphFileSaver';
import { SqlJsTables } from './sqljsTables';
import { WriteLock } from './writeLock';

/**
 * Every member of the roles that SqlJsTables answers as it is. Written out so that the
 * compiler fails here when a role gains a member the tables do not delegate.
 */
const DELEGATED: Record<Exclude<keyof GraphTables, 'bulkLoad'>, true> = {
  upsertRepo: true, repo: true, repos: true, nextSnapshotSeq: true, insertSnapshot: true, deleteSnapshot: true,
  snapshot: true, snapshots: true, latestSnapshot: true, nodesAt: true, edgesAt: true, filesAt: true, edgeBucketDigests: true, holdForeignRuntimeEdges: true,
  edgeEvents: true, edgeEventCounts: true,
  liveFiles: true, liveFile: true, hasLiveFiles: true, liveFileRecords: true, liveNodesOfFile: true, liveNodesOfRepo: true,
  liveRepoLevelNodes: true, liveNodesOutsideRepos: true, node: true, liveNodesByHash: true, nodesByPrefix: true,
  liveEdgesOwnedBy: true, ownersOfEdgesInto: true, liveEdges: true, forEachLiveEdge: true, liveEdgesByHash: true, routeSymbols: true, counts: true,
  countsOfRepo: true,
  facts: true, putFacts: true, deleteFacts: true, staleFactsCount: true, liveFactsOfRepo: true, fileStats: true, putFileStats: true, deleteFileStats: true,
  openFile: true, closeFile: true, replaceFileNodes: true, retainFileNodes: true, ensureRepoLevelNodes: true,
  sweepRepoLevelNodes: true, replaceOwnedEdges: true, retainOwnedEdges: true, replaceFileRoutes: true,
  insertNewRows: true,
  liveRuntimeEdges: true, insertRuntimeEdge: true, updateRuntimeEdge: true, removeRuntimeEdge: true,
  closeUntouchedPlaceholders: true, runtimeConfidenceCaps: true, addObservations: true, observationTotals: true,
  pruneObservations: true, recordServicesSeen: true, servicesSeen: true, addRuntimeCounters: true, runtimeCounters: true,
  recordFeedback: true, feedbackCounts: true,
  recordEnrichment: true, enrichmentStates: true, enrichmentSummary: true,
  replaceRepoProvides: true, repoProvides: true, replaceRepoRequests: true, requestsOfServices: true,
};

type Gate = () => Promise<void> | undefined;

/**
 * The roles over the tables, each call first passing `gate`: the store's own members wait
 * for an open transaction to commit, a transaction's handle passes at once.
 */
function gatedTables(tables: SqlJsTables, gate: Gate): Omit<GraphTables, 'bulkLoad'> {
  const roles: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const member of Object.keys(DELEGATED)) {
    const answer = (tables as unknown as Record<string, (...args: unknown[]) => unknown>)[member].bind(tables);
    roles[member] = async (...args) => {
      const wait = gate();
      if (wait) await wait;
      return answer(...args);
    };
  }
  return roles as unknown as Omit<GraphTables, 'bulkLoad'>;
}

/**
 * The embedded store: a graph file read whole into an in-memory sql.js database and
 * written back by save(), only its changed pages through a journal or the whole file
 * atomically (graphFileSaver.ts). Transactions run one at a time under a
 * write lock; a call from outside waits for an open one, so nobody reads half a run.
 */
export interface SqlJsStore extends GraphStore {}

export class SqlJsStore {
  readonly capabilities: StoreCapabilities = { runtime: true, feedback: true, testScope: true, bulkLoad: true };
  private readonly tables: SqlJsTables;
  private readonly lock = new WriteLock();
  private readonly transactionHandle: GraphTables;
  private writes = 0;
  private saving: Promise<void> = Promise.resolve();
  private runtimeWrites = 0;
  /** When the graph this store shows was last written (StoreGeneration.committedAt). */
  private committedAt: number | undefined;
  /** The persisted version this store shows: read before the file was, moved by save(). */
  private shownVersion: string | undefined;
  /** The writer lock this store was opened under (openStore's `writer`), released on close. */
  private ownedLease: WriterLease | undefined;

  constructor(
    private readonly database: SqlJsDatabase,
    readonly location: string,
    readVersion: string | undefined,
    private readonly saver?: GraphFileSaver,
  ) {
    this.shownVersion = readVersion;
    // The graph read from a file is as old as the file's last write.
    this.committedAt = readVersion === undefined ? undefined : modifiedAt(location);
    this.tables = new SqlJsTables(database);
    Object.assign(this, gatedTables(this.tables, () => this.lock.idle()), {
      bulkLoad: () => Promise.reject(new Error('store/sqljs: bulkLoad runs inside a transaction, on its handle')),
    });
    this.transactionHandle = {
      ...gatedTables(this.tables, () => undefined),
      bulkLoad: (repoHash, seq, snapshotHash, work) => this.tables.bulkLoad(repoHash, seq, snapshotHash, work),
    };
  }

  async generation(): Promise<StoreGeneration> {
    return { total: this.writes, runtime: this.runtimeWrites, ...(this.committedAt === undefined ? {} : { committedAt: this.committedAt }) };
  }

  async isCurrent(): Promise<boolean> {
    const persisted = fileSignature(this.location);
    return persisted === undefined || persisted === this.shownVersion;
  }

  async persistedVersion(): Promise<string | undefined> {
    return fileSignature(this.location);
  }

  transaction<T>(work: (tx: GraphTables) => Promise<T>): Promise<T> {
    return this.commit(work, false);
  }

  runtimeTransaction<T>(work: (tx: GraphTables) => Promise<T>): Promise<T> {
    return this.commit(work, true);
  }

  async lockForWriting(options: WriterLockOptions = {}): Promise<WriterLease> {
    if (this.location === ':memory:') return { release: async () => undefined };
    const lock = await acquireGraphFileLock(this.location, options);
    return { release: async () => lock.release() };
  }

  /** Keeps `lease` until close(): the store was opened under it. */
  holdUntilClose(lease: WriterLease): void {
    this.ownedLease = lease;
  }

  async save(): Promise<void> {
    const saver = this.saver;
    if (this.location === ':memory:' || !saver) return;
    // One save at a time, each of what the transactions before it committed.
    const run = this.saving.then(() => this.saveNow(saver));
    this.saving = run.catch(() => undefined);
    return run;
  }

  private async saveNow(saver: GraphFileSaver): Promise<void> {
    const wait = this.lock.idle();
    if (wait) await wait;
    // Chosen while no transaction is open: a page-level plan holds copies of the changed
    // blocks, so transactions go on while they are written; a whole-file save reads
    // sql.js's file itself, so it runs as a transaction would, alone.
    const plan = saver.plan(this.shownVersion);
    if (plan.kind === 'nothing') return;
    if (plan.kind === 'pages') await plan.write();
    else await this.lock.exclusive(() => plan.write());
    this.shownVersion = fileSignature(this.location);
  }

  async close(): Promise<void> {
    try {
      await this.lock.drained();
      this.database.close();
      this.saver?.close();
    } finally {
      const lease = this.ownedLease;
      this.ownedLease = undefined;
      await lease?.release();
    }
  }

  /** One transaction under the write lock; its work reads and writes through the handle. */
  private commit<T>(work: (tx: GraphTables) => Promise<T>, runtimeOnly: boolean): Promise<T> {
    return this.lock.exclusive(async () => {
      this.database.exec('BEGIN');
      try {
        const result = await work(this.transactionHandle);
        this.database.exec('COMMIT');
        this.writes++;
        if (runtimeOnly) this.runtimeWrites++;
        this.committedAt = Date.now() / 1000;
        return result;
      } catch (error) {
        this.database.exec('ROLLBACK');
        throw error;
      }
    });
  }
}

/** Unix seconds of a file's last modification; undefined when it cannot be read. */
function modifiedAt(file: string): number | undefined {
  try {
    return fs.statSync(file).mtimeMs / 1000;
  } catch {
    return undefined;
  }
}
