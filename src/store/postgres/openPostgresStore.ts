import { Pool, types } from 'pg';
import type { WriterLockOptions } from '../roles';
import { StoreOpenError } from '../sqljs/storeErrors';
import { PostgresStore } from './postgresStore';
import { redactLocation } from './redact';
import { prepareSchema } from './schema';

/** Connections a store keeps at most: transactions take one, reads outside them share the rest. */
const POOL_SIZE = 8;

const INT8 = 20;
const NUMERIC = 1700;

/**
 * bigint and numeric as numbers: ids, times and counts of this schema stay far below 2^53,
 * and the seam's records hold numbers. Only this pool's connections parse them so.
 */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8 || oid === NUMERIC
    ? (value: string) => Number(value)
    : types.getTypeParser(oid, format as 'text'))) as typeof types.getTypeParser,
};

/**
 * Opens the graph in the PostgreSQL database a `postgres://` or `postgresql://` URL names,
 * creating or migrating its schema (schema.ts). The password is never printed: the store's
 * location and every error show it masked. With `writer`, the graph's writer lock is taken
 * and held until close().
 */
export async function openPostgresStore(location: string, writer?: WriterLockOptions): Promise<PostgresStore> {
  const shown = redactLocation(location);
  let pool: Pool;
  try {
    // keepAlive: a server's idle connections outlive NAT and firewall idle timeouts.
    pool = new Pool({ connectionString: location, types: TYPES, application_name: 'ckg', max: POOL_SIZE, keepAlive: true });
  } catch (error) {
    throw new StoreOpenError(`-db ${shown}: not a PostgreSQL connection URL (postgres://user:password@host:port/database): ${(error as Error).message}`);
  }
  // An idle connection the server drops (a restart) must not end the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    await prepareSchema(pool, location);
    const store = new PostgresStore(pool, location, shown);
    if (writer) store.holdUntilClose(await store.lockForWriting(writer));
    return store;
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}
