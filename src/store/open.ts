import type { GraphStore } from './graphStore';
import { StoreOpenError, openSqlJsStore } from './sqljs/openStore';

/**
 * Opens the graph at `location`: a file path (or ':memory:') is the embedded sql.js store;
 * a `postgres://` or `postgresql://` URL names a PostgreSQL server, a backend not built yet.
 */
export async function openStore(location: string): Promise<GraphStore> {
  if (/^postgres(ql)?:\/\//i.test(location)) {
    throw new StoreOpenError('-db postgres://…: the PostgreSQL backend is not built yet; use a graph file path');
  }
  return openSqlJsStore(location);
}
