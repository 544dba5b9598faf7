/**
 * The custom LSP messages between the extension (client) and the graph server: one
 * declaration of every name and payload, imported by both sides. No `vscode` import here.
 * Positions are 1-based lines and 0-based characters unless named otherwise.
 */
import type { LocationQueryKind, SourceLocation } from '../enrich/oracle';

export type { LocationQueryKind, SourceLocation } from '../enrich/oracle';

/** Settings the server acts on; the extension's typed config builds them. */
export interface GraphSettings {
  /** Glob patterns (workspace-relative) never indexed, on top of .gitignore. */
  readonly exclude: readonly string[];
  /** Files larger than this many bytes are skipped. */
  readonly maxFileBytes: number;
  readonly enrichment: {
    readonly enabled: boolean;
    /** Per request to the editor's language servers. */
    readonly timeoutMs: number;
    /** Queries per request batch. */
    readonly batchSize: number;
  };
  /** MCP reply cap in tokens (DESIGN §5). */
  readonly tokenCap: number;
  /** SPEC §8 `trace_ingestion` keys. */
  readonly traceIngestion: TraceIngestionSettings;
}

export interface TraceIngestionSettings {
  readonly enabled: boolean;
  readonly otlp_endpoint: string;
  readonly batch_size: number;
  readonly batch_interval: number;
  readonly confidence_decay_interval: number;
  readonly gc_threshold_days: number;
  /** Traced name -> repository (a string) or `{repo, path}` for a folder inside one; checked by parseTraceIngestion. */
  readonly service_map: Readonly<Record<string, unknown>>;
}

export interface WorkspaceFolderInfo {
  readonly name: string;
  /** Absolute file-system path. */
  readonly path: string;
}

export interface InitializationOptions {
  /** Folder the graph file lives in (context.storageUri). */
  readonly storagePath: string;
  readonly folders: readonly WorkspaceFolderInfo[];
  readonly settings: GraphSettings;
  /**
   * A shared graph on a PostgreSQL server (`codeKnowledgeGraph.database`), without its
   * password (PGPASSWORD or ~/.pgpass in the server's environment give it); absent: the
   * graph file in storagePath.
   */
  readonly database?: string;
}

/** Per-folder counts, shown in the status bar and by the Index command. */
export interface RepoStatus {
  readonly folder: string;
  readonly repoUrl: string;
  readonly repoHash: string;
  /** The service name runtime traces use for this repo (.ckg.yaml or the folder name). */
  readonly serviceName: string;
  readonly files: number;
  readonly nodes: number;
  readonly edges: number;
  readonly commit: string;
  readonly dirty: boolean;
}

export interface GraphStatus {
  readonly state: 'starting' | 'indexing' | 'ready' | 'failed';
  readonly repos: readonly RepoStatus[];
  readonly message?: string;
  /** The last index run's duration in seconds, when one ran. */
  readonly lastIndexSeconds?: number;
}

export interface McpEndpoint {
  readonly url: string;
  readonly token: string;
}

export interface LocationsParams {
  readonly kind: LocationQueryKind;
  readonly queries: readonly SourceLocation[];
  /** The editor stops asking after this long and answers null for what is left. */
  readonly timeoutMs: number;
  /**
   * A probe of whether the documents' language has a server (src/server/probeVerdict.ts):
   * the editor first opens each document and lets the extensions that activate on its
   * language start, so an empty answer means no definition provider, not "not started yet".
   */
  readonly probe?: boolean;
}

/** A language whose probe found no language server (the `ckg/enrich` report). */
export interface LanguageWithoutServer {
  readonly language: string;
  /** Files of the language left with their static edges. */
  readonly files: number;
  /** What to install, e.g. "Go: the Go extension (with gopls)". */
  readonly hint: string;
}

/** The `ckg/enrich` answer: enrichment so far, once no run or probe is under way. */
export interface EnrichmentReportResult {
  /** One line per language and pass, as in the output channel. */
  readonly lines: string[];
  /** Confirmed share of the inferred call edges asked about, per language. */
  readonly upgradeRates: Record<string, number | null>;
  readonly cancelled: boolean;
  /** Languages never asked for want of a language server. */
  readonly withoutServer: LanguageWithoutServer[];
}

/** One answer per query, in order; null when the provider did not answer in time. */
export type LocationsResult = Array<SourceLocation[] | null>;

export interface SymbolAtParams {
  readonly path: string;
  readonly line: number;
  readonly character: number;
}

export interface SymbolSummary {
  readonly nodeHash: string;
  readonly qualifiedName: string;
  readonly kind: string;
  readonly path: string;
  readonly line: number;
  readonly character: number;
  /** The symbol's last line (1-based); its line for a one-line or file-less symbol. */
  readonly endLine?: number;
}

/** One caller in the Blast Radius view: its path's depth, confidence and provenance. */
export interface BlastCaller {
  readonly symbol: SymbolSummary;
  readonly repoUrl: string;
  readonly depth: number;
  /** The lowest edge confidence on the path (as blast_radius reports it). */
  readonly confidence: number;
  /** The provenance of every edge on the path, caller first. */
  readonly provenance: readonly string[];
}

