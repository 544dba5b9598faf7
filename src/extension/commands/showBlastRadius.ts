import * as vscode from 'vscode';
import type { BlastCallersResult } from '../../server/protocol';
import type { GraphExtension } from '../graphExtension';
import { resolveSymbol } from './symbolPick';

/** Show Blast Radius: the symbol at the cursor (or given, or picked) in the Blast Radius view. */
export const showBlastRadius = (ext: GraphExtension) => async (symbol?: unknown): Promise<BlastCallersResult | undefined> => {
  const nodeHash = await resolveSymbol(ext, symbol, 'Blast radius of which symbol?');
  if (!nodeHash) return undefined;
  const result = await ext.blastRadius.show(nodeHash);
  await vscode.commands.executeCommand(`${'codeKnowledgeGraph.blastRadius'}.focus`);
  return result;
};
