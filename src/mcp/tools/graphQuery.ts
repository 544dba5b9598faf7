import { z } from 'zod';
import type { GraphView } from '../../graph/graphView';
import { compareStrings } from '../../graph/viewIndex';
import type { GraphEdge, GraphNode } from '../../model';
import { type NameIndex, nameIndexOf } from '../../query/nameIndex';
import { type NeighbourhoodSource, boundedSource, namesView } from '../../query/neighbourhood';
import { type NameQuery, nameQuery } from '../../query/nameMatch';
import { isRuntimeEdge } from '../../query/runtimeIndex';
import { type ListResult, listResult } from '../replyCap';
import { choiceArg, textArg } from '../args';
import { type ToolDeps, type ToolOutput, ToolError, defineTool } from '../tool';
import { listOutput, wireNode, WireNodeSchema } from '../wire';

export const GRAPH_QUERY_DEFAULTS = {
  /** Nodes returned at most; more say `truncated` with a hint to lengthen the prefix or name. */
  maxResults: 200,
};

/** How a name search matches, as its empty reply tells it (`searched.matched_on`). */
export const NAME_MATCHES = [
  'exact name', 'name prefix', 'camel humps', 'name substring', 'qualified-name and path segments (with . or /)',
] as const;

/** SPEC 4.10.2 provenance filter: static edges, runtime-observed edges (SPEC 2.6), or both (no filter). */
export const PROVENANCE_FILTERS = ['static', 'runtime', 'both'] as const;
export type ProvenanceFilter = typeof PROVENANCE_FILTERS[number];

/** SPEC 4.2 graph_query, plus a search by name when the argument has no `://`, and SPEC 4.10.2's provenance filter. */
export const tool = defineTool({
  name: 'graph_query',
  title: 'Nodes by qualified-name prefix or by name',
  category: 'Graph queries',
  description:
    'Finds symbols (nodes) and their hashes. With `://` in `prefix`, lists the nodes whose qualified name starts with it, '
    + 'sorted by name (qualified names are `<repo_url>://<package_path>.<Symbol>`). Without `://`, searches symbol names: '
    + 'case-insensitive, on camel humps (`gCU` or `getCU` finds `getCurrentUser`) and, for text with `.` or `/`, on '
    + 'qualified-name and path segments (`cart/service` finds the symbols of `src/cart/service.ts`), ranked exact name, '
    + 'prefix, camel humps, substring, path; product code before test code, shorter names first. When no name matches, '
    + 'text that starts qualified names (a repository URL) lists them as a prefix; otherwise the reply says what was '
    + `searched and suggests the nearest names. At most ${GRAPH_QUERY_DEFAULTS.maxResults} nodes; `
    + 'more set `truncated`. provenance static or runtime keeps the nodes at an end of at least one edge of that '
    + 'provenance (runtime: otel_* or runtime_unresolved; static: any other); both, the default, keeps all.',
  inputSchema: {
    prefix: textArg('prefix', 'Start of a qualified name, e.g. `github.com/acme/shop://src/cart.`; or, without `://`, a '
      + 'symbol name or part of one to search for (`getCurrentUser`, `gCU`, `cart/service`, `Cart.add`)'),
    provenance: choiceArg('provenance', PROVENANCE_FILTERS, 'both',
      'Keep only nodes with an edge (in or out) of this provenance: static (extracted or enriched), runtime (observed in '
      + 'traces or logs), or both (every node)'),
  },
  outputSchema: listOutput(WireNodeSchema).extend({
    searched: z.object({ query: z.string(), symbols: z.number().int(), matched_on: z.array(z.string()) }).optional()
      .describe('Name search with no match: what was searched'),
    suggestions: z.array(z.string()).optional().describe('Name search with no match: the nearest symbol names'),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ prefix, provenance }, deps) {
    const bounded = boundedSource(deps.store());
    const keep = provenance === 'both' ? undefined
      : bounded ? boundedFilter(bounded, provenance) : viewFilter(await deps.graphs.liveView(), provenance);
    // A server database searches names in its nodes alone (namesView); edges are asked about only for the filter.
    const names = async () => nameIndexOf(bounded ? await namesView(bounded) : await deps.graphs.liveView());
    return prefix.includes('://') ? { result: await byPrefix(prefix, deps, keep) } : byName(prefix, deps, keep, provenance, names);
  },
});

/** Keeps the nodes that are an end of an edge of the provenance, in the order given. */
interface NodeFilter {
  /** Those of the nodes it keeps. */
  kept(nodes: readonly GraphNode[]): Promise<GraphNode[]>;
  /** The live nodes under a prefix that it keeps, in qualified-name order as the store lists them, at most `limit`. */
  byPrefix(prefix: string, limit: number): Promise<GraphNode[]>;
}

