import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Database } from 'sql.js';
import { SqlJsDatabase } from './database';
import { loadMigrations, migrate } from './migrations';
import { acquireGraphFileLock } from './graphFileLock';
import { readGraphFileBytes } from './graphFileRead';
import { GraphFileSaver } from './graphFileSaver';
import { type LoadedSqlJs, loadSqlJs } from './sqlJsModule';
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
 * wiped. Older schemas are migrated forward (a writer saves the upgraded file). Temp files of saves
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
    const store = fs.existsSync(location) ? await readStore(location, lock !== undefined) : await createStore(location);
    if (lock) store.holdUntilClose({ release: async () => lock.release() });
    return store;
  } catch (error) {
    lock?.release();
    throw error;
  }
}

function warn(message: string): void {
  process.stderr.write(`warning: ${message}\n`);
}

async function readStore(location: string, writer: boolean): Promise<SqlJsStore> {
  const sqlJs = await loadSqlJs();
  const migrations = loadMigrations();
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  // The version is taken before the read, so a file replaced meanwhile reads as changed later.
  const read = await readGraphFileBytes(location, writer, warn);
  checkSqliteHeader(read.bytes, location);
  // The bytes become the database's in-memory file: the graph is not held twice.
  const db = new sqlJs.SQL.Database(sqlJs.memfs?.handOver(read.bytes) ?? read.bytes);
  const { database, saver } = open(sqlJs, location, db, read.matchesDisk);
  const version = checkStamp(database, location, latest);
  const migrated = migrate(database, version, migrations) !== version;
  const store = new SqlJsStore(database, location, read.version, saver);
  // A writer persists an upgrade at once: a run that changes nothing saves nothing, and
  // every open would migrate again (migration 014 rewrites the graph's largest tables).
  if (writer && migrated) await store.save();
  return store;
}

async function createStore(location: string): Promise<SqlJsStore> {
  const sqlJs = await loadSqlJs();
  const migrations = loadMigrations();
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  const { database, saver } = open(sqlJs, location, new sqlJs.SQL.Database(), false);
  database.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  database.run("INSERT INTO meta (key, value) VALUES ('format', ?)", [GRAPH_FORMAT]);
  migrate(database, 0, migrations);
  if (latest === 0) throw new StoreOpenError('store: no migrations found');
  return new SqlJsStore(database, location, undefined, saver);
}

/** Wraps a new sql.js database; from here on its changed blocks are counted. */
function open(sqlJs: LoadedSqlJs, location: string, db: Database, baseOnDisk: boolean): { database: SqlJsDatabase; saver: GraphFileSaver } {
  const database = new SqlJsDatabase(db);
  const name = database.filename;
  const blocks = sqlJs.memfs?.claim(name);
  blocks?.saved(blocks.contents()?.length ?? 0);
  const saver = new GraphFileSaver(location, database, blocks, baseOnDisk, () => sqlJs.memfs?.release(name));
  return { database, saver };
}

function checkSqliteHeader(bytes: Uint8Array, location: string): void {
  if (bytes.length === 0) throw new StoreOpenError(`-db ${location}: file is empty, not a graph database`);
  if (bytes.length < SQLITE_HEADER.length || Buffer.from(bytes.buffer, bytes.byteOffset, SQLITE_HEADER.length).toString('latin1') !== SQLITE_HEADER) {
    throw new StoreOpenError(`-db ${location}: not a graph database (not an SQLite file); refusing to overwrite it`);
  }
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
