import * as vscode from 'vscode';
import type { GraphClient } from '../graphClient';
import type { FromWebview, ToWebview } from './messages';
import { panelHtml } from './webviewHtml';

/**
 * pr_impact of the working tree against HEAD, for one workspace folder: a risk badge,
 * the changed symbols and their callers. One panel; it survives a reload (serializer).
 */
export class ImpactPanel {
  static readonly viewType = 'codeKnowledgeGraph.impact';
  private static current: ImpactPanel | undefined;
  lastMessage: ToWebview | undefined;

  static createOrShow(extensionUri: vscode.Uri, client: GraphClient, folder: string): ImpactPanel {
    if (ImpactPanel.current) {
      ImpactPanel.current.folder = folder;
      ImpactPanel.current.panel.reveal();
      void ImpactPanel.current.update();
      return ImpactPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(ImpactPanel.viewType, 'Code Graph: Impact', vscode.ViewColumn.Active, options(extensionUri));
    return (ImpactPanel.current = new ImpactPanel(panel, extensionUri, client, folder));
  }

  static revive(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, client: GraphClient, folder: string): void {
    panel.webview.options = options(extensionUri);
    ImpactPanel.current = new ImpactPanel(panel, extensionUri, client, folder);
  }

  private constructor(readonly panel: vscode.WebviewPanel, extensionUri: vscode.Uri, private readonly client: GraphClient, private folder: string) {
    panel.webview.html = panelHtml(panel.webview, extensionUri, 'Impact', ['media/panel.js', 'media/impact.js']);
    panel.onDidDispose(() => {
      if (ImpactPanel.current === this) ImpactPanel.current = undefined;
    });
    panel.webview.onDidReceiveMessage((message: FromWebview) => {
      if (message.type === 'ready' || message.type === 'refresh') void this.update();
      if (message.type === 'openSymbol') void openByName(this.client, message.qualifiedName);
    });
  }

  /** Computes the impact (indexing HEAD and the working tree as needed) and posts it. */
  async update(): Promise<ToWebview> {
    let message: ToWebview;
    try {
      const result = await this.client.impact(this.folder);
      message = result.unavailable
        ? { type: 'unavailable', message: result.unavailable }
        : { type: 'impact', folder: result.folder, headCommit: result.headCommit, impact: result.impact };
    } catch (error) {
      message = { type: 'error', message: (error as Error).message };
    }
    this.lastMessage = message;
    await this.panel.webview.postMessage(message);
    return message;
  }
}

async function openByName(client: GraphClient, qualifiedName: string): Promise<void> {
  const [match] = (await client.symbolsByName(qualifiedName.slice(qualifiedName.indexOf('://') + 3).split('.').pop() ?? ''))
    .filter((s) => s.qualifiedName === qualifiedName);
  if (match) await vscode.commands.executeCommand('codeKnowledgeGraph.openSymbol', match.nodeHash);
}

function options(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, retainContextWhenHidden: false, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media'), vscode.Uri.joinPath(extensionUri, 'dist', 'webview')] };
}
