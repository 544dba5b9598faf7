import type * as vscode from 'vscode';
import type { GraphCallHierarchyProvider } from './callHierarchy';
import type { CallersCodeLensProvider } from './codeLens';
import type { GraphClient } from './graphClient';
import type { FirstIndexNotification } from './indexProgress';
import type { BlastRadiusView } from './views/blastRadiusView';
import type { CommunitiesView } from './views/communitiesView';
import type { DeadRoutesView } from './views/deadRoutesView';

/** The one context object activation builds; commands and views get it. */
export interface GraphExtension {
  readonly context: vscode.ExtensionContext;
  readonly client: GraphClient;
  readonly output: vscode.LogOutputChannel;
  readonly blastRadius: BlastRadiusView;
  readonly deadRoutes: DeadRoutesView;
  readonly communities: CommunitiesView;
  readonly codeLens: CallersCodeLensProvider;
  readonly callHierarchy: GraphCallHierarchyProvider;
  /** The first index run's progress notification. */
  readonly firstIndex: FirstIndexNotification;
  /** Refreshes every view (after an index run, on request). */
  refreshViews(): Promise<void>;
}

export type CommandFactory = (ext: GraphExtension) => (...args: never[]) => unknown;
