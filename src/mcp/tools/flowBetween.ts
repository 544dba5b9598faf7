import { z } from 'zod';
import { PATHS_DEFAULTS, pathsBetween } from '../../graph/paths';
import { boundedSource, namedView, pathsView } from '../../query/neighbourhood';
import { positiveIntArg, requireSymbolsNamed, textArg } from '../args';
import { defineTool } from '../tool';
import { integer, objectOutput } from '../wire';

/** SPEC 4.9 flow_between: how one symbol reaches another, as paths over static edges. */
export const tool = defineTool({
  name: 'flow_between',
  title: 'Paths between two symbols',
  category: 'Discovery',
  description:
    'Paths from source_symbol to target_symbol along static edges of any type (calls, imports, references, '
    + 'implements, handles_route...), found breadth-first: shortest first, each a list of steps {symbol, edge_type} '
    + `where edge_type is the edge to the next step ('' on the last). At most ${PATHS_DEFAULTS.maxPaths} paths of at most `
    + 'max_depth edges; truncated says more exist. A name without `<repo_url>://` matches that package path and symbol '
    + 'in any repository.',
  inputSchema: {
    source_symbol: textArg('source_symbol', 'Qualified name of the start symbol, e.g. `github.com/acme/shop://src/cart.Cart.checkout`'),
    target_symbol: textArg('target_symbol', 'Qualified name of the symbol to reach'),
    max_depth: positiveIntArg('max_depth', { default: PATHS_DEFAULTS.maxDepth, max: 10, description: 'Longest path, in edges' }),
  },
  outputSchema: objectOutput({
    source: z.string(), target: z.string(),
    paths: z.array(z.looseObject({ steps: z.array(z.looseObject({ symbol: z.string(), edge_type: z.string() })) })),
    path_count: integer, truncated: z.boolean(),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ source_symbol, target_symbol, max_depth }, deps) {
    const bounded = boundedSource(deps.store());
    // A server database: the names by index, then only the nodes within max_depth of a target, level by level.
    const named = async (argument: string, name: string) =>
      requireSymbolsNamed(bounded ? await namedView(bounded, name) : await deps.graphs.liveView(), argument, name);
    const sources = await named('source_symbol', source_symbol);
    const targets = await named('target_symbol', target_symbol);
    const view = bounded ? await pathsView(bounded, sources, targets, max_depth) : await deps.graphs.liveView();
    const found = pathsBetween(view, sources.map((n) => n.nodeHash), targets.map((n) => n.nodeHash), { maxDepth: max_depth });
    const paths = found.paths.map((steps) => ({
      steps: steps.map((step) => ({ symbol: step.node.qualifiedName, edge_type: step.edgeType })),
    }));
    return { result: { source: source_symbol, target: target_symbol, paths, path_count: paths.length, truncated: found.truncated } };
  },
});
