import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CloseHandlerResult, ErrorHandlerResult, LanguageClient, LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import {
  type BlastCallersResult, type CallHierarchyParams, type CommunitySummary, type HierarchyCall, type IndexProgressParams,
  type CodeLensInfo, type EnrichmentReportResult, type FilesChangedParams, type GraphSettings, type GraphStatus, type ImpactResult, type InitializationOptions,
  type LocationsParams, type LocationsResult, type McpEndpoint, Methods, type SymbolSummary, type ToolCallResult,
  type TraceReceiverResult,
} from '../server/protocol';
import { specResult } from '../server/toolResult';

type LanguageClientModule = typeof import('./languageClientLibrary');

/** Beside the extension's bundle in dist/ (scripts/build.mjs). */
const LANGUAGE_CLIENT_BUNDLE = 'languageClient.js';

/** Restarts allowed in the window before the client gives up (and says so, once). */
const MAX_RESTARTS = 4;
const RESTART_WINDOW_MS = 3 * 60 * 1000;

export interface GraphClientOptions {
  readonly serverModule: string;
  readonly storagePath: string;
  readonly folders: () => InitializationOptions['folders'];
  readonly settings: () => GraphSettings;
  /** The shared database the server opens instead of the graph file (codeKnowledgeGraph.database); read when it starts. */
  readonly database: () => string | undefined;
  readonly output: vscode.LogOutputChannel;
  readonly answerLocations: (params: LocationsParams, token: vscode.CancellationToken) => Promise<LocationsResult>;
}

/**
 * The extension's side of the graph server: starts it with vscode-languageclient over
 * IPC, restarts it when it crashes (reporting that once, not on every restart), and
 * offers the server's requests as typed methods. Status and endpoint changes arrive as
 * events; after a restart both are sent again, so views and the MCP provider follow.
 */
export class GraphClient implements vscode.Disposable {
  /** vscode-languageclient is loaded when the server starts, after activation (DESIGN §6: activation < 50 ms). */
  private lc: LanguageClientModule | undefined;
  private client: LanguageClient | undefined;
  private starting: Promise<void> | undefined;
  private readonly statusEmitter = new vscode.EventEmitter<GraphStatus>();
  private readonly endpointEmitter = new vscode.EventEmitter<McpEndpoint>();
  private readonly progressEmitter = new vscode.EventEmitter<IndexProgressParams>();
  private lastStatus: GraphStatus = { state: 'starting', repos: [] };
  private lastEndpoint: McpEndpoint | undefined;
  private restarts: number[] = [];
  private crashReported = false;
  /** Milliseconds spent loading the language client library and creating the client. */
  clientLoadMs: number | undefined;
  readonly onStatus = this.statusEmitter.event;
  readonly onEndpoint = this.endpointEmitter.event;
  /** The server's index progress (begin, reports, end). */
  readonly onIndexProgress = this.progressEmitter.event;

  constructor(private readonly options: GraphClientOptions) {}

  get status(): GraphStatus {
    return this.lastStatus;
  }

  get endpoint(): McpEndpoint | undefined {
    return this.lastEndpoint;
  }

  get running(): boolean {
    return this.client !== undefined && this.client.state === this.lc!.State.Running;
  }

  /** Loads the language client, starts the graph server and waits for it; later calls share the first. */
  start(): Promise<void> {
    this.starting ??= (async () => {
      const loadStarted = performance.now();
      const client = this.createClient();
      this.clientLoadMs = performance.now() - loadStarted;
      await client.start();
    })();
    return this.starting;
  }

  settingsChanged(settings: GraphSettings): Promise<void> {
    return this.notify(Methods.settingsChanged, settings);
  }

  /** The editor's extensions changed: the server probes languages that had no language server again. */
  extensionsChanged(): Promise<void> {
    return this.notify(Methods.extensionsChanged, {});
  }

  filesChanged(params: FilesChangedParams): Promise<void> {
    return this.notify(Methods.filesChanged, params);
  }

  indexWorkspace(): Promise<GraphStatus> {
    return this.request(Methods.indexWorkspace);
  }

  reindexFiles(params: FilesChangedParams): Promise<number> {
    return this.request(Methods.reindexFiles, params);
  }

  fetchStatus(): Promise<GraphStatus> {
    return this.request(Methods.status);
  }

  fetchEndpoint(): Promise<McpEndpoint> {
    return this.request(Methods.mcpEndpoint);
  }

  callTool(tool: string, args: Record<string, unknown> = {}): Promise<ToolCallResult> {
    return this.request(Methods.callTool, { tool, args });
  }

  /** The tool's result in its SPEC shape (see specResult); a tool error becomes an exception with its message. */
  async tool<T>(tool: string, args: Record<string, unknown> = {}): Promise<T> {
    return specResult<T>(await this.callTool(tool, args));
  }

  symbolAt(path: string, line: number, character: number): Promise<SymbolSummary | null> {
    return this.request(Methods.symbolAt, { path, line, character });
  }

  symbolsByName(query: string): Promise<SymbolSummary[]> {
    return this.request(Methods.symbolsByName, { query });
  }

  codeLenses(path: string): Promise<CodeLensInfo[]> {
    return this.request(Methods.codeLenses, { path });
  }

