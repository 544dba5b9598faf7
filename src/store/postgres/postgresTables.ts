import type { EdgeEvent, EdgeType, FileRecord, GraphEdge, GraphNode, Hash, RepoRecord, RouteSymbolRow, SnapshotRecord } from '../../model';
import type {
  EnrichmentState, EnrichmentSummary, FeedbackCounts, FileStatRecord, GraphCounts, LiveFile, ProvidedModuleRecord, RepoCounts, ReplaceResult,
  RequestedServiceRecord, RuntimeEdgeUpdate, ServiceSeen, StoredFacts,
} from '../records';
import { kindCountsColumn, servicesColumn } from '../columnCodecs';
import type { GraphTables, NeighbourhoodReader } from '../roles';
import * as reads from './graphReads';
import * as writes from './graphWrites';
import * as neighbourhood from './neighbourhoodReads';
import * as registries from './registries';
import { edgeFromRow, hashIds, idIn } from './rows';
import * as runtime from './runtimeTables';
import { heldEdgesAt, holdForeignRuntimeEdges } from './snapshotRuntimeEdges';
import type { Sql } from './sql';

/** insertNewRows writes this many rows a statement, and reports progress after each. */
const ROWS_PER_STATEMENT = 5000;

/**
 * Every store role over one statement runner: the pool (each call committed at once) or
 * one connection inside a transaction. PostgresStore puts the gate and transactions around it.
 */
export class PostgresTables implements GraphTables, NeighbourhoodReader {
  /** The edges a bulk load inserted, in order, whose 'added' events it logs at its end. */
  private bulkEdges: Hash[] | undefined;

  constructor(private readonly sql: Sql) {}

  // Repositories and snapshots

  async upsertRepo(repo: RepoRecord): Promise<void> {
    const ids = await hashIds(this.sql, [repo.repoHash]);
    await this.sql.run(
      `INSERT INTO repos (repo_id, repo_url, root_path, service_name, services, layout_digest, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (repo_id) DO UPDATE SET root_path = excluded.root_path, service_name = excluded.service_name, services = excluded.services,
         layout_digest = excluded.layout_digest`,
      [idIn(ids, repo.repoHash), repo.repoUrl, repo.rootPath, repo.serviceName, servicesColumn(repo.services), repo.layoutDigest ?? '', Math.floor(Date.now() / 1000)],
    );
  }

  repo(repoHash: Hash): Promise<RepoRecord | undefined> { return reads.repo(this.sql, repoHash); }
  repos(): Promise<RepoRecord[]> { return reads.repos(this.sql); }
  nextSnapshotSeq(repoHash: Hash): Promise<number> { return reads.nextSnapshotSeq(this.sql, repoHash); }

