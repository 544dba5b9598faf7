import * as vscode from 'vscode';
import type { GraphStatus } from '../server/protocol';

/** The status bar item: indexing state and counts; a click shows the output. */
export function createStatusBar(): { item: vscode.StatusBarItem; show(status: GraphStatus): void } {
  const item = vscode.window.createStatusBarItem('codeKnowledgeGraph.status', vscode.StatusBarAlignment.Left, 10);
  item.name = 'Code Graph';
  item.command = 'codeKnowledgeGraph.showOutput';
  const show = (status: GraphStatus): void => {
    item.text = statusText(status);
    item.tooltip = statusTooltip(status);
    item.backgroundColor = status.state === 'failed' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    item.show();
  };
  show({ state: 'starting', repos: [] });
  return { item, show };
}

export function statusText(status: GraphStatus): string {
  const files = status.repos.reduce((n, r) => n + r.files, 0);
  const nodes = status.repos.reduce((n, r) => n + r.nodes, 0);
  const edges = status.repos.reduce((n, r) => n + r.edges, 0);
  const counts = `${files} files · ${nodes} symbols · ${edges} edges`;
  switch (status.state) {
    case 'starting': return '$(loading~spin) Code Graph: starting';
    case 'indexing': return `$(sync~spin) Code Graph: indexing${files > 0 ? ` (${counts})` : ''}`;
    case 'failed': return `$(error) Code Graph: ${files > 0 ? counts : 'failed'}`;
    default: return `$(type-hierarchy) Code Graph: ${counts}`;
  }
}

function statusTooltip(status: GraphStatus): string {
  const lines = status.repos.map((r) => `${r.folder} (${r.repoUrl}): ${r.files} files, ${r.nodes} symbols, ${r.edges} edges`
    + `${r.commit ? ` at ${r.commit.slice(0, 8)}${r.dirty ? ' + changes' : ''}` : ''}`);
  if (status.message) lines.push(status.message);
  if (status.lastIndexSeconds !== undefined) lines.push(`last index: ${status.lastIndexSeconds.toFixed(2)} s`);
  return lines.join('\n') || 'Code Graph';
}
