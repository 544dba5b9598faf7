import { z } from 'zod';
import packageJson from '../../../package.json';
import { FACTS_FORMAT_VERSION } from '../../extract/facts';
import { BLAST_RADIUS_DEFAULTS, type BlastCaller, type EdgeOrigin, blastRadius } from '../../graph/blastRadius';
import type { GraphView } from '../../graph/graphView';
import type { GraphEdge, Hash, SnapshotRecord } from '../../model';
import { nearestCallersView } from '../../query/nearestCallers';
import { boundedSource, runtimeView } from '../../query/neighbourhood';
import { RUNTIME_CALLERS_DEFAULTS, runtimeCallers } from '../../query/runtimeCallers';
import { verdictRule } from '../../query/verdict';
import type { SnapshotLog } from '../../store';
import { hashArg, optionalHashArg, requireNode, requireSnapshot } from '../args';
import { defineTool } from '../tool';
import { integer, objectOutput, WireCallSiteSchema, wireCallSites, wireNode, WireNodeSchema } from '../wire';
import {
  WireLayerCountsShape, wireLayerCounts, WireRuntimeCallerSchema, wireRuntimeCaller, WireVerdictSchema, wireVerdict,
} from '../wireRuntime';

/**
 * The indexer that wrote the graph. Edges do not record their own version, so this is
 * the running build's: the package version and the facts format, whose bump re-extracts
 * every file, so edges read through this build were produced under that format.
 */
export const INDEXER_VERSION = `${packageJson.version}+facts.${FACTS_FORMAT_VERSION}`;

/**
 * SourceCommit and Timestamp of an edge: the snapshot of its repo being read (the one
 * asked for, else the repo's latest). Edges belong to the repo of their source node.
 */
async function originLookup(store: SnapshotLog, view: GraphView, snapshot: SnapshotRecord | undefined): Promise<(edge: GraphEdge) => EdgeOrigin> {
  // One read for every repository, not one per repository: the latest snapshot of each.
  const latest = new Map<Hash, SnapshotRecord>();
  for (const record of await store.snapshots()) {
    if ((latest.get(record.repoHash)?.seq ?? -1) < record.seq) latest.set(record.repoHash, record);
  }
  const byRepo = new Map<Hash, EdgeOrigin>();
  return (edge) => {
    const repoHash = view.nodes.get(edge.sourceHash)?.repoHash ?? '';
    let origin = byRepo.get(repoHash);
    if (!origin) {
      const source = snapshot?.repoHash === repoHash ? snapshot : latest.get(repoHash);
      origin = { indexerVersion: INDEXER_VERSION, sourceCommit: source?.commitHash ?? '', timestamp: source?.createdAt ?? 0 };
      byRepo.set(repoHash, origin);
    }
    return origin;
  };
}

function wireCaller(caller: BlastCaller) {
  return {
    Caller: wireNode(caller.node),
    Depth: caller.depth,
    Confidence: caller.confidence,
    Provenance: caller.provenance.map((step) => ({
      Source: step.source, Confidence: step.confidence, IndexerVersion: step.indexerVersion, SourceCommit: step.sourceCommit,
      Timestamp: step.timestamp,
    })),
    // Added to the SPEC shape: where the caller calls the first symbol of its path, every site.
    CallSites: wireCallSites(caller.provenance[0]?.edge),
  };
}

