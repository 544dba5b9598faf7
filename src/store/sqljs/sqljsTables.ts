import type { SqlValue } from 'sql.js';
import type {
  EdgeType, FileRecord, GraphEdge, GraphNode, Hash, RepoRecord, RouteSymbolRow, SnapshotRecord,
} from '../../model';
import type {
  EnrichmentState, EnrichmentSummary, FeedbackCounts, FileStatRecord, GraphCounts, LiveFile, ProvidedModuleRecord, RepoCounts, ReplaceResult, RequestedServiceRecord,
  StoredFacts,
} from '../records';
import { bulkLoad, insertNewRows } from './bulkLoad';
import * as edgeWrites from './edgeWrites';
import * as nodeWrites from './nodeWrites';
import * as factsTable from './factsTable';
import * as fileStatsTable from './fileStatsTable';
import { kindCountsColumn, repoFromRow, servicesColumn } from '../columnCodecs';
import * as routesTable from './routesTable';
import * as reads from './reads';
import type { SqlJsDatabase } from './database';
import type { Synchronous } from './synchronous';
import type { GraphTables } from '../roles';
import * as enrichment from './enrichmentLog';
import * as provides from './repoProvides';
import * as requests from './repoRequests';
import * as feedback from './feedbackStore';
import { SqlJsRuntimeTables } from './runtimeStore';
import { edgeBucketDigests } from './edgeHashBuckets';
import { heldEdgesAt, holdForeignRuntimeEdges } from './snapshotRuntimeEdges';
import { EMPTY_HASH_ID, ID_OF, ensureId } from './hashIds';
import {
  EDGE_COLUMNS, EDGE_FROM, LIVE, LIVE_FILE_COLUMNS, LIVE_FILE_FROM, NODE_COLUMNS, NODE_FROM, REPO_COLUMNS, SNAPSHOT_COLUMNS, edgeFromRow,
  liveFileFromRow, nodeFromRow, snapshotFromRow,
} from './rows';

/**
 * Every store role over one sql.js database, answered synchronously: the database lives
 * in this thread's memory. SqlJsStore puts the async seam, transactions and persistence
 * around it.
 */
export class SqlJsTables extends SqlJsRuntimeTables implements Synchronous<Omit<GraphTables, 'bulkLoad'>> {
  constructor(database: SqlJsDatabase) {
    super(database);
    // The database lives in wasm memory and is persisted whole by save(): a journal on
    // the emulated file system only costs copies, and durability comes from the atomic save.
    database.exec('PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -65536;');
  }

  // Repositories and snapshots

  upsertRepo(repo: RepoRecord): void {
    this.database.run(
      `INSERT INTO repos (repo_hash, repo_url, root_path, service_name, services, layout_digest, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (repo_hash) DO UPDATE SET root_path = excluded.root_path, service_name = excluded.service_name, services = excluded.services,
         layout_digest = excluded.layout_digest`,
      [repo.repoHash, repo.repoUrl, repo.rootPath, repo.serviceName, servicesColumn(repo.services), repo.layoutDigest ?? '', Math.floor(Date.now() / 1000)],
    );
  }

  repo(repoHash: Hash): RepoRecord | undefined {
    return this.database.one(`SELECT ${REPO_COLUMNS} FROM repos WHERE repo_hash = ?`, [repoHash], repoFromRow);
  }

  repos(): RepoRecord[] {
    return this.database.all(`SELECT ${REPO_COLUMNS} FROM repos ORDER BY repo_url`, [], repoFromRow);
  }

  nextSnapshotSeq(repoHash: Hash): number {
    return Number(this.database.scalar('SELECT coalesce(max(seq), 0) + 1 FROM snapshots WHERE repo_hash = ?', [repoHash]));
  }

