import type { SymbolTraffic } from '../context/traffic';
import type { GraphView } from '../graph/graphView';
import { type GraphNode, QualifiedName, serviceOfPath } from '../model';
import { TRACE_INGESTION_DEFAULTS } from '../runtime/config';
import type { RuntimeCallerLayer } from './runtimeCallers';
import { iso } from './runtimeCallers';
import { runtimeIndex } from './runtimeIndex';
import { type TrafficSources, senderScope, trafficLookup } from './trafficLookup';

/**
 * The change-and-delete verdict of one symbol (issue 18): what its static callers and the
 * runtime traffic into it say together. Exactly one applies, decided in this order:
 * 1. observed_in_production: calls were observed in the window, into the symbol or into one
 *    of its static callers (its runtime caller layer), whether or not static callers exist;
 *    a symbol only ever seen calling out counts those calls;
 * 2. static_callers_only: static callers, and no call observed in the window;
 * 3. safe_to_delete: no static caller, and the SPEC 4.10.3 rule confirms zero traffic: the
 *    symbol is a route handler of a service that has sent spans, or its runtime edges saw
 *    nothing in the window;
 * 4. unknown: no static caller, and runtime data cannot say: the service never sent spans,
 *    the symbol is no route handler (traffic enters code only at handlers, so silence says
 *    nothing about it), or the store keeps no runtime edges.
 */
export type VerdictKind = 'observed_in_production' | 'static_callers_only' | 'safe_to_delete' | 'unknown';

/** How the runtime side stands for the symbol (SPEC 4.10.3), in the verdict's evidence. */
export type RuntimeStatus =
  /** Calls observed in the window. */
  | 'observed'
  /** Its service has sent spans and nothing was observed here in the window. */
  | 'confirmed_zero'
  /** Its service has never sent spans. */
  | 'no_data'
  /** Not a route handler and never in traffic: runtime edges cannot name it. */
  | 'not_traced'
  /** The store keeps no runtime edges. */
  | 'no_runtime_store';

/** What a verdict rests on. */
export interface VerdictEvidence {
  /** Transitive static callers (calls edges, the blast radius walk). */
  readonly static_callers: number;
  /** Runtime edges into the symbol or one of its static callers. */
  readonly runtime_callers: number;
  /** Calls observed in the window (ObservationCount summed). */
  readonly observations: number;
  readonly window_days: number;
  /** ISO 8601 of the latest observation, '' when none. */
  readonly last_observed: string;
  /** The service the symbol runs in: its route's service, else its file's (or its placeholder's). */
  readonly service: string;
  /** Whether a traced service mapped to that code has ever sent spans; null without a runtime store. */
  readonly service_sent_spans: boolean | null;
  readonly runtime_status: RuntimeStatus;
}

export interface SymbolVerdict {
  readonly verdict: VerdictKind;
  /** The verdict in words (the four texts). */
  readonly text: string;
  /** The evidence in one line, for a list row or a tooltip. */
  readonly reason: string;
  readonly evidence: VerdictEvidence;
}

/** The facts the rule reads, gathered by `verdictRule` (or a test). */
export interface VerdictFacts {
  readonly staticCallers: number;
  readonly layer: Pick<RuntimeCallerLayer, 'count' | 'observations' | 'lastObserved'>;
  /** The SPEC 4.10.3 report of the symbol itself; undefined when the rule does not apply to it. */
  readonly traffic: SymbolTraffic | undefined;
  readonly service: string;
  readonly serviceSentSpans: boolean | null;
  readonly windowDays: number;
}

export const VERDICT_TEXTS: Readonly<Record<VerdictKind, (observations: number) => string>> = {
  observed_in_production: (n) => `observed in production (${n} call${n === 1 ? '' : 's'} in the window)`,
  static_callers_only: () => 'static callers only',
  safe_to_delete: () => 'no static callers and confirmed zero traffic → safe to delete',
  unknown: () => 'unknown: no runtime data for this service',
};

