import type {
  EdgeEvent, EdgeType, FileRecord, GraphEdge, GraphNode, Hash, RepoRecord, RouteSymbolRow, SnapshotRecord,
} from '../model';
import type {
  EnrichmentState, EnrichmentSummary, FeedbackCounts, FileStatRecord, ProvidedModuleRecord, RequestedServiceRecord, GraphCounts, LiveFile, RepoCounts, ReplaceResult,
  RuntimeEdgeUpdate, ServiceSeen,
  StoreGeneration, StoredFacts,
} from './records';

/**
 * The store seam, split by role. Every member returns a promise, because a server
 * database answers over a connection; the embedded sql.js store answers at once. A
 * consumer takes the narrowest role it uses, never a backend class.
 *
 * Writes happen at a snapshot sequence number `seq` of one repo: rows that disappear are
 * closed (removed_in = seq), new or changed rows open at seq.
 */

/** Repositories, snapshots and the history a snapshot is read from (SPEC §2.7, §6.2). */
export interface SnapshotLog {
  upsertRepo(repo: RepoRecord): Promise<void>;
  repo(repoHash: Hash): Promise<RepoRecord | undefined>;
  repos(): Promise<RepoRecord[]>;
  /** The next free sequence number of a repo's snapshots. */
  nextSnapshotSeq(repoHash: Hash): Promise<number>;
  insertSnapshot(snapshot: SnapshotRecord): Promise<void>;
  deleteSnapshot(snapshotHash: Hash): Promise<void>;
  snapshot(snapshotHash: Hash): Promise<SnapshotRecord | undefined>;
  snapshots(repoHash?: Hash): Promise<SnapshotRecord[]>;
  latestSnapshot(repoHash: Hash): Promise<SnapshotRecord | undefined>;
  // Point-in-time reads: rows of a repo valid at snapshot sequence `seq`.
  nodesAt(repoHash: Hash, seq: number): Promise<GraphNode[]>;
  edgesAt(repoHash: Hash, seq: number): Promise<GraphEdge[]>;
  filesAt(repoHash: Hash, seq: number): Promise<FileRecord[]>;
  /**
   * The Merkle leaves of the repo's next snapshot, its live edge hashes and the runtime edges
   * it holds (holdForeignRuntimeEdges), as one digest per bucket (store/edgeHashBuckets.ts):
   * `digestOf` each non-empty bucket's sorted hashes, in bucket order. A store may keep the
   * digests of buckets no edge has entered or left since it last computed them, so every
   * call on one graph passes the same `digestOf` (the snapshot's: merkleRoot).
   */
  edgeBucketDigests(repoHash: Hash, digestOf: (sortedHashes: readonly Hash[]) => Hash): Promise<Hash[]>;
  /**
   * Makes the repo's snapshot at `seq` hold every live runtime edge another repo stores
   * that touches a live node of this one (SPEC 3.5: in either direction), and no longer
   * those that stopped; `edgesAt` reads them back. Returns their hashes, sorted.
   */
  holdForeignRuntimeEdges(repoHash: Hash, seq: number): Promise<Hash[]>;
  /** The append-only edge event log (SPEC 6.2), of one edge or all, oldest first. */
  edgeEvents(edgeHash?: Hash): Promise<EdgeEvent[]>;
  edgeEventCounts(): Promise<{ readonly added: number; readonly removed: number }>;
}

