import { headState } from '../index/gitInfo';
import type { GraphService } from './graphService';
import type { GraphQueries } from './queries';
import type { ImpactResult } from './protocol';

/**
 * pr_impact of a folder's working tree against HEAD. The graph needs a snapshot of each:
 * the working tree is indexed (a dirty snapshot), and when no clean snapshot of the HEAD
 * commit exists yet, HEAD is indexed too and then the working tree again. Both runs are
 * incremental, so the cost follows the size of the change.
 */
export async function workingTreeImpact(
  service: GraphService, queries: GraphQueries, folder: string, maxFileBytes: number, exclude: (p: string) => boolean,
): Promise<ImpactResult> {
  const head = headState(folder);
  if (!head.commit) {
    return {
      folder, headCommit: '', impact: null,
      unavailable: `${folder} is not a git repository with a commit. Impact compares the working tree with HEAD: run \`git init\` and commit once, then refresh.`,
    };
  }
  let work = await service.index({ repoPath: folder, maxFileBytes, exclude });
  if (!work.dirty) return { folder, headCommit: head.commit, impact: null };
  const store = service.store();
  let base = (await store.snapshots(work.repoHash)).find((s) => s.commitHash === head.commit && !s.dirty);
  if (!base) {
    await service.index({ repoPath: folder, commit: head.commit, maxFileBytes, exclude });
    work = await service.index({ repoPath: folder, maxFileBytes, exclude });
    base = (await store.snapshots(work.repoHash)).find((s) => s.commitHash === head.commit && !s.dirty);
  }
  if (!base) throw new Error(`folder ${folder}: no snapshot of HEAD ${head.commit.slice(0, 8)} could be taken`);
  const result = await queries.callTool('pr_impact', { old_snapshot: base.snapshotHash, new_snapshot: work.snapshotHash });
  if (result.isError) throw new Error(result.text);
  return { folder, headCommit: head.commit, impact: result.structured };
}
