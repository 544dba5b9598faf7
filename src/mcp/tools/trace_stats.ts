import { compareText } from '../lookups';
import { RUNTIME_DEFAULTS, SECONDS_PER_DAY, requireRuntime, runtimeIndex } from '../runtimeEdges';
import { defineTool } from '../tool';

/**
 * SPEC 4.4 trace_stats: counts of runtime-observed edges by lifecycle state (SPEC 3.2).
 * The states partition the edges: active (observed within 30 days), stale (30 to 90
 * days), GC-eligible (more than the 90-day GC threshold), so Active + Stale + GCEligible
 * = Total. ByEdgeType counts every runtime edge by its type.
 */
export const tool = defineTool({
  name: 'trace_stats',
  title: 'Runtime edge statistics',
  category: 'Runtime',
  description:
    `Counts runtime-observed edges: TotalEdges, ActiveEdges (observed within ${RUNTIME_DEFAULTS.staleAfterDays} days), `
    + `StaleEdges (${RUNTIME_DEFAULTS.staleAfterDays} to ${RUNTIME_DEFAULTS.gcThresholdDays} days), GCEligible (older), and ByEdgeType.`,
  inputSchema: {},
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(_args, deps) {
    const store = deps.store();
    requireRuntime(store);
    const { edges } = runtimeIndex(deps.graphs.liveView(), store);
    const now = deps.now();
    const staleAfter = RUNTIME_DEFAULTS.staleAfterDays * SECONDS_PER_DAY;
    const gcAfter = RUNTIME_DEFAULTS.gcThresholdDays * SECONDS_PER_DAY;
    let active = 0;
    let stale = 0;
    let gcEligible = 0;
    const byType = new Map<string, number>();
    for (const edge of edges) {
      const age = now - edge.lastObserved;
      if (age > gcAfter) gcEligible++;
      else if (age > staleAfter) stale++;
      else active++;
      byType.set(edge.edgeType, (byType.get(edge.edgeType) ?? 0) + 1);
    }
    return {
      result: {
        TotalEdges: edges.length,
        ActiveEdges: active,
        StaleEdges: stale,
        GCEligible: gcEligible,
        ByEdgeType: Object.fromEntries([...byType].sort(([a], [b]) => compareText(a, b))),
      },
    };
  },
});
