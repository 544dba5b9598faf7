import * as vscode from 'vscode';
import { GraphConfig } from '../config';
import type { GraphExtension } from '../graphExtension';

export const CONTEXT_FORMATS = ['xml', 'markdown', 'json', 'gcf', 'gcb'];

export interface ContextArgs {
  readonly budget?: number;
  readonly format?: string;
}

interface ContextResult {
  readonly content: string;
  readonly token_count: number;
  readonly symbols_included: number;
  readonly symbols_available: number;
}

/** Asks for a token budget and a format (unless given), runs the tool, copies the content. */
export async function copyContext(
  ext: GraphExtension, tool: string, args: Record<string, unknown>, given: ContextArgs | undefined, defaultBudget: number,
): Promise<ContextResult | undefined> {
  const config = GraphConfig.current();
  let budget = given?.budget;
  if (budget === undefined) {
    const typed = await vscode.window.showInputBox({
      prompt: 'Token budget', value: String(config.contextBudget ?? defaultBudget),
      validateInput: (v) => (/^[1-9]\d*$/.test(v.trim()) ? undefined : 'a positive whole number of tokens'),
    });
    if (typed === undefined) return undefined;
    budget = Number(typed.trim());
  }
  const format = given?.format ?? await vscode.window.showQuickPick(
    [config.contextFormat, ...CONTEXT_FORMATS.filter((f) => f !== config.contextFormat)], { placeHolder: 'Format' },
  );
  if (!format) return undefined;
  const result = await ext.client.tool<ContextResult>(tool, { ...args, token_budget: budget, format });
  await vscode.env.clipboard.writeText(result.content);
  void vscode.window.showInformationMessage(
    `Code Graph: copied ${result.symbols_included} of ${result.symbols_available} symbols (${result.token_count} tokens, ${format}).`,
  );
  return result;
}

/** The workspace folder holding a file, and the file's path relative to it. */
export function folderRelative(uri: vscode.Uri): { folder: vscode.WorkspaceFolder; path: string } | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  return folder ? { folder, path: vscode.workspace.asRelativePath(uri, false) } : undefined;
}
