import { TRAVERSAL_DEFAULTS, transitiveCallees } from '../../graph/traversal';
import { boundedSource, calleesView } from '../../query/neighbourhood';
import { hashArg, positiveIntArg, requireNode } from '../args';
import { listResult } from '../replyCap';
import { defineTool } from '../tool';
import { listOutput, NodeDepthSchema, wireNode } from '../wire';

/** SPEC 4.2 trace_dataflow: every transitive callee (what the symbol's execution can reach), with its hop count. */
export const tool = defineTool({
  name: 'trace_dataflow',
  title: 'Transitive callees (data flow)',
  category: 'Analysis',
  description:
    'All transitive callees of a symbol over calls edges (what its execution can reach, across repositories), as '
    + '{Node, Depth} with Depth the shortest hop count from the source; sorted by Depth, then qualified name. Calls out '
    + `of the repository end at UNRESOLVED placeholders. At most ${TRAVERSAL_DEFAULTS.maxResults} callees; more set truncated.`,
  inputSchema: {
    source_hash: hashArg('source_hash', 'Node hash of the symbol to start from (64 lowercase hex); graph_query finds it'),
    max_depth: positiveIntArg('max_depth', { default: TRAVERSAL_DEFAULTS.maxDepth, max: 20, description: 'Levels of callees to follow' }),
  },
  outputSchema: listOutput(NodeDepthSchema),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ source_hash, max_depth }, deps) {
    // A server database is read from the symbol, level by level, up to the level that fills the list.
    const bounded = boundedSource(deps.store());
    const view = bounded
      ? await calleesView(bounded, source_hash, { maxDepth: max_depth, enough: TRAVERSAL_DEFAULTS.maxResults })
      : await deps.graphs.liveView();
    requireNode(view, 'source_hash', source_hash);
    const walk = transitiveCallees(view, source_hash, { maxDepth: max_depth });
    const items = walk.reached.map(({ node, depth }) => ({ Node: wireNode(node), Depth: depth }));
    return {
      result: listResult(items, walk.truncated
        ? `truncated: the walk stopped at ${TRAVERSAL_DEFAULTS.maxResults} callees; use a smaller max_depth.`
        : undefined),
    };
  },
});
