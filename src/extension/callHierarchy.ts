import * as vscode from 'vscode';
import { LANGUAGES } from '../model/languages';
import type { CallSiteLocation, HierarchyCall, SymbolSummary } from '../server/protocol';
import type { GraphClient } from './graphClient';
import { hierarchyDetail } from './hierarchyDetail';
import { symbolLabel } from './symbolLabel';

/** Every editor language id the graph reads (the language table's LSP ids), for the provider's selector. */
export const CALL_HIERARCHY_LANGUAGES = [...new Set(LANGUAGES.flatMap((row) => Object.values(row.extensions).flatMap((facts) => ('lsp' in facts && facts.lsp ? [facts.lsp] : []))))];

/** A call hierarchy item that knows its graph node (VS Code hands the same object back). */
export class GraphCallHierarchyItem extends vscode.CallHierarchyItem {
  constructor(readonly nodeHash: string, symbol: SymbolSummary, detail: string) {
    const label = symbolLabel(symbol.qualifiedName, symbol.kind);
    const start = new vscode.Position(Math.max(0, symbol.line - 1), symbol.character);
    const range = new vscode.Range(start, new vscode.Position(Math.max(start.line, (symbol.endLine ?? symbol.line) - 1), 0));
    const selection = new vscode.Range(start, start.translate(0, lastPart(label.name).length));
    super(symbolKindOf(symbol.kind), label.name, detail, vscode.Uri.file(symbol.path), range.isEmpty ? selection : range.union(selection), selection);
    this.tooltip = symbol.qualifiedName;
  }

  declare tooltip: string;
}

/**
 * The editor's "Show Call Hierarchy" from the graph: direct callers and callees over calls
 * edges in every language the graph reads, each with its confidence and provenance in the
 * detail and every call site as a range.
 */
export class GraphCallHierarchyProvider implements vscode.CallHierarchyProvider {
  constructor(private readonly client: GraphClient) {}

  async prepareCallHierarchy(document: vscode.TextDocument, position: vscode.Position): Promise<GraphCallHierarchyItem | undefined> {
    if (document.uri.scheme !== 'file' || !this.client.running) return undefined;
    const symbol = await this.client.symbolAt(document.uri.fsPath, position.line + 1, position.character);
    if (!symbol || !symbol.path) return undefined;
    return new GraphCallHierarchyItem(symbol.nodeHash, symbol, symbolLabel(symbol.qualifiedName, symbol.kind).container);
  }

  async provideCallHierarchyIncomingCalls(item: vscode.CallHierarchyItem): Promise<vscode.CallHierarchyIncomingCall[]> {
    const calls = await this.calls(item, 'incoming');
    return calls.map((call) => new vscode.CallHierarchyIncomingCall(itemOf(call), rangesOf(call.sites, item.name)));
  }

  async provideCallHierarchyOutgoingCalls(item: vscode.CallHierarchyItem): Promise<vscode.CallHierarchyOutgoingCall[]> {
    const calls = await this.calls(item, 'outgoing');
    return calls.map((call) => {
      const callee = itemOf(call);
      return new vscode.CallHierarchyOutgoingCall(callee, rangesOf(call.sites, callee.name));
    });
  }

  private async calls(item: vscode.CallHierarchyItem, direction: 'incoming' | 'outgoing'): Promise<HierarchyCall[]> {
    if (!(item instanceof GraphCallHierarchyItem)) return [];
    return this.client.callHierarchy({ nodeHash: item.nodeHash, direction });
  }
}

function itemOf(call: HierarchyCall): GraphCallHierarchyItem {
  return new GraphCallHierarchyItem(call.symbol.nodeHash, call.symbol, hierarchyDetail(call));
}

/** A site's range covers the called name (the site is where the call's name starts, 1-based). */
function rangesOf(sites: readonly CallSiteLocation[], calleeName: string): vscode.Range[] {
  const length = lastPart(calleeName).length;
  return sites.map((site) => {
    const start = new vscode.Position(Math.max(0, site.line - 1), Math.max(0, site.col - 1));
    return new vscode.Range(start, start.translate(0, length));
  });
}

function lastPart(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

function symbolKindOf(kind: string): vscode.SymbolKind {
  switch (kind) {
    case 'method': return vscode.SymbolKind.Method;
    case 'type': return vscode.SymbolKind.Class;
    case 'interface': return vscode.SymbolKind.Interface;
    case 'constant': return vscode.SymbolKind.Constant;
    case 'variable': return vscode.SymbolKind.Variable;
    case 'module': return vscode.SymbolKind.Module;
    default: return vscode.SymbolKind.Function;
  }
}
