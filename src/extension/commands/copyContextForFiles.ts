import * as vscode from 'vscode';
import type { GraphExtension } from '../graphExtension';
import { type ContextArgs, copyContext, folderRelative } from './contextPrompts';

/** Copy Context for Files: context_for_files for the active file (or the given ones, relative to their folder). */
export const copyContextForFiles = (ext: GraphExtension) => async (args?: ContextArgs & { files?: string[] }) => {
  const uri = vscode.window.activeTextEditor?.document.uri;
  const files = args?.files ?? (uri ? [folderRelative(uri)?.path].filter((p): p is string => !!p) : []);
  if (files.length === 0) {
    void vscode.window.showInformationMessage('Code Graph: open a file of the workspace to copy its context.');
    return undefined;
  }
  return copyContext(ext, 'context_for_files', { files: files.join(',') }, args, 50000);
};
