import type { Hash } from '../../model';
import { KNOWN_IDS_KEPT } from './rows';
import type { Sql } from './sql';

/**
 * Hash-to-id lookups for reads that walk the graph: a walk learns the ids of the nodes it
 * reaches from the rows it reads and asks by id from then on, an integer index probe,
 * instead of finding each 64-character hash again. Ids are the store's remembered ones
 * (`Sql.knownIds`, shared with hashIds): every id is committed and never changes.
 */

/** Remembers that `hash` has `id`, starting over past KNOWN_IDS_KEPT as hashIds does. */
export function rememberId(sql: Sql, hash: Hash, id: number): void {
  const known = sql.knownIds;
  if (known.has(hash)) return;
  if (known.size >= KNOWN_IDS_KEPT) known.clear();
  known.set(hash, id);
}

/** The ids of those of the hashes that are stored (never storing one): remembered ones first, the rest in one statement. */
export async function storedIds(sql: Sql, hashes: readonly Hash[]): Promise<Map<Hash, number>> {
  const ids = new Map<Hash, number>();
  const wanted: Hash[] = [];
  for (const hash of new Set(hashes)) {
    const id = sql.knownIds.get(hash);
    if (id === undefined) wanted.push(hash);
    else ids.set(hash, id);
  }
  if (wanted.length === 0) return ids;
  const rows = await sql.rows('SELECT id, hash FROM hashes WHERE hash = ANY($1::text[])', [wanted], (row) => [Number(row[0]), row[1] as string] as const);
  for (const [id, hash] of rows) {
    ids.set(hash, id);
    rememberId(sql, hash, id);
  }
  return ids;
}

/** The hashes of ids, in one statement: for the few distinct files and repositories of rows read by id. */
export async function hashesOf(sql: Sql, ids: Iterable<number>): Promise<Map<number, Hash>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await sql.rows('SELECT id, hash FROM hashes WHERE id = ANY($1::bigint[])', [wanted], (row) => [Number(row[0]), row[1] as string] as const);
  for (const [id, hash] of rows) rememberId(sql, hash, id);
  return new Map(rows);
}
