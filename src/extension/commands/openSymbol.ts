import * as vscode from 'vscode';
import type { GraphExtension } from '../graphExtension';
import { openLocation } from './symbolPick';

/** Opens a node's declaration (tree items and panels use it). */
export const openSymbol = (ext: GraphExtension) => async (nodeHash: string) => {
  const location = await ext.client.locate(nodeHash);
  if (!location) {
    void vscode.window.showInformationMessage('Code Graph: that symbol is no longer in the graph.');
    return undefined;
  }
  await openLocation(location);
  return location;
};
