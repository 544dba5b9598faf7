import type { FileFacts } from '../extract/facts';
import type {
  EdgeEvent, EdgeType, FileRecord, GraphEdge, GraphNode, Hash, RepoRecord, RouteSymbolRow, SnapshotRecord,
} from '../model';

/** Counts the writes that changed the static graph (every write but runtime-only ones). */
export function staticGeneration(store: GraphStore): number {
  return store.generation - store.runtimeGeneration;
}

/** What a store can do beyond the static graph (SPEC §1.5). Tools check these first. */
export interface StoreCapabilities {
  readonly runtime: boolean;
  readonly feedback: boolean;
  readonly testScope: boolean;
}

export interface LiveFile {
  readonly fileHash: Hash;
  readonly path: string;
  readonly contentHash: Hash;
  readonly language: string;
}

/** The counts `ckg stats` and index summaries print. */
export interface GraphCounts {
  readonly repos: number;
  readonly files: number;
  readonly nodes: number;
  readonly edges: number;
  readonly nodesByKind: Readonly<Record<string, number>>;
  readonly edgesByType: Readonly<Record<string, number>>;
  readonly snapshots: number;
}

/** The result of replacing a set of rows: how many were added and removed. */
export interface ReplaceResult {
  readonly added: number;
  readonly removed: number;
}

/** The fields a new observation batch updates in place on a runtime edge (SPEC 2.3 rule 2). */
export interface RuntimeEdgeUpdate {
  readonly observationCount: number;
  readonly lastObserved: number;
  readonly confidence: number;
  /** The provenance with its trace-ID suffix; the hash keeps the bare provenance name. */
  readonly provenance: string;
  /** A new cap when the edge's mapping changed (a repo gained a .ckg.yaml, say). */
  readonly confidenceCap?: number;
}

/** A service seen sending spans or serving logged requests (SPEC 4.10.3). */
export interface ServiceSeen {
  readonly serviceName: string;
  readonly firstSeen: number;
  readonly lastSeen: number;
  readonly spans: number;
}

/**
 * The graph store. Writes happen at a snapshot sequence number `seq` of one repo: rows
 * that disappear are closed (removed_in = seq), new or changed rows open at seq. One
 * writer at a time; callers group a run's writes in `transaction`.
 */
export interface GraphStore {
  readonly capabilities: StoreCapabilities;
  /** Where the graph is persisted; ':memory:' for none. */
  readonly location: string;

  /** Increments whenever a write transaction commits: caches of graph views key on it. */
  readonly generation: number;
  /**
   * The part of `generation` that runtime-only transactions made: `generation` minus this
   * moves only when the static graph changed (see staticGeneration), so a cached static
   * view survives trace ingest.
   */
  readonly runtimeGeneration: number;
  transaction<T>(work: () => T): T;
  /**
   * A transaction that writes only runtime rows: runtime edges, the unresolved placeholder
   * nodes they end at, observations, services seen and ingest counters. Nothing else may
   * change inside it.
   */
  runtimeTransaction<T>(work: () => T): T;
  /** Persists atomically (temp file, fsync, rename). A no-op in memory. */
  save(): Promise<void>;
  close(): void;

  // Repositories and snapshots
  upsertRepo(repo: RepoRecord): void;
  repo(repoHash: Hash): RepoRecord | undefined;
  repos(): RepoRecord[];
  /** The next free sequence number of a repo's snapshots. */
  nextSnapshotSeq(repoHash: Hash): number;
  insertSnapshot(snapshot: SnapshotRecord): void;
  deleteSnapshot(snapshotHash: Hash): void;
  snapshot(snapshotHash: Hash): SnapshotRecord | undefined;
  snapshots(repoHash?: Hash): SnapshotRecord[];
  latestSnapshot(repoHash: Hash): SnapshotRecord | undefined;

