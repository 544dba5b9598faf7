import { z } from 'zod';
import { type Community, type CommunityDetection, cachedCommunities } from '../../graph/communities';
import type { GraphView } from '../../graph/graphView';
import { nodesNamed } from '../../graph/viewIndex';
import { choiceArg, optionalTextArg } from '../args';
import { ToolError, defineTool } from '../tool';
import { integer, objectOutput } from '../wire';

export const COMMUNITIES_TOOL_DEFAULTS = {
  /** Communities listed at most, largest first; `community_count` counts all. */
  maxListed: 200,
  /** Neighbouring communities listed for a symbol, heaviest link first. */
  maxNeighbors: 20,
};

/** One community in a reply (SPEC 4.9 names these fields; more may follow). */
const COMMUNITY_OUTPUT = z.looseObject({
  id: integer, size: integer, top_symbols: z.array(z.string()), cohesion: z.number(), dominant_package: z.string(),
});

function wireCommunity(community: Community) {
  return {
    id: community.id, size: community.size, top_symbols: community.topSymbols, cohesion: community.cohesion,
    dominant_package: community.dominantPackage,
  };
}

function requirePrefix(view: GraphView, prefix: string): void {
  if (prefix && ![...view.repos.values()].some((r) => r.repoUrl.startsWith(prefix))) {
    throw new ToolError(`repo_url: expected the start of an indexed repository URL, no repository starts with ${prefix}`);
  }
}

function forSymbol(view: GraphView, detection: CommunityDetection, symbol: string) {
  const named = nodesNamed(view, symbol);
  if (named.length === 0) throw new ToolError(`symbol: no symbol named ${symbol} (graph_query lists qualified names by prefix)`);
  const node = named.find((n) => detection.communityOf.has(n.nodeHash));
  if (!node) {
    throw new ToolError(`symbol: ${symbol} is not clustered (it has no edge to another clustered node, or is outside repo_url)`);
  }
  const id = detection.communityOf.get(node.nodeHash)!;
  return {
    symbol: node.qualifiedName,
    community: wireCommunity(detection.communities[id]!),
    neighbors: detection.neighbours(id).slice(0, COMMUNITIES_TOOL_DEFAULTS.maxNeighbors)
      .map((link) => ({ ...wireCommunity(link.community), shared_weight: link.weight })),
  };
}

/** SPEC 4.9 communities: Louvain clusters of the graph, or the cluster of one symbol. */
export const tool = defineTool({
  name: 'communities',
  title: 'Communities (Louvain clusters)',
  category: 'Discovery',
  description:
    'Louvain modularity clusters of the code graph (edges weighted by type, unresolved placeholders and unconnected '
    + 'nodes left out). list: communities largest first, each {id, size, top_symbols (highest weighted degree), '
    + 'cohesion (internal edge weight / all edge weight touching it), dominant_package}, plus node_count and edge_count '
    + 'of the clustered graph. for_symbol: the community of `symbol` and its neighbors (communities sharing edges with '
    + 'it, heaviest first). Results are deterministic for a given graph.',
  inputSchema: {
    action: choiceArg('action', ['list', 'for_symbol'] as const, 'list', 'list all communities, or for_symbol'),
    repo_url: optionalTextArg('repo_url', 'Cluster only nodes of repositories whose URL starts with this'),
    symbol: optionalTextArg('symbol', 'Qualified name of a symbol; required when action is for_symbol'),
  },
  outputSchema: objectOutput({
    communities: z.array(COMMUNITY_OUTPUT).optional(), node_count: integer.optional(), edge_count: integer.optional(),
    symbol: z.string().optional(), community: COMMUNITY_OUTPUT.optional(), neighbors: z.array(COMMUNITY_OUTPUT).optional(),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ action, repo_url, symbol }, deps) {
    const view = await deps.graphs.liveView();
    const prefix = repo_url ?? '';
    requirePrefix(view, prefix);
    if (action === 'for_symbol' && !symbol) throw new ToolError('symbol: expected a qualified name when action is for_symbol');
    const detection = cachedCommunities(view, { repoUrlPrefix: prefix });
    if (action === 'for_symbol') return { result: forSymbol(view, detection, symbol!) };
    const listed = detection.communities.slice(0, COMMUNITIES_TOOL_DEFAULTS.maxListed).map(wireCommunity);
    return {
      result: {
        communities: listed,
        node_count: detection.nodeCount,
        edge_count: detection.edgeCount,
        community_count: detection.communities.length,
        truncated: listed.length < detection.communities.length,
      },
    };
  },
});