  locate(nodeHash: string): Promise<SymbolSummary | null> {
    return this.request(Methods.locate, { nodeHash });
  }

  /** Communities largest first, with their members in test code counted. */
  communities(): Promise<CommunitySummary[]> {
    return this.request(Methods.communities);
  }

  /** Every blast-radius caller counted, the nearest listed: one source for the view's header and tree. */
  blastCallers(nodeHash: string): Promise<BlastCallersResult> {
    return this.request(Methods.blastCallers, { nodeHash });
  }

  callHierarchy(params: CallHierarchyParams): Promise<HierarchyCall[]> {
    return this.request(Methods.callHierarchy, params);
  }

  communityMembers(id: number): Promise<SymbolSummary[]> {
    return this.request(Methods.communityMembers, { id });
  }

  impact(folder: string): Promise<ImpactResult> {
    return this.request(Methods.impact, { folder });
  }

  enrichmentReport(): Promise<EnrichmentReportResult> {
    return this.request(Methods.enrich);
  }

  startTraceReceiver(): Promise<TraceReceiverResult> {
    return this.request(Methods.startTraceReceiver);
  }

  stopTraceReceiver(): Promise<TraceReceiverResult> {
    return this.request(Methods.stopTraceReceiver);
  }

  async dispose(): Promise<void> {
    this.statusEmitter.dispose();
    this.endpointEmitter.dispose();
    this.progressEmitter.dispose();
    if (this.client && this.client.state !== this.lc!.State.Stopped) await this.client.stop().catch(() => undefined);
  }

  private createClient(): LanguageClient {
    // Its own bundle, required here: its megabyte of code loads after activation returns.
    const lc = (this.lc = require(path.join(__dirname, LANGUAGE_CLIENT_BUNDLE)) as LanguageClientModule);
    const serverOptions: ServerOptions = {
      run: { module: this.options.serverModule, transport: lc.TransportKind.ipc },
      debug: { module: this.options.serverModule, transport: lc.TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [],
      outputChannel: this.options.output,
      initializationOptions: () => this.initializationOptions(),
      errorHandler: {
        error: (): ErrorHandlerResult => ({ action: lc.ErrorAction.Continue }),
        closed: (): CloseHandlerResult => this.onClosed(),
      },
    };
    const client = (this.client = new lc.LanguageClient('codeKnowledgeGraph', 'Code Graph server', serverOptions, clientOptions));
    client.onNotification(Methods.statusChanged, (status: GraphStatus) => {
      this.lastStatus = status;
      this.statusEmitter.fire(status);
    });
    client.onNotification(Methods.endpointChanged, (endpoint: McpEndpoint) => {
      this.lastEndpoint = endpoint;
      this.endpointEmitter.fire(endpoint);
    });
    client.onNotification(Methods.indexProgress, (progress: IndexProgressParams) => this.progressEmitter.fire(progress));
    client.onRequest(Methods.locations, (params: LocationsParams, token: vscode.CancellationToken) => this.options.answerLocations(params, token));
    return client;
  }

  /**
   * Sends a request once the server has started; fails with a pointer to the output when it
   * is not running, and with the server's own message when the request fails (without
   * vscode-jsonrpc's "Request ckg/… failed with message:" wrapper, which users see).
   */
  private async request<R>(method: string, params?: unknown): Promise<R> {
    const client = await this.startedClient();
    try {
      return await (params === undefined ? client.sendRequest<R>(method) : client.sendRequest<R>(method, params));
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      const unwrapped = message.replace(/^Request \S+ failed with message: /, '');
      throw unwrapped === message ? error : new Error(unwrapped);
    }
  }

  private async notify(method: string, params: unknown): Promise<void> {
    const client = await this.startedClient();
    await client.sendNotification(method, params);
  }

  private async startedClient(): Promise<LanguageClient> {
    await this.start();
    if (this.client!.state === this.lc!.State.Stopped) throw new Error('the Code Graph server is not running (see Code Graph: Show Output)');
    return this.client!;
  }

  private initializationOptions(): InitializationOptions {
    const database = this.options.database();
    return { storagePath: this.options.storagePath, folders: this.options.folders(), settings: this.options.settings(), ...(database ? { database } : {}) };
  }

  /** A crash restarts the server; the user hears about it once, and once more if restarts stop. */
  private onClosed(): CloseHandlerResult {
    const now = Date.now();
    this.restarts = [...this.restarts.filter((at) => now - at < RESTART_WINDOW_MS), now];
    this.lastStatus = { state: 'starting', repos: this.lastStatus.repos };
    this.statusEmitter.fire(this.lastStatus);
    if (this.restarts.length > MAX_RESTARTS) {
      const message = `The Code Graph server stopped ${this.restarts.length} times in 3 minutes and will not be restarted. See Code Graph: Show Output.`;
      this.lastStatus = { state: 'failed', repos: this.lastStatus.repos, message };
      this.statusEmitter.fire(this.lastStatus);
      return { action: this.lc!.CloseAction.DoNotRestart, message };
    }
    if (!this.crashReported) {
      this.crashReported = true;
      this.options.output.appendLine('The Code Graph server stopped unexpectedly; restarting it.');
      void vscode.window.showWarningMessage('The Code Graph server stopped unexpectedly and was restarted.');
    }
    return { action: this.lc!.CloseAction.Restart, handled: true };
  }
}