  // Files and their stored facts
  liveFiles(repoHash: Hash): LiveFile[];
  liveFile(repoHash: Hash, path: string): LiveFile | undefined;
  hasLiveFiles(repoHash: Hash): boolean;
  openFile(file: FileRecord, seq: number): void;
  closeFile(fileHash: Hash, seq: number): void;
  facts(fileHash: Hash, contentHash: Hash): FileFacts | undefined;
  /** Stores facts, or facts already encoded with encodeFacts (by a parse worker). */
  putFacts(fileHash: Hash, contentHash: Hash, facts: FileFacts | Uint8Array): void;
  deleteFacts(fileHash: Hash): void;
  /** Files of a repo whose stored facts an older extractor wrote (FACTS_FORMAT_VERSION). */
  staleFactsCount(repoHash: Hash): number;

  // Nodes
  liveNodesOfFile(fileHash: Hash): GraphNode[];
  liveNodesOfRepo(repoHash: Hash): GraphNode[];
  /** Live nodes owned by no file: packages and unresolved placeholders. */
  liveRepoLevelNodes(repoHash: Hash): GraphNode[];
  node(nodeHash: Hash): GraphNode | undefined;
  /** Replaces a file's live nodes; a node whose line, signature or body changed is re-versioned. */
  replaceFileNodes(fileHash: Hash, nodes: readonly GraphNode[], seq: number): ReplaceResult;
  /**
   * Closes a file's live nodes that are not in `keep`. Run for every file of a batch
   * before replacing any, so a node that moves between files is not lost to ordering.
   */
  retainFileNodes(fileHash: Hash, keep: ReadonlySet<Hash>, seq: number): number;
  /** The same for a file's owned edges; records 'removed' events. */
  retainOwnedEdges(ownerFileHash: Hash, keep: ReadonlySet<Hash>, seq: number, snapshotHash: Hash): number;
  /** Adds repo-level nodes (packages, unresolved placeholders) that are not live yet. */
  ensureRepoLevelNodes(nodes: readonly GraphNode[], seq: number): number;
  /**
   * Closes repo-level nodes of a repo that no live edge touches any more: all of them, or
   * only `candidates` (the ends of the edges a write closed; a save checks just those).
   */
  sweepRepoLevelNodes(repoHash: Hash, seq: number, candidates?: Iterable<Hash>): number;

  // Edges
  liveEdgesOwnedBy(fileHash: Hash): GraphEdge[];
  /** Owner files of live edges whose target is one of the given nodes. */
  ownersOfEdgesInto(targetHashes: readonly Hash[]): Hash[];
  /** Replaces the static edges a file owns; records 'added'/'removed' edge events. */
  replaceOwnedEdges(ownerFileHash: Hash, repoHash: Hash, edges: readonly GraphEdge[], seq: number, snapshotHash: Hash): ReplaceResult;
  edgeEventCounts(): { readonly added: number; readonly removed: number };
  liveEdges(filter?: { readonly edgeType?: EdgeType; readonly repoHash?: Hash; readonly provenance?: string }): GraphEdge[];

  // Routes
  /**
   * Replaces the route rows a file owns. A row of `rows` takes its pattern over from any
   * other file; a row of `fallbackRows` (a route only declared, e.g. a proto rpc) is kept
   * only while no other row maps the pattern.
   */
  replaceFileRoutes(ownerFileHash: Hash, rows: readonly RouteSymbolRow[], fallbackRows?: readonly RouteSymbolRow[]): void;
  routeSymbols(): RouteSymbolRow[];