/** The verdict from its facts (the order above). */
export function decideVerdict(facts: VerdictFacts): SymbolVerdict {
  const ownCalls = facts.traffic?.status === 'observed' ? facts.traffic.observations : 0;
  // Calls into the symbol or its callers; a symbol seen only calling out has run too.
  const observations = facts.layer.observations > 0 ? facts.layer.observations : ownCalls;
  let verdict: VerdictKind;
  let status: RuntimeStatus;
  if (observations > 0) {
    verdict = 'observed_in_production';
    status = 'observed';
  } else {
    status = runtimeStatus(facts);
    verdict = facts.staticCallers > 0 ? 'static_callers_only' : status === 'confirmed_zero' ? 'safe_to_delete' : 'unknown';
  }
  const evidence: VerdictEvidence = {
    static_callers: facts.staticCallers,
    runtime_callers: facts.layer.count,
    observations,
    window_days: facts.windowDays,
    last_observed: iso(facts.layer.lastObserved),
    service: facts.service,
    service_sent_spans: facts.serviceSentSpans,
    runtime_status: status,
  };
  return { verdict, text: VERDICT_TEXTS[verdict](observations), reason: reasonOf(evidence), evidence };
}

/** With nothing observed in the window: what the runtime side can say. */
function runtimeStatus(facts: VerdictFacts): RuntimeStatus {
  if (facts.serviceSentSpans === null) return 'no_runtime_store';
  switch (facts.traffic?.status) {
    // Runtime edges that saw nothing in the window: the service is traced, and quiet here.
    case 'observed':
    case 'confirmed_zero':
      return 'confirmed_zero';
    case 'unknown':
      return 'no_data';
    default:
      return facts.serviceSentSpans ? 'not_traced' : 'no_data';
  }
}

const STATUS_WORDS: Readonly<Record<RuntimeStatus, (e: VerdictEvidence) => string>> = {
  observed: (e) => `${e.observations} observed in the last ${e.window_days} days (last ${e.last_observed || 'unknown'})`,
  confirmed_zero: (e) => `${e.service} has sent spans, none observed here in the last ${e.window_days} days`,
  no_data: (e) => `${e.service} has never sent spans`,
  not_traced: (e) => `${e.service} has sent spans, but runtime edges reach only route handlers and this is none`,
  no_runtime_store: () => 'the store keeps no runtime data',
};

function reasonOf(e: VerdictEvidence): string {
  const callers = `${e.static_callers} static caller${e.static_callers === 1 ? '' : 's'}`;
  const runtime = `${e.runtime_callers} runtime caller${e.runtime_callers === 1 ? '' : 's'}`;
  return `${callers}; ${runtime}; ${STATUS_WORDS[e.runtime_status](e)}`;
}

/** Judges symbols against the live graph's traffic. */
export type VerdictRule = (node: GraphNode, staticCallers: number, layer: RuntimeCallerLayer) => SymbolVerdict;

/**
 * The verdict rule over the live view: the SPEC 4.10.3 traffic report (trafficLookup) for
 * the symbol, and whether its service has sent spans (the same sender scope), both read
 * once per view.
 */
export async function verdictRule(deps: TrafficSources, liveView: GraphView): Promise<VerdictRule> {
  const store = deps.store();
  const windowDays = deps.runtimeWindows?.observationWindowDays ?? TRACE_INGESTION_DEFAULTS.observationWindowDays;
  const lookup = await trafficLookup(deps, liveView);
  const sent = lookup ? senderScope(deps, liveView, await runtimeIndex(liveView, store)) : undefined;
  return (node, staticCallers, layer) => {
    const traffic = lookup?.(node);
    const routeService = traffic && traffic.status !== 'observed' ? traffic.service : undefined;
    return decideVerdict({
      staticCallers, layer, traffic, windowDays,
      service: routeService ?? serviceOf(liveView, node),
      serviceSentSpans: sent ? sent(node.nodeHash) || traffic?.status === 'observed' || traffic?.status === 'confirmed_zero' : null,
    });
  };
}

/** The service a node runs in: its file's service in its repository, or the service a placeholder names. */
function serviceOf(view: GraphView, node: GraphNode): string {
  const repo = view.repos.get(node.repoHash);
  if (!repo || node.fileHash === '') return QualifiedName.repoPart(node.qualifiedName);
  return serviceOfPath(repo, view.pathOf(node));
}
