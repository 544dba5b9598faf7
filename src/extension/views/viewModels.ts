/**
 * What the tree views show, built from the server's answers as plain data (no `vscode`
 * here, so the shaping is unit-tested). Tool results keep their SPEC field names.
 */

import type { BlastCallersResult, CommunitySummary } from '../../server/protocol';
import { plural, symbolLabel } from '../symbolLabel';

/** Callers shown per depth before "load more", and how many more each click shows. */
export const CALLERS_PAGE = 100;

export interface CallerItem {
  readonly nodeHash: string;
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
}

export interface DepthGroup {
  readonly depth: number;
  /** Every caller at this depth, listed or not. */
  readonly count: number;
  /** The callers shown now (the first pages). */
  readonly callers: CallerItem[];
  /** Listed callers at this depth not shown yet: a "load more" row offers them. */
  readonly more: number;
  /** Callers at this depth beyond the server's list, which no "load more" reaches. */
  readonly unlisted: number;
}

/** The Blast Radius header: the tool's count, and what the list leaves out and how to see it. */
export function blastRadiusHeader(result: BlastCallersResult): string {
  const name = symbolLabel(result.target.qualifiedName, result.target.kind).name;
  if (result.totalCount === 0) return `${name} has no callers in the graph.`;
  const levels = Object.keys(result.depthCounts).length;
  const head = `${plural(result.totalCount, 'caller')} of ${name} in ${plural(levels, 'level')} (up to depth ${result.maxDepth})`;
  if (!result.truncated) return `${head}. Expand a depth; "load more" shows the next ${CALLERS_PAGE}.`;
  // blast_radius itself lists fewer (1,000, under the reply cap): the way on is from a caller, or the whole graph.
  return `${head}. List truncated to the nearest ${result.callers.length.toLocaleString('en-US')}: Show Blast Radius on a listed caller `
    + 'to see the callers beyond it, or export the graph (ckg export) for all of them.';
}

/**
 * Callers by depth (nearest first), `shown` of them per depth (a page at first, more on
 * "load more"), each with its short name, kind, path confidence and provenance.
 */
export function blastRadiusModel(result: BlastCallersResult, shown: ReadonlyMap<number, number> = new Map()): DepthGroup[] {
  const byDepth = new Map<number, CallerItem[]>();
  const repos = new Set(result.callers.map((c) => c.repoUrl));
  for (const caller of result.callers) {
    const label = symbolLabel(caller.symbol.qualifiedName, caller.symbol.kind);
    const provenance = [...new Set(caller.provenance)].join(' → ') || 'unknown';
    const item: CallerItem = {
      nodeHash: caller.symbol.nodeHash,
      label: label.name,
      description: [label.container, repos.size > 1 ? caller.repoUrl : '', `confidence ${caller.confidence.toFixed(2)}`, provenance].filter((p) => p).join(' · '),
      tooltip: `${caller.symbol.qualifiedName}\n${caller.symbol.kind}, depth ${caller.depth}, confidence ${caller.confidence.toFixed(2)} (minimum on the path)\n`
        + `provenance, caller first: ${caller.provenance.join(', ')}`,
    };
    byDepth.set(caller.depth, [...(byDepth.get(caller.depth) ?? []), item]);
  }
  return Object.entries(result.depthCounts).map(([key, count]) => [Number(key), count] as const).sort(([a], [b]) => a - b).map(([depth, count]) => {
    const listed = byDepth.get(depth) ?? [];
    const callers = listed.slice(0, shown.get(depth) ?? CALLERS_PAGE);
    return { depth, count, callers, more: listed.length - callers.length, unlisted: count - listed.length };
  });
}

/** The Blast Radius view's first row: the target's verdict, its evidence in the description and tooltip. */
export interface VerdictItem {
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
  /** A codicon id: the verdict at a glance. */
  readonly icon: string;
}

const VERDICT_ICONS: Readonly<Record<string, string>> = {
  observed_in_production: 'pulse', static_callers_only: 'references', safe_to_delete: 'trash', unknown: 'question',
};

/** The verdict row of a blast radius: the verdict's text, the evidence line, and the runtime layer's counts. */
export function verdictItem(result: BlastCallersResult): VerdictItem {
  const { verdict } = result;
  const runtime = `${plural(result.runtimeCallers, 'runtime caller')} (${plural(result.runtimeObservations, 'observation')} in the window), `
    + 'counted apart from the static callers';
  return {
    label: verdict.text,
    description: verdict.reason,
    tooltip: `${verdict.text}\n${verdict.reason}\n${runtime}`,
    icon: VERDICT_ICONS[verdict.verdict] ?? 'question',
  };
}

