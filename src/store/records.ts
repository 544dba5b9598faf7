import type { Hash } from '../model';

/** The records store roles pass besides the model's rows. */

export interface LiveFile {
  readonly fileHash: Hash;
  readonly path: string;
  readonly contentHash: Hash;
  readonly language: string;
}

/** The counts `ckg stats` and index summaries print. */
/** A source file's stat when its content was read (FileStatCache). */
export interface FileStatRecord {
  readonly path: string;
  /** Size, modification and change times in nanoseconds, and inode: `size:mtime:ctime:ino`. */
  readonly signature: string;
  readonly contentHash: Hash;
}

export interface GraphCounts {
  readonly repos: number;
  readonly files: number;
  readonly nodes: number;
  readonly edges: number;
  readonly nodesByKind: Readonly<Record<string, number>>;
  readonly edgesByType: Readonly<Record<string, number>>;
  /** Every site of the live `calls` edges (an edge has one per call of its source to its target). */
  readonly callSites: number;
  readonly snapshots: number;
}

/** Live rows of one repository. */
export interface RepoCounts {
  readonly files: number;
  readonly nodes: number;
  readonly edges: number;
  /** Present when counted `byKind` (GraphReader.countsOfRepo). */
  readonly nodesByKind?: Readonly<Record<string, number>>;
  readonly edgesByType?: Readonly<Record<string, number>>;
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

/** Useful and not-useful votes of one symbol (migration 005). */
export interface FeedbackCounts {
  readonly useful: number;
  readonly notUseful: number;
}

/**
 * One compiler-grade visit of a file (migration 008): by `ckg enrich` through a language
 * server (source `lsp:<server>`) or by `ckg ingest-scip` (source `scip`).
 */
export interface EnrichmentState {
  readonly fileHash: Hash;
  readonly source: string;
  /** The file's content when it was visited. */
  readonly contentHash: Hash;
  /** What answered: the server and its version, or the SCIP document's digest. */
  readonly inputDigest: string;
  /** The edges the file owned once the run was written (for SCIP ingest, its nodes too): a re-link since changes them. */
  readonly edgesDigest: string;
  /** Unix seconds. */
  readonly at: number;
}

/** Live files a source has visited in their current content, and its latest visit (Unix seconds). */
export interface EnrichmentSummary {
  readonly source: string;
  readonly files: number;
  readonly lastAt: number;
}

/** A module a repository provides to others (migration 009): what an import names, and where it lives. */
export interface ProvidedModuleRecord {
  readonly repoHash: Hash;
  /** go, npm, python, pypi, maven, cargo, dotnet (manifests); java, dotnet-namespace (packages the source declares). */
  readonly ecosystem: string;
  /** What other code names it by: a Go module path, an npm package name, a Python package... */
  readonly name: string;
  /** Its folder inside the repository, '/'-separated, '' for the root. */
  readonly root: string;
  /** npm: the source file a bare import of the package loads, when known. */
  readonly entry?: string;
}

/**
 * A service a repository's file sends HTTP requests to (migration 011): the first label of
 * the host its URL writes, lower case. The clients of a repository running that service
 * are found by it.
 */
export interface RequestedServiceRecord {
  readonly repoHash: Hash;
  readonly service: string;
  /** The requesting file, repo-relative. */
  readonly path: string;
}

/** Committed writes a store has seen: all of them, and the runtime-only part. */
export interface StoreGeneration {
  readonly total: number;
  readonly runtime: number;
  /**
   * Unix time (seconds, with a fraction) the newest of those writes was committed, when the
   * backend knows it: PostgreSQL records it with each write, a graph file has the time it
   * was last saved or written; absent for a graph in memory that was never written.
   */
  readonly committedAt?: number;
}

/** A file's stored facts (FactsCache) and the content hash they were made from. */
export interface StoredFacts {
  readonly contentHash: Hash;
  readonly encoded: Uint8Array;
}
