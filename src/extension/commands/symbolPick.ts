import * as vscode from 'vscode';
import type { SymbolSummary } from '../../server/protocol';
import type { GraphExtension } from '../graphExtension';
import { symbolLabel } from '../symbolLabel';

/** A node hash given by a caller (tree item, lens, test), else the symbol at the cursor, else one the user picks. */
export async function resolveSymbol(ext: GraphExtension, given: unknown, prompt: string): Promise<string | undefined> {
  const hash = typeof given === 'string' ? given : (given as { nodeHash?: unknown } | undefined)?.nodeHash;
  if (typeof hash === 'string' && hash) return hash;
  const editor = vscode.window.activeTextEditor;
  if (editor && editor.document.uri.scheme === 'file') {
    const at = editor.selection.active;
    const symbol = await ext.client.symbolAt(editor.document.uri.fsPath, at.line + 1, at.character);
    if (symbol) return symbol.nodeHash;
  }
  return (await pickSymbol(ext, prompt))?.nodeHash;
}

/** A quick pick over the graph's symbols, filtered on the server as the user types. */
export async function pickSymbol(ext: GraphExtension, prompt: string): Promise<SymbolSummary | undefined> {
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { symbol: SymbolSummary }>();
  pick.placeholder = prompt;
  pick.matchOnDescription = true;
  const load = async (query: string): Promise<void> => {
    pick.busy = true;
    const symbols = await ext.client.symbolsByName(query).catch(() => []);
    pick.items = symbols.map((symbol) => {
      const label = symbolLabel(symbol.qualifiedName, symbol.kind);
      return { label: label.name, description: `${label.container} · ${symbol.kind}`, detail: symbol.qualifiedName, symbol };
    });
    pick.busy = false;
  };
  pick.onDidChangeValue((value) => void load(value));
  void load('');
  pick.show();
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      resolve(pick.selectedItems[0]?.symbol);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
  });
}

export async function openLocation(symbol: SymbolSummary): Promise<void> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(symbol.path));
  const position = new vscode.Position(Math.max(0, symbol.line - 1), symbol.character);
  await vscode.window.showTextDocument(document, { selection: new vscode.Range(position, position), preview: true });
}
