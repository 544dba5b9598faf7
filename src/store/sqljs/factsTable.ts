import { FACTS_FORMAT_VERSION, type FileFacts } from '../../extract/facts';
import type { Hash } from '../../model';
import { decodeFacts, encodeFacts } from '../factsCodec';
import type { SqlJsDatabase } from './database';
import { LIVE } from './rows';

/** A file's extracted facts, keyed by content hash and facts format (a newer extractor misses old rows). */
export function facts(database: SqlJsDatabase, fileHash: Hash, contentHash: Hash): FileFacts | undefined {
  const blob = database.scalar(
    'SELECT facts FROM file_facts WHERE file_hash = ? AND content_hash = ? AND facts_version = ?',
    [fileHash, contentHash, FACTS_FORMAT_VERSION],
  );
  return blob instanceof Uint8Array ? decodeFacts(blob) : undefined;
}

export function putFacts(database: SqlJsDatabase, fileHash: Hash, contentHash: Hash, value: FileFacts | Uint8Array): void {
  database.run(
    'INSERT OR REPLACE INTO file_facts (file_hash, content_hash, facts_version, facts) VALUES (?, ?, ?, ?)',
    [fileHash, contentHash, FACTS_FORMAT_VERSION, value instanceof Uint8Array ? value : encodeFacts(value)],
  );
}

export function staleFactsCount(database: SqlJsDatabase, repoHash: Hash): number {
  return Number(database.scalar(
    `SELECT count(*) FROM file_facts ff JOIN files f ON f.file_hash = ff.file_hash AND f.${LIVE}
     WHERE f.repo_hash = ? AND ff.facts_version != ?`,
    [repoHash, FACTS_FORMAT_VERSION],
  ));
}

export function deleteFacts(database: SqlJsDatabase, fileHash: Hash): void {
  database.run('DELETE FROM file_facts WHERE file_hash = ?', [fileHash]);
}
