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

/** ensureId remembered for one write call: a file's rows share their file, repository and many ends. */
export class IdMemo {
  private readonly ids = new Map<Hash, number>();

  constructor(private readonly database: SqlJsDatabase) {}

  of(hash: Hash): number {
    let id = this.ids.get(hash);
    if (id === undefined) {
      id = ensureId(this.database, hash);
      this.ids.set(hash, id);
    }
    return id;
  }
}

/**
 * Ids for a batch of a bulk load. `assignNew` takes the load's own keys, in the order their
 * ids should ascend (hash order: the rows keyed by them then grow their B-trees by
 * appends), through json_each in one statement: binding each 64-hex string into sql.js on
 * its own cost more than the rows' inserts. Any other hash goes through `of`, one at a time.
 */
export class BatchIds {
  private readonly ids = new Map<Hash, number>();
  private next: number;

  constructor(private readonly database: SqlJsDatabase) {
    this.next = Number(database.scalar('SELECT coalesce(max(id), 0) + 1 FROM hashes'));
  }

  /**
   * Gives every hash of `hashes` its id, expecting most to be new: they are inserted with
   * ids following their order, and only when some were stored already (the insert ignored
   * them, leaving their ids unused) are the ids read back. Returns the ids in the order of
   * `hashes`. `remember`: later `of` calls may ask for them (rows that refer to these
   * hashes); an edge's own hash is referred to by no other row, and keeping 100k of them in
   * the map cost a bulk load more than the lookups it served.
   */
  assignNew(hashes: readonly Hash[], remember = true): number[] {
    const ids = new Array<number>(hashes.length);
    const asked: Hash[] = [];
    const askedAt: number[] = [];
    hashes.forEach((hash, index) => {
      const known = this.ids.get(hash);
      if (known !== undefined) {
        ids[index] = known;
        return;
      }
      ids[index] = this.next + asked.length;
      if (remember) this.ids.set(hash, ids[index]!);
      asked.push(hash);
      askedAt.push(index);
    });
    if (asked.length === 0) return ids;
    const json = JSON.stringify(asked);
    this.database.run('INSERT OR IGNORE INTO hashes (id, hash) SELECT ? + key, value FROM json_each(?)', [this.next, json]);
    const inserted = this.database.changes();
    this.next += asked.length;
    if (inserted === asked.length) return ids;
    const stored = this.database.all(
      'SELECT j.key, h.id FROM json_each(?) j JOIN hashes h ON h.hash = j.value', [json], (row) => [row[0] as number, row[1] as number] as const,
    );
    for (const [index, id] of stored) {
      ids[askedAt[index]!] = id;
      if (remember) this.ids.set(asked[index]!, id);
    }
    return ids;
  }

  /** The id of `hash`: assigned by assignNew, else looked up or stored now. */
  of(hash: Hash): number {
    let id = this.ids.get(hash);
    if (id === undefined) {
      id = idOf(this.database, hash);
      if (id === undefined) {
        this.database.run('INSERT INTO hashes (id, hash) VALUES (?, ?)', [this.next, hash]);
        id = this.next++;
      }
      this.ids.set(hash, id);
    }
    return id;
  }
}
