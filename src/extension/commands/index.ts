import type { CommandFactory } from '../graphExtension';
import { copyContextForFiles } from './copyContextForFiles';
import { copyContextForPr } from './copyContextForPr';
import { copyContextForTask } from './copyContextForTask';
import { copyMcpConfig } from './copyMcpConfig';
import { flowBetween } from './flowBetween';
import { indexWorkspace } from './indexWorkspace';
import { loadMoreCallers } from './loadMoreCallers';
import { openImpact } from './openImpact';
import { openSymbol } from './openSymbol';
import { openTraceStats } from './openTraceStats';
import { reindexFile } from './reindexFile';
import { showBlastRadius } from './showBlastRadius';
import { showCallers } from './showCallers';
import { showOutput } from './showOutput';
import { startTraceReceiver } from './startTraceReceiver';
import { stopTraceReceiver } from './stopTraceReceiver';

/** Every command, by its id under `codeKnowledgeGraph.` (package.json contributes the palette entries). */
export const COMMANDS: Record<string, CommandFactory> = {
  indexWorkspace,
  reindexFile,
  showBlastRadius,
  loadMoreCallers,
  showCallers,
  flowBetween,
  copyContextForTask,
  copyContextForFiles,
  copyContextForPr,
  openImpact,
  openTraceStats,
  startTraceReceiver,
  stopTraceReceiver,
  showOutput,
  copyMcpConfig,
  openSymbol,
  refreshViews: (ext) => () => ext.refreshViews(),
};
