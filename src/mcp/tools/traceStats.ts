import { z } from 'zod';
import { LIFECYCLE_DEFAULTS } from '../../runtime/confidence';
import { runtimeEdgeStats } from '../../runtime/ingestor';
import { runtimeIndex } from '../../query/runtimeIndex';
import { requireRuntime } from '../args';
import { defineTool } from '../tool';
import { exactOutput, integer } from '../wire';

/** `_meta` key of the ingest counters trace_stats reports beside the SPEC result. */
export const INGEST_META_KEY = 'ckg/ingest';

/**
 * SPEC 4.4 trace_stats: counts of runtime-observed edges by lifecycle state (SPEC 3.2).
 * The states partition the edges: active (observed within stale_after_days, default 30),
 * stale (up to gc_threshold_days, default 90), GC-eligible (older, not collected yet),
 * so Active + Stale + GCEligible = Total. ByEdgeType counts every runtime edge by type.
 * `_meta["ckg/ingest"]` carries the ingest counters: spans received, mapped and
 * unmapped, log entries, batches and spans dropped because the queue was full, and the
 * services seen sending spans.
 */
export const tool = defineTool({
  name: 'trace_stats',
  title: 'Runtime edge statistics',
  category: 'Runtime',
  description:
    `Counts runtime-observed edges: TotalEdges, ActiveEdges (observed within ${LIFECYCLE_DEFAULTS.staleAfterDays} days), `
    + `StaleEdges (${LIFECYCLE_DEFAULTS.staleAfterDays} to ${LIFECYCLE_DEFAULTS.gcThresholdDays} days), GCEligible (older), and ByEdgeType `
    + '(windows follow trace_ingestion in the config). _meta["ckg/ingest"] counts spans received, mapped and unmapped, '
    + 'and batches dropped by a full queue.',
  inputSchema: {},
  outputSchema: exactOutput({
    TotalEdges: integer, ActiveEdges: integer, StaleEdges: integer, GCEligible: integer, ByEdgeType: z.record(z.string(), integer),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler(_args, deps) {
    const store = deps.store();
    requireRuntime(store);
    const { edges } = await runtimeIndex((await deps.graphs.liveView()), store);
    const counters = await store.runtimeCounters();
    return {
      result: runtimeEdgeStats(edges, deps.now(), deps.runtimeWindows ?? LIFECYCLE_DEFAULTS),
      meta: {
        [INGEST_META_KEY]: {
          spans_received: counters.spans_received ?? 0,
          spans_mapped: counters.spans_mapped ?? 0,
          spans_unmapped: counters.spans_unmapped ?? 0,
          log_entries_received: counters.log_entries_received ?? 0,
          batches_dropped: counters.batches_dropped ?? 0,
          spans_dropped: counters.spans_dropped ?? 0,
          services_seen: (await store.servicesSeen()).length,
        },
      },
    };
  },
});
