import * as vscode from 'vscode';
import type { GraphClient } from '../graphClient';
import { type RouteRow, type TraceStats, deadRoutesModel } from './viewModels';

type Element = { kind: 'service'; service: string; routes: RouteRow[] } | { kind: 'route'; route: RouteRow };

/** Route handlers with no runtime observation in the window (dead_routes), by service. */
export class DeadRoutesView implements vscode.TreeDataProvider<Element> {
  static readonly id = 'codeKnowledgeGraph.deadRoutes';
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private services: Array<{ service: string; routes: RouteRow[] }> = [];
  message: string | undefined;
  view: vscode.TreeView<Element> | undefined;

  constructor(private readonly client: GraphClient, private readonly staleDays = 30) {}

  async refresh(): Promise<void> {
    if (!this.client.running) return;
    const [routes, stats] = await Promise.all([
      this.client.tool<RouteRow[]>('dead_routes', { stale_days: this.staleDays }),
      this.client.tool<TraceStats>('trace_stats'),
    ]);
    const model = deadRoutesModel(Array.isArray(routes) ? routes : [], stats);
    this.services = model.services;
    this.message = model.message;
    if (this.view) this.view.message = model.message;
    this.changed.fire();
  }

  snapshot(): Array<{ service: string; routes: RouteRow[] }> {
    return this.services;
  }

  getTreeItem(element: Element): vscode.TreeItem {
    if (element.kind === 'service') {
      const item = new vscode.TreeItem(element.service, vscode.TreeItemCollapsibleState.Expanded);
      item.description = `${element.routes.length} unobserved`;
      item.contextValue = 'service';
      return item;
    }
    const item = new vscode.TreeItem(element.route.RoutePattern, vscode.TreeItemCollapsibleState.None);
    item.description = element.route.MappingType;
    item.iconPath = new vscode.ThemeIcon('debug-disconnect');
    item.contextValue = 'route';
    item.command = { title: 'Open handler', command: 'codeKnowledgeGraph.openSymbol', arguments: [element.route.NodeHash] };
    return item;
  }

  getChildren(element?: Element): Element[] {
    if (!element) return this.services.map((s) => ({ kind: 'service', ...s }));
    if (element.kind === 'service') return element.routes.map((route) => ({ kind: 'route', route }));
    return [];
  }

  dispose(): void {
    this.changed.dispose();
  }
}
