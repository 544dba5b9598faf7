import * as vscode from 'vscode';
import type { GraphExtension } from '../graphExtension';
import { type ContextArgs, copyContext } from './contextPrompts';

/** Copy Context for Task: context_for_task for a described task (SPEC default budget 50000). */
export const copyContextForTask = (ext: GraphExtension) => async (args?: ContextArgs & { task?: string }) => {
  const task = args?.task ?? await vscode.window.showInputBox({ prompt: 'Describe the task', placeHolder: 'e.g. add retries to the HTTP client' });
  if (!task) return undefined;
  return copyContext(ext, 'context_for_task', { task_description: task }, args, 50000);
};