/** Reads of the live graph. */
export interface GraphReader {
  liveFiles(repoHash: Hash): Promise<LiveFile[]>;
  liveFile(repoHash: Hash, path: string): Promise<LiveFile | undefined>;
  hasLiveFiles(repoHash: Hash): Promise<boolean>;
  /** Live files with their full records, of one repo or all. */
  liveFileRecords(repoHash?: Hash): Promise<FileRecord[]>;
  liveNodesOfFile(fileHash: Hash): Promise<GraphNode[]>;
  liveNodesOfRepo(repoHash: Hash): Promise<GraphNode[]>;
  /** Live nodes owned by no file: packages and unresolved placeholders. */
  liveRepoLevelNodes(repoHash: Hash): Promise<GraphNode[]>;
  /** Live nodes of repos that are not indexed: placeholders of services known only from traces. */
  liveNodesOutsideRepos(): Promise<GraphNode[]>;
  node(nodeHash: Hash): Promise<GraphNode | undefined>;
  /** Live nodes with these hashes. */
  liveNodesByHash(nodeHashes: readonly Hash[]): Promise<GraphNode[]>;
  /** Live nodes whose qualified name starts with `prefix`, by name, at most `limit`. */
  nodesByPrefix(prefix: string, limit: number): Promise<GraphNode[]>;
  liveEdgesOwnedBy(fileHash: Hash): Promise<GraphEdge[]>;
  /** Owner files of live edges whose target is one of the given nodes. */
  ownersOfEdgesInto(targetHashes: readonly Hash[]): Promise<Hash[]>;
  liveEdges(filter?: { readonly edgeType?: EdgeType; readonly repoHash?: Hash; readonly provenance?: string }): Promise<GraphEdge[]>;
  /**
   * Every live edge handed to `visit` one at a time, in the order liveEdges() lists them,
   * none kept: a graph view is built from them without every edge object alive at once.
   */
  forEachLiveEdge(visit: (edge: GraphEdge) => void): Promise<void>;
  /** Live edges with these hashes, of any provenance. */
  liveEdgesByHash(edgeHashes: readonly Hash[]): Promise<GraphEdge[]>;
  routeSymbols(): Promise<RouteSymbolRow[]>;
  counts(): Promise<GraphCounts>;
  /**
   * A repository's live files, nodes and edges; with `byKind` also nodes by kind and edges
   * by type, which cost a grouped scan (a snapshot asks; the editor's status does not).
   */
  countsOfRepo(repoHash: Hash, options?: { readonly byKind?: boolean }): Promise<RepoCounts>;
}

/**
 * Bounded reads of the live graph around a few nodes (issue 20), for the point queries of
 * a server database (blast_radius, cross_repo_callers, flow_between, graph_query): each is
 * one indexed statement, so a query reads what it walks and never the whole graph. A
 * backend that holds the graph in memory anyway (sql.js) has none: the point queries walk
 * its cached live view there, as before. Every answer is what the live view would hold.
 */
export interface NeighbourhoodReader {
  /**
   * The live edges entering (`in`) or leaving (`out`) any of the nodes, in edge order (as
   * liveEdges lists them), whatever their other ends (the live view holds a static edge
   * only when both ends are its nodes: the caller checks the nodes it reads anyway).
   * `static`: of the given types (every type when omitted), no runtime edge, every edge of
   * a relationship (a caller keeps the strongest); `runtime`: runtime edges (otel_*,
   * runtime_unresolved), which are of the runtime edge types (SPEC 2.5). With `otherEnds`,
   * only the edges whose other end is one of those.
   */
  liveEdgesAround(
    nodeHashes: readonly Hash[], direction: 'in' | 'out', layer: 'static' | 'runtime', edgeTypes?: readonly EdgeType[],
    otherEnds?: readonly Hash[],
  ): Promise<GraphEdge[]>;
  /**
   * One level of a blast radius without reading it whole (the level that fills the list
   * of nearest callers on a hub): the nodes of the live view, not `settled`, with a static
   * edge of the types into one of `frontier`, ranked as blast_radius lists them: by the
   * width of their widest path (the smaller of the frontier node's `width` and the edge's
   * confidence) descending, then qualified name; the first `limit` hashes, and how many
   * such nodes there are.
   */
  nearestSources(
    frontier: readonly { readonly hash: Hash; readonly width: number }[], settled: readonly Hash[], edgeTypes: readonly EdgeType[], limit: number,
  ): Promise<{ readonly hashes: Hash[]; readonly total: number }>;
  /** Live files with these hashes. */
  liveFilesByHash(fileHashes: readonly Hash[]): Promise<FileRecord[]>;
  /** Live nodes with one of these exact qualified names, by name then hash. */
  liveNodesNamed(qualifiedNames: readonly string[]): Promise<GraphNode[]>;
  /**
   * Live nodes whose qualified name starts with `prefix` and that are an end of at least
   * one live edge of the layer (static: both ends live), by name then hash, at most `limit`.
   */
  nodesByPrefixTouching(prefix: string, layer: 'static' | 'runtime', limit: number): Promise<GraphNode[]>;
  /** Those of the nodes that are an end of at least one live edge of the layer. */
  nodesTouching(nodeHashes: readonly Hash[], layer: 'static' | 'runtime'): Promise<Set<Hash>>;
}

/**
 * Each file's extracted facts, as opaque bytes the indexer encodes. A row written under
 * another format version is a miss, so a new extractor re-parses every file.
 */