  insertSnapshot(s: SnapshotRecord): void {
    this.database.run(
      `INSERT INTO snapshots (${SNAPSHOT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [s.snapshotHash, s.repoHash, s.seq, s.commitHash, s.parentCommit, s.dirty ? 1 : 0, s.createdAt, s.merkleRoot,
        s.fileCount, s.nodeCount, s.edgeCount, kindCountsColumn(s)],
    );
  }

  deleteSnapshot(snapshotHash: Hash): void {
    this.database.run('DELETE FROM snapshots WHERE snapshot_hash = ?', [snapshotHash]);
  }

  snapshot(snapshotHash: Hash): SnapshotRecord | undefined {
    return this.database.one(`SELECT ${SNAPSHOT_COLUMNS} FROM snapshots WHERE snapshot_hash = ?`, [snapshotHash], snapshotFromRow);
  }

  snapshots(repoHash?: Hash): SnapshotRecord[] {
    return repoHash
      ? this.database.all(`SELECT ${SNAPSHOT_COLUMNS} FROM snapshots WHERE repo_hash = ? ORDER BY seq`, [repoHash], snapshotFromRow)
      : this.database.all(`SELECT ${SNAPSHOT_COLUMNS} FROM snapshots ORDER BY repo_hash, seq`, [], snapshotFromRow);
  }

  latestSnapshot(repoHash: Hash): SnapshotRecord | undefined {
    return this.database.one(
      `SELECT ${SNAPSHOT_COLUMNS} FROM snapshots WHERE repo_hash = ? ORDER BY seq DESC LIMIT 1`, [repoHash], snapshotFromRow,
    );
  }

  // Files and facts

  liveFiles(repoHash: Hash): LiveFile[] {
    return this.database.all(
      `SELECT ${LIVE_FILE_COLUMNS} FROM ${LIVE_FILE_FROM} WHERE f.repo_id = ${ID_OF} AND f.${LIVE} ORDER BY f.path`,
      [repoHash],
      liveFileFromRow,
    );
  }

  liveFile(repoHash: Hash, path: string): LiveFile | undefined {
    return this.database.one(
      `SELECT ${LIVE_FILE_COLUMNS} FROM ${LIVE_FILE_FROM} WHERE f.repo_id = ${ID_OF} AND f.path = ? AND f.${LIVE}`,
      [repoHash, path],
      liveFileFromRow,
    );
  }

  hasLiveFiles(repoHash: Hash): boolean {
    return this.database.scalar(`SELECT 1 FROM files WHERE repo_id = ${ID_OF} AND ${LIVE} LIMIT 1`, [repoHash]) !== undefined;
  }

  openFile(file: FileRecord, seq: number): void {
    this.closeRows('files', 'file_id', file.fileHash, seq);
    this.database.run(
      `INSERT INTO files (file_id, repo_id, path, content_hash, language, size_bytes, added_in) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [ensureId(this.database, file.fileHash), ensureId(this.database, file.repoHash), file.path, file.contentHash, file.language, file.sizeBytes, seq],
    );
  }

  closeFile(fileHash: Hash, seq: number): void {
    this.closeRows('files', 'file_id', fileHash, seq);
  }

  facts(fileHash: Hash, contentHash: Hash, formatVersion: number): Uint8Array | undefined {
    return factsTable.facts(this.database, fileHash, contentHash, formatVersion);
  }

  putFacts(fileHash: Hash, contentHash: Hash, formatVersion: number, encoded: Uint8Array): void {
    factsTable.putFacts(this.database, fileHash, contentHash, formatVersion, encoded);
  }

  staleFactsCount(repoHash: Hash, formatVersion: number): number {
    return factsTable.staleFactsCount(this.database, repoHash, formatVersion);
  }

  liveFactsOfRepo(repoHash: Hash, formatVersion: number): Map<Hash, StoredFacts> {
    return factsTable.liveFactsOfRepo(this.database, repoHash, formatVersion);
  }

  fileStats(repoHash: Hash): Map<string, FileStatRecord> {
    return fileStatsTable.fileStats(this.database, repoHash);
  }

  putFileStats(repoHash: Hash, records: readonly FileStatRecord[]): void {
    fileStatsTable.putFileStats(this.database, repoHash, records);
  }

  deleteFileStats(repoHash: Hash, paths: readonly string[]): void {
    fileStatsTable.deleteFileStats(this.database, repoHash, paths);
  }

  deleteFacts(fileHash: Hash): void {
    factsTable.deleteFacts(this.database, fileHash);
  }

  // Nodes

  liveNodesOfFile(fileHash: Hash): GraphNode[] {
    return reads.liveNodesOfFile(this.database, fileHash);
  }

