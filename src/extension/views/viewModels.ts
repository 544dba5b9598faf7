/**
 * What the tree views show, built from tool results as plain data (no `vscode` here, so
 * the shaping is unit-tested). Field names follow the SPEC result shapes.
 */

export interface WireNodeLike {
  readonly NodeHash: string;
  readonly QualifiedName: string;
  readonly Kind: string;
  readonly Line: number;
}

export interface BlastRadiusResult {
  readonly Target: WireNodeLike;
  readonly ByRepo: Record<string, Array<{
    readonly Caller: WireNodeLike;
    readonly Depth: number;
    readonly Confidence: number;
    readonly Provenance: Array<{ readonly Source: string; readonly Confidence: number }>;
  }>>;
  readonly TotalCount: number;
  readonly Truncated: boolean;
}

export interface CallerItem {
  readonly nodeHash: string;
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
}

export interface DepthGroup {
  readonly depth: number;
  readonly callers: CallerItem[];
}

export interface RepoGroup {
  readonly repoUrl: string;
  readonly count: number;
  readonly depths: DepthGroup[];
}

/** Callers by repository, then by depth (nearest first), each with path confidence and provenance. */
export function blastRadiusModel(result: BlastRadiusResult): RepoGroup[] {
  return Object.entries(result.ByRepo).sort(([a], [b]) => a.localeCompare(b)).map(([repoUrl, callers]) => {
    const byDepth = new Map<number, CallerItem[]>();
    for (const caller of callers) {
      const provenance = [...new Set(caller.Provenance.map((p) => p.Source))].join(' → ') || 'unknown';
      const item: CallerItem = {
        nodeHash: caller.Caller.NodeHash,
        label: shortName(caller.Caller.QualifiedName),
        description: `${caller.Caller.Kind} · confidence ${caller.Confidence.toFixed(2)} · ${provenance}`,
        tooltip: `${caller.Caller.QualifiedName}\ndepth ${caller.Depth}, confidence ${caller.Confidence.toFixed(2)} (minimum on the path)\n`
          + `provenance: ${caller.Provenance.map((p) => `${p.Source} ${p.Confidence}`).join(', ')}`,
      };
      byDepth.set(caller.Depth, [...(byDepth.get(caller.Depth) ?? []), item]);
    }
    const depths = [...byDepth].sort(([a], [b]) => a - b).map(([depth, items]) => ({ depth, callers: items }));
    return { repoUrl, count: callers.length, depths };
  });
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

export interface CommunityRow {
  readonly id: number;
  readonly size: number;
  readonly top_symbols: string[];
  readonly cohesion: number;
  readonly dominant_package: string;
}

export function communityLabel(community: CommunityRow): { label: string; description: string; tooltip: string } {
  return {
    label: `${community.dominant_package || `community ${community.id}`}`,
    description: `${community.size} symbols · cohesion ${community.cohesion.toFixed(2)}`,
    tooltip: `community ${community.id}\ntop symbols:\n${community.top_symbols.map(shortName).join('\n')}`,
  };
}

/** `pkg/path.Symbol` without the repo URL. */
export function shortName(qualifiedName: string): string {
  const separator = qualifiedName.indexOf('://');
  return separator < 0 ? qualifiedName : qualifiedName.slice(separator + 3);
}
