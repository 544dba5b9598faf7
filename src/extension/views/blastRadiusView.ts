import * as vscode from 'vscode';
import type { BlastCallersResult } from '../../server/protocol';
import type { GraphClient } from '../graphClient';
import { plural, symbolLabel } from '../symbolLabel';
import { CALLERS_PAGE, type CallerItem, type DepthGroup, type VerdictItem, blastRadiusHeader, blastRadiusModel, verdictItem } from './viewModels';

type Element =
  | { kind: 'verdict'; item: VerdictItem }
  | { kind: 'depth'; group: DepthGroup }
  | { kind: 'caller'; item: CallerItem }
  | { kind: 'more'; group: DepthGroup };

/**
 * Callers of one symbol by depth (down to blast_radius's depth), a page per depth with a
 * "load more" row, under a first row with the symbol's verdict (static callers and runtime
 * traffic together); the header counts what the tool counts. Empty until Show Blast Radius
 * picks a symbol.
 */
export class BlastRadiusView implements vscode.TreeDataProvider<Element> {
  static readonly id = 'codeKnowledgeGraph.blastRadius';
  private readonly changed = new vscode.EventEmitter<Element | void>();
  readonly onDidChangeTreeData = this.changed.event;
  private targetHash: string | undefined;
  private result: BlastCallersResult | undefined;
  private groups: DepthGroup[] = [];
  private verdict: VerdictItem | undefined;
  /** Callers shown per depth, grown by "load more"; kept across refreshes of the same symbol. */
  private shown = new Map<number, number>();
  /** What the view's header says (also kept when the view is not created yet). */
  header: string | undefined;
  view: vscode.TreeView<Element> | undefined;

  constructor(private readonly client: GraphClient) {}

  get target(): string | undefined {
    return this.targetHash;
  }

  /** Shows the blast radius of a node; an unknown hash is thrown to the caller. */
  async show(nodeHash: string): Promise<BlastCallersResult> {
    const result = await this.client.blastCallers(nodeHash);
    if (nodeHash !== this.targetHash) this.shown = new Map();
    this.targetHash = nodeHash;
    this.result = result;
    this.render();
    return result;
  }

  /** Shows the next page of callers at a depth. */
  loadMore(depth: number): void {
    this.shown.set(depth, (this.shown.get(depth) ?? CALLERS_PAGE) + CALLERS_PAGE);
    this.render();
  }

  async refresh(): Promise<void> {
    if (this.targetHash) await this.show(this.targetHash).catch(() => undefined);
  }

  /** What the tree shows now: depth groups with their shown callers. */
  snapshot(): DepthGroup[] {
    return this.groups;
  }

  /** The verdict row shown now (undefined before a symbol is picked). */
  verdictRow(): VerdictItem | undefined {
    return this.verdict;
  }

  getTreeItem(element: Element): vscode.TreeItem {
    if (element.kind === 'verdict') {
      const item = new vscode.TreeItem(element.item.label, vscode.TreeItemCollapsibleState.None);
      item.id = 'verdict';
      item.description = element.item.description;
      item.tooltip = element.item.tooltip;
      item.iconPath = new vscode.ThemeIcon(element.item.icon);
      item.contextValue = 'verdict';
      return item;
    }
    if (element.kind === 'depth') {
      const { group } = element;
      const item = new vscode.TreeItem(`depth ${group.depth}`, group.depth === 1 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `depth-${group.depth}`;
      item.description = plural(group.count, 'caller');
      item.contextValue = 'depth';
      return item;
    }
    if (element.kind === 'more') {
      const { group } = element;
      const item = new vscode.TreeItem(`Load ${Math.min(CALLERS_PAGE, group.more)} more`, vscode.TreeItemCollapsibleState.None);
      item.description = `${group.callers.length} of ${group.count} shown`;
      item.iconPath = new vscode.ThemeIcon('ellipsis');
      item.contextValue = 'loadMore';
      item.command = { title: 'Load more', command: 'codeKnowledgeGraph.loadMoreCallers', arguments: [group.depth] };
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
    if (!element) {
      const depths: Element[] = this.groups.map((group) => ({ kind: 'depth', group }));
      return this.verdict ? [{ kind: 'verdict', item: this.verdict }, ...depths] : depths;
    }
    if (element.kind !== 'depth') return [];
    const rows: Element[] = element.group.callers.map((item) => ({ kind: 'caller', item }));
    return element.group.more > 0 ? [...rows, { kind: 'more', group: element.group }] : rows;
  }

  dispose(): void {
    this.changed.dispose();
  }

  private render(): void {
    if (!this.result) return;
    this.groups = blastRadiusModel(this.result, this.shown);
    this.verdict = verdictItem(this.result);
    this.header = blastRadiusHeader(this.result);
    if (this.view) {
      const label = symbolLabel(this.result.target.qualifiedName, this.result.target.kind);
      this.view.description = label.text;
      this.view.message = this.header;
    }
    this.changed.fire();
  }
}
