import type { EdgeType, FileRecord, GraphEdge, GraphNode, Hash, NodeKind, SnapshotRecord } from '../../model';
import { decodeLaterCallSites, kindCountsFromColumn } from '../columnCodecs';
import type { LiveFile } from '../records';
import type { Sql } from './sql';

/**
 * Selects and row mappers of the PostgreSQL store, kept together so a SELECT and its mapper
 * cannot drift. Rows hold ids (migration 001); every select joins `hashes` to answer the
 * 64-hex hashes the seam speaks.
 */

/** A row version live now, of table alias `t`. */
export const live = (t: string): string => `${t}.removed_in IS NULL`;
/** A row version valid at the snapshot seq bound as `$n`. */
export const at = (t: string, n: number): string => `${t}.added_in <= $${n} AND (${t}.removed_in IS NULL OR ${t}.removed_in > $${n})`;
/** The id of the hash bound as `$n` (NULL when the hash was never stored: nothing matches). */
export const idOf = (n: number): string => `(SELECT id FROM hashes WHERE hash = $${n})`;
/** The ids of the hashes bound as the text array `$n`. */
export const idsOf = (n: number): string => `(SELECT id FROM hashes WHERE hash = ANY($${n}::text[]))`;

/** Live or historic node rows under alias `n`, with their hashes; map with nodeFromRow. */
export const NODE_SELECT = `SELECT hn.hash, hf.hash, hr.hash, n.qualified_name, n.kind, n.line, n.col, n.end_line, n.signature, n.body_hash, n.doc
  FROM nodes n JOIN hashes hn ON hn.id = n.node_id JOIN hashes hf ON hf.id = n.file_id JOIN hashes hr ON hr.id = n.repo_id`;

/** A row of NODE_SELECT as a GraphNode. */
export function nodeFromRow(row: unknown[]): GraphNode {
  return {
    nodeHash: row[0] as string, fileHash: row[1] as string, repoHash: row[2] as string, qualifiedName: row[3] as string,
    kind: row[4] as NodeKind, line: row[5] as number, column: row[6] as number, endLine: row[7] as number,
    signature: row[8] as string, bodyHash: row[9] as string, doc: row[10] as string,
  };
}

/** The columns of EDGE_SELECT, for selects of edges under alias `e` joined to other tables. */
export const EDGE_SELECT = `SELECT he.hash, hs.hash, ht.hash, e.edge_type, e.provenance, e.confidence, e.call_site_file, e.call_site_line,
    e.call_site_col, e.observation_count, e.last_observed, ho.hash, e.later_call_sites
  FROM edges e JOIN hashes he ON he.id = e.edge_id JOIN hashes hs ON hs.id = e.source_id JOIN hashes ht ON ht.id = e.target_id
    JOIN hashes ho ON ho.id = e.owner_file_id`;

/** A row of EDGE_SELECT as a GraphEdge. */
export function edgeFromRow(row: unknown[]): GraphEdge {
  return {
    edgeHash: row[0] as string, sourceHash: row[1] as string, targetHash: row[2] as string, edgeType: row[3] as EdgeType,
    provenance: row[4] as string, confidence: row[5] as number, callSiteFile: row[6] as string, callSiteLine: row[7] as number,
    callSiteCol: row[8] as number, observationCount: row[9] as number, lastObserved: row[10] as number, ownerFileHash: row[11] as string,
    laterCallSites: decodeLaterCallSites(row[12] as string, row[6] as string),
  };
}



/** Snapshot rows under alias `s`; map with snapshotFromRow. */
export const SNAPSHOT_SELECT = `SELECT s.snapshot_hash, hr.hash, s.seq, s.commit_hash, s.parent_commit, s.dirty, s.created_at, s.merkle_root,
    s.file_count, s.node_count, s.edge_count, s.kind_counts
  FROM snapshots s JOIN hashes hr ON hr.id = s.repo_id`;

/** A row of SNAPSHOT_SELECT as a SnapshotRecord. */
export function snapshotFromRow(row: unknown[]): SnapshotRecord {
  return {
    snapshotHash: row[0] as string, repoHash: row[1] as string, seq: row[2] as number, commitHash: row[3] as string,
    parentCommit: row[4] as string, dirty: row[5] === true, createdAt: row[6] as number, merkleRoot: row[7] as string,
    fileCount: row[8] as number, nodeCount: row[9] as number, edgeCount: row[10] as number,
    ...kindCountsFromColumn(row[11] as string),
  };
}

/** Repository rows under alias `r`; map with repoFromRow. */
export const REPO_SELECT = 'SELECT hr.hash, r.repo_url, r.root_path, r.service_name, r.services, r.layout_digest FROM repos r JOIN hashes hr ON hr.id = r.repo_id';



