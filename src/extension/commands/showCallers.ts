import * as vscode from 'vscode';
import type { GraphExtension } from '../graphExtension';
import { plural, symbolLabel } from '../symbolLabel';
import { openLocation, resolveSymbol } from './symbolPick';

interface Reached {
  readonly Node: { readonly NodeHash: string; readonly QualifiedName: string; readonly Kind: string };
  readonly Depth: number;
}

/** Show Callers: transitive callers (cross_repo_callers) in a quick pick; picking one opens it. */
export const showCallers = (ext: GraphExtension) => async (symbol?: unknown, options?: { pick?: boolean }): Promise<Reached[] | undefined> => {
  const nodeHash = await resolveSymbol(ext, symbol, 'Callers of which symbol?');
  if (!nodeHash) return undefined;
  const callers = await ext.client.tool<Reached[]>('cross_repo_callers', { target_hash: nodeHash });
  const list = Array.isArray(callers) ? callers : [];
  if (options?.pick === false) return list;
  if (list.length === 0) {
    void vscode.window.showInformationMessage('Code Graph: no callers of this symbol in the graph.');
    return list;
  }
  const chosen = await vscode.window.showQuickPick(
    list.map((c) => {
      const label = symbolLabel(c.Node.QualifiedName, c.Node.Kind);
      return { label: label.name, description: `${label.container} · ${c.Node.Kind} · depth ${c.Depth}`, detail: c.Node.QualifiedName, hash: c.Node.NodeHash };
    }),
    { placeHolder: `${plural(list.length, 'caller')}: pick one to open it`, matchOnDescription: true },
  );
  if (chosen) {
    const location = await ext.client.locate(chosen.hash);
    if (location) await openLocation(location);
  }
  return list;
};
