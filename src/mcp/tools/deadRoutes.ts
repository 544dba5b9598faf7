import { compareStrings } from '../../graph/viewIndex';
import { staticCallersOfRoute } from '../../query/routeCallers';
import { runtimeIndex } from '../../query/runtimeIndex';
import { SECONDS_PER_DAY } from '../../runtime/confidence';
import { inRouteScope } from '../../runtime/routeMatcher';
import { ServiceMapper } from '../../runtime/serviceMapper';
import { optionalTextArg, positiveIntArg, requireRuntime } from '../args';
import { ToolError, defineTool } from '../tool';
import { listOutput, wireRouteSymbol, WireRouteSymbolSchema } from '../wire';

/** How many routes with neither traffic nor static caller the reply names. */
const UNREACHED_LISTED = 20;

/**
 * SPEC 4.4 dead_routes: route symbols (SPEC 2.7) whose handler has received no
 * runtime-observed edge within the last `stale_days` days. A route never observed at all
 * is dead too: static indexing knows it, traffic never reached it. `service_name` keeps the
 * routes of one traced service, mapped as ingest maps it (SPEC 2.8).
 */
export const tool = defineTool({
  name: 'dead_routes',
  title: 'Routes with no recent traffic',
  category: 'Runtime',
  description:
    'Lists route symbols (ServiceName, RoutePattern, MappingType, NodeHash, CreatedAt) whose handler has no runtime '
    + 'observation within stale_days days, by service and route. Optional service_name keeps one traced service\'s routes. '
    + '_meta ckg/staticCallers gives, per listed route, how many functions reach it in the code (linked requests, rpc '
    + 'clients, publishers); the text names the routes with neither traffic nor static caller.',
  inputSchema: {
    stale_days: positiveIntArg('stale_days', { default: 30, max: 3650, description: 'Days without observations that make a route dead' }),
    service_name: optionalTextArg(
      'service_name', 'Only the routes of this service, named as traces report it (a monorepo folder\'s service or a service_map entry included)',
    ),
  },
  outputSchema: listOutput(WireRouteSymbolSchema),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ stale_days, service_name }, deps) {
    const store = deps.store();
    requireRuntime(store);
    const view = await deps.graphs.liveView();
    const index = await runtimeIndex(view, store);
    const mapping = service_name === undefined ? undefined : new ServiceMapper([...view.repos.values()], deps.runtimeServiceMap).map(service_name);
    if (service_name !== undefined && !mapping) {
      throw new ToolError(`service_name: unknown service "${service_name}": no indexed repository or service runs as it, and no service_map entry names it`);
    }
    const since = deps.now() - stale_days * SECONDS_PER_DAY;
    const observed = new Set(index.edges.filter((e) => e.lastObserved >= since).map((e) => e.targetHash));
    const dead = [...index.routesByNode.entries()]
      .filter(([nodeHash]) => !observed.has(nodeHash))
      .flatMap(([, rows]) => rows)
      .filter((row) => !mapping || inRouteScope(mapping.scope, row))
      .sort((a, b) => compareStrings(a.serviceName, b.serviceName) || compareStrings(a.routePattern, b.routePattern)
        || compareStrings(a.mappingType, b.mappingType));
    // Whether anything in the code reaches a dead route: no traffic and no static caller is dead code.
    const staticCallers = dead.map((row) => staticCallersOfRoute(view, row).length);
    const unreached = dead.filter((_, i) => staticCallers[i] === 0);
    const shown = unreached.slice(0, UNREACHED_LISTED).map((row) => `${row.serviceName} ${row.routePattern}`);
    return {
      result: dead.map(wireRouteSymbol),
      meta: { 'ckg/staticCallers': staticCallers },
      notes: dead.length === 0 ? [] : [
        `${unreached.length} of ${dead.length} dead routes have no static caller either (no request, rpc client or publisher in the code reaches them)`
        + `${shown.length > 0 ? `: ${shown.join(', ')}${unreached.length > shown.length ? ', ...' : ''}` : ''}.`,
      ],
    };
  },
});
