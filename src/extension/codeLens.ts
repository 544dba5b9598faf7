import * as vscode from 'vscode';
import { codeLensEditorLanguages } from '../model/languages';
import { GraphConfig } from './config';
import type { GraphClient } from './graphClient';
import { callersLensTitle } from './lensTitle';

/** The editor language ids that get caller CodeLenses, from the language table. */
export const CODE_LENS_LANGUAGES = codeLensEditorLanguages();

/** "N callers · S call sites · M observed" above functions and methods, from the live graph; a setting turns it off. */
export class CallersCodeLensProvider implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly client: GraphClient) {}

  refresh(): void {
    this.changed.fire();
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    if (!GraphConfig.current().codeLensEnabled || document.uri.scheme !== 'file' || !this.client.running) return [];
    const lenses = await this.client.codeLenses(document.uri.fsPath).catch(() => []);
    return lenses.map(({ symbol, ...counts }) => new vscode.CodeLens(
      new vscode.Range(symbol.line - 1, symbol.character, symbol.line - 1, symbol.character),
      {
        title: callersLensTitle(counts),
        command: 'codeKnowledgeGraph.showCallers',
        arguments: [{ nodeHash: symbol.nodeHash }],
      },
    ));
  }

  dispose(): void {
    this.changed.dispose();
  }
}