/** The `ckg/blastCallers` answer: blast_radius's callers, with no reply cap, counted per depth. */
export interface BlastCallersResult {
  readonly target: SymbolSummary;
  /** How deep the walk went (blast_radius's default). */
  readonly maxDepth: number;
  /** Every caller within maxDepth: the count blast_radius's TotalCount gives. */
  readonly totalCount: number;
  /** Every caller within maxDepth, per depth (keys are depths). */
  readonly depthCounts: Readonly<Record<number, number>>;
  /** Nearest first, at most `listLimit` of them. */
  readonly callers: readonly BlastCaller[];
  readonly listLimit: number;
  /** More callers exist than are listed. */
  readonly truncated: boolean;
  /** Runtime edges into the target or a listed caller (blast_radius's RuntimeCount), apart from the static callers. */
  readonly runtimeCallers: number;
  /** Their observations in the window (blast_radius's RuntimeObservations). */
  readonly runtimeObservations: number;
  /** blast_radius's Verdict: its kind, its text and the evidence in one line. */
  readonly verdict: BlastVerdict;
}

/** The verdict of the Blast Radius target, as the view shows it. */
export interface BlastVerdict {
  /** observed_in_production, static_callers_only, safe_to_delete or unknown. */
  readonly verdict: string;
  readonly text: string;
  readonly reason: string;
}

/** Where one call is made: an absolute path, a 1-based line and a 1-based column. */
export interface CallSiteLocation {
  readonly path: string;
  readonly line: number;
  readonly col: number;
}

/** One caller (incoming) or callee (outgoing) of a symbol, for the editor's call hierarchy. */
export interface HierarchyCall {
  readonly symbol: SymbolSummary;
  /** The highest confidence among the calls edges between the two. */
  readonly confidence: number;
  /** The provenances of those edges, most confident first. */
  readonly provenance: readonly string[];
  /** Every site of those edges (in the caller's file), in source order. */
  readonly sites: readonly CallSiteLocation[];
}

export interface CallHierarchyParams {
  readonly nodeHash: string;
  readonly direction: 'incoming' | 'outgoing';
}

/** One Louvain community (the communities tool's list), with how much of it is test code. */
export interface CommunitySummary {
  readonly id: number;
  readonly size: number;
  readonly cohesion: number;
  readonly dominantPackage: string;
  /** Highest weighted degree first. */
  readonly topSymbols: ReadonlyArray<{ readonly qualifiedName: string; readonly kind: string }>;
  /** Members declared in test code (test files and folders, test functions). */
  readonly testMembers: number;
}

export interface CodeLensInfo {
  readonly symbol: SymbolSummary;
  /** Distinct symbols with a calls edge into the symbol. */
  readonly callers: number;
  /** Distinct places those calls are made (every site of every calls edge). */
  readonly callSites: number;
  /** Runtime observations of edges into the symbol (SPEC 2.6 otel_*). */
  readonly observed: number;
  /** The graph holds runtime observations at all: without, "0 observed" says nothing and is left off. */
  readonly runtimeData?: boolean;
}

export interface ImpactParams {
  readonly folder: string;
}

export interface ImpactResult {
  readonly folder: string;
  readonly headCommit: string;
  /** Null when the working tree matches HEAD: nothing to compare. */
  readonly impact: unknown;
  /** Why there is no impact to compute (the folder is not a git repository with a commit); shown as it is. */
  readonly unavailable?: string;
}

/** The graph server's indexing progress (the extension shows it; one status bar item, a notification for the first index). */
export interface IndexProgressParams {
  readonly kind: 'begin' | 'report' | 'end';
  readonly title?: string;
  /** 0 to 100. */
  readonly percentage?: number;
  readonly message?: string;
}

export interface ToolCallParams {
  readonly tool: string;
  readonly args: Record<string, unknown>;
}

export interface ToolCallResult {
  readonly isError: boolean;
  readonly text: string;
  readonly structured?: unknown;
}

export interface TraceReceiverResult {
  readonly running: boolean;
  readonly message: string;
}

export interface FilesChangedParams {
  /** Saved, created or renamed-to files. */
  readonly changed: readonly string[];
  /** Deleted or renamed-from files. */
  readonly deleted: readonly string[];
}

/** Method names. Requests answer; notifications do not. */
export const Methods = {
  // client -> server requests
  indexWorkspace: 'ckg/indexWorkspace',
  reindexFiles: 'ckg/reindexFiles',
  callTool: 'ckg/callTool',
  symbolAt: 'ckg/symbolAt',
  symbolsByName: 'ckg/symbolsByName',
  codeLenses: 'ckg/codeLenses',
  communityMembers: 'ckg/communityMembers',
  communities: 'ckg/communities',
  blastCallers: 'ckg/blastCallers',
  callHierarchy: 'ckg/callHierarchy',
  locate: 'ckg/locate',
  impact: 'ckg/impact',
  status: 'ckg/status',
  mcpEndpoint: 'ckg/mcpEndpoint',
  enrich: 'ckg/enrich',
  startTraceReceiver: 'ckg/startTraceReceiver',
  stopTraceReceiver: 'ckg/stopTraceReceiver',
  // client -> server notifications
  filesChanged: 'ckg/filesChanged',
  settingsChanged: 'ckg/settingsChanged',
  /** The editor's installed or enabled extensions changed (a language may have a server now). */
  extensionsChanged: 'ckg/extensionsChanged',
  // server -> client
  locations: 'ckg/locations',
  statusChanged: 'ckg/statusChanged',
  indexProgress: 'ckg/indexProgress',
  endpointChanged: 'ckg/endpointChanged',
} as const;
