import type { GraphNode } from '../model';

/** SPEC 4.10.3 confidence band of observed traffic: high (>= 0.7), low, or stale (not active). */
export type TrafficBand = 'high' | 'low' | 'stale';
export const TRAFFIC_BANDS: readonly TrafficBand[] = ['high', 'low', 'stale'];

/**
 * The SPEC 4.10.3 reporting rule for one symbol of a context. A symbol with runtime edges
 * is `observed`: their observations (the current window), the provenance names and the
 * best band among them. A route handler without one is `confirmed_zero` when its service
 * has sent spans, `unknown` when it never has.
 */
export type SymbolTraffic =
  | {
    readonly status: 'observed';
    readonly observations: number;
    readonly edges: number;
    /** Provenance names (otel_trace, otel_access_log, runtime_unresolved), sorted. */
    readonly provenance: readonly string[];
    readonly confidence: TrafficBand;
  }
  | { readonly status: 'confirmed_zero' | 'unknown'; readonly service: string };

/**
 * The report for a symbol, or undefined when the rule does not apply: code that runtime
 * edges never name (runtime edges end at route handlers and the operations that call out).
 */
export type TrafficLookup = (node: GraphNode) => SymbolTraffic | undefined;

/** The report in words, as the text formats write it. */
export function trafficText(traffic: SymbolTraffic): string {
  switch (traffic.status) {
    case 'observed':
      return `${traffic.observations} observation${traffic.observations === 1 ? '' : 's'} on ${traffic.edges} runtime edge${traffic.edges === 1 ? '' : 's'}`
        + ` (${traffic.provenance.join(', ')}), confidence ${traffic.confidence}`;
    case 'confirmed_zero':
      return `confirmed zero traffic: ${traffic.service} has sent spans, none observed here`;
    case 'unknown':
      return `unknown (no data): ${traffic.service} has sent no spans`;
  }
}
