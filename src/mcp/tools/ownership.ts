import { z } from 'zod';
import type { SymbolTraffic } from '../../context/traffic';
import { compareStrings } from '../../graph/viewIndex';
import type { GraphNode, Hash } from '../../model';
import { type ServiceTrafficLookup, serviceTrafficLookup } from '../../query/serviceTraffic';
import { trafficLookup } from '../../query/trafficLookup';
import { hashArg, requireRepo } from '../args';
import { type ToolDeps, defineTool } from '../tool';
import { integer, listOutput, wireFile, WireFileSchema, wireNode, WireNodeSchema } from '../wire';

/** One symbol's runtime traffic in an ownership item: the SPEC 4.10.3 report plus its traffic by service. */
const SymbolTrafficSchema = z.object({
  NodeHash: z.string(),
  status: z.enum(['observed', 'confirmed_zero', 'unknown']),
  observations: integer.optional().describe('observed: ObservationCount summed over its runtime edges (the current window)'),
  edges: integer.optional(),
  provenance: z.array(z.string()).optional(),
  confidence: z.enum(['high', 'low', 'stale']).optional(),
  service: z.string().optional().describe('confirmed_zero / unknown: the service the route handler runs in'),
  by_service: z.array(z.object({
    service: z.string(),
    direction: z.enum(['incoming', 'outgoing']),
    observations: integer,
    edges: integer,
    last_observed: integer,
  })).optional().describe('observed: traffic per service at the other end of its runtime edges, busiest first'),
});

/**
 * SPEC 4.6 ownership: every live file of a repository with the symbols it declares, files
 * by path and symbols by line. Files without symbols carry an empty `nodes` list;
 * repo-level nodes (packages, unresolved placeholders) belong to no file and are left out.
 * SPEC 4.10.2 adds each file's runtime traffic: `traffic` lists the symbols the SPEC
 * 4.10.3 reporting rule speaks about (those with runtime edges, and route handlers).
 */
export const tool = defineTool({
  name: 'ownership',
  title: 'Symbols owned by each file',
  category: 'Ownership',
  description: 'Lists each file of a repository with the symbols (nodes) declared in it: [{file, nodes}], files by path, nodes by line. '
    + 'With runtime data, `traffic` lists per symbol its observations per service over the window (by_service), or for a route '
    + 'handler without traffic confirmed_zero (its service sent spans) or unknown (it never did).',
  inputSchema: {
    repo_hash: hashArg('repo_hash', 'Repository hash (64 lowercase hex); the ckg://repos resource and index_repo list them'),
  },
  outputSchema: listOutput(z.object({
    file: WireFileSchema,
    nodes: z.array(WireNodeSchema).optional(),
    traffic: z.array(SymbolTrafficSchema).optional()
      .describe('Runtime traffic of the file\'s symbols, in the order of nodes; absent when none of them has a report'),
  })),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ repo_hash }, deps) {
    const store = deps.store();
    await requireRepo(store, 'repo_hash', repo_hash);
    const byFile = new Map<Hash, GraphNode[]>();
    for (const node of await store.liveNodesOfRepo(repo_hash)) {
      if (!node.fileHash) continue;
      const list = byFile.get(node.fileHash);
      if (list) list.push(node);
      else byFile.set(node.fileHash, [node]);
    }
    const traffic = await trafficOfSymbols(deps);
    const result = (await store.liveFileRecords(repo_hash)).map((file) => {
      const nodes = (byFile.get(file.fileHash) ?? [])
        .sort((a, b) => a.line - b.line || compareStrings(a.qualifiedName, b.qualifiedName) || compareStrings(a.kind, b.kind));
      const reports = traffic ? nodes.flatMap((node) => traffic(node) ?? []) : [];
      return { file: wireFile(file), nodes: nodes.map(wireNode), ...(reports.length > 0 ? { traffic: reports } : {}) };
    });
    return { result };
  },
});

type WireSymbolTraffic = z.infer<typeof SymbolTrafficSchema>;

/** The traffic report of a symbol, or undefined when the rule says nothing of it or the store keeps no runtime edges. */
async function trafficOfSymbols(deps: ToolDeps): Promise<((node: GraphNode) => WireSymbolTraffic | undefined) | undefined> {
  const store = deps.store();
  if (!store.capabilities.runtime) return undefined;
  const view = await deps.graphs.liveView();
  const report = await trafficLookup(deps, view);
  if (!report) return undefined;
  const byService: ServiceTrafficLookup = await serviceTrafficLookup(view, store);
  return (node) => {
    const symbol: SymbolTraffic | undefined = report(node);
    if (!symbol) return undefined;
    if (symbol.status !== 'observed') return { NodeHash: node.nodeHash, status: symbol.status, service: symbol.service };
    return {
      NodeHash: node.nodeHash,
      status: symbol.status,
      observations: symbol.observations,
      edges: symbol.edges,
      provenance: [...symbol.provenance],
      confidence: symbol.confidence,
      by_service: byService(node.nodeHash).map((t) => ({
        service: t.service, direction: t.direction, observations: t.observations, edges: t.edges, last_observed: t.lastObserved,
      })),
    };
  };
}
