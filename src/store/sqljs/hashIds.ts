import type { Hash } from '../../model';
import type { SqlJsDatabase } from './database';

/**
 * The id table (migration 014): every node, edge, file and repository hash is stored once
 * and rows hold its integer id. An id is assigned the first time a hash is written and
 * never changes; there is no cache across calls, since a rolled-back transaction takes
 * back the ids it assigned.
 */

/** The id of the empty hash (a repository-level node's file, a runtime edge's owner). */
export const EMPTY_HASH_ID = 0;

/** SQL for the id of a bound hash; NULL (matching no row) when the hash was never stored. */
export const ID_OF = '(SELECT id FROM hashes WHERE hash = ?)';

/** The id of a hash already stored, else undefined. */
export function idOf(database: SqlJsDatabase, hash: Hash): number | undefined {
  const id = database.scalar('SELECT id FROM hashes WHERE hash = ?', [hash]);
  return id === undefined || id === null ? undefined : Number(id);
}

/** The id of a hash, assigning the next one when it is new. */
export function ensureId(database: SqlJsDatabase, hash: Hash): number {
  const known = idOf(database, hash);
  if (known !== undefined) return known;
  database.run('INSERT INTO hashes (hash) VALUES (?)', [hash]);
  return Number(database.scalar('SELECT last_insert_rowid()'));
}

/**
 * Ids for a batch of a bulk load, assigned in the order given: hashes the load brings in
 * sorted order get ascending ids, so the rows keyed by them still grow their B-trees by
 * appends. One statement per new hash; a hash stored before costs one lookup more.
 */
export class BatchIds {
  private readonly ids = new Map<Hash, number>();
  private next: number;

  constructor(private readonly database: SqlJsDatabase) {
    this.next = Number(database.scalar('SELECT coalesce(max(id), 0) + 1 FROM hashes'));
  }

  /** The id of `hash`, stored now if it is new. */
  of(hash: Hash): number {
    const known = this.ids.get(hash);
    if (known !== undefined) return known;
    this.database.run('INSERT OR IGNORE INTO hashes (id, hash) VALUES (?, ?)', [this.next, hash]);
    const id = this.database.changes() > 0 ? this.next++ : idOf(this.database, hash)!;
    this.ids.set(hash, id);
    return id;
  }
}
