import type { GraphStore } from './graphStore';
import type { WriterLockOptions } from './roles';
import { isServerLocation } from './location';
import { openSqlJsStore } from './sqljs/openStore';

/** How openStore opens a graph. */
export interface OpenStoreOptions {
  /**
   * Open as the graph's one writer: take the writer lock (WriterLockOptions in roles.ts)
   * before reading, and hold it until close(). For a process that reads, changes and
   * saves the graph once (`ckg index`, `ckg ingest-logs`).
   */
  readonly writer?: WriterLockOptions;
}

/**
 * Opens the graph at `location`: a file path (or ':memory:') is the embedded sql.js store;
 * a `postgres://` or `postgresql://` URL names a database on a PostgreSQL server (the team
 * backend, src/store/postgres), whose password is never printed.
 */
export async function openStore(location: string, options: OpenStoreOptions = {}): Promise<GraphStore> {
  // Loaded only for a server: the pg driver costs every graph-file command about 20 ms to load.
  if (isServerLocation(location)) return (await import('./postgres/openPostgresStore')).openPostgresStore(location, options.writer);
  return openSqlJsStore(location, options.writer);
}
