import * as vscode from 'vscode';
import type { GraphClient } from '../graphClient';
import type { FromWebview, ToWebview } from './messages';
import { panelHtml } from './webviewHtml';

/** trace_stats as a chart and a per-edge-type table, with runtime_traffic per service. */
export class TraceStatsPanel {
  static readonly viewType = 'codeKnowledgeGraph.traceStats';
  private static current: TraceStatsPanel | undefined;
  lastMessage: ToWebview | undefined;

  static createOrShow(extensionUri: vscode.Uri, client: GraphClient): TraceStatsPanel {
    if (TraceStatsPanel.current) {
      TraceStatsPanel.current.panel.reveal();
      void TraceStatsPanel.current.update();
      return TraceStatsPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(TraceStatsPanel.viewType, 'Code Graph: Trace Stats', vscode.ViewColumn.Active, options(extensionUri));
    return (TraceStatsPanel.current = new TraceStatsPanel(panel, extensionUri, client));
  }

  static revive(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, client: GraphClient): void {
    panel.webview.options = options(extensionUri);
    TraceStatsPanel.current = new TraceStatsPanel(panel, extensionUri, client);
  }

  private constructor(readonly panel: vscode.WebviewPanel, extensionUri: vscode.Uri, private readonly client: GraphClient) {
    panel.webview.html = panelHtml(panel.webview, extensionUri, 'Trace Stats', ['dist/webview/chart.umd.min.js', 'media/panel.js', 'media/traceStats.js']);
    panel.onDidDispose(() => {
      if (TraceStatsPanel.current === this) TraceStatsPanel.current = undefined;
    });
    panel.webview.onDidReceiveMessage((message: FromWebview) => {
      if (message.type === 'ready' || message.type === 'refresh') void this.update();
    });
  }

  async update(): Promise<ToWebview> {
    let message: ToWebview;
    try {
      const stats = await this.client.tool<unknown>('trace_stats');
      const services = [...new Set(this.client.status.repos.map((r) => r.serviceName).filter((s) => s))];
      const traffic = await Promise.all(services.map(async (service) => ({
        service, edges: await this.client.tool<unknown[]>('runtime_traffic', { service_name: service, limit: 20 }).catch(() => []),
      })));
      message = { type: 'traceStats', stats, traffic };
    } catch (error) {
      message = { type: 'error', message: (error as Error).message };
    }
    this.lastMessage = message;
    await this.panel.webview.postMessage(message);
    return message;
  }
}

function options(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media'), vscode.Uri.joinPath(extensionUri, 'dist', 'webview')] };
}
