import { compareStrings } from '../../graph/viewIndex';
import type { GraphEdge } from '../../model';
import { likePattern } from '../../query/likePattern';
import { runtimeIndex } from '../../query/runtimeIndex';
import { inServiceScope } from '../../query/serviceScope';
import { LIFECYCLE_DEFAULTS, confidenceBand } from '../../runtime/confidence';
import { parseProvenance } from '../../runtime/observations';
import { ServiceMapper } from '../../runtime/serviceMapper';
import { optionalTextArg, positiveIntArg, requireRuntime, textArg } from '../args';
import { ToolError, defineTool } from '../tool';
import { listOutput, wireEdge, WireEdgeSchema } from '../wire';

/** `_meta` key of the SPEC 4.10.3 report: observed, confirmed zero traffic, or unknown. */
export const TRAFFIC_META_KEY = 'ckg/traffic';
/** Report lines listed at most; the edges themselves are all in the result. */
const REPORT_LINES = 20;

/**
 * SPEC 4.4 runtime_traffic: runtime-observed edges of a service, busiest first. An edge
 * belongs to a service when its source is code of that service (outgoing calls) or its
 * target is one of the service's routes (incoming traffic). A traced name counts the code
 * ingest maps it to (SPEC 2.8): a monorepo folder's service, a service_map entry's
 * repository or folder. `route_pattern` (SQL LIKE)
 * keeps edges whose target route matches. The SPEC 4.10.3 reporting rule rides along:
 * each edge with its count, provenance and confidence band (high, low, stale) in the
 * text; with no edge, "confirmed zero traffic" for a service that has sent spans and
 * "unknown (no data)" for one never seen (`_meta["ckg/traffic"].status`).
 */
export const tool = defineTool({
  name: 'runtime_traffic',
  title: 'Runtime traffic of a service',
  category: 'Runtime',
  description:
    'Lists runtime-observed edges (provenance otel_* or runtime_unresolved) into or out of a service, with '
    + 'ObservationCount and LastObserved, busiest first. Optional route_pattern filters target routes with SQL LIKE (% and _). '
    + 'The text reports each edge\'s count, provenance and confidence band (high, low, stale); with no edge it says '
    + '"confirmed zero traffic" when the service has sent spans, "unknown (no data)" when it never has.',
  inputSchema: {
    service_name: textArg('service_name', 'Service name as traces report it (a repository\'s service, see .ckg.yaml)'),
    route_pattern: optionalTextArg('route_pattern', 'SQL LIKE pattern on the target route, e.g. `GET /users/%`'),
    limit: positiveIntArg('limit', { default: 100, max: 1000, description: 'Most edges to return' }),
  },
  outputSchema: listOutput(WireEdgeSchema),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ service_name, route_pattern, limit }, deps) {
    const store = deps.store();
    requireRuntime(store);
    const view = await deps.graphs.liveView();
    const index = await runtimeIndex(view, store);
    // The traced name maps to code as ingest maps it: a declared service, a service_map entry (maybe a folder) or a name match.
    const mapping = new ServiceMapper([...view.repos.values()], deps.runtimeServiceMap).map(service_name);
    if (!index.services.has(service_name) && (!mapping || mapping.how === 'heuristic')) {
      const known = [...index.services].sort(compareStrings);
      throw new ToolError(
        `service_name: unknown service "${service_name}": no data (it has sent no spans and no indexed repository runs as it; `
        + `known: ${known.length > 0 ? known.join(', ') : 'none'})`,
      );
    }
    const like = route_pattern ? likePattern(route_pattern) : undefined;
    const matches = index.edges.filter((edge) => {
      const routes = index.targetRoutes(edge);
      if (like && !routes.some((r) => like.test(r.routePattern))) return false;
      return index.sourceService(edge) === service_name || routes.some((r) => r.serviceName === service_name)
        || (mapping !== undefined && (inServiceScope(view, mapping, edge.sourceHash) || inServiceScope(view, mapping, edge.targetHash)));
    });
    const name = (hash: string): string => view.nodes.get(hash)?.qualifiedName ?? hash;
    const busiestFirst = (a: GraphEdge, b: GraphEdge): number =>
      b.observationCount - a.observationCount
      || b.lastObserved - a.lastObserved
      || compareStrings(name(a.sourceHash), name(b.sourceHash))
      || compareStrings(name(a.targetHash), name(b.targetHash))
      || compareStrings(a.edgeHash, b.edgeHash);
    const listed = matches.sort(busiestFirst).slice(0, limit);
    const now = deps.now();
    const windows = deps.runtimeWindows ?? LIFECYCLE_DEFAULTS;
    const lastSeen = index.seen.get(service_name);
    const status = listed.length > 0 ? 'observed' : lastSeen !== undefined ? 'confirmed_zero' : 'unknown';
    const scope = route_pattern ? ` matching ${route_pattern}` : '';
    let notes: string[];
    if (status === 'observed') {
      notes = [
        `${service_name}: ${listed.length} runtime edge${listed.length === 1 ? '' : 's'}${scope}`,
        ...listed.slice(0, REPORT_LINES).map((edge) => {
          const band = confidenceBand(edge.confidence, edge.lastObserved, now, windows);
          return `${name(edge.sourceHash)} -> ${name(edge.targetHash)} (${edge.edgeType}): ${edge.observationCount} observations, `
            + `${parseProvenance(edge.provenance).name}, confidence ${edge.confidence} (${band}), last ${iso(edge.lastObserved)}`;
        }),
      ];
    } else if (status === 'confirmed_zero') {
      notes = [`${service_name}: confirmed zero traffic${scope}: the service has sent spans (last ${iso(lastSeen!)}) and no runtime edge matches`];
    } else {
      notes = [`${service_name}: unknown (no data)${scope}: no spans have been seen from this service, so no traffic is known either way`];
    }
    return { result: listed.map(wireEdge), notes, meta: { [TRAFFIC_META_KEY]: { service: service_name, status, edges: listed.length } } };
  },
});

function iso(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}
