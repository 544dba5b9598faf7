import * as vscode from 'vscode';
import type { SymbolSummary } from '../../server/protocol';
import type { GraphClient } from '../graphClient';
import { type CommunityRow, communityLabel, shortName } from './viewModels';

type Element = { kind: 'community'; community: CommunityRow } | { kind: 'member'; member: SymbolSummary };

/** Louvain clusters (communities tool), largest first; expanding one lists its members. */
export class CommunitiesView implements vscode.TreeDataProvider<Element> {
  static readonly id = 'codeKnowledgeGraph.communities';
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private communities: CommunityRow[] = [];

  constructor(private readonly client: GraphClient) {}

  async refresh(): Promise<void> {
    if (!this.client.running) return;
    const result = await this.client.tool<{ communities: CommunityRow[] }>('communities', { action: 'list' });
    this.communities = result.communities;
    this.changed.fire();
  }

  snapshot(): CommunityRow[] {
    return this.communities;
  }

  getTreeItem(element: Element): vscode.TreeItem {
    if (element.kind === 'community') {
      const { label, description, tooltip } = communityLabel(element.community);
      const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
      item.description = description;
      item.tooltip = tooltip;
      item.contextValue = 'community';
      item.iconPath = new vscode.ThemeIcon('symbol-namespace');
      return item;
    }
    const item = new vscode.TreeItem(shortName(element.member.qualifiedName), vscode.TreeItemCollapsibleState.None);
    item.description = element.member.kind;
    item.contextValue = 'symbol';
    item.command = { title: 'Open', command: 'codeKnowledgeGraph.openSymbol', arguments: [element.member.nodeHash] };
    return item;
  }

  async getChildren(element?: Element): Promise<Element[]> {
    if (!element) return this.communities.map((community) => ({ kind: 'community', community }));
    if (element.kind === 'community') {
      const members = await this.client.communityMembers(element.community.id);
      return members.map((member) => ({ kind: 'member', member }));
    }
    return [];
  }

  dispose(): void {
    this.changed.dispose();
  }
}
