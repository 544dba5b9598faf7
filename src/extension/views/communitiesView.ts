import * as vscode from 'vscode';
import type { CommunitySummary, SymbolSummary } from '../../server/protocol';
import { GraphConfig } from '../config';
import type { GraphClient } from '../graphClient';
import { plural, symbolLabel } from '../symbolLabel';
import { type CommunityLabel, type TestCodeMode, communityLabels, isTestCommunity } from './viewModels';

type Element =
  | { kind: 'community'; community: CommunitySummary; label: CommunityLabel }
  | { kind: 'tests'; communities: Array<{ community: CommunitySummary; label: CommunityLabel }> }
  | { kind: 'member'; member: SymbolSummary };

/** What the view shows: product communities, and the test-code ones apart (or not at all). */
export interface CommunitiesSnapshot {
  readonly communities: ReadonlyArray<{ community: CommunitySummary; label: CommunityLabel }>;
  /** Communities mostly of test code, under their own "Test code" row; empty when excluded or mixed in. */
  readonly testCommunities: ReadonlyArray<{ community: CommunitySummary; label: CommunityLabel }>;
  readonly mode: TestCodeMode;
}

/** Louvain clusters, largest first, labelled by package and top symbol; test code apart by default; expanding one lists its members. */
export class CommunitiesView implements vscode.TreeDataProvider<Element> {
  static readonly id = 'codeKnowledgeGraph.communities';
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private state: CommunitiesSnapshot = { communities: [], testCommunities: [], mode: 'group' };

  constructor(private readonly client: GraphClient) {}

  async refresh(): Promise<void> {
    if (!this.client.running) return;
    const all = await this.client.communities();
    const mode = GraphConfig.current().communitiesTestCode;
    const labels = communityLabels(all);
    const rows = all.map((community, i) => ({ community, label: labels[i]! }));
    const tests = rows.filter((row) => isTestCommunity(row.community));
    this.state = {
      mode,
      communities: mode === 'include' ? rows : rows.filter((row) => !isTestCommunity(row.community)),
      testCommunities: mode === 'group' ? tests : [],
    };
    this.changed.fire();
  }

  snapshot(): CommunitiesSnapshot {
    return this.state;
  }

  getTreeItem(element: Element): vscode.TreeItem {
    if (element.kind === 'community') {
      const { label, description, tooltip } = element.label;
      const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `community-${element.community.id}`;
      item.description = description;
      item.tooltip = tooltip;
      item.contextValue = 'community';
      item.iconPath = new vscode.ThemeIcon('symbol-namespace');
      return item;
    }
    if (element.kind === 'tests') {
      const item = new vscode.TreeItem('Test code', vscode.TreeItemCollapsibleState.Collapsed);
      item.id = 'test-code';
      const symbols = element.communities.reduce((n, row) => n + row.community.size, 0);
      item.description = `${plural(element.communities.length, 'community', 'communities')} · ${plural(symbols, 'symbol')}`;
      item.tooltip = 'Communities made mostly of test code (test files and folders, test functions). '
        + 'The setting codeKnowledgeGraph.communities.testCode mixes them in or leaves them out.';
      item.contextValue = 'testCode';
      item.iconPath = new vscode.ThemeIcon('beaker');
      return item;
    }
    const label = symbolLabel(element.member.qualifiedName, element.member.kind);
    const item = new vscode.TreeItem(label.name, vscode.TreeItemCollapsibleState.None);
    item.description = [element.member.kind, label.container].filter((p) => p).join(' · ');
    item.tooltip = label.tooltip;
    item.contextValue = 'symbol';
    item.command = { title: 'Open', command: 'codeKnowledgeGraph.openSymbol', arguments: [element.member.nodeHash] };
    return item;
  }

  async getChildren(element?: Element): Promise<Element[]> {
    if (!element) {
      const rows: Element[] = this.state.communities.map((row) => ({ kind: 'community', ...row }));
      return this.state.testCommunities.length > 0 ? [...rows, { kind: 'tests', communities: [...this.state.testCommunities] }] : rows;
    }
    if (element.kind === 'tests') return element.communities.map((row) => ({ kind: 'community', ...row }));
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
