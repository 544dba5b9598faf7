import * as path from 'node:path';
import { BLAST_RADIUS_DEFAULTS, blastRadius, provenanceName } from '../graph/blastRadius';
import { cachedCommunities } from '../graph/communities';
import { INDEXER_VERSION } from '../mcp/tools/blastRadius';
import { runtimeCallers } from '../query/runtimeCallers';
import { verdictRule } from '../query/verdict';
import type { GraphView } from '../graph/graphView';
import { type GraphEdge, type GraphNode, callSitesOf, compareCallSites, isTestPath } from '../model';
import type { GraphService } from './graphService';
import type { BlastCallersResult, CallHierarchyParams, CallSiteLocation, CommunitySummary, HierarchyCall, SymbolSummary } from './protocol';

/** Callers the Blast Radius view receives at most; it pages through them itself. */
export const BLAST_LIST_LIMIT = 5000;

/**
 * The call-graph reads of the editor's views that the MCP tools answer only in part: the
 * Blast Radius list without the reply cap (one count for header and tree), the editor's
 * call hierarchy (direct callers and callees with every call site), and communities with
 * their share of test code.
 */
export class CallGraphQueries {
  constructor(private readonly service: GraphService) {}

  /** blast_radius's walk (same depth, order and counts), every caller counted, the nearest BLAST_LIST_LIMIT listed. */
  async blastCallers(nodeHash: string): Promise<BlastCallersResult> {
    const view = await this.service.graphs.liveView();
    if (!view.nodes.has(nodeHash)) throw new Error(`nodeHash: no symbol with hash ${nodeHash} in the graph (it may have been re-indexed; pick it again)`);
    const radius = blastRadius(view, nodeHash, { maxCallers: Number.MAX_SAFE_INTEGER });
    const depthCounts: Record<number, number> = {};
    for (const caller of radius.callers) depthCounts[caller.depth] = (depthCounts[caller.depth] ?? 0) + 1;
    const listed = radius.callers.slice(0, BLAST_LIST_LIMIT);
    // As blast_radius: the runtime layer over the target and the callers it lists, then the verdict.
    const entries = [{ nodeHash, depth: 0 }, ...radius.callers.slice(0, BLAST_RADIUS_DEFAULTS.maxCallers).map((c) => ({ nodeHash: c.node.nodeHash, depth: c.depth }))];
    const layer = await runtimeCallers(view, this.service.store(), entries, { indexerVersion: INDEXER_VERSION, maxCallers: 0 });
    const { verdict, text, reason } = (await verdictRule(this.service, view))(radius.target, radius.totalCount, layer);
    return {
      target: symbolSummaryOf(radius.target, view),
      maxDepth: BLAST_RADIUS_DEFAULTS.maxDepth,
      totalCount: radius.totalCount,
      depthCounts,
      callers: listed.map((caller) => ({
        symbol: symbolSummaryOf(caller.node, view), repoUrl: caller.repoUrl, depth: caller.depth, confidence: caller.confidence,
        provenance: caller.provenance.map((step) => step.source),
      })),
      listLimit: BLAST_LIST_LIMIT,
      truncated: listed.length < radius.totalCount,
      runtimeCallers: layer.count,
      runtimeObservations: layer.observations,
      verdict: { verdict, text, reason },
    };
  }

  /** Direct callers (incoming) or callees (outgoing) over calls edges, one entry per symbol with every site; symbols with no file are left out. */
  async callHierarchy({ nodeHash, direction }: CallHierarchyParams): Promise<HierarchyCall[]> {
    const view = await this.service.graphs.liveView();
    const edges = direction === 'incoming' ? view.incoming(nodeHash, 'calls') : view.outgoing(nodeHash, 'calls');
    const byOther = new Map<string, GraphEdge[]>();
    for (const edge of edges) {
      const other = direction === 'incoming' ? edge.sourceHash : edge.targetHash;
      byOther.set(other, [...(byOther.get(other) ?? []), edge]);
    }
    const calls: HierarchyCall[] = [];
    for (const [other, between] of byOther) {
      const node = view.nodes.get(other);
      if (!node?.fileHash) continue;
      const ranked = [...between].sort((a, b) => b.confidence - a.confidence);
      calls.push({
        symbol: symbolSummaryOf(node, view),
        confidence: ranked[0]!.confidence,
        provenance: [...new Set(ranked.map((edge) => provenanceName(edge.provenance)))],
        sites: sitesOf(view, between),
      });
    }
    return calls.sort((a, b) => a.symbol.qualifiedName.localeCompare(b.symbol.qualifiedName));
  }

  /** The communities tool's list (largest first, at most `limit`), each with its members in test code counted. */
  async communities(limit = 200): Promise<CommunitySummary[]> {
    const view = await this.service.graphs.liveView();
    return cachedCommunities(view).communities.slice(0, limit).map((community) => ({
      id: community.id,
      size: community.size,
      cohesion: community.cohesion,
      dominantPackage: community.dominantPackage,
      topSymbols: community.topSymbols.map((qualifiedName) => ({ qualifiedName, kind: kindOf(view, community.members, qualifiedName) })),
      testMembers: community.members.filter((hash) => isTestNode(view, view.nodes.get(hash))).length,
    }));
  }
}

/** A node as the extension names and opens it. */
export function symbolSummaryOf(node: GraphNode, view: GraphView): SymbolSummary {
  return {
    nodeHash: node.nodeHash, qualifiedName: node.qualifiedName, kind: node.kind, path: absolutePathOf(node, view),
    line: node.line, character: node.column, endLine: Math.max(node.line, node.endLine),
  };
}

/** The absolute path of a node's file; '' for a node with no file. */
export function absolutePathOf(node: GraphNode, view: GraphView): string {
  const relative = view.pathOf(node);
  const repo = view.repos.get(node.repoHash);
  return repo && relative ? path.join(repo.rootPath, relative) : relative;
}

/** Every site of these edges (an inferred and a language-server edge of one call share a site), in the caller's file. */
function sitesOf(view: GraphView, edges: readonly GraphEdge[]): CallSiteLocation[] {
  const root = view.repos.get(view.nodes.get(edges[0]!.sourceHash)?.repoHash ?? '')?.rootPath ?? '';
  const seen = new Set<string>();
  return edges.flatMap(callSitesOf).sort(compareCallSites).flatMap((site) => {
    const key = `${site.file}:${site.line}:${site.col}`;
    if (seen.has(key) || !site.file) return [];
    seen.add(key);
    return [{ path: path.join(root, site.file), line: site.line, col: site.col }];
  });
}

function isTestNode(view: GraphView, node: GraphNode | undefined): boolean {
  return node !== undefined && (node.kind === 'test' || isTestPath(view.pathOf(node)));
}

function kindOf(view: GraphView, members: readonly string[], qualifiedName: string): string {
  for (const hash of members) {
    const node = view.nodes.get(hash);
    if (node?.qualifiedName === qualifiedName) return node.kind;
  }
  return '';
}
