import { z } from 'zod';
import type { GraphView } from '../../graph/graphView';
import { rawDiff } from '../../graph/snapshotDiff';
import { compareStrings } from '../../graph/viewIndex';
import type { GraphEdge, Hash } from '../../model';
import { isRuntimeEdge, isRuntimeEdgeProvenance } from '../../query/runtimeIndex';
import { LIFECYCLE_DEFAULTS, SECONDS_PER_DAY } from '../../runtime/confidence';
import { hashArg, requireSnapshot } from '../args';
import { listResult } from '../replyCap';
import { defineTool } from '../tool';
import { integer, listOutput, wireEdge, WireEdgeSchema } from '../wire';

/** Why an edge is stale: its code changed since the snapshot, or its traffic stopped. */
export const STALE_KINDS = ['static', 'runtime'] as const;
export type StaleKind = typeof STALE_KINDS[number];

const MAX_STALE_DAYS = 3650;
const staleDaysMessage = `stale_days: expected an integer from 1 to ${MAX_STALE_DAYS}`;

/**
 * SPEC 4.2 stale_edges, split as SPEC 4.10.2 designs it. Static staleness: edges of the
 * live graph that the given snapshot does not have, i.e. what was linked after it (or
 * re-linked with another provenance). Only the snapshot's repository can differ: a
 * snapshot view holds every other repository live. Runtime edges never count as static
 * staleness (SPEC 3.5: they belong to no snapshot until the next one is taken). Runtime
 * staleness: runtime edges touching the snapshot's repository with no observation within
 * `stale_days`, however old the snapshot.
 */
export const tool = defineTool({
  name: 'stale_edges',
  title: 'Edges newer than a snapshot, and runtime edges gone quiet',
  category: 'Graph queries',
  description:
    'Edges present in the current graph but absent from the given snapshot of a repository (by edge hash, so a '
    + 'provenance change counts), sorted by source and target qualified name: kind "static". Then runtime edges '
    + 'touching that repository with no observation within stale_days (default: the stale window, 30 days), '
    + 'longest silent first: kind "runtime". static_count and runtime_count count them apart.',
  inputSchema: {
    snapshot_hash: hashArg('snapshot_hash', 'Snapshot hash to compare the current graph with (64 lowercase hex)'),
    stale_days: z.number({ error: staleDaysMessage }).int({ error: staleDaysMessage }).min(1, { error: staleDaysMessage })
      .max(MAX_STALE_DAYS, { error: staleDaysMessage }).optional()
      .describe('Days without an observation that make a runtime edge stale (default: trace_ingestion\'s stale window, 30)'),
  },
  outputSchema: listOutput(WireEdgeSchema.extend({
    kind: z.enum(STALE_KINDS).describe('static: absent from the snapshot; runtime: no observation within stale_days'),
  })).extend({
    static_count: integer.describe('Edges of kind static, before any cut'),
    runtime_count: integer.describe('Edges of kind runtime, before any cut'),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ snapshot_hash, stale_days }, deps) {
    const store = deps.store();
    const snapshot = await requireSnapshot(store, 'snapshot_hash', snapshot_hash);
    const live = await deps.graphs.liveView();
    const diff = rawDiff(await deps.graphs.snapshotView(snapshot), live, { repoHash: snapshot.repoHash });
    const changed = diff.edgesAdded.filter((edge) => !isRuntimeEdge(edge));
    const days = stale_days ?? deps.runtimeWindows?.staleAfterDays ?? LIFECYCLE_DEFAULTS.staleAfterDays;
    const quiet = store.capabilities.runtime ? quietRuntimeEdges(live, snapshot.repoHash, deps.now() - days * SECONDS_PER_DAY) : [];
    const items = [
      ...changed.map((edge) => ({ ...wireEdge(edge), kind: 'static' as StaleKind })),
      ...quiet.map((edge) => ({ ...wireEdge(edge), kind: 'runtime' as StaleKind })),
    ];
    return { result: listResult(items, undefined, { static_count: changed.length, runtime_count: quiet.length }) };
  },
});

/** Runtime edges from or to a node of the repository last observed before `since`, oldest first. */
function quietRuntimeEdges(view: GraphView, repoHash: Hash, since: number): GraphEdge[] {
  const inRepo = (hash: Hash): boolean => view.nodes.get(hash)?.repoHash === repoHash;
  return view.edgesWithProvenance(isRuntimeEdgeProvenance)
    .filter((edge) => edge.lastObserved < since && (inRepo(edge.sourceHash) || inRepo(edge.targetHash)))
    .sort((a, b) => a.lastObserved - b.lastObserved || compareStrings(a.edgeHash, b.edgeHash));
}
