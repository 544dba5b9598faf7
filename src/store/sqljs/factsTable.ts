import type { Hash } from '../../model';
import type { StoredFacts } from '../records';
import type { SqlJsDatabase } from './database';
import { ID_OF } from './hashIds';
import { LIVE } from './rows';

/** A file's encoded facts, keyed by content hash and facts format (a newer extractor misses old rows). */
export function facts(database: SqlJsDatabase, fileHash: Hash, contentHash: Hash, formatVersion: number): Uint8Array | undefined {
  const blob = database.scalar(
    'SELECT facts FROM file_facts WHERE file_hash = ? AND content_hash = ? AND facts_version = ?',
    [fileHash, contentHash, formatVersion],
  );
  return blob instanceof Uint8Array ? blob : undefined;
}

export function liveFactsOfRepo(database: SqlJsDatabase, repoHash: Hash, formatVersion: number): Map<Hash, StoredFacts> {
  const stored = new Map<Hash, StoredFacts>();
  for (const [fileHash, contentHash, encoded] of database.all(
    `SELECT h.hash, ff.content_hash, ff.facts FROM files f JOIN hashes h ON h.id = f.file_id JOIN file_facts ff ON ff.file_hash = h.hash
     WHERE f.repo_id = ${ID_OF} AND f.${LIVE} AND ff.facts_version = ?`,
    [repoHash, formatVersion], (row) => row,
  )) {
    if (encoded instanceof Uint8Array) stored.set(String(fileHash), { contentHash: String(contentHash), encoded });
  }
  return stored;
}

export function putFacts(database: SqlJsDatabase, fileHash: Hash, contentHash: Hash, formatVersion: number, encoded: Uint8Array): void {
  database.run(
    'INSERT OR REPLACE INTO file_facts (file_hash, content_hash, facts_version, facts) VALUES (?, ?, ?, ?)',
    [fileHash, contentHash, formatVersion, encoded],
  );
}

export function staleFactsCount(database: SqlJsDatabase, repoHash: Hash, formatVersion: number): number {
  return Number(database.scalar(
    `SELECT count(*) FROM file_facts ff JOIN hashes h ON h.hash = ff.file_hash JOIN files f ON f.file_id = h.id AND f.${LIVE}
     WHERE f.repo_id = ${ID_OF} AND ff.facts_version != ?`,
    [repoHash, formatVersion],
  ));
}

export function deleteFacts(database: SqlJsDatabase, fileHash: Hash): void {
  database.run('DELETE FROM file_facts WHERE file_hash = ?', [fileHash]);
}
