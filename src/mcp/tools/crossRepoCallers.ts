import { z } from 'zod';
import { TRAVERSAL_DEFAULTS, transitiveCallers } from '../../graph/traversal';
import { boundedSource, callersView } from '../../query/neighbourhood';
import { RUNTIME_CALLERS_DEFAULTS, type RuntimeCallerLayer, runtimeCallers } from '../../query/runtimeCallers';
import { hashArg, positiveIntArg, requireNode } from '../args';
import { listResult } from '../replyCap';
import { defineTool } from '../tool';
import { listOutput, NodeDepthSchema, WireCallSiteSchema, wireCallSites, wireNode } from '../wire';
import { WireLayerCountsShape, wireLayerCounts, WireRuntimeCallerSchema, wireRuntimeCaller } from '../wireRuntime';
import { INDEXER_VERSION } from './blastRadius';

/** SPEC 4.2 cross_repo_callers: every transitive caller, in any repository, with its hop count. */
export const tool = defineTool({
  name: 'cross_repo_callers',
  title: 'Transitive callers across repositories',
  category: 'Graph queries',
  description:
    'All transitive callers of a symbol over calls edges, in every indexed repository, as {Node, Depth} with Depth the '
    + 'shortest hop count from the target, and CallSites: every {File, Line, Col} where it calls the next symbol on its path '
    + `towards the target (the target itself at Depth 1); sorted by Depth, then qualified name. At most ${TRAVERSAL_DEFAULTS.maxResults} `
    + 'callers; more set truncated. Beside items, apart and never walked further: RuntimeCallers, the callers observed in '
    + 'traces into the target or a listed caller (its Handler), busiest first, at most '
    + `${RUNTIME_CALLERS_DEFAULTS.maxCallers}, with ObservationCount, LastObserved and RuntimeProvenance (SPEC 2.4's runtime record); `
    + 'RuntimeCount and RuntimeObservations count them all (a second text block says the same).',
  inputSchema: {
    target_hash: hashArg('target_hash', 'Node hash of the symbol whose callers are wanted (64 lowercase hex); graph_query finds it'),
    max_depth: positiveIntArg('max_depth', { default: TRAVERSAL_DEFAULTS.maxDepth, max: 20, description: 'Levels of callers to follow' }),
  },
  outputSchema: listOutput(NodeDepthSchema.extend({ CallSites: z.array(WireCallSiteSchema) }))
    .extend({ RuntimeCallers: z.array(WireRuntimeCallerSchema), ...WireLayerCountsShape }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ target_hash, max_depth }, deps) {
    // A server database is read around the target, level by level, up to the level that fills the list.
    const bounded = boundedSource(deps.store());
    const view = bounded
      ? await callersView(bounded, target_hash, { maxDepth: max_depth, enough: TRAVERSAL_DEFAULTS.maxResults })
      : await deps.graphs.liveView();
    requireNode(view, 'target_hash', target_hash);
    const walk = transitiveCallers(view, target_hash, { maxDepth: max_depth });
    // A caller's last path edge is its own call into the symbol one step nearer the target.
    const items = walk.reached.map(({ node, depth, path }) => ({ Node: wireNode(node), Depth: depth, CallSites: wireCallSites(path.at(-1)) }));
    const entries = [{ nodeHash: target_hash, depth: 0 }, ...walk.reached.map(({ node, depth }) => ({ nodeHash: node.nodeHash, depth }))];
    const layer = await runtimeCallers(view, deps.store(), entries, { indexerVersion: INDEXER_VERSION });
    const runtime = { RuntimeCallers: layer.callers.map(wireRuntimeCaller), ...wireLayerCounts(layer) };
    return {
      result: listResult(items, walk.truncated
        ? `truncated: the walk stopped at ${TRAVERSAL_DEFAULTS.maxResults} callers; use a smaller max_depth.`
        : undefined, runtime),
      // The SPEC array stays the first text block; the runtime layer, kept apart, is the second, in words.
      notes: [runtimeLayerText(layer)],
    };
  },
});

/** The runtime layer in a few lines: its counts, then each listed caller with its count, last observation and trace IDs. */
export function runtimeLayerText(layer: RuntimeCallerLayer): string {
  const head = `runtime callers (observed in traces, kept apart from the static callers): ${layer.count}, `
    + `${layer.observations} observation${layer.observations === 1 ? '' : 's'} in the window`;
  const lines = layer.callers.map((c) => `${c.caller.qualifiedName} -> ${c.handler.qualifiedName} (${c.edge.edgeType}, handler depth ${c.handlerDepth}): `
    + `${c.edge.observationCount} observations, last ${c.provenance.last_seen || 'never'}, ${c.provenance.source}`
    + (c.provenance.trace_ids.length > 0 ? `, trace_ids ${c.provenance.trace_ids.join(' ')}` : ''));
  return [head, ...lines, ...(layer.truncated ? [`(the busiest ${layer.callers.length} listed)`] : [])].join('\n');
}
