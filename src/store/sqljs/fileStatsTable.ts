import type { Hash } from '../../model';
import type { FileStatRecord } from '../records';
import type { SqlJsDatabase } from './database';

/** The file_stats rows of a repository (migration 015), by path. */
export function fileStats(database: SqlJsDatabase, repoHash: Hash): Map<string, FileStatRecord> {
  return new Map(database.all(
    'SELECT path, signature, content_hash FROM file_stats WHERE repo_hash = ?',
    [repoHash],
    (row) => [row[0] as string, { path: row[0] as string, signature: row[1] as string, contentHash: row[2] as string }] as const,
  ));
}

export function putFileStats(database: SqlJsDatabase, repoHash: Hash, records: readonly FileStatRecord[]): void {
  for (const record of records) {
    database.run(
      'INSERT OR REPLACE INTO file_stats (repo_hash, path, signature, content_hash) VALUES (?, ?, ?, ?)',
      [repoHash, record.path, record.signature, record.contentHash],
    );
  }
}

export function deleteFileStats(database: SqlJsDatabase, repoHash: Hash, paths: readonly string[]): void {
  for (const path of paths) database.run('DELETE FROM file_stats WHERE repo_hash = ? AND path = ?', [repoHash, path]);
}
