import * as fs from 'node:fs';
import * as path from 'node:path';
import { Assets } from '../../assets';
import type { SqlJsDatabase } from './database';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** The numbered migrations, NNN_name.sql, in order. */
export function loadMigrations(dir = Assets.migrationsDir()): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{3}_.+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file.slice(4, -4),
      sql: fs.readFileSync(path.join(dir, file), 'utf8'),
    }));
}

/** Applies every migration above `from`, each in its own transaction; returns the new version. */
export function migrate(database: SqlJsDatabase, from: number, migrations: readonly Migration[]): number {
  let version = from;
  for (const migration of migrations) {
    if (migration.version <= from) continue;
    database.exec('BEGIN');
    try {
      database.exec(migration.sql);
      database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)", [String(migration.version)]);
      database.exec('COMMIT');
    } catch (error) {
      database.exec('ROLLBACK');
      throw new Error(`store: migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`);
    }
    version = migration.version;
  }
  return version;
}
