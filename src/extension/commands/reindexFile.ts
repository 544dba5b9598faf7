import * as vscode from 'vscode';
import type { GraphExtension } from '../graphExtension';

/** Re-index File: the active (or given) file, now. */
export const reindexFile = (ext: GraphExtension) => async (uri?: vscode.Uri): Promise<number> => {
  const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
  if (!target || target.scheme !== 'file') {
    void vscode.window.showInformationMessage('Code Graph: open a file of the workspace to re-index it.');
    return 0;
  }
  return ext.client.reindexFiles({ changed: [target.fsPath], deleted: [] });
};
