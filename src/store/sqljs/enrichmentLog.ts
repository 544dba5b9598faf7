import type { SqlValue } from 'sql.js';
import type { Hash } from '../../model';
import type { EnrichmentState, EnrichmentSummary } from '../records';
import type { SqlJsDatabase } from './database';
import { ID_OF } from './hashIds';

function toState(row: SqlValue[]): EnrichmentState {
  return {
    fileHash: String(row[0]), source: String(row[1]), contentHash: String(row[2]), inputDigest: String(row[3]),
    edgesDigest: String(row[4]), at: Number(row[5]),
  };
}

/** Upserts one row per (file, source): the latest visit is what counts. */
export function recordEnrichment(database: SqlJsDatabase, states: readonly EnrichmentState[]): void {
  for (const state of states) {
    if (!Number.isInteger(state.at) || state.at < 0) throw new Error('store/enrichment: at must be a Unix time in whole seconds');
    if (state.source === '') throw new Error('store/enrichment: source must not be empty');
    database.run(
      `INSERT INTO enrichment_state (file_hash, source, content_hash, input_digest, edges_digest, at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (file_hash, source) DO UPDATE SET content_hash = excluded.content_hash, input_digest = excluded.input_digest,
         edges_digest = excluded.edges_digest, at = excluded.at`,
      [state.fileHash, state.source, state.contentHash, state.inputDigest, state.edgesDigest, state.at],
    );
  }
}

/** The recorded visits of these files by one source. */
export function enrichmentStates(database: SqlJsDatabase, source: string, fileHashes: readonly Hash[]): EnrichmentState[] {
  if (fileHashes.length === 0) return [];
  return database.all(
    `SELECT file_hash, source, content_hash, input_digest, edges_digest, at FROM enrichment_state
     WHERE source = ? AND file_hash IN (SELECT value FROM json_each(?))`,
    [source, JSON.stringify(fileHashes)],
    toState,
  );
}

/** Per source over the live files of a repository, or of every repository: files visited and the latest visit. */
export function enrichmentSummary(database: SqlJsDatabase, repoHash?: Hash): EnrichmentSummary[] {
  return database.all(
    `SELECT s.source, COUNT(*), MAX(s.at) FROM enrichment_state s
     JOIN hashes h ON h.hash = s.file_hash JOIN files f ON f.file_id = h.id AND f.removed_in IS NULL AND f.content_hash = s.content_hash
     ${repoHash ? `WHERE f.repo_id = ${ID_OF}` : ''} GROUP BY s.source ORDER BY s.source`,
    repoHash ? [repoHash] : [],
    (row) => ({ source: String(row[0]), files: Number(row[1]), lastAt: Number(row[2]) }),
  );
}