export interface FactsCache {
  facts(fileHash: Hash, contentHash: Hash, formatVersion: number): Promise<Uint8Array | undefined>;
  putFacts(fileHash: Hash, contentHash: Hash, formatVersion: number, encoded: Uint8Array): Promise<void>;
  deleteFacts(fileHash: Hash): Promise<void>;
  /** Live files of a repo whose stored facts were written under another format version. */
  staleFactsCount(repoHash: Hash, formatVersion: number): Promise<number>;
  /**
   * The stored facts of a repo's live files written under the format version, by file
   * hash, each with the content hash it was made from: one read where a symbol table is
   * built from every unchanged file (one lookup per file cost a one-file `ckg index` of
   * prometheus about 100 ms).
   */
  liveFactsOfRepo(repoHash: Hash, formatVersion: number): Promise<Map<Hash, StoredFacts>>;
}

/**
 * What each source file's stat said when its content was last read, per repository, as
 * git's index keeps: an index run takes the content hash of a file whose stat is the same
 * instead of reading and hashing it. Not a graph write: the generation stays.
 */
export interface FileStatCache {
  fileStats(repoHash: Hash): Promise<Map<string, FileStatRecord>>;
  /** Adds or replaces the rows of these paths. */
  putFileStats(repoHash: Hash, records: readonly FileStatRecord[]): Promise<void>;
  /** Forgets these paths (files gone from the repository). */
  deleteFileStats(repoHash: Hash, paths: readonly string[]): Promise<void>;
}

/** The writes of the static pass (extract + resolve). */
export interface StaticGraphWriter {
  openFile(file: FileRecord, seq: number): Promise<void>;
  closeFile(fileHash: Hash, seq: number): Promise<void>;
  /** Replaces a file's live nodes; a node whose line, signature or body changed is re-versioned. */
  replaceFileNodes(fileHash: Hash, nodes: readonly GraphNode[], seq: number): Promise<ReplaceResult>;
  /**
   * Closes a file's live nodes that are not in `keep`. Run for every file of a batch
   * before replacing any, so a node that moves between files is not lost to ordering.
   */
  retainFileNodes(fileHash: Hash, keep: ReadonlySet<Hash>, seq: number): Promise<number>;
  /** Adds repo-level nodes (packages, unresolved placeholders) that are not live yet. */
  ensureRepoLevelNodes(nodes: readonly GraphNode[], seq: number): Promise<number>;
  /**
   * Closes repo-level nodes of a repo that no live edge touches any more: all of them, or
   * only `candidates` (the ends of the edges a write closed; a save checks just those).
   */
  sweepRepoLevelNodes(repoHash: Hash, seq: number, candidates?: Iterable<Hash>): Promise<number>;
  /** Replaces the static edges a file owns; records 'added'/'removed' edge events. */
  replaceOwnedEdges(ownerFileHash: Hash, repoHash: Hash, edges: readonly GraphEdge[], seq: number, snapshotHash: Hash): Promise<ReplaceResult>;
  /** The same as retainFileNodes for a file's owned edges; records 'removed' events. */
  retainOwnedEdges(ownerFileHash: Hash, keep: ReadonlySet<Hash>, seq: number, snapshotHash: Hash): Promise<number>;
  /**
   * Replaces the route rows a file owns. A row of `rows` takes its pattern over from any
   * other file; a row of `fallbackRows` (a route only declared, e.g. a proto rpc) is kept
   * only while no other row maps the pattern.
   */
  replaceFileRoutes(ownerFileHash: Hash, rows: readonly RouteSymbolRow[], fallbackRows?: readonly RouteSymbolRow[]): Promise<void>;
}

/**
 * The optional fast path of a repo's first load (capabilities.bulkLoad). A backend
 * without it is written row by row through StaticGraphWriter, with the same result.
 */
export interface BulkGraphWriter {
  /**
   * Runs the first load of a repo at `seq` with secondary indexes rebuilt afterwards, and
   * logs the 'added' events of all its edges in one statement. Inside, nodes and edges
   * go in through `insertNewRows`; the caller guarantees the batch holds no duplicate
   * live identities, which the unique live indexes would otherwise have ignored.
   */
  bulkLoad<T>(repoHash: Hash, seq: number, snapshotHash: Hash, work: () => Promise<T>): Promise<T>;
  /**
   * Inside bulkLoad: inserts nodes and edges no live row holds yet. `onRows` hears every
   * few thousand rows.
   */
  insertNewRows(
    nodes: readonly GraphNode[], edges: readonly GraphEdge[], repoHash: Hash, seq: number, onRows?: (done: number, total: number) => void,
  ): Promise<void>;
}

