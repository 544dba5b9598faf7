import type { GraphStore } from './graphStore';
import type { WriterLockOptions } from './roles';
import { StoreOpenError, openSqlJsStore } from './sqljs/openStore';

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
 * a `postgres://` or `postgresql://` URL names a PostgreSQL server, a backend not built yet.
 */
export async function openStore(location: string, options: OpenStoreOptions = {}): Promise<GraphStore> {
  if (/^postgres(ql)?:\/\//i.test(location)) {
    throw new StoreOpenError('-db postgres://…: the PostgreSQL backend is not built yet; use a graph file path');
  }
  return openSqlJsStore(location, options.writer);
}
