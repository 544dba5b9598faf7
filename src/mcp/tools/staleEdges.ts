import { rawDiff } from '../../graph/snapshotDiff';
import { hashArg, requireSnapshot } from '../args';
import { defineTool } from '../tool';
import { listOutput, wireEdge, WireEdgeSchema } from '../wire';

/**
 * SPEC 4.2 stale_edges: edges of the live graph that the given snapshot does not have,
 * i.e. what was linked after it (or re-linked with another provenance). Only the
 * snapshot's repository can differ: a snapshot view holds every other repository live.
 */
export const tool = defineTool({
  name: 'stale_edges',
  title: 'Edges newer than a snapshot',
  category: 'Graph queries',
  description:
    'Edges present in the current graph but absent from the given snapshot of a repository (by edge hash, so a '
    + 'provenance change counts), sorted by source and target qualified name.',
  inputSchema: {
    snapshot_hash: hashArg('snapshot_hash', 'Snapshot hash to compare the current graph with (64 lowercase hex)'),
  },
  outputSchema: listOutput(WireEdgeSchema),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ snapshot_hash }, deps) {
    const snapshot = await requireSnapshot(deps.store(), 'snapshot_hash', snapshot_hash);
    const diff = rawDiff(await deps.graphs.snapshotView(snapshot), await deps.graphs.liveView(), { repoHash: snapshot.repoHash });
    return { result: diff.edgesAdded.map(wireEdge) };
  },
});