  /**
   * Runs the first load of a repo at `seq` with secondary indexes rebuilt afterwards, and
   * logs the 'added' events of all its edges in one statement. Inside, nodes and edges
   * go in through `insertNewRows`; the caller guarantees the batch holds no duplicate
   * live identities, which the unique live indexes would otherwise have ignored.
   */
  bulkLoad<T>(repoHash: Hash, seq: number, snapshotHash: Hash, work: () => T): T;
  /**
   * Inside bulkLoad: inserts nodes and edges no live row holds yet, in hash order so the
   * primary-key B-trees grow by appends rather than random inserts. `onRows` hears every
   * few thousand rows.
   */
  insertNewRows(
    nodes: readonly GraphNode[], edges: readonly GraphEdge[], repoHash: Hash, seq: number, onRows?: (done: number, total: number) => void,
  ): void;
  // Point-in-time reads: rows of a repo valid at snapshot sequence `seq`.
  nodesAt(repoHash: Hash, seq: number): GraphNode[];
  edgesAt(repoHash: Hash, seq: number): GraphEdge[];
  filesAt(repoHash: Hash, seq: number): FileRecord[];
  /** Live files with their full records, of one repo or all. */
  liveFileRecords(repoHash?: Hash): FileRecord[];
  /** Live nodes whose qualified name starts with `prefix`, by name, at most `limit`. */
  nodesByPrefix(prefix: string, limit: number): GraphNode[];

  counts(): GraphCounts;
  countsOfRepo(repoHash: Hash): { readonly files: number; readonly nodes: number; readonly edges: number };
  /** Hashes of every live edge of a repo, sorted: the Merkle leaves of a snapshot. */
  liveEdgeHashes(repoHash: Hash): Hash[];

  // Feedback (SPEC 4.8; capabilities.feedback): one vote per symbol per session, the latest kept.
  recordFeedback(symbolHash: Hash, sessionId: string, useful: boolean, at: number): void;
  /** Vote counts of the given symbols; symbols without votes are absent. */
  feedbackCounts(symbolHashes: readonly Hash[]): Map<Hash, { readonly useful: number; readonly notUseful: number }>;

  // Runtime edges (SPEC 3.2; capabilities.runtime). Written in place, never in a snapshot.
  /** Live edges with these hashes, of any provenance. */
  liveEdgesByHash(edgeHashes: readonly Hash[]): GraphEdge[];
  /** Live runtime-observed edges (provenance otel_* or runtime_unresolved). */
  liveRuntimeEdges(): GraphEdge[];
  /** Live nodes with these hashes. */
  liveNodesByHash(nodeHashes: readonly Hash[]): GraphNode[];
  /** Inserts a runtime edge opening at `seq` and records its 'added' event. */
  insertRuntimeEdge(edge: GraphEdge, repoHash: Hash, seq: number, confidenceCap: number, at: number): void;
  updateRuntimeEdge(edgeHash: Hash, update: RuntimeEdgeUpdate): void;
  /** Collects a runtime edge at `seq`: closes it, drops its observations, records 'removed'. */
  removeRuntimeEdge(edgeHash: Hash, seq: number, at: number): void;
  /** Closes the given placeholder nodes that no live edge touches; seq per repo. */
  closeUntouchedPlaceholders(nodeHashes: readonly Hash[], seqOf: (repoHash: Hash) => number): number;
  /** The highest confidence each edge's mapping allows (absent: no limit recorded). */
  runtimeConfidenceCaps(edgeHashes: readonly Hash[]): Map<Hash, number>;
  /** Adds observations of an edge on a Unix day (floor(seconds / 86400)). */
  addObservations(edgeHash: Hash, day: number, count: number): void;
  /** Observations per edge on days >= sinceDay; edges with none are absent. */
  observationTotals(edgeHashes: readonly Hash[] | 'all', sinceDay: number): Map<Hash, number>;
  /** Drops observation days before `beforeDay`; returns how many rows went. */
  pruneObservations(beforeDay: number): number;
  recordServicesSeen(services: readonly ServiceSeen[]): void;
  servicesSeen(): ServiceSeen[];
  addRuntimeCounters(deltas: Readonly<Record<string, number>>): void;
  runtimeCounters(): Record<string, number>;
  /** The append-only edge event log (SPEC 6.2), of one edge or all, oldest first. */
  edgeEvents(edgeHash?: Hash): EdgeEvent[];
  /** Live nodes of repos that are not indexed: placeholders of services known only from traces. */
  liveNodesOutsideRepos(): GraphNode[];
}
