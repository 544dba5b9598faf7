import { rawDiff } from '../../graph/snapshotDiff';
import type { GraphView } from '../../graph/graphView';
import type { Hash, SnapshotRecord } from '../../model';
import { hashArg } from '../args';
import { type ToolDeps, ToolError, defineTool } from '../tool';
import { wireEdge, wireNode } from '../wire';

/** An unknown snapshot hash is an error naming the argument (DESIGN §5). */
export async function requireSnapshot(deps: ToolDeps, argument: string, snapshotHash: Hash): Promise<SnapshotRecord> {
  const snapshot = await deps.store().snapshot(snapshotHash);
  if (!snapshot) {
    throw new ToolError(`${argument}: no snapshot with hash ${snapshotHash} (the ckg://repos/<repo_hash>/snapshots resource lists them)`);
  }
  return snapshot;
}

export interface SnapshotPair {
  readonly old: SnapshotRecord;
  readonly new: SnapshotRecord;
  readonly oldView: GraphView;
  readonly newView: GraphView;
}

/** The arguments of the tools that compare two snapshots of one repository. */
export const SNAPSHOT_PAIR_ARGS = {
  old_snapshot: hashArg('old_snapshot', 'Base snapshot hash (64 lowercase hex)'),
  new_snapshot: hashArg('new_snapshot', 'Snapshot hash to compare with the base, of the same repository (64 lowercase hex)'),
};

/**
 * The two snapshots a diff compares, and their views. Both must be of one repository: a
 * snapshot view holds its repo at that point and every other repo live, so comparing
 * snapshots of two repos would diff each against the other's live state, which answers
 * no question anyone asks. Old may be newer than new: the diff is then simply reversed.
 */
export async function snapshotPair(deps: ToolDeps, oldHash: Hash, newHash: Hash): Promise<SnapshotPair> {
  const old = await requireSnapshot(deps, 'old_snapshot', oldHash);
  const next = await requireSnapshot(deps, 'new_snapshot', newHash);
  if (old.repoHash !== next.repoHash) {
    const urlOf = async (s: SnapshotRecord): Promise<string> => (await deps.store().repo(s.repoHash))?.repoUrl ?? s.repoHash;
    throw new ToolError(
      `new_snapshot: expected a snapshot of the same repository as old_snapshot (${await urlOf(old)}), got one of ${await urlOf(next)}`,
    );
  }
  return { old, new: next, oldView: (await deps.graphs.snapshotView(old)), newView: (await deps.graphs.snapshotView(next)) };
}

/** SPEC 4.3 snapshot_diff: nodes and edges present in one snapshot of a repo and not the other. */
export const tool = defineTool({
  name: 'snapshot_diff',
  title: 'Raw diff of two snapshots',
  category: 'Snapshot',
  description:
    'Structural diff of two snapshots of one repository: the nodes and edges (by hash) present only in new_snapshot '
    + '(NodesAdded, EdgesAdded) or only in old_snapshot (NodesRemoved, EdgesRemoved). Nodes sorted by qualified name, '
    + 'edges by source and target name. semantic_diff gives the same change by meaning.',
  inputSchema: SNAPSHOT_PAIR_ARGS,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ old_snapshot, new_snapshot }, deps) {
    const pair = await snapshotPair(deps, old_snapshot, new_snapshot);
    const diff = rawDiff(pair.oldView, pair.newView, { repoHash: pair.old.repoHash });
    return {
      result: {
        OldSnapshot: old_snapshot,
        NewSnapshot: new_snapshot,
        EdgesAdded: diff.edgesAdded.map(wireEdge),
        EdgesRemoved: diff.edgesRemoved.map(wireEdge),
        NodesAdded: diff.nodesAdded.map(wireNode),
        NodesRemoved: diff.nodesRemoved.map(wireNode),
      },
    };
  },
});
