import type { SqlValue } from 'sql.js';
import type { LiveFile } from '../records';
import type { EdgeType, FileRecord, GraphEdge, GraphNode, NodeKind, RouteSymbolRow, SnapshotRecord } from '../../model';
import { decodeLaterCallSites, encodeLaterCallSites, kindCountsFromColumn } from '../columnCodecs';

/**
 * Column lists and row mappers, kept together so a SELECT and its mapper cannot drift.
 * Rows hold integer ids of their hashes (migration 014): each *_COLUMNS list reads the
 * hashes through the joins of its *_FROM, with the table under a fixed alias (n, e, f).
 */

/** A row version that is live now. */
export const LIVE = 'removed_in IS NULL';
/** A row version valid at a snapshot sequence: binds seq twice. */
export const AT = 'added_in <= ? AND (removed_in IS NULL OR removed_in > ?)';

export const NODE_COLUMNS =
  'hn.hash, hf.hash, hr.hash, n.qualified_name, n.kind, n.line, n.col, n.end_line, n.signature, n.body_hash, n.doc';

/** `nodes n` with the hashes NODE_COLUMNS reads. */
export const NODE_FROM =
  'nodes n JOIN hashes hn ON hn.id = n.node_id JOIN hashes hf ON hf.id = n.file_id JOIN hashes hr ON hr.id = n.repo_id';

export function nodeFromRow(row: SqlValue[]): GraphNode {
  return {
    nodeHash: row[0] as string,
    fileHash: row[1] as string,
    repoHash: row[2] as string,
    qualifiedName: row[3] as string,
    kind: row[4] as NodeKind,
    line: row[5] as number,
    column: row[6] as number,
    endLine: row[7] as number,
    signature: row[8] as string,
    bodyHash: row[9] as string,
    doc: row[10] as string,
  };
}

/** The columns nodeValues fills, in its order. */
export const NODE_INSERT_COLUMNS = 'node_id, file_id, repo_id, qualified_name, kind, line, col, end_line, signature, body_hash, doc';

/** A node's row values for NODE_INSERT_COLUMNS, its hashes given as ids. */
export function nodeValues(node: GraphNode, nodeId: number, fileId: number, repoId: number): SqlValue[] {
  return [nodeId, fileId, repoId, node.qualifiedName, node.kind, node.line, node.column, node.endLine, node.signature, node.bodyHash, node.doc];
}

export const EDGE_COLUMNS =
  'he.hash, hs.hash, ht.hash, e.edge_type, e.provenance, e.confidence, e.call_site_file, e.call_site_line, e.call_site_col, '
  + 'e.observation_count, e.last_observed, ho.hash, e.later_call_sites';

/** `edges e` with the hashes EDGE_COLUMNS reads. */
export const EDGE_FROM = 'edges e JOIN hashes he ON he.id = e.edge_id JOIN hashes hs ON hs.id = e.source_id '
  + 'JOIN hashes ht ON ht.id = e.target_id JOIN hashes ho ON ho.id = e.owner_file_id';

export function edgeFromRow(row: SqlValue[]): GraphEdge {
  return {
    edgeHash: row[0] as string,
    sourceHash: row[1] as string,
    targetHash: row[2] as string,
    edgeType: row[3] as EdgeType,
    provenance: row[4] as string,
    confidence: row[5] as number,
    callSiteFile: row[6] as string,
    callSiteLine: row[7] as number,
    callSiteCol: row[8] as number,
    observationCount: row[9] as number,
    lastObserved: row[10] as number,
    ownerFileHash: row[11] as string,
    laterCallSites: decodeLaterCallSites(row[12] as string, row[6] as string),
  };
}

/** The columns edgeValues fills, in its order. */
export const EDGE_INSERT_COLUMNS =
  'edge_id, source_id, target_id, edge_type, provenance, confidence, call_site_file, call_site_line, call_site_col, '
  + 'observation_count, last_observed, owner_file_id, later_call_sites';

/** The ids of an edge's hashes. */
export interface EdgeIds {
  readonly edge: number;
  readonly source: number;
  readonly target: number;
  readonly ownerFile: number;
}

/** An edge's row values for EDGE_INSERT_COLUMNS, its hashes given as ids. */
export function edgeValues(edge: GraphEdge, ids: EdgeIds): SqlValue[] {
  return [
    ids.edge, ids.source, ids.target, edge.edgeType, edge.provenance, edge.confidence,
    edge.callSiteFile, edge.callSiteLine, edge.callSiteCol, edge.observationCount, edge.lastObserved,
    ids.ownerFile, encodeLaterCallSites(edge),
  ];
}



export const SNAPSHOT_COLUMNS =
  'snapshot_hash, repo_hash, seq, commit_hash, parent_commit, dirty, created_at, merkle_root, file_count, node_count, edge_count, kind_counts';

export function snapshotFromRow(row: SqlValue[]): SnapshotRecord {
  return {
    snapshotHash: row[0] as string,
    repoHash: row[1] as string,
    seq: row[2] as number,
    commitHash: row[3] as string,
    parentCommit: row[4] as string,
    dirty: row[5] === 1,
    createdAt: row[6] as number,
    merkleRoot: row[7] as string,
    fileCount: row[8] as number,
    nodeCount: row[9] as number,
    edgeCount: row[10] as number,
    ...kindCountsFromColumn(row[11] as string),
  };
}

export const REPO_COLUMNS = 'repo_hash, repo_url, root_path, service_name, services, layout_digest';



export function routeFromRow(row: SqlValue[]): RouteSymbolRow {
  return {
    serviceName: row[0] as string,
    routePattern: row[1] as string,
    mappingType: row[2] as RouteSymbolRow['mappingType'],
    nodeHash: row[3] as string,
    createdAt: row[4] as number,
    ...(typeof row[5] === 'string' ? { ownerPath: row[5] } : {}),
  };
}

export const FILE_COLUMNS = 'hf.hash, hr.hash, f.path, f.content_hash, f.language, f.size_bytes';

/** `files f` with the hashes FILE_COLUMNS reads. */
export const FILE_FROM = 'files f JOIN hashes hf ON hf.id = f.file_id JOIN hashes hr ON hr.id = f.repo_id';

export function fileFromRow(row: SqlValue[]): FileRecord {
  return {
    fileHash: row[0] as string,
    repoHash: row[1] as string,
    path: row[2] as string,
    contentHash: row[3] as string,
    language: row[4] as string,
    sizeBytes: row[5] as number,
  };
}


export const LIVE_FILE_COLUMNS = 'hf.hash, f.path, f.content_hash, f.language';

/** `files f` with the hash LIVE_FILE_COLUMNS reads. */
export const LIVE_FILE_FROM = 'files f JOIN hashes hf ON hf.id = f.file_id';

export function liveFileFromRow(row: SqlValue[]): LiveFile {
  return { fileHash: row[0] as string, path: row[1] as string, contentHash: row[2] as string, language: row[3] as string };
}
