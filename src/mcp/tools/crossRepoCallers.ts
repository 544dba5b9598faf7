import { z } from 'zod';
import { TRAVERSAL_DEFAULTS, transitiveCallers } from '../../graph/traversal';
import { hashArg, positiveIntArg, requireNode } from '../args';
import { listResult } from '../replyCap';
import { defineTool } from '../tool';
import { listOutput, NodeDepthSchema, WireCallSiteSchema, wireCallSites, wireNode } from '../wire';

/** SPEC 4.2 cross_repo_callers: every transitive caller, in any repository, with its hop count. */
export const tool = defineTool({
  name: 'cross_repo_callers',
  title: 'Transitive callers across repositories',
  category: 'Graph queries',
  description:
    'All transitive callers of a symbol over calls edges, in every indexed repository, as {Node, Depth} with Depth the '
    + 'shortest hop count from the target, and CallSites: every {File, Line, Col} where it calls the next symbol on its path '
    + `towards the target (the target itself at Depth 1); sorted by Depth, then qualified name. At most ${TRAVERSAL_DEFAULTS.maxResults} `
    + 'callers; more set truncated.',
  inputSchema: {
    target_hash: hashArg('target_hash', 'Node hash of the symbol whose callers are wanted (64 lowercase hex); graph_query finds it'),
    max_depth: positiveIntArg('max_depth', { default: TRAVERSAL_DEFAULTS.maxDepth, max: 20, description: 'Levels of callers to follow' }),
  },
  outputSchema: listOutput(NodeDepthSchema.extend({ CallSites: z.array(WireCallSiteSchema) })),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ target_hash, max_depth }, deps) {
    const view = await deps.graphs.liveView();
    requireNode(view, 'target_hash', target_hash);
    const walk = transitiveCallers(view, target_hash, { maxDepth: max_depth });
    // A caller's last path edge is its own call into the symbol one step nearer the target.
    const items = walk.reached.map(({ node, depth, path }) => ({ Node: wireNode(node), Depth: depth, CallSites: wireCallSites(path.at(-1)) }));
    return {
      result: listResult(items, walk.truncated
        ? `truncated: the walk stopped at ${TRAVERSAL_DEFAULTS.maxResults} callers; use a smaller max_depth.`
        : undefined),
    };
  },
});
