import { z } from 'zod';
import type { RuntimeCaller, RuntimeCallerLayer } from '../query/runtimeCallers';
import type { SymbolVerdict } from '../query/verdict';
import { integer, wireNode, WireNodeSchema } from './wire';

/**
 * The runtime layer added to blast_radius and cross_repo_callers (SPEC 4.10.2) and the
 * verdict added to blast_radius and pr_impact (issue 18), as tools return them.
 * docs/mcp.md describes every field.
 */

/** SPEC 2.4's runtime provenance record; its field names are SPEC's own. */
export const WireRuntimeProvenanceSchema = z.object({
  source: z.string(),
  confidence: z.number(),
  sample_count: integer,
  first_seen: z.string(),
  last_seen: z.string(),
  trace_ids: z.array(z.string()),
  indexer_version: z.string(),
});

/** One caller observed at runtime, one hop from the target or from a static caller (its Handler). */
export const WireRuntimeCallerSchema = z.object({
  Caller: WireNodeSchema,
  Repo: z.string(),
  Handler: WireNodeSchema,
  HandlerDepth: integer,
  EdgeHash: z.string(),
  EdgeType: z.string(),
  Confidence: z.number(),
  ObservationCount: integer,
  LastObserved: integer,
  RuntimeProvenance: WireRuntimeProvenanceSchema,
});

/** A runtime caller in its reply shape. */
export function wireRuntimeCaller(caller: RuntimeCaller) {
  return {
    Caller: wireNode(caller.caller),
    Repo: caller.callerRepoUrl,
    Handler: wireNode(caller.handler),
    HandlerDepth: caller.handlerDepth,
    EdgeHash: caller.edge.edgeHash,
    EdgeType: caller.edge.edgeType,
    Confidence: caller.edge.confidence,
    ObservationCount: caller.edge.observationCount,
    LastObserved: caller.edge.lastObserved,
    RuntimeProvenance: { ...caller.provenance, trace_ids: [...caller.provenance.trace_ids] },
  };
}

/** The layer's counts, apart from the static ones. */
export function wireLayerCounts(layer: RuntimeCallerLayer) {
  return { RuntimeCount: layer.count, RuntimeObservations: layer.observations, RuntimeTruncated: layer.truncated };
}

export const WireLayerCountsShape = { RuntimeCount: integer, RuntimeObservations: integer, RuntimeTruncated: z.boolean() };

export const WireVerdictSchema = z.object({
  verdict: z.enum(['observed_in_production', 'static_callers_only', 'safe_to_delete', 'unknown']),
  text: z.string(),
  reason: z.string(),
  evidence: z.object({
    static_callers: integer,
    runtime_callers: integer,
    observations: integer,
    window_days: integer,
    last_observed: z.string(),
    service: z.string(),
    service_sent_spans: z.boolean().nullable(),
    runtime_status: z.enum(['observed', 'confirmed_zero', 'no_data', 'not_traced', 'no_runtime_store']),
  }),
});

/** A verdict in its reply shape. */
export function wireVerdict(verdict: SymbolVerdict) {
  return { verdict: verdict.verdict, text: verdict.text, reason: verdict.reason, evidence: { ...verdict.evidence } };
}
