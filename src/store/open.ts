import * as fs from 'node:fs';
import type { GraphStore } from './graphStore';
import type { WriterLockOptions } from './roles';
import { openPostgresStore } from './postgres/openPostgresStore';
import { redactLocation, redactSecrets } from './postgres/redact';
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
  if (isServerLocation(location)) return openPostgresStore(location, options.writer);
  return openSqlJsStore(location, options.writer);
}

/**
 * Whether a graph is there to read at `location`: a graph file that exists, or any server
 * database (the server holds it; opening it says when it cannot be reached).
 */
export function graphExists(location: string): boolean {
  return isServerLocation(location) || fs.existsSync(location);
}

/** Whether `location` names a database server rather than a graph file. */
export function isServerLocation(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** `location` as it may be printed: a server URL with its password masked, a file path as it is. */
export function shownLocation(location: string): string {
  return isServerLocation(location) ? redactLocation(location) : location;
}

/** `text` (an error's message, say) with the password of a server `location` masked wherever it appears. */
export function maskLocationSecrets(text: string, location: string): string {
  return isServerLocation(location) ? redactSecrets(text, location) : text;
}
