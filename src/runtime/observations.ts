import type { EdgeType } from '../model';
import { dayOf } from './confidence';
import type { NodeRef } from './nodeRefs';

/** Provenance of runtime edges: traces, access logs, and routes with no mapping (SPEC 2.6). */
export type RuntimeProvenance = 'otel_trace' | 'otel_access_log' | 'runtime_unresolved';

/** One observed call, publish or consume, mapped to the two ends of an edge. */
export interface Observation {
  readonly source: NodeRef;
  readonly target: NodeRef;
  readonly edgeType: EdgeType;
  readonly provenance: RuntimeProvenance;
  /** The highest confidence this mapping allows (SPEC 2.8: 0.3 for a heuristic match). */
  readonly confidenceCap: number;
  /** Unix seconds. */
  readonly at: number;
  /** '' for access logs. */
  readonly traceId: string;
}

/** Observations of one edge within a batch. */
export interface EdgeObservations {
  readonly source: NodeRef;
  readonly target: NodeRef;
  readonly edgeType: EdgeType;
  readonly provenance: RuntimeProvenance;
  confidenceCap: number;
  count: number;
  lastObserved: number;
  /** Count per Unix day: a batch may straddle midnight. */
  readonly byDay: Map<number, number>;
  /** Most recent first, distinct, at most MAX_TRACE_IDS. */
  traceIds: string[];
}

/** SPEC §8: 2 to 5 sample trace IDs per edge. */
export const MAX_TRACE_IDS = 5;

/** Groups a batch's observations by edge, so the store sees one write per edge, not per span. */
export function aggregate(observations: Iterable<Observation>): EdgeObservations[] {
  const edges = new Map<string, EdgeObservations>();
  for (const o of observations) {
    const key = `${o.source.nodeHash}${o.target.nodeHash}${o.edgeType}${o.provenance}`;
    let edge = edges.get(key);
    if (!edge) {
      edge = {
        source: o.source, target: o.target, edgeType: o.edgeType, provenance: o.provenance, confidenceCap: o.confidenceCap,
        count: 0, lastObserved: 0, byDay: new Map(), traceIds: [],
      };
      edges.set(key, edge);
    }
    edge.count++;
    edge.confidenceCap = Math.min(edge.confidenceCap, o.confidenceCap);
    const at = Math.floor(o.at);
    if (at >= edge.lastObserved) {
      edge.lastObserved = at;
      if (o.traceId !== '') sampleNewest(edge.traceIds, o.traceId);
    } else if (o.traceId !== '' && edge.traceIds.length < MAX_TRACE_IDS && !edge.traceIds.includes(o.traceId)) {
      edge.traceIds.push(o.traceId);
    }
    const day = dayOf(at);
    edge.byDay.set(day, (edge.byDay.get(day) ?? 0) + 1);
  }
  return [...edges.values()];
}

/** Puts a trace ID first in a sample (newest first, distinct, at most MAX_TRACE_IDS) in place: no allocation per span. */
function sampleNewest(sample: string[], traceId: string): void {
  if (sample[0] === traceId) return;
  const at = sample.indexOf(traceId);
  if (at > 0) sample.splice(at, 1);
  sample.unshift(traceId);
  if (sample.length > MAX_TRACE_IDS) sample.length = MAX_TRACE_IDS;
}

/** Newer IDs first, distinct, at most MAX_TRACE_IDS. */
export function mergeTraceIds(newer: readonly string[], older: readonly string[]): string[] {
  return [...new Set([...newer, ...older])].slice(0, MAX_TRACE_IDS);
}

/**
 * `otel_trace:{"trace_ids":[...]}` (SPEC 2.3); the bare name when there are none.
 * runtime_unresolved stays bare: SPEC 2.6 names it as a whole, and readers match it so.
 */
export function provenanceWithTraceIds(provenance: string, traceIds: readonly string[]): string {
  if (traceIds.length === 0 || !provenance.startsWith('otel_')) return provenance;
  return `${provenance}:${JSON.stringify({ trace_ids: traceIds })}`;
}

/** The provenance name and sample trace IDs of a stored provenance string. */
export function parseProvenance(stored: string): { readonly name: string; readonly traceIds: string[] } {
  const colon = stored.indexOf(':');
  if (colon < 0) return { name: stored, traceIds: [] };
  try {
    const suffix = JSON.parse(stored.slice(colon + 1)) as { trace_ids?: unknown };
    const ids = Array.isArray(suffix.trace_ids) ? suffix.trace_ids.filter((id): id is string => typeof id === 'string') : [];
    return { name: stored.slice(0, colon), traceIds: ids };
  } catch {
    return { name: stored.slice(0, colon), traceIds: [] };
  }
}
