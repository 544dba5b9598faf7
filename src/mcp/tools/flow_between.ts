import type { GraphView } from '../../graph/graphView';
import { PATHS_DEFAULTS, pathsBetween } from '../../graph/paths';
import { nodesNamed } from '../../graph/viewIndex';
import type { GraphNode } from '../../model';
import { positiveIntArg, textArg } from '../args';
import { ToolError, defineTool } from '../tool';

function symbolsNamed(view: GraphView, argument: string, name: string): readonly GraphNode[] {
  const nodes = nodesNamed(view, name);
  if (nodes.length === 0) {
    throw new ToolError(`${argument}: no symbol named ${name} (expected a qualified name <repo_url>://<package_path>.<Symbol>; graph_query lists them by prefix)`);
  }
  return nodes;
}

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
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ source_symbol, target_symbol, max_depth }, deps) {
    const view = await deps.graphs.liveView();
    const sources = symbolsNamed(view, 'source_symbol', source_symbol);
    const targets = symbolsNamed(view, 'target_symbol', target_symbol);
    const found = pathsBetween(view, sources.map((n) => n.nodeHash), targets.map((n) => n.nodeHash), { maxDepth: max_depth });
    const paths = found.paths.map((steps) => ({
      steps: steps.map((step) => ({ symbol: step.node.qualifiedName, edge_type: step.edgeType })),
    }));
    return { result: { source: source_symbol, target: target_symbol, paths, path_count: paths.length, truncated: found.truncated } };
  },
});
