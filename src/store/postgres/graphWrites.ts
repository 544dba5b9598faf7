import { type FileRecord, type GraphEdge, type GraphNode, type Hash, sameCallSites } from '../../model';
import type { ReplaceResult } from '../records';
import { liveEdgesOwnedBy, liveNodesOfFile } from './graphReads';
import { encodeLaterCallSites } from '../columnCodecs';
import { nodeVersionChanges } from '../nodeVersions';
import { hashIds, idIn, idOf, live } from './rows';
import type { Sql } from './sql';

/**
 * The static pass's writes: files, nodes and edges opened and closed at a snapshot seq, and
 * the edge event log (SPEC 6.2). Rows of one call go in as one multi-row statement (arrays
 * unnested), so a file's hundred nodes are one round trip, not a hundred.
 */

const now = (): number => Math.floor(Date.now() / 1000);

/** StaticGraphWriter.openFile (roles.ts) over PostgreSQL. */
export async function openFile(sql: Sql, file: FileRecord, seq: number): Promise<void> {
  const ids = await hashIds(sql, [file.fileHash, file.repoHash]);
  const fileId = idIn(ids, file.fileHash);
  await closeFileId(sql, fileId, seq);
  await sql.run(
    `INSERT INTO files (file_id, repo_id, path, content_hash, language, size_bytes, added_in) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [fileId, idIn(ids, file.repoHash), file.path, file.contentHash, file.language, file.sizeBytes, seq],
  );
}

/** StaticGraphWriter.closeFile (roles.ts) over PostgreSQL. */
export async function closeFile(sql: Sql, fileHash: Hash, seq: number): Promise<void> {
  const id = await sql.scalar('SELECT id FROM hashes WHERE hash = $1', [fileHash]);
  if (id !== undefined) await closeFileId(sql, id as number, seq);
}

/** Closes the live version of a file at seq; a version opened in this same seq is dropped. */
async function closeFileId(sql: Sql, fileId: number, seq: number): Promise<void> {
  await sql.run('DELETE FROM files WHERE file_id = $1 AND added_in = $2', [fileId, seq]);
  await sql.run('UPDATE files f SET removed_in = $2 WHERE f.file_id = $1 AND f.removed_in IS NULL', [fileId, seq]);
}

/**
 * Inserts node versions opening at seq; a node whose identity is live already keeps its
 * first owner (the unique live index turns the insert into nothing). Returns the hashes inserted.
 */
export async function insertNodes(sql: Sql, nodes: readonly GraphNode[], seq: number): Promise<Set<Hash>> {
  if (nodes.length === 0) return new Set();
  const ids = await hashIds(sql, nodes.flatMap((n) => [n.nodeHash, n.fileHash, n.repoHash]));
  const inserted = await sql.rows(
    `INSERT INTO nodes (node_id, file_id, repo_id, qualified_name, kind, line, col, end_line, signature, body_hash, doc, added_in)
     SELECT u.*, $12 FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[],
       $9::text[], $10::text[], $11::text[]) AS u
     ON CONFLICT DO NOTHING RETURNING node_id`,
    [
      nodes.map((n) => idIn(ids, n.nodeHash)), nodes.map((n) => idIn(ids, n.fileHash)), nodes.map((n) => idIn(ids, n.repoHash)),
      nodes.map((n) => n.qualifiedName), nodes.map((n) => n.kind), nodes.map((n) => n.line), nodes.map((n) => n.column),
      nodes.map((n) => n.endLine), nodes.map((n) => n.signature), nodes.map((n) => n.bodyHash), nodes.map((n) => n.doc), seq,
    ],
    (row) => row[0] as number,
  );
  const insertedIds = new Set(inserted);
  return new Set(nodes.filter((n) => insertedIds.has(idIn(ids, n.nodeHash))).map((n) => n.nodeHash));
}

/** Closes nodes of one file at seq: a version opened at this seq is deleted, an older one closed. */
async function closeNodes(sql: Sql, nodeHashes: readonly Hash[], fileHash: Hash, seq: number): Promise<void> {
  if (nodeHashes.length === 0) return;
  const params = [nodeHashes, fileHash, seq];
  const ofFile = `node_id IN (SELECT id FROM hashes WHERE hash = ANY($1::text[])) AND file_id = ${idOf(2)}`;
  await sql.run(`DELETE FROM nodes WHERE ${ofFile} AND added_in = $3`, params);
  await sql.run(`UPDATE nodes SET removed_in = $3 WHERE ${ofFile} AND removed_in IS NULL`, params);
}

/** StaticGraphWriter.replaceFileNodes (roles.ts) over PostgreSQL. */
export async function replaceFileNodes(sql: Sql, fileHash: Hash, nodes: readonly GraphNode[], seq: number): Promise<ReplaceResult> {
  const { replaced, insert, fresh, gone } = nodeVersionChanges(await liveNodesOfFile(sql, fileHash), nodes);
  await closeNodes(sql, [...replaced, ...gone], fileHash, seq);
  const inserted = await insertNodes(sql, insert, seq);
  return { added: [...fresh].filter((hash) => inserted.has(hash)).length, removed: gone.length };
}

/** StaticGraphWriter.retainFileNodes (roles.ts) over PostgreSQL. */
export async function retainFileNodes(sql: Sql, fileHash: Hash, keep: ReadonlySet<Hash>, seq: number): Promise<number> {
  const gone = (await liveNodesOfFile(sql, fileHash)).filter((n) => !keep.has(n.nodeHash)).map((n) => n.nodeHash);
  await closeNodes(sql, gone, fileHash, seq);
  return gone.length;
}

/** StaticGraphWriter.ensureRepoLevelNodes (roles.ts) over PostgreSQL. */
export async function ensureRepoLevelNodes(sql: Sql, nodes: readonly GraphNode[], seq: number): Promise<number> {
  const unique = [...new Map(nodes.map((n) => [n.nodeHash, n])).values()];
  if (unique.length === 0) return 0;
  await sql.run(
    'DELETE FROM nodes WHERE node_id IN (SELECT id FROM hashes WHERE hash = ANY($1::text[])) AND added_in = $2 AND removed_in IS NOT NULL',
    [unique.map((n) => n.nodeHash), seq],
  );
  return (await insertNodes(sql, unique, seq)).size;
}

/** StaticGraphWriter.sweepRepoLevelNodes (roles.ts) over PostgreSQL. */
export async function sweepRepoLevelNodes(sql: Sql, repoHash: Hash, seq: number, candidates?: Iterable<Hash>): Promise<number> {
  const orphaned = `n.repo_id = ${idOf(1)} AND n.file_id = 0 AND ${live('n')}
       AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.target_id = n.node_id AND ${live('e')})
       AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.source_id = n.node_id AND ${live('e')})`;
  const select = `SELECT hn.hash FROM nodes n JOIN hashes hn ON hn.id = n.node_id WHERE ${orphaned}`;
  const orphans = candidates
    ? await sql.rows(`${select} AND hn.hash = ANY($2::text[])`, [repoHash, [...new Set(candidates)]], (row) => row[0] as string)
    : await sql.rows(select, [repoHash], (row) => row[0] as string);
  await closeNodes(sql, orphans, '', seq);
  return orphans.length;
}

/**
 * Inserts edge versions opening at seq, replacing any row they collide with (a version
 * closed earlier in this seq, or a live row of the same identity), as the graph-file store's
 * INSERT OR REPLACE does. Returns the ids of the edges, in the order given.
 */
export async function insertEdges(sql: Sql, edges: readonly GraphEdge[], repoHash: Hash, seq: number): Promise<number[]> {
  if (edges.length === 0) return [];
  const ids = await hashIds(sql, [repoHash, ...edges.flatMap((e) => [e.edgeHash, e.sourceHash, e.targetHash, e.ownerFileHash])]);
  const edgeIds = edges.map((e) => idIn(ids, e.edgeHash));
  await sql.run('DELETE FROM edges WHERE edge_id = ANY($1::bigint[]) AND (added_in = $2 OR removed_in IS NULL)', [edgeIds, seq]);
  await sql.run(
    `INSERT INTO edges (edge_id, source_id, target_id, edge_type, provenance, confidence, call_site_file, call_site_line, call_site_col,
       observation_count, last_observed, owner_file_id, later_call_sites, repo_id, added_in)
     SELECT u.*, $14, $15 FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::float8[], $7::text[], $8::int[],
       $9::int[], $10::bigint[], $11::bigint[], $12::bigint[], $13::text[]) AS u`,
    [
      edgeIds, edges.map((e) => idIn(ids, e.sourceHash)), edges.map((e) => idIn(ids, e.targetHash)), edges.map((e) => e.edgeType),
      edges.map((e) => e.provenance), edges.map((e) => e.confidence), edges.map((e) => e.callSiteFile), edges.map((e) => e.callSiteLine),
      edges.map((e) => e.callSiteCol), edges.map((e) => e.observationCount), edges.map((e) => e.lastObserved),
      edges.map((e) => idIn(ids, e.ownerFileHash)), edges.map(encodeLaterCallSites), idIn(ids, repoHash), seq,
    ],
  );
  return edgeIds;
}

/** Appends edge events, in the order given (their ids follow it). */
export async function recordEdgeEvents(
  sql: Sql, edgeHashes: readonly Hash[], event: 'added' | 'removed', at: number, snapshotHash: Hash | null,
): Promise<void> {
  if (edgeHashes.length === 0) return;
  await sql.run(
    `INSERT INTO edge_events (edge_id, event, at, snapshot_hash)
     SELECT h.id, $2, $3, $4 FROM unnest($1::text[]) WITH ORDINALITY AS u(hash, n) JOIN hashes h ON h.hash = u.hash ORDER BY u.n`,
    [edgeHashes, event, at, snapshotHash],
  );
}

/** Closes edges a file owns at seq: a version opened at this seq is deleted, an older one closed. */
async function closeOwnedEdges(sql: Sql, edgeHashes: readonly Hash[], ownerFileHash: Hash, seq: number): Promise<void> {
  if (edgeHashes.length === 0) return;
  const params = [edgeHashes, ownerFileHash, seq];
  const owned = `edge_id IN (SELECT id FROM hashes WHERE hash = ANY($1::text[])) AND owner_file_id = ${idOf(2)}`;
  await sql.run(`DELETE FROM edges WHERE ${owned} AND added_in = $3`, params);
  await sql.run(`UPDATE edges SET removed_in = $3 WHERE ${owned} AND removed_in IS NULL`, params);
}

/** StaticGraphWriter.replaceOwnedEdges (roles.ts) over PostgreSQL. */
export async function replaceOwnedEdges(
  sql: Sql, ownerFileHash: Hash, repoHash: Hash, edges: readonly GraphEdge[], seq: number, snapshotHash: Hash,
): Promise<ReplaceResult> {
  const live = new Map((await liveEdgesOwnedBy(sql, ownerFileHash)).map((e) => [e.edgeHash, e]));
  const seen = new Set<Hash>();
  const added: GraphEdge[] = [];
  const moved: GraphEdge[] = [];
  for (const edge of edges) {
    if (seen.has(edge.edgeHash)) continue;
    seen.add(edge.edgeHash);
    const old = live.get(edge.edgeHash);
    live.delete(edge.edgeHash);
    if (!old) added.push(edge);
    // Sites are not part of the identity: they move in place, with no new version or event.
    else if (!sameCallSites(old, edge)) moved.push(edge);
  }
  if (moved.length > 0) {
    await sql.run(
      `UPDATE edges e SET call_site_file = u.file, call_site_line = u.line, call_site_col = u.col, later_call_sites = u.later
       FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::text[]) AS u(hash, file, line, col, later)
       JOIN hashes h ON h.hash = u.hash WHERE e.edge_id = h.id AND e.removed_in IS NULL`,
      [moved.map((e) => e.edgeHash), moved.map((e) => e.callSiteFile), moved.map((e) => e.callSiteLine), moved.map((e) => e.callSiteCol),
        moved.map(encodeLaterCallSites)],
    );
  }
  const at = now();
  await insertEdges(sql, added, repoHash, seq);
  await recordEdgeEvents(sql, added.map((e) => e.edgeHash), 'added', at, snapshotHash);
  const gone = [...live.keys()];
  await closeOwnedEdges(sql, gone, ownerFileHash, seq);
  await recordEdgeEvents(sql, gone, 'removed', at, snapshotHash);
  return { added: added.length, removed: gone.length };
}

/** StaticGraphWriter.retainOwnedEdges (roles.ts) over PostgreSQL. */
export async function retainOwnedEdges(sql: Sql, ownerFileHash: Hash, keep: ReadonlySet<Hash>, seq: number, snapshotHash: Hash): Promise<number> {
  const gone = (await liveEdgesOwnedBy(sql, ownerFileHash)).filter((e) => !keep.has(e.edgeHash)).map((e) => e.edgeHash);
  await closeOwnedEdges(sql, gone, ownerFileHash, seq);
  await recordEdgeEvents(sql, gone, 'removed', now(), snapshotHash);
  return gone.length;
}
