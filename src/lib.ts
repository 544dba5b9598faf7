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
export { enrichFiles, ENRICH_DEFAULTS, type EnrichTarget, type EnrichOptions } from './enrich/enricher';
export { EnrichmentReport, type PassCounts, type PassName } from './enrich/report';
export type { LocationOracle, LocationAnswers, LocationQueryKind, SourceLocation } from './enrich/oracle';
export { TsServerOracle, type TsServerOracleOptions } from './enrich/tsserverOracle';
export { enrichTargetsOf } from './enrich/targets';
