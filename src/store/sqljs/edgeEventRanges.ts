import type { EdgeEvent, Hash } from '../../model';
import type { SqlJsDatabase } from './database';
import { EMPTY_HASH_ID, ID_OF } from './hashIds';

/**
 * The 'added' events of a bulk load as one range row (migration 013) instead of one
 * edge_events row per edge: a first index of a 462k-line repository logged 80k rows, 18 MiB
 * of its 104 MiB graph file with their index, and spent 150-200 ms writing them. A range
 * reads exactly as the rows it stands for (same ids, times and snapshot) and is written out
 * as rows before any of its edge rows is deleted or replaced, the only writes that change
 * which rows hold its rowids. (A VACUUM would renumber rowids: write every range out first.)
 */

interface EventRange {
  readonly firstId: number;
  readonly rowidFrom: number;
  readonly rowidTo: number;
  readonly at: number;
  readonly snapshotHash: Hash | null;
}

const RANGE_COLUMNS = 'r.first_id, r.rowid_from, r.rowid_to, r.at, r.snapshot_hash';

function rangeFromRow(row: unknown[]): EventRange {
  return {
    firstId: row[0] as number, rowidFrom: row[1] as number, rowidTo: row[2] as number, at: row[3] as number,
    snapshotHash: (row[4] as string | null) ?? null,
  };
}

/** The highest rowid of `edges` now: a bulk load's rows come after it. */
export function lastEdgeRowid(database: SqlJsDatabase): number {
  return Number(database.scalar('SELECT coalesce(max(rowid), 0) FROM edges') ?? 0);
}

/**
 * Logs 'added' for the edges a bulk load of `repoHash` at `seq` inserted after `afterRowid`:
 * as a range when they are consecutive rows of that load with an owning file (always, as
 * the bulk path writes them), else as rows, as before ranges existed.
 */
export function logBulkAdded(database: SqlJsDatabase, repoHash: Hash, seq: number, snapshotHash: Hash, at: number, afterRowid: number): void {
  const rowidFrom = afterRowid + 1;
  const rowidTo = lastEdgeRowid(database);
  if (rowidTo < rowidFrom) return;
  const matching = Number(database.scalar(
    `SELECT count(*) FROM edges WHERE rowid BETWEEN ? AND ? AND repo_id = ${ID_OF} AND added_in = ? AND owner_file_id != ${EMPTY_HASH_ID}`,
    [rowidFrom, rowidTo, repoHash, seq],
  ));
  if (matching !== rowidTo - rowidFrom + 1) {
    database.run(
      `INSERT INTO edge_events (edge_id, event, at, snapshot_hash)
       SELECT edge_id, 'added', ?, ? FROM edges WHERE repo_id = ${ID_OF} AND added_in = ? ORDER BY rowid`,
      [at, snapshotHash, repoHash, seq],
    );
    return;
  }
  const firstId = nextEventId(database);
  reserveEventIds(database, firstId + matching - 1);
  database.run(
    'INSERT INTO edge_event_ranges (first_id, rowid_from, rowid_to, at, snapshot_hash) VALUES (?, ?, ?, ?, ?)',
    [firstId, rowidFrom, rowidTo, at, snapshotHash],
  );
}

/** The id AUTOINCREMENT gives the next edge_events row. */
function nextEventId(database: SqlJsDatabase): number {
  const sequence = Number(database.scalar("SELECT seq FROM sqlite_sequence WHERE name = 'edge_events'") ?? 0);
  const highest = Number(database.scalar('SELECT coalesce(max(id), 0) FROM edge_events') ?? 0);
  return Math.max(sequence, highest) + 1;
}

/** Makes AUTOINCREMENT continue after `lastId`, so later rows never take a range's ids. */
function reserveEventIds(database: SqlJsDatabase, lastId: number): void {
  database.run("UPDATE sqlite_sequence SET seq = ? WHERE name = 'edge_events'", [lastId]);
  if (database.changes() === 0) database.run("INSERT INTO sqlite_sequence (name, seq) VALUES ('edge_events', ?)", [lastId]);
}

/**
 * Call before deleting or replacing the row (edge, added_in): if a range holds it,
 * the range is written out as edge_events rows (with its ids) and dropped.
 */
export function writeOutRangeHolding(database: SqlJsDatabase, edgeHash: Hash, addedIn: number): void {
  const range = database.one(
    `SELECT ${RANGE_COLUMNS} FROM edges e JOIN edge_event_ranges r ON e.rowid BETWEEN r.rowid_from AND r.rowid_to
     WHERE e.edge_id = ${ID_OF} AND e.added_in = ?`,
    [edgeHash, addedIn],
    rangeFromRow,
  );
  if (range) writeOut(database, range);
}

function writeOut(database: SqlJsDatabase, range: EventRange): void {
  database.run(
    `INSERT INTO edge_events (id, edge_id, event, at, snapshot_hash)
     SELECT ? + (rowid - ?), edge_id, 'added', ?, ? FROM edges WHERE rowid BETWEEN ? AND ? ORDER BY rowid`,
    [range.firstId, range.rowidFrom, range.at, range.snapshotHash, range.rowidFrom, range.rowidTo],
  );
  database.run('DELETE FROM edge_event_ranges WHERE first_id = ?', [range.firstId]);
}

/** The 'added' events ranges stand for, of one edge or of all, as EdgeEvent rows. */
export function rangeEvents(database: SqlJsDatabase, edgeHash?: Hash): EdgeEvent[] {
  const select = `SELECT r.first_id + (e.rowid - r.rowid_from), h.hash, r.at, r.snapshot_hash
     FROM edge_event_ranges r JOIN edges e ON e.rowid BETWEEN r.rowid_from AND r.rowid_to JOIN hashes h ON h.id = e.edge_id`;
  const map = (row: unknown[]): EdgeEvent => ({
    id: row[0] as number, edgeHash: row[1] as string, event: 'added', at: row[2] as number, snapshotHash: (row[3] as string | null) ?? null,
  });
  return edgeHash ? database.all(`${select} WHERE e.edge_id = ${ID_OF}`, [edgeHash], map) : database.all(select, [], map);
}

/** How many 'added' events ranges stand for. */
export function rangeEventCount(database: SqlJsDatabase): number {
  return Number(database.scalar('SELECT coalesce(sum(rowid_to - rowid_from + 1), 0) FROM edge_event_ranges') ?? 0);
}
