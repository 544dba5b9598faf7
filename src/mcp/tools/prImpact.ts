import { z } from 'zod';
import { IMPACT_DEFAULTS, prImpact } from '../../graph/impact';
import type { ReachedNode } from '../../graph/traversal';
import { runtimeCallers } from '../../query/runtimeCallers';
import { verdictRule } from '../../query/verdict';
import { hashArg, snapshotPair } from '../args';
import { defineTool } from '../tool';
import { NamedEdgeSchema, objectOutput } from '../wire';
import { WireVerdictSchema, wireVerdict } from '../wireRuntime';
import { INDEXER_VERSION } from './blastRadius';

export const PR_IMPACT_DEFAULTS = {
  /** Callers and callees listed per changed symbol, nearest first; the counts cover all. */
  maxListedPerSymbol: 50,
};

function named(reached: readonly ReachedNode[]) {
  return reached.slice(0, PR_IMPACT_DEFAULTS.maxListedPerSymbol)
    .map(({ node, depth }) => ({ qualified_name: node.qualifiedName, kind: node.kind, depth }));
}

/**
 * SPEC 4.5 pr_impact, with DESIGN §5's change types and risk levels. Callers are
 * transitive (calls edges, depth 5), callees direct; a removed symbol's callers are
 * those of the base snapshot. Risk thresholds: docs/risk.md.
 */
export const tool = defineTool({
  name: 'pr_impact',
  title: 'Impact of a change between two snapshots',
  category: 'Analysis',
  description:
    'Blast radius of every symbol changed between two snapshots of one repository. change_type is added, removed, '
    + `modified (body or outgoing edges) or signature_changed; callers are transitive over calls edges (depth ${IMPACT_DEFAULTS.callerDepth}), `
    + `callees direct, at most ${PR_IMPACT_DEFAULTS.maxListedPerSymbol} listed each (caller_count/callee_count count all). `
    + 'affected_edges are the calls into changed symbols. summary.risk_level is low, medium, high or critical, from the '
    + 'callers affected, callers in other repositories and breaking changes (removed or signature_changed). Each changed '
    + 'symbol has a verdict (observed_in_production with the calls in the window, static_callers_only, safe_to_delete or '
    + 'unknown) with its evidence: static callers, runtime callers into it or its callers, the service and whether it has sent spans.',
  inputSchema: {
    old_snapshot: hashArg('old_snapshot', 'Base snapshot hash, e.g. the merge base (64 lowercase hex)'),
    new_snapshot: hashArg('new_snapshot', 'Head snapshot hash of the same repository (64 lowercase hex)'),
  },
  outputSchema: objectOutput({
    old_snapshot: z.string(), new_snapshot: z.string(), changed_symbols: z.array(z.looseObject({ change_type: z.string(), verdict: WireVerdictSchema })),
    affected_edges: z.array(NamedEdgeSchema), summary: z.looseObject({ risk_level: z.string() }),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ old_snapshot, new_snapshot }, deps) {
    const pair = await snapshotPair(deps, old_snapshot, new_snapshot);
    const impact = prImpact(pair.oldView, pair.newView, { repoHash: pair.old.repoHash });
    // Traffic is now: runtime callers and verdicts read the live graph, by node hash.
    const live = await deps.graphs.liveView();
    const judge = await verdictRule(deps, live);
    const verdicts = await Promise.all(impact.changed.map(async (c) => {
      const entries = [{ nodeHash: c.node.nodeHash, depth: 0 }, ...c.callers.map((r) => ({ nodeHash: r.node.nodeHash, depth: r.depth }))];
      const layer = await runtimeCallers(live, deps.store(), entries, { indexerVersion: INDEXER_VERSION, maxCallers: 0 });
      return wireVerdict(judge(c.node, c.callers.length, layer));
    }));
    return {
      result: {
        old_snapshot,
        new_snapshot,
        changed_symbols: impact.changed.map((c, i) => ({
          symbol: {
            qualified_name: c.node.qualifiedName, kind: c.node.kind, file: c.view.pathOf(c.node), line: c.node.line,
            node_hash: c.node.nodeHash,
          },
          change_type: c.changeType,
          callers: named(c.callers),
          callees: named(c.callees),
          caller_count: c.callers.length,
          callee_count: c.callees.length,
          verdict: verdicts[i],
        })),
        affected_edges: impact.affectedEdges.map(({ edge, source, target }) => ({
          source_name: source.qualifiedName, target_name: target.qualifiedName, edge_type: edge.edgeType, confidence: edge.confidence,
        })),
        summary: {
          total_symbols_changed: impact.changed.length,
          total_callers_affected: impact.facts.callersAffected,
          total_callees_affected: impact.calleesAffected,
          risk_level: impact.risk,
          cross_repo_repositories: impact.facts.crossRepoRepos,
          breaking_callers: impact.facts.breakingCallers,
        },
      },
    };
  },
});
