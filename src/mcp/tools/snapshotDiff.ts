import { z } from 'zod';
import { rawDiff } from '../../graph/snapshotDiff';
import { SNAPSHOT_PAIR_ARGS, snapshotPair } from '../args';
import { defineTool } from '../tool';
import { objectOutput, wireEdge, WireEdgeSchema, wireNode, WireNodeSchema } from '../wire';

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
  outputSchema: objectOutput({
    OldSnapshot: z.string(), NewSnapshot: z.string(), EdgesAdded: z.array(WireEdgeSchema), EdgesRemoved: z.array(WireEdgeSchema),
    NodesAdded: z.array(WireNodeSchema), NodesRemoved: z.array(WireNodeSchema),
  }),
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
