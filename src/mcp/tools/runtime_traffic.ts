import type { GraphEdge } from '../../model';
import { optionalTextArg, positiveIntArg, textArg } from '../args';
import { compareText } from '../lookups';
import { likePattern, requireRuntime, runtimeIndex } from '../runtimeEdges';
import { ToolError, defineTool } from '../tool';
import { wireEdge } from '../wire';

/**
 * SPEC 4.4 runtime_traffic: runtime-observed edges of a service, busiest first. An edge
 * belongs to a service when its source is code of that service (outgoing calls) or its
 * target is one of the service's routes (incoming traffic). `route_pattern` (SQL LIKE)
 * keeps edges whose target route matches.
 */
export const tool = defineTool({
  name: 'runtime_traffic',
  title: 'Runtime traffic of a service',
  category: 'Runtime',
  description:
    'Lists runtime-observed edges (provenance otel_* or runtime_unresolved) into or out of a service, with '
    + 'ObservationCount and LastObserved, busiest first. Optional route_pattern filters target routes with SQL LIKE (% and _).',
  inputSchema: {
    service_name: textArg('service_name', 'Service name as traces report it (a repository\'s service, see .ckg.yaml)'),
    route_pattern: optionalTextArg('route_pattern', 'SQL LIKE pattern on the target route, e.g. `GET /users/%`'),
    limit: positiveIntArg('limit', { default: 100, max: 1000, description: 'Most edges to return' }),
  },
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler({ service_name, route_pattern, limit }, deps) {
    const store = deps.store();
    requireRuntime(store);
    const view = deps.graphs.liveView();
    const index = runtimeIndex(view, store);
    if (!index.services.has(service_name)) {
      const known = [...index.services].sort(compareText);
      throw new ToolError(`service_name: unknown service "${service_name}" (known: ${known.length > 0 ? known.join(', ') : 'none'})`);
    }
    const like = route_pattern ? likePattern(route_pattern) : undefined;
    const matches = index.edges.filter((edge) => {
      const routes = index.targetRoutes(edge);
      if (like && !routes.some((r) => like.test(r.routePattern))) return false;
      return index.sourceService(edge) === service_name || routes.some((r) => r.serviceName === service_name);
    });
    const name = (hash: string): string => view.nodes.get(hash)?.qualifiedName ?? hash;
    const busiestFirst = (a: GraphEdge, b: GraphEdge): number =>
      b.observationCount - a.observationCount
      || b.lastObserved - a.lastObserved
      || compareText(name(a.sourceHash), name(b.sourceHash))
      || compareText(name(a.targetHash), name(b.targetHash))
      || compareText(a.edgeHash, b.edgeHash);
    return { result: matches.sort(busiestFirst).slice(0, limit).map(wireEdge) };
  },
});