/** SPEC 4.2 blast_radius: transitive callers grouped by repository URL, optionally at a snapshot. */
export const tool = defineTool({
  name: 'blast_radius',
  title: 'Blast radius of a symbol',
  category: 'Graph queries',
  description:
    `Every transitive caller of a symbol over calls edges (up to ${BLAST_RADIUS_DEFAULTS.maxDepth} levels), grouped by repository `
    + 'URL. Each caller has its Depth, the Confidence of its path (the minimum edge confidence; among shortest paths the '
    + 'highest) and the Provenance of every edge on that path, caller first. TotalCount counts all callers; at most '
    + `${BLAST_RADIUS_DEFAULTS.maxCallers} are listed, nearest first, and Truncated says when more exist (on a PostgreSQL graph `
    + 'the walk then stops at the level that filled the list, and TotalCount counts the callers up to that level). CallSites lists '
    + 'every {File, Line, Col} where the caller calls the next symbol of that path (the target itself at Depth 1). With '
    + 'snapshot_hash, the repository of that snapshot is read as of it (other repositories as now). RuntimeCallers (apart, '
    + `never walked further): callers observed in traces into the target or a static caller (its Handler), busiest first, at most ${RUNTIME_CALLERS_DEFAULTS.maxCallers}, `
    + 'each with ObservationCount, LastObserved and RuntimeProvenance {source, confidence, sample_count, first_seen, last_seen, '
    + 'trace_ids, indexer_version}; RuntimeCount and RuntimeObservations count them all. Verdict: observed_in_production, '
    + 'static_callers_only, safe_to_delete or unknown, with its evidence.',
  inputSchema: {
    target_hash: hashArg('target_hash', 'Node hash of the symbol whose callers are wanted (64 lowercase hex); graph_query finds it'),
    snapshot_hash: optionalHashArg('snapshot_hash', 'Snapshot hash for a point-in-time answer (64 lowercase hex); omit for the latest graph'),
  },
  outputSchema: objectOutput({
    Target: WireNodeSchema,
    ByRepo: z.record(z.string(), z.array(z.looseObject({
      Caller: WireNodeSchema, Depth: integer, Confidence: z.number(), Provenance: z.array(z.looseObject({ Source: z.string() })),
      CallSites: z.array(WireCallSiteSchema),
    }))),
    TotalCount: integer,
    Truncated: z.boolean(),
    RuntimeCallers: z.array(WireRuntimeCallerSchema),
    ...WireLayerCountsShape,
    Verdict: WireVerdictSchema,
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ target_hash, snapshot_hash }, deps) {
    const store = deps.store();
    const snapshot = snapshot_hash === undefined ? undefined : await requireSnapshot(store, 'snapshot_hash', snapshot_hash);
    // A server database is read around the target, level by level, up to the level that fills the list.
    const bounded = boundedSource(store);
    const walk = { maxDepth: BLAST_RADIUS_DEFAULTS.maxDepth, limit: BLAST_RADIUS_DEFAULTS.maxCallers };
    const nearest = !snapshot && bounded ? await nearestCallersView(bounded, target_hash, walk) : undefined;
    const view = snapshot ? await deps.graphs.snapshotView(snapshot) : nearest?.view ?? await deps.graphs.liveView();
    requireNode(view, 'target_hash', target_hash, snapshot);
    const walked = blastRadius(view, target_hash, { originOf: await originLookup(store, view, snapshot) });
    const radius = nearest?.counted === undefined ? walked : { ...walked, totalCount: nearest.counted };
    const byRepo: Record<string, ReturnType<typeof wireCaller>[]> = {};
    for (const [repoUrl, callers] of radius.byRepo) byRepo[repoUrl] = callers.map(wireCaller);
    const entries = [{ nodeHash: target_hash, depth: 0 }, ...radius.callers.map((c) => ({ nodeHash: c.node.nodeHash, depth: c.depth }))];
    // Traffic is now: the runtime layer and the verdict read the live graph whatever the snapshot.
    const live = !snapshot ? view
      : bounded ? await runtimeView(bounded, entries.map((e) => e.nodeHash), target_hash) : await deps.graphs.liveView();
    const layer = await runtimeCallers(live, store, entries, { indexerVersion: INDEXER_VERSION });
    const verdict = (await verdictRule(deps, live))(radius.target, radius.totalCount, layer);
    return {
      result: {
        Target: wireNode(radius.target), ByRepo: byRepo, TotalCount: radius.totalCount, Truncated: radius.truncated,
        RuntimeCallers: layer.callers.map(wireRuntimeCaller), ...wireLayerCounts(layer), Verdict: wireVerdict(verdict),
      },
    };
  },
});