export interface RouteRow {
  readonly ServiceName: string;
  readonly RoutePattern: string;
  readonly MappingType: string;
  readonly NodeHash: string;
}

export interface TraceStats {
  readonly TotalEdges: number;
  readonly ActiveEdges: number;
  readonly StaleEdges: number;
  readonly GCEligible: number;
  readonly ByEdgeType: Record<string, number>;
}

export const NO_TRACE_DATA =
  'No runtime trace data yet, so every route counts as unobserved. Start the trace receiver (Code Graph: Start Trace Receiver) '
  + 'or export OTLP traces to the graph to find routes that really get no traffic.';

/** Dead routes grouped by service; a message explains the list when no trace data exists. */
export function deadRoutesModel(routes: readonly RouteRow[], stats: TraceStats): { message?: string; services: Array<{ service: string; routes: RouteRow[] }> } {
  const services = new Map<string, RouteRow[]>();
  for (const route of routes) services.set(route.ServiceName, [...(services.get(route.ServiceName) ?? []), route]);
  return {
    message: stats.TotalEdges === 0 ? NO_TRACE_DATA : undefined,
    services: [...services].sort(([a], [b]) => a.localeCompare(b)).map(([service, rows]) => ({ service, routes: rows })),
  };
}

/** What the Communities view does with communities made mostly of test code (the `communities.testCode` setting). */
export type TestCodeMode = 'group' | 'exclude' | 'include';

/** A community counts as test code when at least half its members are. */
export function isTestCommunity(community: CommunitySummary): boolean {
  return community.testMembers * 2 >= community.size && community.testMembers > 0;
}

export interface CommunityLabel {
  readonly id: number;
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
}

/**
 * Community rows: the dominant package and the top symbol (`src/util · helper`), made
 * unique by the next top symbols and, when those are the same too, the community's id.
 */
export function communityLabels(communities: readonly CommunitySummary[]): CommunityLabel[] {
  const base = communities.map((c) => {
    const pkg = packageLabel(c);
    // A module (a file) names the package again: the top symbols declared in it say more.
    const declared = c.topSymbols.filter((t) => t.kind !== 'module');
    const names = (declared.length > 0 ? declared : c.topSymbols).map((t) => symbolLabel(t.qualifiedName, t.kind).name);
    return { pkg, names };
  });
  const labelAt = (i: number, symbols: number): string => [base[i]!.pkg, base[i]!.names.slice(0, symbols).join(', ')].filter((p) => p).join(' · ');
  const labels = communities.map((_, i) => labelAt(i, 1));
  for (let symbols = 2; symbols <= 3; symbols++) {
    const counts = countOf(labels);
    labels.forEach((label, i) => {
      if (counts.get(label)! > 1) labels[i] = labelAt(i, symbols);
    });
  }
  const counts = countOf(labels);
  return communities.map((c, i) => ({
    id: c.id,
    label: counts.get(labels[i]!)! > 1 || !labels[i] ? `${labels[i] || 'community'} #${c.id}` : labels[i]!,
    description: `${plural(c.size, 'symbol')} · cohesion ${c.cohesion.toFixed(2)}${c.testMembers > 0 ? ` · ${c.testMembers} in tests` : ''}`,
    tooltip: `community ${c.id}: ${plural(c.size, 'symbol')}, ${c.testMembers} in test code\ndominant package: ${c.dominantPackage || '(none)'}\n`
      + `top symbols:\n${c.topSymbols.map((t) => symbolLabel(t.qualifiedName, t.kind).text).join('\n')}`,
  }));
}

/** The dominant package, shortened as symbol labels shorten it (the repository's own prefix dropped). */
function packageLabel(community: CommunitySummary): string {
  const top = community.topSymbols[0];
  if (!community.dominantPackage) return '';
  if (!top) return community.dominantPackage;
  const repoUrl = top.qualifiedName.slice(0, Math.max(0, top.qualifiedName.indexOf('://')));
  return symbolLabel(`${repoUrl}://${community.dominantPackage}.x`).container || community.dominantPackage;
}

function countOf(labels: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return counts;
}