  liveNodesOfRepo(repoHash: Hash): GraphNode[] {
    return this.database.all(`SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE n.repo_id = ${ID_OF} AND n.${LIVE}`, [repoHash], nodeFromRow);
  }

  liveRepoLevelNodes(repoHash: Hash): GraphNode[] {
    return this.database.all(
      `SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE n.file_id = ${EMPTY_HASH_ID} AND n.repo_id = ${ID_OF} AND n.${LIVE}`, [repoHash], nodeFromRow,
    );
  }

  node(nodeHash: Hash): GraphNode | undefined {
    return this.database.one(`SELECT ${NODE_COLUMNS} FROM ${NODE_FROM} WHERE n.node_id = ${ID_OF} AND n.${LIVE}`, [nodeHash], nodeFromRow);
  }

  replaceFileNodes(fileHash: Hash, nodes: readonly GraphNode[], seq: number): ReplaceResult {
    return nodeWrites.replaceFileNodes(this.database, fileHash, nodes, seq);
  }

  retainFileNodes(fileHash: Hash, keep: ReadonlySet<Hash>, seq: number): number {
    return nodeWrites.retainFileNodes(this.database, fileHash, keep, seq);
  }

  ensureRepoLevelNodes(nodes: readonly GraphNode[], seq: number): number {
    return nodeWrites.ensureRepoLevelNodes(this.database, nodes, seq);
  }

  sweepRepoLevelNodes(repoHash: Hash, seq: number, candidates?: Iterable<Hash>): number {
    return nodeWrites.sweepRepoLevelNodes(this.database, repoHash, seq, candidates);
  }

  // Edges

  liveEdgesOwnedBy(fileHash: Hash): GraphEdge[] {
    return reads.liveEdgesOwnedBy(this.database, fileHash);
  }

  ownersOfEdgesInto(targetHashes: readonly Hash[]): Hash[] {
    const owners = new Set<Hash>();
    for (const target of targetHashes) {
      for (const owner of this.database.all(
        `SELECT DISTINCT h.hash FROM edges e JOIN hashes h ON h.id = e.owner_file_id
         WHERE e.target_id = ${ID_OF} AND e.${LIVE} AND e.owner_file_id != ${EMPTY_HASH_ID}`,
        [target],
        (row) => row[0] as string,
      )) owners.add(owner);
    }
    return [...owners];
  }

  replaceOwnedEdges(ownerFileHash: Hash, repoHash: Hash, edges: readonly GraphEdge[], seq: number, snapshotHash: Hash): ReplaceResult {
    return edgeWrites.replaceOwnedEdges(this.database, ownerFileHash, repoHash, edges, seq, snapshotHash);
  }

  retainOwnedEdges(ownerFileHash: Hash, keep: ReadonlySet<Hash>, seq: number, snapshotHash: Hash): number {
    return edgeWrites.retainOwnedEdges(this.database, ownerFileHash, keep, seq, snapshotHash);
  }

  insertNewRows(
    nodes: readonly GraphNode[], edges: readonly GraphEdge[], repoHash: Hash, seq: number, onRows?: (done: number, total: number) => void,
  ): void {
    insertNewRows(this.database, nodes, edges, repoHash, seq, onRows);
  }

  edgeEventCounts(): { readonly added: number; readonly removed: number } {
    return reads.edgeEventCounts(this.database);
  }

  liveEdges(filter: { readonly edgeType?: EdgeType; readonly repoHash?: Hash; readonly provenance?: string } = {}): GraphEdge[] {
    const where: string[] = [`e.${LIVE}`];
    const params: SqlValue[] = [];
    if (filter.edgeType) {
      where.push('e.edge_type = ?');
      params.push(filter.edgeType);
    }
    if (filter.repoHash) {
      where.push(`e.repo_id = ${ID_OF}`);
      params.push(filter.repoHash);
    }
    if (filter.provenance) {
      where.push('e.provenance = ?');
      params.push(filter.provenance);
    }
    return this.database.all(`SELECT ${EDGE_COLUMNS} FROM ${EDGE_FROM} WHERE ${where.join(' AND ')}`, params, edgeFromRow);
  }

  forEachLiveEdge(visit: (edge: GraphEdge) => void): void {
    this.database.all(`SELECT ${EDGE_COLUMNS} FROM ${EDGE_FROM} WHERE e.${LIVE}`, [], (row) => visit(edgeFromRow(row)));
  }

