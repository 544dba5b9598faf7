import * as vscode from 'vscode';
import type { GraphExtension } from '../graphExtension';
import { symbolLabel } from '../symbolLabel';
import { pickSymbol } from './symbolPick';

interface FlowResult {
  readonly source: string;
  readonly target: string;
  readonly paths: Array<{ steps: Array<{ symbol: string; edge_type: string }> }>;
  readonly path_count: number;
  readonly truncated: boolean;
}

/** Flow Between Symbols: paths from one symbol to another (flow_between), shown as a Markdown document. */
export const flowBetween = (ext: GraphExtension) => async (args?: { source?: string; target?: string }): Promise<FlowResult | undefined> => {
  const source = args?.source ?? (await pickSymbol(ext, 'Flow from which symbol?'))?.qualifiedName;
  if (!source) return undefined;
  const target = args?.target ?? (await pickSymbol(ext, 'Flow to which symbol?'))?.qualifiedName;
  if (!target) return undefined;
  const result = await ext.client.tool<FlowResult>('flow_between', { source_symbol: source, target_symbol: target });
  const lines = [`# Flow from ${symbolLabel(source).text} to ${symbolLabel(target).text}`, ''];
  if (result.paths.length === 0) lines.push('No path within the depth limit.');
  result.paths.forEach((p, i) => {
    lines.push(`${i + 1}. ${p.steps.map((s) => `\`${symbolLabel(s.symbol).name}\`${s.edge_type ? ` —${s.edge_type}→` : ''}`).join(' ')}`);
  });
  if (result.truncated) lines.push('', `More paths exist (${result.path_count} shown).`);
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: lines.join('\n') });
  await vscode.window.showTextDocument(document, { preview: true });
  return result;
};
