// First: the clock starts before the other modules of the bundle are evaluated.
import { codeLoadStarted } from './loadClock';
import * as vscode from 'vscode';
import { CALL_HIERARCHY_LANGUAGES, GraphCallHierarchyProvider } from './callHierarchy';
import { CODE_LENS_LANGUAGES, CallersCodeLensProvider } from './codeLens';
import { COMMANDS } from './commands';
import { setTraceReceiverRunning } from './commands/traceReceiverContext';
import { GraphConfig, effectOf } from './config';
import { answerLocations } from './enrichmentBridge';
import { watchFiles } from './fileEvents';
import { GraphClient } from './graphClient';
import type { GraphExtension } from './graphExtension';
import { runHostTestsIfAsked } from './hostTests';
import { FirstIndexNotification } from './indexProgress';
import { registerMcpProvider } from './mcpProvider';
import { ImpactPanel } from './panels/impactPanel';
import { TraceStatsPanel } from './panels/traceStatsPanel';
import { createStatusBar } from './statusBar';
import { BlastRadiusView } from './views/blastRadiusView';
import { CommunitiesView } from './views/communitiesView';
import { DeadRoutesView } from './views/deadRoutesView';

/** What activate returns: the context object, and what activation cost (DESIGN §6: < 50 ms). */
export interface ExtensionApi {
  readonly extension: GraphExtension;
  readonly activationMs: number;
  /** Evaluating the extension's bundle, before VS Code calls activate() (it counts both). */
  readonly codeLoadMs: number;
  /** Resolves when the graph server has started (or failed to). */
  readonly serverStarted: Promise<void>;
  /** The MCP server definition provider registered with VS Code; undefined where the API is missing. */
  readonly mcpProvider: vscode.McpServerDefinitionProvider<vscode.McpHttpServerDefinition> | undefined;
}

/**
 * Wires the extension up and returns at once: the graph server starts in the
 * background, so activation costs only the registrations (measured, logged).
 */
export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const started = performance.now();
  const output = vscode.window.createOutputChannel('Code Graph', { log: true });
  const storage = context.storageUri ?? context.globalStorageUri;
  const client = new GraphClient({
    serverModule: context.asAbsolutePath('dist/server.js'),
    storagePath: storage.fsPath,
    folders: () => (vscode.workspace.workspaceFolders ?? []).map((f) => ({ name: f.name, path: f.uri.fsPath })),
    settings: () => GraphConfig.current().settings(),
    database: () => {
      const { database, problem } = GraphConfig.current().database;
      if (problem) {
        output.warn(problem);
        void vscode.window.showWarningMessage(problem);
      }
      return database;
    },
    output,
    answerLocations,
  });
  const blastRadius = new BlastRadiusView(client);
  const deadRoutes = new DeadRoutesView(client);
  const communities = new CommunitiesView(client);
  const codeLens = new CallersCodeLensProvider(client);
  const callHierarchy = new GraphCallHierarchyProvider(client);
  const firstIndex = new FirstIndexNotification();
  const ext: GraphExtension = {
    context, client, output, blastRadius, deadRoutes, communities, codeLens, callHierarchy, firstIndex,
    refreshViews: async () => {
      codeLens.refresh();
      await Promise.all([blastRadius.refresh(), deadRoutes.refresh(), communities.refresh()].map((p) => p.catch((error: Error) => {
        output.warn(`view refresh: ${error.message}`);
      })));
    },
  };

  const mcp = registerMcpProvider(client);
  const statusBar = createStatusBar();
  const blastView = vscode.window.createTreeView(BlastRadiusView.id, { treeDataProvider: blastRadius, showCollapseAll: true });
  const deadView = vscode.window.createTreeView(DeadRoutesView.id, { treeDataProvider: deadRoutes });
  blastRadius.view = blastView;
  deadRoutes.view = deadView;
  context.subscriptions.push(
    output, client, statusBar.item, blastRadius, deadRoutes, communities, codeLens, blastView, deadView, firstIndex,
    vscode.window.registerTreeDataProvider(CommunitiesView.id, communities),
    vscode.languages.registerCodeLensProvider(CODE_LENS_LANGUAGES.map((language) => ({ language, scheme: 'file' })), codeLens),
    vscode.languages.registerCallHierarchyProvider(CALL_HIERARCHY_LANGUAGES.map((language) => ({ language, scheme: 'file' })), callHierarchy),
    ...Object.entries(COMMANDS).map(([name, factory]) => vscode.commands.registerCommand(`codeKnowledgeGraph.${name}`, factory(ext))),
    mcp.disposable,
    watchFiles(client),
    client.onStatus((status) => {
      statusBar.show(status);
      // Every status follows a change of the graph: the lenses follow the status bar.
      codeLens.refresh();
      // A (re)started server runs no trace receiver.
      if (status.state === 'starting') void setTraceReceiverRunning(false);
      if (status.state === 'ready') void ext.refreshViews();
    }),
    client.onIndexProgress((progress) => {
      statusBar.progress(progress);
      firstIndex.onProgress(progress);
    }),
    // An extension installed or enabled may bring the language server a language lacked.
    vscode.extensions.onDidChange(() => {
      if (client.running) void client.extensionsChanged();
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      const effect = effectOf(event);
      if (!effect) return;
      codeLens.refresh();
      if (event.affectsConfiguration('codeKnowledgeGraph.communities')) void communities.refresh().catch((error: Error) => output.warn(`communities: ${error.message}`));
      if (client.running) void client.settingsChanged(GraphConfig.current().settings());
      if (effect === 'restartReceiver') output.info('trace ingestion settings changed: they apply the next time the receiver starts');
      if (effect === 'restartServer') output.info('codeKnowledgeGraph.database changed: it applies when the Code Graph server starts again (Developer: Reload Window)');
    }),
    vscode.window.registerWebviewPanelSerializer(ImpactPanel.viewType, {
      deserializeWebviewPanel: async (panel) => ImpactPanel.revive(panel, context.extensionUri, client, vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? ''),
    }),
    vscode.window.registerWebviewPanelSerializer(TraceStatsPanel.viewType, {
      deserializeWebviewPanel: async (panel) => TraceStatsPanel.revive(panel, context.extensionUri, client),
    }),
  );

  // The graph server, and the language client library that talks to it, start once
  // activation has returned: VS Code waits for neither.
  const serverStarted = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => client.start()).then(() => {
    output.info(`graph server started; language client loaded in ${client.clientLoadMs?.toFixed(1)} ms (after activation)`);
  }, (error: Error) => {
    output.error(`the graph server did not start: ${error.message}`);
    void vscode.window.showErrorMessage(`Code Graph: the graph server did not start: ${error.message}`);
  });
  const activationMs = performance.now() - started;
  output.info(`activated in ${activationMs.toFixed(1)} ms, code loaded in ${codeLoadMs.toFixed(1)} ms (extension host thread); graph at ${storage.fsPath}`);
  const api: ExtensionApi = { extension: ext, activationMs, codeLoadMs, serverStarted, mcpProvider: mcp.provider };
  runHostTestsIfAsked(api);
  return api;
}

/** The last statement of the bundle: everything above, and every module before it, has been evaluated. */
const codeLoadMs = performance.now() - codeLoadStarted;

export function deactivate(): void {
  // The client and everything else are in context.subscriptions: VS Code disposes them.
}
