import * as vscode from 'vscode';
import type { GraphClient } from './graphClient';

/**
 * Tells the server which files to re-index: saves, creations, deletions and renames in
 * the editor, plus changes on disk from other tools (a file watcher). Events are
 * gathered for a moment so a "save all" or a branch's many files go as one request.
 */
export function watchFiles(client: GraphClient, delayMs = 150): vscode.Disposable {
  const changed = new Set<string>();
  const deleted = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    timer = undefined;
    if (!client.running || (changed.size === 0 && deleted.size === 0)) return;
    const params = { changed: [...changed], deleted: [...deleted] };
    changed.clear();
    deleted.clear();
    void client.filesChanged(params);
  };
  const queue = (uri: vscode.Uri, gone: boolean): void => {
    if (uri.scheme !== 'file') return;
    (gone ? deleted : changed).add(uri.fsPath);
    (gone ? changed : deleted).delete(uri.fsPath);
    timer ??= setTimeout(flush, delayMs);
  };
  const watcher = vscode.workspace.createFileSystemWatcher('**/*');
  return vscode.Disposable.from(
    watcher,
    watcher.onDidCreate((uri) => queue(uri, false)),
    watcher.onDidChange((uri) => queue(uri, false)),
    watcher.onDidDelete((uri) => queue(uri, true)),
    vscode.workspace.onDidSaveTextDocument((doc) => queue(doc.uri, false)),
    vscode.workspace.onDidDeleteFiles((e) => e.files.forEach((uri) => queue(uri, true))),
    vscode.workspace.onDidRenameFiles((e) => e.files.forEach(({ oldUri, newUri }) => {
      queue(oldUri, true);
      queue(newUri, false);
    })),
    new vscode.Disposable(() => timer && clearTimeout(timer)),
  );
}
