import { randomBytes } from 'node:crypto';
import { type Connection, ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { type RunningHttpServer, startHttpServer } from '../mcp/transports/http';
import { EditorOracle } from './editorOracle';
import { EnrichmentScheduler, RETRY_DELAYS_MS } from './enrichmentScheduler';
import { globMatcher } from './globs';
import { GraphService } from './graphService';
import {
  type BlastCallersResult, type CallHierarchyParams, type CodeLensInfo, type CommunitySummary, type EnrichmentReportResult, type HierarchyCall, type FilesChangedParams, type GraphSettings, type GraphStatus, type ImpactParams, type ImpactResult,
  type InitializationOptions, type McpEndpoint, Methods, type SymbolAtParams, type SymbolSummary, type ToolCallParams,
  type ToolCallResult, type TraceReceiverResult, type IndexProgressParams,
} from './protocol';
import { CallGraphQueries } from './callGraphQueries';
import { GraphQueries } from './queries';
import { TraceReceiverControl } from './traceReceiver';
import { workingTreeImpact } from './workingTreeImpact';
import { type ProgressReporter, WorkspaceIndexer } from './workspaceIndexer';

interface Session {
  readonly service: GraphService;
  readonly indexer: WorkspaceIndexer;
  readonly queries: GraphQueries;
  readonly callGraph: CallGraphQueries;
  readonly enrichment: EnrichmentScheduler;
  readonly receiver: TraceReceiverControl;
  readonly http: RunningHttpServer;
  readonly endpoint: McpEndpoint;
  /** Replaced when the extension sends new settings; readers look it up each time. */
  readonly current: { settings: GraphSettings };
}

/**
 * The graph server process (DESIGN §2): a language-server peer of the extension over
 * IPC. It owns the engine and the sql.js graph, indexes the workspace folders, keeps
 * them fresh, enriches edges through the editor, and serves MCP on loopback HTTP with a
 * per-session bearer token. The extension host only draws what it answers.
 */
export function runServer(connection: Connection = createConnection(ProposedFeatures.all)): void {
  let options: InitializationOptions | undefined;
  let resolveSession: (session: Session) => void;
  let rejectSession: (error: Error) => void;
  const session = new Promise<Session>((resolve, reject) => {
    resolveSession = resolve;
    rejectSession = reject;
  });
  // A request before the graph is open waits for it; a failed start fails it with the reason.
  session.catch(() => undefined);
  const log = (message: string): void => connection.console.log(message);

  connection.onInitialize((params) => {
    options = params.initializationOptions as InitializationOptions | undefined;
    if (!options?.storagePath || !Array.isArray(options.folders) || !options.settings) {
      throw new Error('initializationOptions: expected { storagePath, folders, settings } from the Code Graph extension');
    }
    return { capabilities: {}, serverInfo: { name: 'code-knowledge-graph' } };
  });

  connection.onInitialized(() => {
    start(connection, options!, log).then(resolveSession, (error: Error) => {
      log(`graph server failed to start: ${error.stack ?? error.message}`);
      rejectSession(error);
    });
  });

  const withSession = <P, R>(method: string, handler: (s: Session, params: P) => Promise<R> | R): void => {
    connection.onRequest(method, async (params: P) => handler(await session, params));
  };
  withSession<void, GraphStatus>(Methods.status, (s) => s.indexer.status());
  withSession<void, McpEndpoint>(Methods.mcpEndpoint, (s) => s.endpoint);
  withSession<void, GraphStatus>(Methods.indexWorkspace, (s) => s.indexer.indexAll('Index Workspace'));
  withSession<FilesChangedParams, number>(Methods.reindexFiles, (s, p) => s.indexer.filesChanged(p.changed ?? [], p.deleted ?? []));
  withSession<ToolCallParams, ToolCallResult>(Methods.callTool, (s, p) => s.queries.callTool(p.tool, p.args ?? {}));
  withSession<SymbolAtParams, SymbolSummary | null>(Methods.symbolAt, async (s, p) => (await s.queries.symbolAt(p.path, p.line, p.character)) ?? null);
  withSession<{ query: string }, SymbolSummary[]>(Methods.symbolsByName, (s, p) => s.queries.symbolsByName(p.query ?? ''));
  withSession<{ path: string }, CodeLensInfo[]>(Methods.codeLenses, (s, p) => s.queries.codeLenses(p.path));
  withSession<{ nodeHash: string }, SymbolSummary | null>(Methods.locate, async (s, p) => (await s.queries.locate(p.nodeHash)) ?? null);
  withSession<{ id: number }, SymbolSummary[]>(Methods.communityMembers, (s, p) => s.queries.communityMembers(p.id));
  withSession<void, CommunitySummary[]>(Methods.communities, (s) => s.callGraph.communities());
  withSession<{ nodeHash: string }, BlastCallersResult>(Methods.blastCallers, (s, p) => s.callGraph.blastCallers(p.nodeHash));
  withSession<CallHierarchyParams, HierarchyCall[]>(Methods.callHierarchy, (s, p) => s.callGraph.callHierarchy(p));
  withSession<ImpactParams, ImpactResult>(Methods.impact, (s, p) =>
    workingTreeImpact(s.service, s.queries, p.folder, s.current.settings.maxFileBytes, globMatcher(s.current.settings.exclude)));
  withSession<void, EnrichmentReportResult>(Methods.enrich, async (s) => {
    const report = await s.enrichment.idle();
    return { lines: report.lines(), upgradeRates: report.upgradeRates(), cancelled: report.cancelled, withoutServer: s.enrichment.withoutServer() };
  });
  withSession<void, TraceReceiverResult>(Methods.startTraceReceiver, (s) => s.receiver.start(s.current.settings.traceIngestion));
  withSession<void, TraceReceiverResult>(Methods.stopTraceReceiver, (s) => s.receiver.stop());

  connection.onNotification(Methods.filesChanged, (params: FilesChangedParams) => {
    void session.then((s) => s.indexer.filesChanged(params.changed ?? [], params.deleted ?? []))
      .catch((error: Error) => log(`re-index failed: ${error.message}`));
  });
  connection.onNotification(Methods.settingsChanged, (settings: GraphSettings) => {
    void session.then((s) => {
      s.current.settings = settings;
      s.service.setTokenCap(settings.tokenCap);
      s.enrichment.updateSettings(settings.enrichment);
      if (s.indexer.updateSettings(settings)) return s.indexer.indexAll('settings changed');
      return undefined;
    }).catch((error: Error) => log(`settings: ${error.message}`));
  });

  connection.onNotification(Methods.extensionsChanged, () => {
    void session.then((s) => s.enrichment.extensionsChanged()).catch((error: Error) => log(`extensions changed: ${error.message}`));
  });

  connection.onShutdown(async () => {
    const s = await session.catch(() => undefined);
    if (!s) return;
    s.enrichment.dispose();
    s.indexer.dispose();
    await s.receiver.stop();
    await s.http.close();
    await s.service.close();
  });
  connection.listen();
}

async function start(connection: Connection, options: InitializationOptions, log: (message: string) => void): Promise<Session> {
  const service = await GraphService.open(options.storagePath, log, options.folders.map((folder) => folder.path), options.database);
  service.setTokenCap(options.settings.tokenCap);
  const token = randomBytes(32).toString('hex');
  const http = await startHttpServer(service, { host: '127.0.0.1', port: 0, token, log });
  const endpoint: McpEndpoint = { url: http.url, token };
  const current = { settings: options.settings };
  const oracle = new EditorOracle(connection, () => current.settings.enrichment.timeoutMs);
  const enrichment = new EnrichmentScheduler(service, oracle, options.settings.enrichment, log, RETRY_DELAYS_MS, { oracle: oracle.probing() });
  service.onIndexed((targets) => enrichment.schedule(targets));
  const indexer = new WorkspaceIndexer(service, options.folders, options.settings, {
    beginProgress: (title) => beginProgress(connection, title),
    statusChanged: (status) => void connection.sendNotification(Methods.statusChanged, status),
    log,
  });
  const session: Session = {
    service, http, endpoint, current, enrichment, indexer, queries: new GraphQueries(service, log), callGraph: new CallGraphQueries(service), receiver: new TraceReceiverControl(service),
  };
  log(`graph: ${service.location}; MCP at ${http.url}`);
  void connection.sendNotification(Methods.endpointChanged, endpoint);
  void indexer.indexAll('workspace opened');
  return session;
}

/**
 * Index progress as `ckg/indexProgress` notifications. Not LSP work-done progress:
 * vscode-languageclient shows that as a second status bar item; the extension shows the
 * first index as a notification and later ones in its own status bar item.
 */
async function beginProgress(connection: Connection, title: string): Promise<ProgressReporter> {
  const send = (params: IndexProgressParams): void => void connection.sendNotification(Methods.indexProgress, params).catch(() => undefined);
  send({ kind: 'begin', title, percentage: 0 });
  return { report: (percentage, message) => send({ kind: 'report', percentage, message }), done: () => send({ kind: 'end' }) };
}