/** Whether a node has an edge of the provenance, looked up in the live view (runtime edges included). */
function viewFilter(view: GraphView, provenance: Exclude<ProvenanceFilter, 'both'>): NodeFilter {
  const wanted = provenance === 'runtime';
  const ofKind = (edges: readonly GraphEdge[]): boolean => edges.some((edge) => isRuntimeEdge(edge) === wanted);
  const keep = (node: GraphNode): boolean => ofKind(view.outgoing(node.nodeHash)) || ofKind(view.incoming(node.nodeHash));
  return {
    kept: async (nodes) => nodes.filter(keep),
    byPrefix: async (prefix, limit) => filteredByPrefix(view, prefix, keep, limit),
  };
}

/** The same filter asked of a server database: one indexed statement per question. */
function boundedFilter(source: NeighbourhoodSource, provenance: Exclude<ProvenanceFilter, 'both'>): NodeFilter {
  const reader = source.neighbourhood;
  return {
    kept: async (nodes) => {
      const touching = await reader.nodesTouching(nodes.map((n) => n.nodeHash), provenance);
      return nodes.filter((n) => touching.has(n.nodeHash));
    },
    byPrefix: (prefix, limit) => reader.nodesByPrefixTouching(prefix, provenance, limit),
  };
}

async function byPrefix(prefix: string, deps: ToolDeps, keep: NodeFilter | undefined): Promise<ListResult> {
  const limit = GRAPH_QUERY_DEFAULTS.maxResults;
  const nodes = keep ? await keep.byPrefix(prefix, limit + 1) : await deps.store().nodesByPrefix(prefix, limit + 1);
  const items = nodes.slice(0, limit).map(wireNode);
  const hint = nodes.length > limit
    ? `truncated: more than ${limit} nodes start with "${prefix}"; use a longer prefix.`
    : undefined;
  return listResult(items, hint);
}

/** The live view's nodes under a prefix that the filter keeps, in qualified-name order as the store lists them. */
function filteredByPrefix(view: GraphView, prefix: string, keep: (node: GraphNode) => boolean, limit: number): GraphNode[] {
  return [...view.nodes.values()]
    .filter((node) => node.qualifiedName.startsWith(prefix) && keep(node))
    .sort((a, b) => compareStrings(a.qualifiedName, b.qualifiedName) || compareStrings(a.nodeHash, b.nodeHash))
    .slice(0, limit);
}

async function byName(
  text: string, deps: ToolDeps, keep: NodeFilter | undefined, provenance: ProvenanceFilter, names: () => Promise<NameIndex>,
): Promise<ToolOutput> {
  const query = nameQuery(text);
  if (query.text === '') throw new ToolError('prefix: expected a qualified-name prefix with `://` or a name to search for, not only white space');
  const limit = GRAPH_QUERY_DEFAULTS.maxResults;
  const index = await names();
  // The filter runs over every match, in rank order, so the best `limit` kept are the best `limit` listed.
  const all = index.search(query, keep ? index.size : limit);
  const kept = keep ? await keep.kept(all.nodes) : all.nodes;
  const found = { nodes: kept.slice(0, limit), total: keep ? kept.length : all.total };
  if (found.nodes.length === 0) {
    // The start of a repository URL (`github.com/acme/`) was a SPEC prefix before names were searched: it still is.
    const byUrl = await byPrefix(text, deps, keep);
    if (byUrl.items.length > 0) return { result: byUrl };
    if (all.nodes.length > 0) {
      const note = `${all.total} symbols match "${query.text}", but none is an end of a ${provenance} edge; provenance both lists them.`;
      return { result: listResult([]), notes: [note] };
    }
    return noMatch(query, index);
  }
  const hint = found.total > limit
    ? `truncated: ${found.total} symbols match "${query.text}"; the best ${limit} are listed; use a longer name or a qualified-name prefix with ://.`
    : undefined;
  return { result: listResult(found.nodes.map(wireNode), hint) };
}

function noMatch(query: NameQuery, index: NameIndex): ToolOutput {
  const suggestions = index.suggestions(query);
  const searched = { query: query.text, symbols: index.size, matched_on: [...NAME_MATCHES] };
  const nearest = suggestions.length > 0 ? `nearest names: ${suggestions.join(', ')}.` : 'no name is near it.';
  const note = `no symbol matches "${query.text}": searched the names of ${index.size} symbols case-insensitively by `
    + `${NAME_MATCHES.join(', ')}; ${nearest} A prefix with :// lists nodes by qualified name.`;
  return { result: listResult([], undefined, { searched, suggestions }), notes: [note] };
}
