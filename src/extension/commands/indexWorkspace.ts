import type { GraphStatus } from '../../server/protocol';
import type { GraphExtension } from '../graphExtension';

/** Index Workspace: indexes every folder now (incremental); the status bar shows the counts. */
export const indexWorkspace = (ext: GraphExtension) => async (): Promise<GraphStatus> => {
  const status = await ext.client.indexWorkspace();
  await ext.refreshViews();
  return status;
};
