import * as fs from 'node:fs';
import * as path from 'node:path';
import { SqlJsDatabase, loadSqlJs } from './database';
import { loadMigrations, migrate } from './migrations';
import { fileSignature } from './fileSignature';
import { acquireGraphFileLock } from './graphFileLock';
import { realGraphPath } from './graphPath';
import { removeStaleTempFiles } from './tempFiles';
import type { WriterLockOptions } from '../roles';
import { SqlJsStore } from './sqljsStore';
import { StoreOpenError } from './storeErrors';

export { StoreOpenError };

/** Stamped into every graph file; a file without it is not ours and is never touched. */
export const GRAPH_FORMAT = 'code-knowledge-graph';
const SQLITE_HEADER = 'SQLite format 3\0';

/**
 * Opens (or creates) a graph database file. A file that is not SQLite, or SQLite without
 * our format stamp, or written by a newer schema, is refused with a clear error: never
 * wiped. Older schemas are migrated forward (migrations only add). Temp files of saves
 * killed midway are removed. With `writer`, the writer lock is taken before the file is
 * read (so the store shows whatever the previous writer saved) and held until close();
 * a read-only graph file is then refused before anything else.
 */
export async function openSqlJsStore(location: string, writer?: WriterLockOptions): Promise<SqlJsStore> {
  if (location === ':memory:') return createStore(location);
  const real = realGraphPath(location);
  if (!fs.existsSync(real)) {
    const dir = path.dirname(path.resolve(location));
    if (!fs.existsSync(dir)) throw new StoreOpenError(`-db ${location}: directory ${dir} does not exist`);
  }
  const lock = writer ? await acquireGraphFileLock(location, writer) : undefined;
  try {
    removeStaleTempFiles(real);
    const store = fs.existsSync(location) ? await readStore(location) : await createStore(location);
    if (lock) store.holdUntilClose({ release: async () => lock.release() });
    return store;
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function readStore(location: string): Promise<SqlJsStore> {
  const SQL = await loadSqlJs();
  const migrations = loadMigrations();
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  // Taken before the read, so a file replaced meanwhile reads as changed later.
  const readVersion = fileSignature(location);
  const bytes = readGraphFile(location);
  const database = new SqlJsDatabase(new SQL.Database(bytes));
  const version = checkStamp(database, location, latest);
  migrate(database, version, migrations);
  return new SqlJsStore(database, location, readVersion);
}

async function createStore(location: string): Promise<SqlJsStore> {
  const SQL = await loadSqlJs();
  const migrations = loadMigrations();
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  const database = new SqlJsDatabase(new SQL.Database());
  database.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  database.run("INSERT INTO meta (key, value) VALUES ('format', ?)", [GRAPH_FORMAT]);
  migrate(database, 0, migrations);
  if (latest === 0) throw new StoreOpenError('store: no migrations found');
  return new SqlJsStore(database, location, undefined);
}

function readGraphFile(location: string): Uint8Array {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(location);
  } catch (error) {
    throw new StoreOpenError(`-db ${location}: cannot read: ${(error as Error).message}`);
  }
  if (bytes.length === 0) throw new StoreOpenError(`-db ${location}: file is empty, not a graph database`);
  if (bytes.subarray(0, SQLITE_HEADER.length).toString('latin1') !== SQLITE_HEADER) {
    throw new StoreOpenError(`-db ${location}: not a graph database (not an SQLite file); refusing to overwrite it`);
  }
  return bytes;
}

function checkStamp(database: SqlJsDatabase, location: string, latest: number): number {
  const hasMeta = database.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'") === 1;
  const format = hasMeta ? database.scalar("SELECT value FROM meta WHERE key = 'format'") : undefined;
  if (format !== GRAPH_FORMAT) {
    throw new StoreOpenError(`-db ${location}: an SQLite database, but not a code-knowledge-graph file; refusing to modify it`);
  }
  const version = Number(database.scalar("SELECT value FROM meta WHERE key = 'schema_version'") ?? 0);
  if (version > latest) {
    throw new StoreOpenError(`-db ${location}: written by a newer ckg (schema ${version}; this build knows up to ${latest}); upgrade ckg`);
  }
  return version;
}
