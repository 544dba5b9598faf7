import * as vscode from 'vscode';
import type { GraphClient } from '../graphClient';
import { type BlastRadiusResult, type CallerItem, type DepthGroup, type RepoGroup, blastRadiusModel, shortName } from './viewModels';

type Element = { kind: 'repo'; group: RepoGroup } | { kind: 'depth'; group: DepthGroup } | { kind: 'caller'; item: CallerItem };

/** Callers of one symbol by repository and depth; empty until Show Blast Radius picks a symbol. */
export class BlastRadiusView implements vscode.TreeDataProvider<Element> {
  static readonly id = 'codeKnowledgeGraph.blastRadius';
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private targetHash: string | undefined;
  private groups: RepoGroup[] = [];
  view: vscode.TreeView<Element> | undefined;

  constructor(private readonly client: GraphClient) {}

  get target(): string | undefined {
    return this.targetHash;
  }

  /** Shows the blast radius of a node; the tool's error (an unknown hash) is thrown to the caller. */
  async show(nodeHash: string): Promise<BlastRadiusResult> {
    const result = await this.client.tool<BlastRadiusResult>('blast_radius', { target_hash: nodeHash });
    this.targetHash = nodeHash;
    this.groups = blastRadiusModel(result);
    if (this.view) {
      this.view.description = shortName(result.Target.QualifiedName);
      this.view.message = result.TotalCount === 0
        ? `${shortName(result.Target.QualifiedName)} has no callers in the graph.`
        : `${result.TotalCount} caller${result.TotalCount === 1 ? '' : 's'}${result.Truncated ? ' (list truncated)' : ''}`;
    }
    this.changed.fire();
    return result;
  }

  async refresh(): Promise<void> {
    if (this.targetHash) await this.show(this.targetHash).catch(() => undefined);
  }

  snapshot(): RepoGroup[] {
    return this.groups;
  }

  getTreeItem(element: Element): vscode.TreeItem {
    if (element.kind === 'repo') {
      const item = new vscode.TreeItem(element.group.repoUrl, vscode.TreeItemCollapsibleState.Expanded);
      item.description = `${element.group.count} callers`;
      item.contextValue = 'repo';
      return item;
    }
    if (element.kind === 'depth') {
      const item = new vscode.TreeItem(`depth ${element.group.depth}`, vscode.TreeItemCollapsibleState.Expanded);
      item.description = `${element.group.callers.length}`;
      item.contextValue = 'depth';
      return item;
    }
    const item = new vscode.TreeItem(element.item.label, vscode.TreeItemCollapsibleState.None);
    item.description = element.item.description;
    item.tooltip = element.item.tooltip;
    item.contextValue = 'symbol';
    item.iconPath = new vscode.ThemeIcon('symbol-function');
    item.command = { title: 'Open', command: 'codeKnowledgeGraph.openSymbol', arguments: [element.item.nodeHash] };
    return item;
  }

  getChildren(element?: Element): Element[] {
    if (!element) return this.groups.map((group) => ({ kind: 'repo', group }));
    if (element.kind === 'repo') return element.group.depths.map((group) => ({ kind: 'depth', group }));
    if (element.kind === 'depth') return element.group.callers.map((item) => ({ kind: 'caller', item }));
    return [];
  }

  dispose(): void {
    this.changed.dispose();
  }
}
