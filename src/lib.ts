/** The library entry point: open a graph, index repositories, read the graph. */
export * from './model';
export { openSqlJsStore, type GraphStore, type StoreCapabilities } from './store';
export { RepoIndexer, type IndexOptions, type IndexSummary } from './index/repoIndexer';
export type { IndexProgress } from './index/progress';
export { exportJsonl, exportGraphml } from './export/graphExport';
export { ParsePool, defaultWorkerCount } from './index/parsePool';
export { listRepositoryFiles, skipReason, DEFAULT_MAX_FILE_BYTES } from './index/sourceFiles';
export { languageForPath } from './extract/registry';
export { extractFile, parseAndQueryOnly } from './extract/parser';
export { createMcpServer } from './mcp/server';
export { openServerDeps } from './mcp/serverDeps';
export { TOOLS } from './mcp/registry';
export { countTokens } from './context/tokenizer';
export { RuntimeIngestor, type IngestResult, type RuntimeEdgeStats } from './runtime/ingestor';
export { decodeProtobufRequest, decodeJsonRequest, OtlpDecodeError, type DecodedRequest } from './runtime/otlp/decode';
export { startRuntimeService, type RunningRuntime, type RuntimeHost } from './runtime/runtimeService';
export { TRACE_INGESTION_DEFAULTS, type TraceIngestionConfig } from './runtime/config';
export type { TraceSpan, HTTPLogEntry } from './runtime/spans';