/** File rows under alias `f`; map with fileFromRow. */
export const FILE_SELECT = `SELECT hf.hash, hr.hash, f.path, f.content_hash, f.language, f.size_bytes
  FROM files f JOIN hashes hf ON hf.id = f.file_id JOIN hashes hr ON hr.id = f.repo_id`;

/** A row of FILE_SELECT as a FileRecord. */
export function fileFromRow(row: unknown[]): FileRecord {
  return {
    fileHash: row[0] as string, repoHash: row[1] as string, path: row[2] as string, contentHash: row[3] as string,
    language: row[4] as string, sizeBytes: row[5] as number,
  };
}

/** File rows under alias `f` as LiveFile columns; map with liveFileFromRow. */
export const LIVE_FILE_SELECT = 'SELECT hf.hash, f.path, f.content_hash, f.language FROM files f JOIN hashes hf ON hf.id = f.file_id';

/** A row of LIVE_FILE_SELECT as a LiveFile. */
export function liveFileFromRow(row: unknown[]): LiveFile {
  return { fileHash: row[0] as string, path: row[1] as string, contentHash: row[2] as string, language: row[3] as string };
}


/**
 * The ids of `hashes`, storing the ones never seen. New hashes are stored outside the
 * caller's transaction and committed at once: two indexers that meet the same new hash
 * (an import between their repositories) never wait on each other's open transaction,
 * so they cannot deadlock on it, and a rolled-back run leaves only unused hash rows,
 * which are harmless (an id is never reused). Hashes already stored are not inserted
 * again (an insert that conflicts would still use up an identity value). A hash another
 * process stored while this statement ran is read on a second pass.
 *
 * Every id read here is committed and never changes, so the store remembers it
 * (`knownIds`, up to KNOWN_IDS_KEPT of them) and asks the server only for hashes it has
 * not seen: an index run asks once per new file instead of once per write.
 */
export async function hashIds(caller: Sql, hashes: Iterable<Hash>): Promise<Map<Hash, number>> {
  const sql = caller.outsideTransaction();
  const { ids, wanted } = splitKnown(sql, hashes);
  if (wanted.length === 0) return ids;
  wanted.sort();
  const all = ids.size + wanted.length;
  for (let pass = 0; pass < 3 && ids.size < all; pass++) {
    const missing = wanted.filter((hash) => !ids.has(hash));
    const rows = await sql.rows(
      `WITH wanted AS (SELECT DISTINCT unnest($1::text[]) AS hash),
         known AS (SELECT h.id, h.hash FROM hashes h JOIN wanted w ON w.hash = h.hash),
         added AS (INSERT INTO hashes (hash) SELECT w.hash FROM wanted w WHERE NOT EXISTS (SELECT 1 FROM known k WHERE k.hash = w.hash)
           ON CONFLICT (hash) DO NOTHING RETURNING id, hash)
       SELECT id, hash FROM known UNION ALL SELECT id, hash FROM added`,
      [missing],
      (row) => [row[1] as string, row[0] as number] as const,
    );
    for (const [hash, id] of rows) ids.set(hash, id);
    rememberIds(sql, rows);
  }
  if (ids.size < all) throw new Error('store/postgres: could not store the ids of some hashes');
  return ids;
}

/** Hash ids a store remembers at most (about 150 bytes each): past it, it starts over. */
export const KNOWN_IDS_KEPT = 250_000;

/** The remembered ids of `hashes` (distinct), and the hashes the store has not seen yet. */
export function splitKnown(sql: Sql, hashes: Iterable<Hash>): { ids: Map<Hash, number>; wanted: Hash[] } {
  const ids = new Map<Hash, number>();
  const wanted: Hash[] = [];
  for (const hash of new Set(hashes)) {
    const id = sql.knownIds.get(hash);
    if (id === undefined) wanted.push(hash);
    else ids.set(hash, id);
  }
  return { ids, wanted };
}

/** Remembers ids read from the server (committed, never changed), starting over past KNOWN_IDS_KEPT. */
export function rememberIds(sql: Sql, pairs: Iterable<readonly [Hash, number]>): void {
  const known = sql.knownIds;
  for (const [hash, id] of pairs) {
    if (known.has(hash)) continue;
    if (known.size >= KNOWN_IDS_KEPT) known.clear();
    known.set(hash, id);
  }
}

/** The id of one hash from a map hashIds returned. */
export function idIn(ids: ReadonlyMap<Hash, number>, hash: Hash): number {
  const id = ids.get(hash);
  if (id === undefined) throw new Error(`store/postgres: no id for hash ${hash}`);
  return id;
}
