import type { Pool } from 'pg';
import type { GraphStore, StoreCapabilities } from '../graphStore';
import type { StoreGeneration } from '../records';
import type { GenerationNotice, GenerationWatch, GraphTables, NeighbourhoodReader, WriterLease, WriterLockOptions } from '../roles';
import { WriteLock } from '../sqljs/writeLock';
import { PostgresTables } from './postgresTables';
import { serializeRuntimeWrites } from './runtimeTables';
import { Sql } from './sql';
import { acquireWriterLock } from './writerLock';
import { COMMIT_GENERATION_SQL, GenerationListener, READ_GENERATION_SQL } from './generationNotices';

/**
 * The team backend: every role over a PostgreSQL database through a pool of connections.
 * A transaction runs on one connection (BEGIN ... COMMIT, ROLLBACK on failure), so a
 * killed process leaves the last committed graph. Within this process transactions run
 * one at a time and the store's own members wait while one is open, as on the graph-file
 * store: nobody here reads half a run. Other processes see committed writes only, and the
 * generation row each transaction bumps before it commits tells them the graph moved.
 */
export interface PostgresStore extends GraphStore, NeighbourhoodReader {}

export class PostgresStore {
  readonly capabilities: StoreCapabilities = { runtime: true, feedback: true, testScope: true, bulkLoad: true, repositoryLocks: true };
  /** Point queries read around their nodes here (its members, gated like the others), never the whole graph. */
  readonly neighbourhood: NeighbourhoodReader = this;
  private readonly lock = new WriteLock();
  private readonly sql: Sql;
  private ownedLease: WriterLease | undefined;
  /** Writer locks handed out and not released yet: each holds a pooled connection. */
  private readonly leases = new Set<WriterLease>();
  /** LISTENs opened by watchGenerations and not closed yet. */
  private readonly watches = new Set<GenerationListener>();
  private closed = false;

  /**
   * `connection` is the location with its password, used only to connect and to mask it
   * in errors; `location` is the same with the password masked, safe to print.
   */
  constructor(
    private readonly pool: Pool,
    private readonly connection: string,
    readonly location: string,
  ) {
    this.sql = new Sql(pool, connection, false, pool);
    const tables = new PostgresTables(this.sql);
    const proto = PostgresTables.prototype as unknown as Record<string, unknown>;
    for (const member of Object.getOwnPropertyNames(PostgresTables.prototype)) {
      if (member === 'constructor' || typeof proto[member] !== 'function') continue;
      const answer = (tables as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[member].bind(tables);
      // The store's own members wait for an open transaction of this store to commit.
      (this as unknown as Record<string, unknown>)[member] = async (...args: unknown[]) => {
        const wait = this.lock.idle();
        if (wait) await wait;
        return answer(...args);
      };
    }
  }

  async generation(): Promise<StoreGeneration> {
    const row = await this.sql.one(READ_GENERATION_SQL, [], (r) => ({
      total: Number(r[0]), runtime: Number(r[1]), ...(r[2] === null || r[2] === undefined ? {} : { committedAt: Number(r[2]) }),
    }));
    return row ?? { total: 0, runtime: 0 };
  }

  /**
   * Hears of every generation committed to this database, by any process, through
   * LISTEN/NOTIFY on a connection of its own (generationNotices.ts), until the watch or
   * the store is closed. A hint for refreshing caches early: generation() stays the truth.
   */
  watchGenerations(listener: (notice: GenerationNotice) => void, log?: (message: string) => void): GenerationWatch {
    const watch = new GenerationListener(this.connection, listener, log);
    this.watches.add(watch);
    watch.start();
    return {
      get listening() {
        return watch.listening;
      },
      close: async () => {
        this.watches.delete(watch);
        await watch.close();
      },
    };
  }

  /** Every read asks the server, so this store always shows the newest committed graph. */
  async isCurrent(): Promise<boolean> {
    return true;
  }

  async persistedVersion(): Promise<string | undefined> {
    const { total } = await this.generation();
    return `generation ${total}`;
  }

  transaction<T>(work: (tx: GraphTables) => Promise<T>): Promise<T> {
    return this.commit(work, false);
  }

  runtimeTransaction<T>(work: (tx: GraphTables) => Promise<T>): Promise<T> {
    return this.commit(work, true);
  }

  async lockForWriting(options: WriterLockOptions = {}): Promise<WriterLease> {
    const lease = await acquireWriterLock(this.pool, this.connection, this.location, options);
    this.leases.add(lease);
    return {
      release: async () => {
        this.leases.delete(lease);
        await lease.release();
      },
    };
  }

  /** Keeps `lease` until close(): the store was opened under it. */
  holdUntilClose(lease: WriterLease): void {
    this.ownedLease = lease;
  }

  /** Every transaction is durable when it commits: nothing to save. */
  async save(): Promise<void> {}

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.lock.drained();
      const lease = this.ownedLease;
      this.ownedLease = undefined;
      await lease?.release();
    } finally {
      // A lock still held ends with the store (its connection goes back, unlocked), so
      // that the pool can close: a server closing its store before letting go of its lease
      // would otherwise wait for that connection for ever. Releasing it later does nothing.
      await Promise.all([...this.leases].map((lease) => lease.release()));
      this.leases.clear();
      await Promise.all([...this.watches].map((watch) => watch.close()));
      this.watches.clear();
      await this.pool.end();
    }
  }

  /** One transaction on one connection under the in-process lock; its work reads and writes through the handle. */
  private commit<T>(work: (tx: GraphTables) => Promise<T>, runtimeOnly: boolean): Promise<T> {
    return this.lock.exclusive(async () => {
      let client;
      try {
        client = await this.pool.connect();
      } catch (error) {
        throw new Error(`store/postgres: cannot connect to ${this.location}: ${this.sql.cleanMessage(error)}`);
      }
      const sql = new Sql(client, this.connection, true, this.pool, this.sql.knownIds);
      try {
        await sql.run('BEGIN');
        if (runtimeOnly) await serializeRuntimeWrites(sql);
        const result = await work(new PostgresTables(sql));
        await sql.run(COMMIT_GENERATION_SQL, [runtimeOnly ? 1 : 0]);
        await sql.run('COMMIT');
        client.release();
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
          client.release();
        } catch (rollbackError) {
          client.release(rollbackError as Error);
        }
        throw error;
      }
    });
  }
}
