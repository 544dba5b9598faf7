import { execFile } from 'node:child_process';
import * as vscode from 'vscode';
import type { GraphExtension } from '../graphExtension';
import { type ContextArgs, copyContext } from './contextPrompts';

/** Copy Context for PR: context_for_pr for the files changed against HEAD in the first folder (SPEC default budget 8000). */
export const copyContextForPr = (ext: GraphExtension) => async (args?: ContextArgs & { files?: string[] }) => {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const files = args?.files ?? (folder ? await changedFiles(folder.uri.fsPath) : []);
  if (files.length === 0) {
    void vscode.window.showInformationMessage('Code Graph: no files differ from HEAD, so there is no pull request context to copy.');
    return undefined;
  }
  return copyContext(ext, 'context_for_pr', { files: files.join(',') }, args, 8000);
};

function changedFiles(cwd: string): Promise<string[]> {
  return new Promise((resolve) => {
    execFile('git', ['diff', '--name-only', 'HEAD'], { cwd }, (error, stdout) => {
      resolve(error ? [] : stdout.split('\n').map((l) => l.trim()).filter((l) => l));
    });
  });
}
