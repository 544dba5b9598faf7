import type { SqlValue } from 'sql.js';
import type { Hash } from '../../model';
import type { FeedbackCounts } from '../records';
import type { SqlJsDatabase } from './database';

/** Records a session's vote on a symbol; a later vote of the same session replaces it. */
export function recordFeedback(database: SqlJsDatabase, symbolHash: Hash, sessionId: string, useful: boolean, at: number): void {
  if (sessionId.length === 0) throw new Error('store/feedback: sessionId must not be empty');
  if (!Number.isInteger(at) || at < 0) throw new Error('store/feedback: at must be a Unix time in whole seconds');
  database.run(
    `INSERT INTO feedback (symbol_hash, session_id, useful, at) VALUES (?, ?, ?, ?)
     ON CONFLICT (symbol_hash, session_id) DO UPDATE SET useful = excluded.useful, at = excluded.at`,
    [symbolHash, sessionId, useful ? 1 : 0, at],
  );
}

/**
 * Vote counts of the given symbols; symbols nobody voted on are absent. One statement
 * for any number of hashes (the list goes in as one JSON parameter), so ranking can ask
 * for thousands of candidates at once.
 */
export function feedbackCounts(database: SqlJsDatabase, symbolHashes: readonly Hash[] | 'all'): Map<Hash, FeedbackCounts> {
  const counts = new Map<Hash, FeedbackCounts>();
  if (symbolHashes.length === 0) return counts;
  const toCounts = (row: SqlValue[]): { hash: Hash; useful: number; notUseful: number } => (
    { hash: String(row[0]), useful: Number(row[1]), notUseful: Number(row[2]) });
  const rows = symbolHashes === 'all'
    ? database.all('SELECT symbol_hash, SUM(useful), SUM(1 - useful) FROM feedback GROUP BY symbol_hash', [], toCounts)
    : database.all(
      `SELECT symbol_hash, SUM(useful), SUM(1 - useful) FROM feedback
       WHERE symbol_hash IN (SELECT value FROM json_each(?)) GROUP BY symbol_hash`,
      [JSON.stringify(symbolHashes)],
      toCounts,
    );
  for (const row of rows) counts.set(row.hash, { useful: row.useful, notUseful: row.notUseful });
  return counts;
}
