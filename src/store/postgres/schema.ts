import type { Pool } from 'pg';
import { StoreOpenError } from '../sqljs/storeErrors';
import { LATEST_POSTGRES_SCHEMA, POSTGRES_MIGRATIONS } from './migrations';
import { redactLocation } from './redact';
import { Sql } from './sql';

/** The stamp of a code-knowledge-graph database, the same as a graph file's. */
export const POSTGRES_GRAPH_FORMAT = 'code-knowledge-graph';

/** The first key of ckg's advisory locks: "ckg" in ASCII. */
export const LOCK_CLASS = 0x636b67;
/** The second key of the lock migrations run under (writerLock.ts has the writer's). */
export const SCHEMA_LOCK = 1;

/**
 * Brings the database's schema to this build's version, or refuses it: a database with
 * tables but no code-knowledge-graph stamp is never touched, and a schema from a newer ckg
 * is refused with the words the graph-file store uses. Every migration runs in one
 * transaction under an advisory lock, so processes opening a fresh database at once
 * neither race nor see half a schema: the first migrates, the others then find it done.
 */
export async function prepareSchema(pool: Pool, location: string): Promise<void> {
  const shown = redactLocation(location);
  let client;
  try {
    client = await pool.connect();
  } catch (error) {
    throw new StoreOpenError(`-db ${shown}: cannot connect to PostgreSQL: ${new Sql(pool, location, false).cleanMessage(error)}`);
  }
  const sql = new Sql(client, location, true);
  try {
    await sql.run('BEGIN');
    await sql.run('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_CLASS, SCHEMA_LOCK]);
    const tables = await sql.rows(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()', [], (row) => String(row[0]),
    );
    let version = 0;
    if (!tables.includes('meta')) {
      if (tables.length > 0) {
        throw new StoreOpenError(`-db ${shown}: a PostgreSQL database with tables of its own, not a code-knowledge-graph database; refusing to modify it (give ckg an empty database)`);
      }
      await sql.run('CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL)');
      await sql.run("INSERT INTO meta (key, value) VALUES ('format', $1)", [POSTGRES_GRAPH_FORMAT]);
    } else {
      const format = await sql.scalar("SELECT value FROM meta WHERE key = 'format'");
      if (format !== POSTGRES_GRAPH_FORMAT) {
        throw new StoreOpenError(`-db ${shown}: a PostgreSQL database, but not a code-knowledge-graph database; refusing to modify it`);
      }
      version = Number(await sql.scalar("SELECT value FROM meta WHERE key = 'schema_version'") ?? 0);
    }
    if (version > LATEST_POSTGRES_SCHEMA) {
      throw new StoreOpenError(`-db ${shown}: written by a newer ckg (schema ${version}; this build knows up to ${LATEST_POSTGRES_SCHEMA}); upgrade ckg`);
    }
    for (const migration of POSTGRES_MIGRATIONS) {
      if (migration.version <= version) continue;
      try {
        if (migration.sql.trim() !== '') await sql.run(migration.sql);
      } catch (error) {
        throw new Error(`store: migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`);
      }
      version = migration.version;
    }
    await sql.run(
      "INSERT INTO meta (key, value) VALUES ('schema_version', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [String(version)],
    );
    await sql.run('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