/** Runtime edges (SPEC 3.2; capabilities.runtime). Written in place, never in a snapshot. */
export interface RuntimeEdgeStore {
  /** Live runtime-observed edges (provenance otel_* or runtime_unresolved). */
  liveRuntimeEdges(): Promise<GraphEdge[]>;
  /** Inserts a runtime edge opening at `seq` and records its 'added' event. */
  insertRuntimeEdge(edge: GraphEdge, repoHash: Hash, seq: number, confidenceCap: number, at: number): Promise<void>;
  updateRuntimeEdge(edgeHash: Hash, update: RuntimeEdgeUpdate): Promise<void>;
  /** Collects a runtime edge at `seq`: closes it, drops its observations, records 'removed'. */
  removeRuntimeEdge(edgeHash: Hash, seq: number, at: number): Promise<void>;
  /** Closes the given placeholder nodes that no live edge touches, at their repo's next snapshot seq. */
  closeUntouchedPlaceholders(nodeHashes: readonly Hash[]): Promise<number>;
  /** The highest confidence each edge's mapping allows (absent: no limit recorded). */
  runtimeConfidenceCaps(edgeHashes: readonly Hash[]): Promise<Map<Hash, number>>;
  /** Adds observations of an edge on a Unix day (floor(seconds / 86400)). */
  addObservations(edgeHash: Hash, day: number, count: number): Promise<void>;
  /** Observations per edge on days >= sinceDay; edges with none are absent. */
  observationTotals(edgeHashes: readonly Hash[] | 'all', sinceDay: number): Promise<Map<Hash, number>>;
  /** Drops observation days before `beforeDay`; returns how many rows went. */
  pruneObservations(beforeDay: number): Promise<number>;
  recordServicesSeen(services: readonly ServiceSeen[]): Promise<void>;
  servicesSeen(): Promise<ServiceSeen[]>;
  addRuntimeCounters(deltas: Readonly<Record<string, number>>): Promise<void>;
  runtimeCounters(): Promise<Record<string, number>>;
}

/** Feedback votes (SPEC 4.8; capabilities.feedback): one per symbol per session, the latest kept. */
export interface FeedbackStore {
  recordFeedback(symbolHash: Hash, sessionId: string, useful: boolean, at: number): Promise<void>;
  /** Vote counts of the given symbols, or of every voted one; symbols without votes are absent. */
  feedbackCounts(symbolHashes: readonly Hash[] | 'all'): Promise<Map<Hash, FeedbackCounts>>;
}

/**
 * Which files compiler-grade passes visited, and in what state (migration 008), so that the
 * next `ckg enrich` or `ckg ingest-scip` asks only about what changed. Not a graph write.
 */
export interface EnrichmentLog {
  recordEnrichment(states: readonly EnrichmentState[]): Promise<void>;
  /** The recorded visits of these files by one source. */
  enrichmentStates(source: string, fileHashes: readonly Hash[]): Promise<EnrichmentState[]>;
  /** Per source: live files visited in their current content, and the latest visit; of one repository or all. */
  enrichmentSummary(repoHash?: Hash): Promise<EnrichmentSummary[]>;
}

/** What each repository provides to the others (migration 009): written by its index, read to link imports between repositories. */
export interface ProvidesRegistry {
  replaceRepoProvides(repoHash: Hash, modules: readonly ProvidedModuleRecord[]): Promise<void>;
  /** What every repository provides. */
  repoProvides(): Promise<ProvidedModuleRecord[]>;
}

/**
 * Which services each repository's files send HTTP requests to (migration 011): written by
 * its index, read to find the clients of a repository that serves one of them.
 */
export interface RequestsRegistry {
  replaceRepoRequests(repoHash: Hash, requests: readonly RequestedServiceRecord[]): Promise<void>;
  /** The requests naming any of these services (lower case), of every repository. */
  requestsOfServices(services: readonly string[]): Promise<RequestedServiceRecord[]>;
}

/** Every role at once: what a transaction hands its work, and what a backend implements. */
export type GraphTables = SnapshotLog & GraphReader & FactsCache & FileStatCache & StaticGraphWriter & BulkGraphWriter & RuntimeEdgeStore
  & FeedbackStore & EnrichmentLog & ProvidesRegistry & RequestsRegistry;

