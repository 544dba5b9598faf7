import * as vscode from 'vscode';
import {
  CloseAction, type CloseHandlerResult, ErrorAction, type ErrorHandlerResult, LanguageClient, type LanguageClientOptions,
  type ServerOptions, State, TransportKind,
} from 'vscode-languageclient/node';
import {
  type CodeLensInfo, type FilesChangedParams, type GraphSettings, type GraphStatus, type ImpactResult, type InitializationOptions,
  type LocationsParams, type LocationsResult, type McpEndpoint, Methods, type SymbolSummary, type ToolCallResult,
  type TraceReceiverResult,
} from '../server/protocol';
import { specResult } from '../server/toolResult';

/** Restarts allowed in the window before the client gives up (and says so, once). */
const MAX_RESTARTS = 4;
const RESTART_WINDOW_MS = 3 * 60 * 1000;

export interface GraphClientOptions {
  readonly serverModule: string;
  readonly storagePath: string;
  readonly folders: () => InitializationOptions['folders'];
  readonly settings: () => GraphSettings;
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
  private readonly client: LanguageClient;
  private readonly statusEmitter = new vscode.EventEmitter<GraphStatus>();
  private readonly endpointEmitter = new vscode.EventEmitter<McpEndpoint>();
  private lastStatus: GraphStatus = { state: 'starting', repos: [] };
  private lastEndpoint: McpEndpoint | undefined;
  private restarts: number[] = [];
  private crashReported = false;
  readonly onStatus = this.statusEmitter.event;
  readonly onEndpoint = this.endpointEmitter.event;

  constructor(private readonly options: GraphClientOptions) {
    const serverOptions: ServerOptions = {
      run: { module: options.serverModule, transport: TransportKind.ipc },
      debug: { module: options.serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [],
      outputChannel: options.output,
      initializationOptions: () => this.initializationOptions(),
      errorHandler: {
        error: (): ErrorHandlerResult => ({ action: ErrorAction.Continue }),
        closed: (): CloseHandlerResult => this.onClosed(),
      },
    };
    this.client = new LanguageClient('codeKnowledgeGraph', 'Code Graph server', serverOptions, clientOptions);
    this.client.onNotification(Methods.statusChanged, (status: GraphStatus) => {
      this.lastStatus = status;
      this.statusEmitter.fire(status);
    });
    this.client.onNotification(Methods.endpointChanged, (endpoint: McpEndpoint) => {
      this.lastEndpoint = endpoint;
      this.endpointEmitter.fire(endpoint);
    });
    this.client.onRequest(Methods.locations, (params: LocationsParams, token: vscode.CancellationToken) => options.answerLocations(params, token));
  }

  get status(): GraphStatus {
    return this.lastStatus;
  }

  get endpoint(): McpEndpoint | undefined {
    return this.lastEndpoint;
  }

  get running(): boolean {
    return this.client.state === State.Running;
  }

  start(): Promise<void> {
    return this.client.start();
  }

  settingsChanged(settings: GraphSettings): Promise<void> {
    return this.client.sendNotification(Methods.settingsChanged, settings);
  }

  filesChanged(params: FilesChangedParams): Promise<void> {
    return this.client.sendNotification(Methods.filesChanged, params);
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

  communityMembers(id: number): Promise<SymbolSummary[]> {
    return this.request(Methods.communityMembers, { id });
  }

  impact(folder: string): Promise<ImpactResult> {
    return this.request(Methods.impact, { folder });
  }

  enrichmentReport(): Promise<{ lines: string[]; upgradeRates: Record<string, number | null>; cancelled: boolean }> {
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
    if (this.client.state !== State.Stopped) await this.client.stop().catch(() => undefined);
  }

  private async request<R>(method: string, params?: unknown): Promise<R> {
    if (this.client.state === State.Stopped) throw new Error('the Code Graph server is not running (see Code Graph: Show Output)');
    return params === undefined ? this.client.sendRequest<R>(method) : this.client.sendRequest<R>(method, params);
  }

  private initializationOptions(): InitializationOptions {
    return { storagePath: this.options.storagePath, folders: this.options.folders(), settings: this.options.settings() };
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
      return { action: CloseAction.DoNotRestart, message };
    }
    if (!this.crashReported) {
      this.crashReported = true;
      this.options.output.appendLine('The Code Graph server stopped unexpectedly; restarting it.');
      void vscode.window.showWarningMessage('The Code Graph server stopped unexpectedly and was restarted.');
    }
    return { action: CloseAction.Restart, handled: true };
  }
}
