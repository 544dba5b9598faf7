import { listResult } from '../replyCap';
import { textArg } from '../args';
import { defineTool } from '../tool';
import { listOutput, wireNode, WireNodeSchema } from '../wire';

export const GRAPH_QUERY_DEFAULTS = {
  /** Nodes returned at most; more say `truncated` with a hint to lengthen the prefix. */
  maxResults: 200,
};

/** SPEC 4.2 graph_query: live nodes whose qualified name starts with a prefix, by name. */
export const tool = defineTool({
  name: 'graph_query',
  title: 'Nodes by qualified-name prefix',
  category: 'Graph queries',
  description:
    'Lists symbols (nodes) whose qualified name starts with `prefix`, sorted by name, for finding node hashes. '
    + `Qualified names are \`<repo_url>://<package_path>.<Symbol>\`. At most ${GRAPH_QUERY_DEFAULTS.maxResults} nodes; `
    + 'more set `truncated`.',
  inputSchema: {
    prefix: textArg('prefix', 'Start of the qualified name, e.g. `github.com/acme/shop://src/cart.` or just `github.com/acme/shop://`'),
  },
  outputSchema: listOutput(WireNodeSchema),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ prefix }, deps) {
    const limit = GRAPH_QUERY_DEFAULTS.maxResults;
    const nodes = await deps.store().nodesByPrefix(prefix, limit + 1);
    const items = nodes.slice(0, limit).map(wireNode);
    const hint = nodes.length > limit
      ? `truncated: more than ${limit} nodes start with "${prefix}"; use a longer prefix.`
      : undefined;
    return { result: listResult(items, hint) };
  },
});
