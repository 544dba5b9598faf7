import type { Hash } from '../../model';
import { rememberIds, splitKnown } from './rows';
import type { Sql } from './sql';

/**
 * Hash-to-id lookups for reads that walk the graph: a walk learns the ids of the nodes it
 * reaches from the rows it reads and asks by id from then on, an integer index probe,
 * instead of finding each 64-character hash again. Ids are the store's remembered ones
 * (`Sql.knownIds`, shared with hashIds): every id is committed and never changes.
 */

/** The ids of those of the hashes that are stored (never storing one): remembered ones first, the rest in one statement. */
export async function storedIds(sql: Sql, hashes: readonly Hash[]): Promise<Map<Hash, number>> {
  const { ids, wanted } = splitKnown(sql, hashes);
  if (wanted.length === 0) return ids;
  const rows = await sql.rows('SELECT hash, id FROM hashes WHERE hash = ANY($1::text[])', [wanted], (row) => [row[0] as string, Number(row[1])] as const);
  for (const [hash, id] of rows) ids.set(hash, id);
  rememberIds(sql, rows);
  return ids;
}

/** The hashes of ids, in one statement: for the few distinct files and repositories of rows read by id. */
export async function hashesOf(sql: Sql, ids: Iterable<number>): Promise<Map<number, Hash>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await sql.rows('SELECT hash, id FROM hashes WHERE id = ANY($1::bigint[])', [wanted], (row) => [row[0] as string, Number(row[1])] as const);
  rememberIds(sql, rows);
  return new Map(rows.map(([hash, id]) => [id, hash]));
}