  edgeBucketDigests(repoHash: Hash, digestOf: (sortedHashes: readonly Hash[]) => Hash): Hash[] {
    return edgeBucketDigests(this.database, repoHash, digestOf);
  }

  // Routes

  replaceFileRoutes(ownerFileHash: Hash, rows: readonly RouteSymbolRow[], fallbackRows: readonly RouteSymbolRow[] = []): void {
    routesTable.replaceFileRoutes(this.database, ownerFileHash, rows, fallbackRows);
  }

  routeSymbols(): RouteSymbolRow[] {
    return routesTable.routeSymbols(this.database);
  }

  /** The async work runs between dropping and rebuilding the indexes (see bulkLoad.ts). */
  bulkLoad<T>(repoHash: Hash, seq: number, snapshotHash: Hash, work: () => Promise<T>): Promise<T> {
    return bulkLoad(this.database, repoHash, seq, snapshotHash, work);
  }

  counts(): GraphCounts {
    return reads.counts(this.database);
  }

  nodesAt(repoHash: Hash, seq: number): GraphNode[] {
    return reads.nodesAt(this.database, repoHash, seq);
  }

  edgesAt(repoHash: Hash, seq: number): GraphEdge[] {
    return [...reads.edgesAt(this.database, repoHash, seq), ...heldEdgesAt(this.database, repoHash, seq)];
  }

  holdForeignRuntimeEdges(repoHash: Hash, seq: number): Hash[] {
    return holdForeignRuntimeEdges(this.database, repoHash, seq);
  }

  filesAt(repoHash: Hash, seq: number): FileRecord[] {
    return reads.filesAt(this.database, repoHash, seq);
  }

  liveFileRecords(repoHash?: Hash): FileRecord[] {
    return reads.liveFileRecords(this.database, repoHash);
  }

  nodesByPrefix(prefix: string, limit: number): GraphNode[] {
    return reads.nodesByPrefix(this.database, prefix, limit);
  }

  countsOfRepo(repoHash: Hash, options?: { readonly byKind?: boolean }): RepoCounts {
    return reads.countsOfRepo(this.database, repoHash, options);
  }

  /** Closes the live version of a row at seq; a version opened in this same seq is dropped. */
  private closeRows(table: 'files' | 'edges', key: string, value: Hash, seq: number): void {
    this.database.run(`DELETE FROM ${table} WHERE ${key} = ${ID_OF} AND added_in = ?`, [value, seq]);
    this.database.run(`UPDATE ${table} SET removed_in = ? WHERE ${key} = ${ID_OF} AND ${LIVE}`, [seq, value]);
  }

  // Feedback: not a graph write, so the generation (and every cached graph view) stays.

  recordFeedback(symbolHash: Hash, sessionId: string, useful: boolean, at: number): void {
    feedback.recordFeedback(this.database, symbolHash, sessionId, useful, at);
  }

  feedbackCounts(symbolHashes: readonly Hash[] | 'all'): Map<Hash, FeedbackCounts> {
    return feedback.feedbackCounts(this.database, symbolHashes);
  }

  // Enrichment visits: not a graph write either; the edges a pass wrote are.

  recordEnrichment(states: readonly EnrichmentState[]): void {
    enrichment.recordEnrichment(this.database, states);
  }

  enrichmentStates(source: string, fileHashes: readonly Hash[]): EnrichmentState[] {
    return enrichment.enrichmentStates(this.database, source, fileHashes);
  }

  enrichmentSummary(repoHash?: Hash): EnrichmentSummary[] {
    return enrichment.enrichmentSummary(this.database, repoHash);
  }

  replaceRepoProvides(repoHash: Hash, modules: readonly ProvidedModuleRecord[]): void {
    provides.replaceRepoProvides(this.database, repoHash, modules);
  }

  repoProvides(): ProvidedModuleRecord[] {
    return provides.repoProvides(this.database);
  }

  replaceRepoRequests(repoHash: Hash, rows: readonly RequestedServiceRecord[]): void {
    requests.replaceRepoRequests(this.database, repoHash, rows);
  }

  requestsOfServices(services: readonly string[]): RequestedServiceRecord[] {
    return requests.requestsOfServices(this.database, services);
  }
}
