import * as vscode from 'vscode';
import type { GraphExtension } from '../graphExtension';
import { ImpactPanel } from '../panels/impactPanel';

/** Open Impact: pr_impact of the working tree vs HEAD of the active file's folder (or the first). */
export const openImpact = (ext: GraphExtension) => async (folderPath?: string) => {
  const active = vscode.window.activeTextEditor?.document.uri;
  const folder = folderPath ?? (active && vscode.workspace.getWorkspaceFolder(active)?.uri.fsPath) ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!folder) {
    void vscode.window.showInformationMessage('Code Graph: open a folder to see the impact of its changes.');
    return undefined;
  }
  const panel = ImpactPanel.createOrShow(ext.context.extensionUri, ext.client, folder);
  return panel.update();
};
