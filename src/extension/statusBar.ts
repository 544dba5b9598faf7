import * as vscode from 'vscode';
import type { GraphStatus, IndexProgressParams } from '../server/protocol';
import { plural } from './symbolLabel';

/** The one status bar item: indexing state (with its progress) and counts; a click shows the output. */
export interface StatusBar {
  readonly item: vscode.StatusBarItem;
  show(status: GraphStatus): void;
  /** An index run's progress, shown in the same item until its end. */
  progress(progress: IndexProgressParams): void;
}

export function createStatusBar(): StatusBar {
  const item = vscode.window.createStatusBarItem('codeKnowledgeGraph.status', vscode.StatusBarAlignment.Left, 10);
  item.name = 'Code Graph';
  item.command = 'codeKnowledgeGraph.showOutput';
  let status: GraphStatus = { state: 'starting', repos: [] };
  let running: IndexProgressParams | undefined;
  const render = (): void => {
    item.text = statusText(status, running);
    item.tooltip = statusTooltip(status);
    item.backgroundColor = status.state === 'failed' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    item.show();
  };
  render();
  return {
    item,
    show(next) {
      status = next;
      // A (re)starting server has no run in progress, whatever the last one sent.
      if (next.state === 'starting') running = undefined;
      render();
    },
    progress(next) {
      running = next.kind === 'end' ? undefined : { ...running, ...next };
      render();
    },
  };
}

/** The item's text; an index run in progress shows its percentage. */
export function statusText(status: GraphStatus, progress?: IndexProgressParams): string {
  const files = status.repos.reduce((n, r) => n + r.files, 0);
  const nodes = status.repos.reduce((n, r) => n + r.nodes, 0);
  const edges = status.repos.reduce((n, r) => n + r.edges, 0);
  const counts = `${plural(files, 'file')} · ${plural(nodes, 'symbol')} · ${plural(edges, 'edge')}`;
  if (progress && status.state !== 'failed') {
    return `$(sync~spin) Code Graph: indexing${progress.percentage !== undefined ? ` ${Math.round(progress.percentage)}%` : ''}${files > 0 ? ` (${counts})` : ''}`;
  }
  switch (status.state) {
    case 'starting': return '$(loading~spin) Code Graph: starting';
    case 'indexing': return `$(sync~spin) Code Graph: indexing${files > 0 ? ` (${counts})` : ''}`;
    case 'failed': return `$(error) Code Graph: ${files > 0 ? counts : 'failed'}`;
    default: return `$(type-hierarchy) Code Graph: ${counts}`;
  }
}

function statusTooltip(status: GraphStatus): string {
  const lines = status.repos.map((r) => `${r.folder} (${r.repoUrl}): ${plural(r.files, 'file')}, ${plural(r.nodes, 'symbol')}, ${plural(r.edges, 'edge')}`
    + `${r.commit ? ` at ${r.commit.slice(0, 8)}${r.dirty ? ' + changes' : ''}` : ''}`);
  if (status.message) lines.push(status.message);
  if (status.lastIndexSeconds !== undefined) lines.push(`last index: ${status.lastIndexSeconds.toFixed(2)} s`);
  return lines.join('\n') || 'Code Graph';
}