/**
 * How a writer takes the graph's writer lock. One writer per graph: every process that
 * reads, changes and saves the graph (`ckg index`, `ckg ingest-logs`, the server's
 * index_repo, feedback and trace ingest) holds the lock from before it reads until after
 * it saves, so a second writer never saves over the first one's work. The graph-file
 * backend keeps `<graph>.lock` beside the file (pid, host, start time, command; taken
 * over when its process is gone); a server database would take an advisory lock instead.
 */
export interface WriterLockOptions {
  /** Wait while another writer holds the lock (the default), or fail at once with code 'store_locked'. */
  readonly wait?: boolean;
  /** Names this writer to whoever waits for it, e.g. 'ckg index ./repo'. */
  readonly command?: string;
  /** Hears who holds the lock while this writer waits: at once, then every few seconds. */
  readonly onWait?: (message: string) => void;
  /**
   * The one repository (its repo hash) this writer writes: a backend with repository locks
   * (`capabilities.repositoryLocks`) locks only that repository, and writers of others go
   * on. A graph-file store locks the whole graph whatever this says.
   */
  readonly repository?: string;
}

/** What a generation watch hears: a generation committed (by any process sharing the graph), or that notices may have been missed. */
export type GenerationNotice =
  | { readonly kind: 'committed'; readonly total: number; readonly runtime: number }
  /** The watch (re)connected: generations committed while it was not listening were not announced. */
  | { readonly kind: 'resync' };

/** A running watch of generations: whether it hears them now, and how to stop it. */
export interface GenerationWatch {
  readonly listening: boolean;
  close(): Promise<void>;
}

/** A held writer lock; release() lets the next writer in. */
export interface WriterLease {
  release(): Promise<void>;
}

/**
 * Transactions, persistence and freshness. One writer at a time: a transaction's work
 * receives the handle to write through, and other callers wait until it commits, so no
 * reader sees half a run.
 */
export interface StoreLifecycle {
  /** Where the graph is persisted; ':memory:' for none. */
  readonly location: string;
  /**
   * Counts committed writes as this store sees them; caches of graph views key on it.
   * `runtime` is the part runtime-only transactions made, so `total - runtime` moves
   * only when the static graph changed and a cached static view survives trace ingest.
   */
  generation(): Promise<StoreGeneration>;
  /**
   * Whether this store shows the newest persisted graph. False when another process
   * replaced a graph file this store read into memory: open it again to see it. A server
   * database that every read sees is always current.
   */
  isCurrent(): Promise<boolean>;
  /**
   * A mark of the graph as persisted now, by any process: it changes whenever the graph
   * file is replaced. Undefined when nothing is persisted (':memory:').
   */
  persistedVersion(): Promise<string | undefined>;
  transaction<T>(work: (tx: GraphTables) => Promise<T>): Promise<T>;
  /**
   * A transaction that writes only runtime rows: runtime edges, the unresolved placeholder
   * nodes they end at, observations, services seen and ingest counters. Nothing else may
   * change inside it.
   */
  runtimeTransaction<T>(work: (tx: GraphTables) => Promise<T>): Promise<T>;
  /**
   * Takes the writer lock of the graph this store persists to (see WriterLockOptions),
   * for a process that keeps one store open across many writes (a server). It does not
   * re-read: once it resolves, ask isCurrent() and open the graph again when another
   * writer changed it meanwhile. A one-shot writer instead opens with
   * `openStore(location, { writer })`, which locks before reading and releases on close().
   * A graph that may not be written (a read-only file) is refused with code 'store_open'.
   */
  lockForWriting(options?: WriterLockOptions): Promise<WriterLease>;
  /**
   * Persists atomically (temp file, fsync, rename), keeping the file's mode, owner and a
   * symlink to it. A no-op in memory and on a server database.
   */
  save(): Promise<void>;
  /**
   * Hears of generations as other processes commit them (PostgreSQL: LISTEN/NOTIFY), so a
   * long-lived server refreshes its caches before the next request asks; absent where the
   * backend cannot tell (a graph file: isCurrent() finds out). A hint only: generation()
   * stays the truth, and a watch that lost its connection says nothing until it is back.
   */
  watchGenerations?(listener: (notice: GenerationNotice) => void, log?: (message: string) => void): GenerationWatch;
  /** Closes the store, releasing a writer lock it was opened with. */
  close(): Promise<void>;
}
