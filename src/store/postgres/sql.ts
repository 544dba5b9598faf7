import type { Pool, PoolClient } from 'pg';
import { redactSecrets } from './redact';

/** The values bound to a statement's $1, $2, ... */
export type Params = readonly unknown[];

/** Rows fetched per round trip when rows are streamed through a cursor. */
const CURSOR_BATCH = 5000;

/**
 * Statements over the pool (each on whichever connection is free, committed at once) or
 * over one connection inside a transaction. Rows come as arrays, mapped by position like
 * the sql.js store's rows. An error's text never carries the connection's password.
 */
export class Sql {
  constructor(
    private readonly target: Pool | PoolClient,
    private readonly location: string,
    /** Whether statements run inside an open transaction of this connection. */
    readonly inTransaction: boolean,
    private readonly pool?: Pool,
    /** The ids of hashes this store has seen (see rows.ts#hashIds), shared by its runners. */
    readonly knownIds: Map<string, number> = new Map(),
  ) {}

  /**
   * A runner whose statements commit at once on a pooled connection, outside this
   * transaction: for writes that must not wait for it to commit, nor hold locks until then.
   * Without a pool (a bare connection) it is this runner.
   */
  outsideTransaction(): Sql {
    return this.inTransaction && this.pool ? new Sql(this.pool, this.location, false, this.pool, this.knownIds) : this;
  }

  async rows<T>(text: string, params: Params, map: (row: unknown[]) => T): Promise<T[]> {
    const result = await this.query(text, params);
    return result.rows.map(map);
  }

  async one<T>(text: string, params: Params, map: (row: unknown[]) => T): Promise<T | undefined> {
    const result = await this.query(text, params);
    return result.rows.length > 0 ? map(result.rows[0]) : undefined;
  }

  async scalar(text: string, params: Params = []): Promise<unknown> {
    const result = await this.query(text, params);
    return result.rows.length > 0 ? result.rows[0][0] : undefined;
  }

  /** Runs a statement; returns the rows it changed. */
  async run(text: string, params: Params = []): Promise<number> {
    return (await this.query(text, params)).rowCount ?? 0;
  }

  /**
   * Hands each row to `visit`, a batch of rows in memory at a time, through a cursor:
   * in this transaction, or in a read-only one of its own on a pooled connection.
   */
  async forEach(text: string, params: Params, visit: (row: unknown[]) => void): Promise<void> {
    if (this.inTransaction) return this.fetchAll(this, text, params, visit);
    const client = await this.connect();
    const inner = new Sql(client, this.location, true, undefined, this.knownIds);
    try {
      await inner.run('BEGIN READ ONLY');
      await this.fetchAll(inner, text, params, visit);
      await inner.run('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async fetchAll(sql: Sql, text: string, params: Params, visit: (row: unknown[]) => void): Promise<void> {
    const name = `ckg_cursor_${++cursors}`;
    await sql.run(`DECLARE ${name} NO SCROLL CURSOR FOR ${text}`, params);
    for (;;) {
      const batch = await sql.query(`FETCH ${CURSOR_BATCH} FROM ${name}`, []);
      for (const row of batch.rows) visit(row);
      if (batch.rows.length < CURSOR_BATCH) break;
    }
    await sql.run(`CLOSE ${name}`);
  }

  private async connect(): Promise<PoolClient> {
    const pool = this.pool ?? (this.target as Pool);
    try {
      return await pool.connect();
    } catch (error) {
      throw this.clean(error);
    }
  }

  private async query(text: string, params: Params): Promise<{ rows: unknown[][]; rowCount: number | null }> {
    try {
      return await this.target.query({ text, values: params as unknown[], rowMode: 'array' });
    } catch (error) {
      throw this.clean(error);
    }
  }

  /** An error's message with the password masked. */
  cleanMessage(error: unknown): string {
    const cleaned = this.clean(error);
    return cleaned instanceof Error ? cleaned.message : redactSecrets(String(cleaned), this.location);
  }

  /** The error with the password masked wherever the driver put it. */
  private clean(error: unknown): unknown {
    if (error instanceof Error) {
      const message = redactSecrets(error.message, this.location);
      if (message !== error.message) error.message = message;
      if (error.stack) error.stack = redactSecrets(error.stack, this.location);
    }
    return error;
  }
}

let cursors = 0;
