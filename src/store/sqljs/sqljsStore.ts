import type { SqlValue } from 'sql.js';
import type { FileFacts } from '../../extract/facts';
import type {
  EdgeType, FileRecord, GraphEdge, GraphNode, Hash, RepoRecord, RouteSymbolRow, SnapshotRecord,
} from '../../model';
import type {
  GraphCounts, GraphStore, LiveFile, ReplaceResult, StoreCapabilities,
} from '../graphStore';
import { bulkLoad } from './bulkLoad';
import * as factsTable from './factsTable';
import * as routesTable from './routesTable';
import * as reads from './reads';
import { writeFileAtomic } from './atomicWrite';
import type { SqlJsDatabase } from './database';
import * as feedback from './feedbackStore';
import { SqlJsRuntimeTables } from './runtimeStore';
import {
  EDGE_COLUMNS, LIVE, LIVE_FILE_COLUMNS, NODE_COLUMNS, REPO_COLUMNS, SNAPSHOT_COLUMNS, edgeFromRow, edgeParams, liveFileFromRow,
  nodeFromRow, nodeParams, repoFromRow, sameNodeVersion, snapshotFromRow,
} from './rows';

/** insertNewRows reports progress this often. */
const ROWS_PER_PROGRESS = 5000;

function compareHashes(a: Hash, b: Hash): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export class SqlJsStore extends SqlJsRuntimeTables implements GraphStore {
  readonly capabilities: StoreCapabilities = { runtime: true, feedback: true, testScope: true };
  private depth = 0;
  private writes = 0;
  private runtimeWrites = 0;

  get generation(): number {
    return this.writes;
  }

  get runtimeGeneration(): number {
    return this.runtimeWrites;
  }

  constructor(database: SqlJsDatabase, readonly location: string) {
    super(database);
    // The database lives in wasm memory and is persisted whole by save(): a journal on
    // the emulated file system only costs copies, and durability comes from the atomic save.
    database.exec('PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -65536;');
  }

  transaction<T>(work: () => T): T {
    return this.commit(work, false);
  }

  runtimeTransaction<T>(work: () => T): T {
    return this.commit(work, true);
  }

  /** One transaction; nested ones join the outer one, which counts as static unless it is runtime-only itself. */
  private commit<T>(work: () => T, runtimeOnly: boolean): T {
    if (this.depth > 0) return work();
    this.database.exec('BEGIN');
    this.depth++;
    try {
      const result = work();
      this.database.exec('COMMIT');
      this.writes++;
      if (runtimeOnly) this.runtimeWrites++;
      return result;
    } catch (error) {
      this.database.exec('ROLLBACK');
      throw error;
    } finally {
      this.depth--;
    }
  }

  async save(): Promise<void> {
    if (this.location === ':memory:') return;
    await writeFileAtomic(this.location, this.database.export());
  }

  close(): void {
    this.database.close();
  }

  // Repositories and snapshots

  upsertRepo(repo: RepoRecord): void {
    this.database.run(
      `INSERT INTO repos (repo_hash, repo_url, root_path, service_name, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (repo_hash) DO UPDATE SET root_path = excluded.root_path, service_name = excluded.service_name`,
      [repo.repoHash, repo.repoUrl, repo.rootPath, repo.serviceName, Math.floor(Date.now() / 1000)],
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
      `INSERT INTO snapshots (${SNAPSHOT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [s.snapshotHash, s.repoHash, s.seq, s.commitHash, s.parentCommit, s.dirty ? 1 : 0, s.createdAt, s.merkleRoot,
        s.fileCount, s.nodeCount, s.edgeCount],
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
      `SELECT ${LIVE_FILE_COLUMNS} FROM files WHERE repo_hash = ? AND ${LIVE} ORDER BY path`,
      [repoHash],
      liveFileFromRow,
    );
  }

  liveFile(repoHash: Hash, path: string): LiveFile | undefined {
    return this.database.one(
      `SELECT ${LIVE_FILE_COLUMNS} FROM files WHERE repo_hash = ? AND path = ? AND ${LIVE}`,
      [repoHash, path],
      liveFileFromRow,
    );
  }

  hasLiveFiles(repoHash: Hash): boolean {
    return this.database.scalar(`SELECT 1 FROM files WHERE repo_hash = ? AND ${LIVE} LIMIT 1`, [repoHash]) !== undefined;
  }

  openFile(file: FileRecord, seq: number): void {
    this.closeRows('files', 'file_hash', file.fileHash, seq);
    this.database.run(
      `INSERT INTO files (file_hash, repo_hash, path, content_hash, language, size_bytes, added_in) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [file.fileHash, file.repoHash, file.path, file.contentHash, file.language, file.sizeBytes, seq],
    );
  }

  closeFile(fileHash: Hash, seq: number): void {
    this.closeRows('files', 'file_hash', fileHash, seq);
  }

  facts(fileHash: Hash, contentHash: Hash): FileFacts | undefined {
    return factsTable.facts(this.database, fileHash, contentHash);
  }

  putFacts(fileHash: Hash, contentHash: Hash, facts: FileFacts | Uint8Array): void {
    factsTable.putFacts(this.database, fileHash, contentHash, facts);
  }

  staleFactsCount(repoHash: Hash): number {
    return factsTable.staleFactsCount(this.database, repoHash);
  }

  deleteFacts(fileHash: Hash): void {
    factsTable.deleteFacts(this.database, fileHash);
  }

  // Nodes

  liveNodesOfFile(fileHash: Hash): GraphNode[] {
    return this.database.all(`SELECT ${NODE_COLUMNS} FROM nodes WHERE file_hash = ? AND ${LIVE}`, [fileHash], nodeFromRow);
  }

  liveNodesOfRepo(repoHash: Hash): GraphNode[] {
    return this.database.all(`SELECT ${NODE_COLUMNS} FROM nodes WHERE repo_hash = ? AND ${LIVE}`, [repoHash], nodeFromRow);
  }

  liveRepoLevelNodes(repoHash: Hash): GraphNode[] {
    return this.database.all(`SELECT ${NODE_COLUMNS} FROM nodes WHERE file_hash = '' AND repo_hash = ? AND ${LIVE}`, [repoHash], nodeFromRow);
  }

  node(nodeHash: Hash): GraphNode | undefined {
    return this.database.one(`SELECT ${NODE_COLUMNS} FROM nodes WHERE node_hash = ? AND ${LIVE}`, [nodeHash], nodeFromRow);
  }

  replaceFileNodes(fileHash: Hash, nodes: readonly GraphNode[], seq: number): ReplaceResult {
    const live = new Map(this.liveNodesOfFile(fileHash).map((n) => [n.nodeHash, n]));
    let added = 0;
    let removed = 0;
    const seen = new Set<Hash>();
    for (const node of nodes) {
      if (seen.has(node.nodeHash)) continue;
      seen.add(node.nodeHash);
      const old = live.get(node.nodeHash);
      live.delete(node.nodeHash);
      if (old && sameNodeVersion(old, node)) continue;
      if (old) this.closeNode(old.nodeHash, fileHash, seq);
      this.insertNode(node, seq);
      if (!old && this.database.changes() > 0) added++;
    }
    for (const gone of live.values()) {
      this.closeNode(gone.nodeHash, fileHash, seq);
      removed++;
    }
    return { added, removed };
  }

  retainFileNodes(fileHash: Hash, keep: ReadonlySet<Hash>, seq: number): number {
    let removed = 0;
    for (const node of this.liveNodesOfFile(fileHash)) {
      if (keep.has(node.nodeHash)) continue;
      this.closeNode(node.nodeHash, fileHash, seq);
      removed++;
    }
    return removed;
  }

  retainOwnedEdges(ownerFileHash: Hash, keep: ReadonlySet<Hash>, seq: number, snapshotHash: Hash): number {
    const now = Math.floor(Date.now() / 1000);
    let removed = 0;
    for (const edge of this.liveEdgesOwnedBy(ownerFileHash)) {
      if (keep.has(edge.edgeHash)) continue;
      this.closeOwnedEdge(edge.edgeHash, ownerFileHash, seq);
      this.recordEdgeEvent(edge.edgeHash, 'removed', now, snapshotHash);
      removed++;
    }
    return removed;
  }

  private closeOwnedEdge(edgeHash: Hash, ownerFileHash: Hash, seq: number): void {
    this.database.run('DELETE FROM edges WHERE edge_hash = ? AND owner_file_hash = ? AND added_in = ?', [edgeHash, ownerFileHash, seq]);
    this.database.run(`UPDATE edges SET removed_in = ? WHERE edge_hash = ? AND owner_file_hash = ? AND ${LIVE}`, [seq, edgeHash, ownerFileHash]);
  }

  private closeNode(nodeHash: Hash, fileHash: Hash, seq: number): void {
    this.database.run(`DELETE FROM nodes WHERE node_hash = ? AND file_hash = ? AND added_in = ?`, [nodeHash, fileHash, seq]);
    this.database.run(`UPDATE nodes SET removed_in = ? WHERE node_hash = ? AND file_hash = ? AND ${LIVE}`, [seq, nodeHash, fileHash]);
  }

  ensureRepoLevelNodes(nodes: readonly GraphNode[], seq: number): number {
    let added = 0;
    for (const node of nodes) {
      this.database.run('DELETE FROM nodes WHERE node_hash = ? AND added_in = ? AND removed_in IS NOT NULL', [node.nodeHash, seq]);
      this.database.run(`INSERT OR IGNORE INTO nodes (${NODE_COLUMNS}, added_in) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [...nodeParams(node), seq]);
      added += this.database.changes();
    }
    return added;
  }

  sweepRepoLevelNodes(repoHash: Hash, seq: number, candidates?: Iterable<Hash>): number {
    const orphaned = `n.repo_hash = ? AND n.file_hash = '' AND n.${LIVE}
         AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.target_hash = n.node_hash AND e.${LIVE})
         AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.source_hash = n.node_hash AND e.${LIVE})`;
    const orphans = candidates
      ? [...new Set(candidates)].filter((nodeHash) => this.database.scalar(`SELECT 1 FROM nodes n WHERE n.node_hash = ? AND ${orphaned}`, [nodeHash, repoHash]) !== undefined)
      : this.database.all(`SELECT n.node_hash FROM nodes n WHERE ${orphaned}`, [repoHash], (row) => row[0] as string);
    for (const nodeHash of orphans) this.closeNode(nodeHash, '', seq);
    return orphans.length;
  }

  // Edges

  liveEdgesOwnedBy(fileHash: Hash): GraphEdge[] {
    return this.database.all(`SELECT ${EDGE_COLUMNS} FROM edges WHERE owner_file_hash = ? AND ${LIVE}`, [fileHash], edgeFromRow);
  }

  ownersOfEdgesInto(targetHashes: readonly Hash[]): Hash[] {
    const owners = new Set<Hash>();
    for (const target of targetHashes) {
      for (const owner of this.database.all(
        `SELECT DISTINCT owner_file_hash FROM edges WHERE target_hash = ? AND ${LIVE} AND owner_file_hash != ''`,
        [target],
        (row) => row[0] as string,
      )) owners.add(owner);
    }
    return [...owners];
  }

  replaceOwnedEdges(
    ownerFileHash: Hash, repoHash: Hash, edges: readonly GraphEdge[], seq: number, snapshotHash: Hash,
  ): ReplaceResult {
    const live = new Map(this.liveEdgesOwnedBy(ownerFileHash).map((e) => [e.edgeHash, e]));
    const now = Math.floor(Date.now() / 1000);
    const seen = new Set<Hash>();
    let added = 0;
    let removed = 0;
    for (const edge of edges) {
      if (seen.has(edge.edgeHash)) continue;
      seen.add(edge.edgeHash);
      const old = live.get(edge.edgeHash);
      live.delete(edge.edgeHash);
      if (old) {
        if (old.callSiteLine !== edge.callSiteLine || old.callSiteCol !== edge.callSiteCol || old.callSiteFile !== edge.callSiteFile) {
          this.database.run(
            `UPDATE edges SET call_site_file = ?, call_site_line = ?, call_site_col = ? WHERE edge_hash = ? AND ${LIVE}`,
            [edge.callSiteFile, edge.callSiteLine, edge.callSiteCol, edge.edgeHash],
          );
        }
        continue;
      }
      this.insertEdge(edge, repoHash, seq);
      this.recordEdgeEvent(edge.edgeHash, 'added', now, snapshotHash);
      added++;
    }
    for (const gone of live.values()) {
      this.closeOwnedEdge(gone.edgeHash, ownerFileHash, seq);
      this.recordEdgeEvent(gone.edgeHash, 'removed', now, snapshotHash);
      removed++;
    }
    return { added, removed };
  }

  insertNewRows(
    nodes: readonly GraphNode[], edges: readonly GraphEdge[], repoHash: Hash, seq: number, onRows?: (done: number, total: number) => void,
  ): void {
    const total = nodes.length + edges.length;
    let done = 0;
    const tick = (): void => {
      if (++done % ROWS_PER_PROGRESS === 0 || done === total) onRows?.(done, total);
    };
    for (const node of [...nodes].sort((a, b) => compareHashes(a.nodeHash, b.nodeHash))) {
      this.insertNode(node, seq);
      tick();
    }
    for (const edge of [...edges].sort((a, b) => compareHashes(a.edgeHash, b.edgeHash))) {
      this.insertEdge(edge, repoHash, seq);
      tick();
    }
  }

  /** A node another file already holds keeps its first owner: the unique live index ignores this insert. */
  private insertNode(node: GraphNode, seq: number): void {
    this.database.run(`INSERT OR IGNORE INTO nodes (${NODE_COLUMNS}, added_in) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [...nodeParams(node), seq]);
  }

  /** An edge closed earlier in this same seq is replaced (same primary key). */
  private insertEdge(edge: GraphEdge, repoHash: Hash, seq: number): void {
    this.database.run(
      `INSERT OR REPLACE INTO edges (${EDGE_COLUMNS}, repo_hash, added_in) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [...edgeParams(edge), repoHash, seq],
    );
  }

  private recordEdgeEvent(edgeHash: Hash, event: 'added' | 'removed', at: number, snapshotHash: Hash | null): void {
    this.database.run('INSERT INTO edge_events (edge_hash, event, at, snapshot_hash) VALUES (?, ?, ?, ?)', [edgeHash, event, at, snapshotHash]);
  }

  edgeEventCounts(): { readonly added: number; readonly removed: number } {
    return reads.edgeEventCounts(this.database);
  }

  liveEdges(filter: { readonly edgeType?: EdgeType; readonly repoHash?: Hash; readonly provenance?: string } = {}): GraphEdge[] {
    const where: string[] = [LIVE];
    const params: SqlValue[] = [];
    if (filter.edgeType) {
      where.push('edge_type = ?');
      params.push(filter.edgeType);
    }
    if (filter.repoHash) {
      where.push('repo_hash = ?');
      params.push(filter.repoHash);
    }
    if (filter.provenance) {
      where.push('provenance = ?');
      params.push(filter.provenance);
    }
    return this.database.all(`SELECT ${EDGE_COLUMNS} FROM edges WHERE ${where.join(' AND ')}`, params, edgeFromRow);
  }

  liveEdgeHashes(repoHash: Hash): Hash[] {
    return this.database.all(`SELECT edge_hash FROM edges WHERE repo_hash = ? AND ${LIVE} ORDER BY edge_hash`, [repoHash], (r) => r[0] as string);
  }

  // Routes

  replaceFileRoutes(ownerFileHash: Hash, rows: readonly RouteSymbolRow[], fallbackRows: readonly RouteSymbolRow[] = []): void {
    routesTable.replaceFileRoutes(this.database, ownerFileHash, rows, fallbackRows);
  }

  routeSymbols(): RouteSymbolRow[] {
    return routesTable.routeSymbols(this.database);
  }

  bulkLoad<T>(repoHash: Hash, seq: number, snapshotHash: Hash, work: () => T): T {
    return bulkLoad(this.database, repoHash, seq, snapshotHash, work);
  }

  counts(): GraphCounts {
    return reads.counts(this.database);
  }

  nodesAt(repoHash: Hash, seq: number): GraphNode[] {
    return reads.nodesAt(this.database, repoHash, seq);
  }

  edgesAt(repoHash: Hash, seq: number): GraphEdge[] {
    return reads.edgesAt(this.database, repoHash, seq);
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

  countsOfRepo(repoHash: Hash): { readonly files: number; readonly nodes: number; readonly edges: number } {
    return reads.countsOfRepo(this.database, repoHash);
  }

  /** Closes the live version of a row at seq; a version opened in this same seq is dropped. */
  private closeRows(table: 'files' | 'edges', key: string, value: Hash, seq: number): void {
    this.database.run(`DELETE FROM ${table} WHERE ${key} = ? AND added_in = ?`, [value, seq]);
    this.database.run(`UPDATE ${table} SET removed_in = ? WHERE ${key} = ? AND ${LIVE}`, [seq, value]);
  }

  // Feedback: not a graph write, so the generation (and every cached graph view) stays.

  recordFeedback(symbolHash: Hash, sessionId: string, useful: boolean, at: number): void {
    feedback.recordFeedback(this.database, symbolHash, sessionId, useful, at);
  }

  feedbackCounts(symbolHashes: readonly Hash[]): Map<Hash, feedback.FeedbackCounts> {
    return feedback.feedbackCounts(this.database, symbolHashes);
  }
}
