import type { CallSite } from './callSites';
import type { Hash } from './hash';
import type { EdgeType, NodeKind } from './kinds';
import type { ServiceFolder } from './serviceFolders';

/** A symbol (SPEC §2.1). Internal records are camelCase; src/mcp maps them to SPEC names. */
export interface GraphNode {
  readonly nodeHash: Hash;
  /** Owning file; empty for repo-level nodes (packages, unresolved placeholders). */
  readonly fileHash: Hash | '';
  readonly repoHash: Hash;
  readonly qualifiedName: string;
  readonly kind: NodeKind;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly signature: string;
  /** Hash of the symbol's source text: a change means "modified". */
  readonly bodyHash: string;
  readonly doc: string;
}

export interface FileRecord {
  readonly fileHash: Hash;
  readonly repoHash: Hash;
  readonly path: string;
  readonly contentHash: Hash;
  readonly language: string;
  readonly sizeBytes: number;
}

export interface GraphEdge {
  readonly edgeHash: Hash;
  readonly sourceHash: Hash;
  readonly targetHash: Hash;
  readonly edgeType: EdgeType;
  readonly confidence: number;
  readonly provenance: string;
  readonly callSiteFile: string;
  readonly callSiteLine: number;
  readonly callSiteCol: number;
  /**
   * The edge's other sites after the first (`callSite*`), in source order (file, line,
   * column) without repeats: an edge is one per (source, target, type, provenance), however
   * often the source calls the target. `callSitesOf` gives them all.
   */
  readonly laterCallSites: readonly CallSite[];
  readonly observationCount: number;
  readonly lastObserved: number;
  /** The file whose re-index replaces this edge; empty for runtime edges. */
  readonly ownerFileHash: Hash | '';
}

export interface RepoRecord {
  readonly repoHash: Hash;
  readonly repoUrl: string;
  readonly rootPath: string;
  /** The service the repository runs as (`.ckg.yaml` service_name, else its name). */
  readonly serviceName: string;
  /** Services a monorepo declares for its folders (`.ckg.yaml` services); none when absent. */
  readonly services?: readonly ServiceFolder[];
  /**
   * A digest of the layout files its resolvers read (tsconfig.json, package.json, go.mod...)
   * as of the last index, which linked every file by them; absent before one was kept.
   */
  readonly layoutDigest?: string;
}

export interface SnapshotRecord {
  readonly snapshotHash: Hash;
  readonly repoHash: Hash;
  /** Per-repo sequence number; membership intervals are expressed in it. */
  readonly seq: number;
  readonly commitHash: string;
  readonly parentCommit: string;
  readonly dirty: boolean;
  readonly createdAt: number;
  readonly merkleRoot: Hash;
  readonly fileCount: number;
  readonly nodeCount: number;
  readonly edgeCount: number;
  /** nodeCount by kind and edgeCount by type, when the snapshot was counted by kind (schema 16 on). */
  readonly nodesByKind?: Readonly<Record<string, number>>;
  readonly edgesByType?: Readonly<Record<string, number>>;
}

/** SPEC §2.7. */
export interface RouteSymbolRow {
  readonly serviceName: string;
  readonly routePattern: string;
  readonly mappingType: 'http_route' | 'grpc_method' | 'queue_topic';
  readonly nodeHash: Hash;
  readonly createdAt: number;
  /** Repo-relative path of the file that registered the route; read back from the store, never written. */
  readonly ownerPath?: string;
}

export interface EdgeEvent {
  readonly id: number;
  readonly edgeHash: Hash;
  readonly event: 'added' | 'removed';
  readonly at: number;
  readonly snapshotHash: Hash | null;
}