  async insertSnapshot(s: SnapshotRecord): Promise<void> {
    const ids = await hashIds(this.sql, [s.repoHash]);
    await this.sql.run(
      `INSERT INTO snapshots (snapshot_hash, repo_id, seq, commit_hash, parent_commit, dirty, created_at, merkle_root, file_count, node_count, edge_count,
         kind_counts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [s.snapshotHash, idIn(ids, s.repoHash), s.seq, s.commitHash, s.parentCommit, s.dirty, s.createdAt, s.merkleRoot, s.fileCount, s.nodeCount, s.edgeCount,
        kindCountsColumn(s)],
    );
  }

  async deleteSnapshot(snapshotHash: Hash): Promise<void> {
    await this.sql.run('DELETE FROM snapshots WHERE snapshot_hash = $1', [snapshotHash]);
  }

  snapshot(snapshotHash: Hash): Promise<SnapshotRecord | undefined> { return reads.snapshot(this.sql, snapshotHash); }
  snapshots(repoHash?: Hash): Promise<SnapshotRecord[]> { return reads.snapshots(this.sql, repoHash); }
  latestSnapshot(repoHash: Hash): Promise<SnapshotRecord | undefined> { return reads.latestSnapshot(this.sql, repoHash); }
  nodesAt(repoHash: Hash, seq: number): Promise<GraphNode[]> { return reads.nodesAt(this.sql, repoHash, seq); }

  async edgesAt(repoHash: Hash, seq: number): Promise<GraphEdge[]> {
    return [...await reads.edgesAt(this.sql, repoHash, seq), ...await heldEdgesAt(this.sql, repoHash, seq)];
  }

  filesAt(repoHash: Hash, seq: number): Promise<FileRecord[]> { return reads.filesAt(this.sql, repoHash, seq); }
  edgeBucketDigests(repoHash: Hash, digestOf: (sortedHashes: readonly Hash[]) => Hash): Promise<Hash[]> {
    return reads.edgeBucketDigests(this.sql, repoHash, digestOf);
  }
  holdForeignRuntimeEdges(repoHash: Hash, seq: number): Promise<Hash[]> { return holdForeignRuntimeEdges(this.sql, repoHash, seq); }
  edgeEvents(edgeHash?: Hash): Promise<EdgeEvent[]> { return runtime.edgeEvents(this.sql, edgeHash); }
  edgeEventCounts(): Promise<{ readonly added: number; readonly removed: number }> { return reads.edgeEventCounts(this.sql); }

  // Reads of the live graph

  liveFiles(repoHash: Hash): Promise<LiveFile[]> { return reads.liveFiles(this.sql, repoHash); }
  liveFile(repoHash: Hash, path: string): Promise<LiveFile | undefined> { return reads.liveFile(this.sql, repoHash, path); }
  hasLiveFiles(repoHash: Hash): Promise<boolean> { return reads.hasLiveFiles(this.sql, repoHash); }
  liveFileRecords(repoHash?: Hash): Promise<FileRecord[]> { return reads.liveFileRecords(this.sql, repoHash); }
  liveNodesOfFile(fileHash: Hash): Promise<GraphNode[]> { return reads.liveNodesOfFile(this.sql, fileHash); }
  liveNodesOfRepo(repoHash: Hash): Promise<GraphNode[]> { return reads.liveNodesOfRepo(this.sql, repoHash); }
  liveRepoLevelNodes(repoHash: Hash): Promise<GraphNode[]> { return reads.liveRepoLevelNodes(this.sql, repoHash); }
  liveNodesOutsideRepos(): Promise<GraphNode[]> { return reads.liveNodesOutsideRepos(this.sql); }
  node(nodeHash: Hash): Promise<GraphNode | undefined> { return reads.node(this.sql, nodeHash); }
  liveNodesByHash(nodeHashes: readonly Hash[]): Promise<GraphNode[]> { return neighbourhood.liveNodesByHash(this.sql, nodeHashes); }
  nodesByPrefix(prefix: string, limit: number): Promise<GraphNode[]> { return reads.nodesByPrefix(this.sql, prefix, limit); }
  liveEdgesOwnedBy(fileHash: Hash): Promise<GraphEdge[]> { return reads.liveEdgesOwnedBy(this.sql, fileHash); }
  ownersOfEdgesInto(targetHashes: readonly Hash[]): Promise<Hash[]> { return reads.ownersOfEdgesInto(this.sql, targetHashes); }

  liveEdges(filter: { readonly edgeType?: EdgeType; readonly repoHash?: Hash; readonly provenance?: string } = {}): Promise<GraphEdge[]> {
    const [text, params] = reads.liveEdgesQuery(filter);
    return this.sql.rows(text, params, edgeFromRow);
  }

  forEachLiveEdge(visit: (edge: GraphEdge) => void): Promise<void> {
    const [text, params] = reads.liveEdgesQuery({});
    return this.sql.forEach(text, params, (row) => visit(edgeFromRow(row)));
  }

  liveEdgesByHash(edgeHashes: readonly Hash[]): Promise<GraphEdge[]> { return reads.liveEdgesByHash(this.sql, edgeHashes); }
  routeSymbols(): Promise<RouteSymbolRow[]> { return registries.routeSymbols(this.sql); }
  counts(): Promise<GraphCounts> { return reads.counts(this.sql); }
  countsOfRepo(repoHash: Hash, options?: { readonly byKind?: boolean }): Promise<RepoCounts> { return reads.countsOfRepo(this.sql, repoHash, options); }

  // Bounded reads for point queries (NeighbourhoodReader)

  liveEdgesAround(
    nodeHashes: readonly Hash[], direction: 'in' | 'out', layer: 'static' | 'runtime', edgeTypes?: readonly EdgeType[], otherEnds?: readonly Hash[],
  ): Promise<GraphEdge[]> {
    return neighbourhood.liveEdgesAround(this.sql, nodeHashes, direction, layer, edgeTypes, otherEnds);
  }

  nearestSources(
    frontier: readonly { readonly hash: Hash; readonly width: number }[], settled: readonly Hash[], edgeTypes: readonly EdgeType[], limit: number,
  ): Promise<{ readonly hashes: Hash[]; readonly total: number }> {
    return neighbourhood.nearestSources(this.sql, frontier, settled, edgeTypes, limit);
  }

  liveFilesByHash(fileHashes: readonly Hash[]): Promise<FileRecord[]> { return neighbourhood.liveFilesByHash(this.sql, fileHashes); }
  liveNodesNamed(qualifiedNames: readonly string[]): Promise<GraphNode[]> { return neighbourhood.liveNodesNamed(this.sql, qualifiedNames); }

  nodesByPrefixTouching(prefix: string, layer: 'static' | 'runtime', limit: number): Promise<GraphNode[]> {
    return neighbourhood.nodesByPrefixTouching(this.sql, prefix, layer, limit);
  }

  nodesTouching(nodeHashes: readonly Hash[], layer: 'static' | 'runtime'): Promise<Set<Hash>> {
    return neighbourhood.nodesTouching(this.sql, nodeHashes, layer);
  }

  // Facts

  facts(fileHash: Hash, contentHash: Hash, formatVersion: number): Promise<Uint8Array | undefined> {
    return registries.facts(this.sql, fileHash, contentHash, formatVersion);
  }

  putFacts(fileHash: Hash, contentHash: Hash, formatVersion: number, encoded: Uint8Array): Promise<void> {
    return registries.putFacts(this.sql, fileHash, contentHash, formatVersion, encoded);
  }

  deleteFacts(fileHash: Hash): Promise<void> { return registries.deleteFacts(this.sql, fileHash); }
  staleFactsCount(repoHash: Hash, formatVersion: number): Promise<number> { return registries.staleFactsCount(this.sql, repoHash, formatVersion); }
  liveFactsOfRepo(repoHash: Hash, formatVersion: number): Promise<Map<Hash, StoredFacts>> { return registries.liveFactsOfRepo(this.sql, repoHash, formatVersion); }

  // What each file's stat said when it was read

  fileStats(repoHash: Hash): Promise<Map<string, FileStatRecord>> { return registries.fileStats(this.sql, repoHash); }
  putFileStats(repoHash: Hash, records: readonly FileStatRecord[]): Promise<void> { return registries.putFileStats(this.sql, repoHash, records); }
  deleteFileStats(repoHash: Hash, paths: readonly string[]): Promise<void> { return registries.deleteFileStats(this.sql, repoHash, paths); }

  // The static pass's writes

  openFile(file: FileRecord, seq: number): Promise<void> { return writes.openFile(this.sql, file, seq); }
  closeFile(fileHash: Hash, seq: number): Promise<void> { return writes.closeFile(this.sql, fileHash, seq); }

  replaceFileNodes(fileHash: Hash, nodes: readonly GraphNode[], seq: number): Promise<ReplaceResult> {
    return writes.replaceFileNodes(this.sql, fileHash, nodes, seq);
  }

  retainFileNodes(fileHash: Hash, keep: ReadonlySet<Hash>, seq: number): Promise<number> { return writes.retainFileNodes(this.sql, fileHash, keep, seq); }
  ensureRepoLevelNodes(nodes: readonly GraphNode[], seq: number): Promise<number> { return writes.ensureRepoLevelNodes(this.sql, nodes, seq); }

  sweepRepoLevelNodes(repoHash: Hash, seq: number, candidates?: Iterable<Hash>): Promise<number> {
    return writes.sweepRepoLevelNodes(this.sql, repoHash, seq, candidates);
  }

  replaceOwnedEdges(ownerFileHash: Hash, repoHash: Hash, edges: readonly GraphEdge[], seq: number, snapshotHash: Hash): Promise<ReplaceResult> {
    return writes.replaceOwnedEdges(this.sql, ownerFileHash, repoHash, edges, seq, snapshotHash);
  }

  retainOwnedEdges(ownerFileHash: Hash, keep: ReadonlySet<Hash>, seq: number, snapshotHash: Hash): Promise<number> {
    return writes.retainOwnedEdges(this.sql, ownerFileHash, keep, seq, snapshotHash);
  }

  replaceFileRoutes(ownerFileHash: Hash, rows: readonly RouteSymbolRow[], fallbackRows: readonly RouteSymbolRow[] = []): Promise<void> {
    return registries.replaceFileRoutes(this.sql, ownerFileHash, rows, fallbackRows);
  }

  // The bulk path of a first load: multi-row statements, and the 'added' events in one

  async bulkLoad<T>(_repoHash: Hash, _seq: number, snapshotHash: Hash, work: () => Promise<T>): Promise<T> {
    if (!this.sql.inTransaction) throw new Error('store/postgres: bulkLoad runs inside a transaction, on its handle');
    if (this.bulkEdges) throw new Error('store/postgres: a bulk load is already running in this transaction');
    this.bulkEdges = [];
    try {
      const result = await work();
      await writes.recordEdgeEvents(this.sql, this.bulkEdges, 'added', Math.floor(Date.now() / 1000), snapshotHash);
      return result;
    } finally {
      this.bulkEdges = undefined;
    }
  }

  async insertNewRows(
    nodes: readonly GraphNode[], edges: readonly GraphEdge[], repoHash: Hash, seq: number, onRows?: (done: number, total: number) => void,
  ): Promise<void> {
    const total = nodes.length + edges.length;
    let done = 0;
    // In hash order, as the graph-file store writes them: its event ids follow that order too.
    const byHash = <T>(rows: readonly T[], hashOf: (row: T) => Hash): T[] => [...rows].sort((a, b) => (hashOf(a) < hashOf(b) ? -1 : hashOf(a) > hashOf(b) ? 1 : 0));
    const sortedNodes = byHash(nodes, (n) => n.nodeHash);
    for (let start = 0; start < sortedNodes.length; start += ROWS_PER_STATEMENT) {
      const chunk = sortedNodes.slice(start, start + ROWS_PER_STATEMENT);
      await writes.insertNodes(this.sql, chunk, seq);
      onRows?.((done += chunk.length), total);
    }
    const sortedEdges = byHash(edges, (e) => e.edgeHash);
    for (let start = 0; start < sortedEdges.length; start += ROWS_PER_STATEMENT) {
      const chunk = sortedEdges.slice(start, start + ROWS_PER_STATEMENT);
      await writes.insertEdges(this.sql, chunk, repoHash, seq);
      this.bulkEdges?.push(...chunk.map((e) => e.edgeHash));
      onRows?.((done += chunk.length), total);
    }
  }

  // Runtime edges

  liveRuntimeEdges(): Promise<GraphEdge[]> { return runtime.liveRuntimeEdges(this.sql); }

  insertRuntimeEdge(edge: GraphEdge, repoHash: Hash, seq: number, confidenceCap: number, at: number): Promise<void> {
    return runtime.insertRuntimeEdge(this.sql, edge, repoHash, seq, confidenceCap, at);
  }

  updateRuntimeEdge(edgeHash: Hash, update: RuntimeEdgeUpdate): Promise<void> { return runtime.updateRuntimeEdge(this.sql, edgeHash, update); }
  removeRuntimeEdge(edgeHash: Hash, seq: number, at: number): Promise<void> { return runtime.removeRuntimeEdge(this.sql, edgeHash, seq, at); }
  closeUntouchedPlaceholders(nodeHashes: readonly Hash[]): Promise<number> { return runtime.closeUntouchedPlaceholders(this.sql, nodeHashes); }
  runtimeConfidenceCaps(edgeHashes: readonly Hash[]): Promise<Map<Hash, number>> { return runtime.runtimeConfidenceCaps(this.sql, edgeHashes); }
  addObservations(edgeHash: Hash, day: number, count: number): Promise<void> { return runtime.addObservations(this.sql, edgeHash, day, count); }

  observationTotals(edgeHashes: readonly Hash[] | 'all', sinceDay: number): Promise<Map<Hash, number>> {
    return runtime.observationTotals(this.sql, edgeHashes, sinceDay);
  }

  pruneObservations(beforeDay: number): Promise<number> { return runtime.pruneObservations(this.sql, beforeDay); }
  recordServicesSeen(services: readonly ServiceSeen[]): Promise<void> { return runtime.recordServicesSeen(this.sql, services); }
  servicesSeen(): Promise<ServiceSeen[]> { return runtime.servicesSeen(this.sql); }
  addRuntimeCounters(deltas: Readonly<Record<string, number>>): Promise<void> { return runtime.addRuntimeCounters(this.sql, deltas); }
  runtimeCounters(): Promise<Record<string, number>> { return runtime.runtimeCounters(this.sql); }

  // Feedback, enrichment visits, and what repositories provide and request: no graph writes

  recordFeedback(symbolHash: Hash, sessionId: string, useful: boolean, at: number): Promise<void> {
    return registries.recordFeedback(this.sql, symbolHash, sessionId, useful, at);
  }

  feedbackCounts(symbolHashes: readonly Hash[] | 'all'): Promise<Map<Hash, FeedbackCounts>> { return registries.feedbackCounts(this.sql, symbolHashes); }
  recordEnrichment(states: readonly EnrichmentState[]): Promise<void> { return registries.recordEnrichment(this.sql, states); }

  enrichmentStates(source: string, fileHashes: readonly Hash[]): Promise<EnrichmentState[]> {
    return registries.enrichmentStates(this.sql, source, fileHashes);
  }

  enrichmentSummary(repoHash?: Hash): Promise<EnrichmentSummary[]> { return registries.enrichmentSummary(this.sql, repoHash); }

  replaceRepoProvides(repoHash: Hash, modules: readonly ProvidedModuleRecord[]): Promise<void> {
    return registries.replaceRepoProvides(this.sql, repoHash, modules);
  }

  repoProvides(): Promise<ProvidedModuleRecord[]> { return registries.repoProvides(this.sql); }

  replaceRepoRequests(repoHash: Hash, requests: readonly RequestedServiceRecord[]): Promise<void> {
    return registries.replaceRepoRequests(this.sql, repoHash, requests);
  }

  requestsOfServices(services: readonly string[]): Promise<RequestedServiceRecord[]> { return registries.requestsOfServices(this.sql, services); }
}
