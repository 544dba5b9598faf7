import { z } from 'zod';
import { type MigrationSelector, type SideProgress, migrationProgress, resolveSide } from '../../query/migrationProgress';
import { runtimeIndex } from '../../query/runtimeIndex';
import { compareStrings } from '../../graph/viewIndex';
import { SECONDS_PER_DAY } from '../../runtime/confidence';
import { choiceArg, optionalHashArg, optionalTextArg, positiveIntArg, requireRepo, requireRuntime, textArg } from '../args';
import { ToolError, defineTool } from '../tool';
import { integer, objectOutput } from '../wire';

const SideSchema = z.object({
  by: z.enum(['service', 'route']),
  selector: z.string(),
  service_name: z.string().optional(),
  routes: z.array(z.object({ service_name: z.string(), route_pattern: z.string(), mapping_type: z.string(), handler: z.string(), node_hash: z.string() })),
  static_callers: integer,
  runtime_calls: integer,
  runtime_callers: integer,
  traffic_status: z.enum(['observed', 'confirmed_zero', 'unknown']),
});

const CallerSchema = z.object({
  qualified_name: z.string(), node_hash: z.string(), static: z.boolean(), runtime_calls: integer, also_on_new: z.boolean(),
});

const TrafficSchema = z.object({
  source_name: z.string(), target_name: z.string(), routes: z.array(z.string()), calls: integer, last_observed: z.string(),
  confidence: z.number(), trace_ids: z.array(z.string()), edge_hash: z.string(),
});

/**
 * migration_progress (SPEC 4.10.1, opt-in): how far callers and traffic have moved from
 * an old service or route to a new one. Served only with `--extra-tools` or the config
 * key `mcp.extra_tools: true`, so the default tool list stays SPEC's 22.
 */
export const tool = defineTool({
  name: 'migration_progress',
  title: 'Migration progress from an old service or route to a new one',
  category: 'Runtime',
  description:
    'Compares an old and a new side (by: service, a traced service name; or by: route, a SQL LIKE route pattern such as '
    + '`GET /v1/users/%`, optionally within service_name): the functions reaching each side in the code against the runtime '
    + 'calls each side received in the last window_days days. Returns percent_migrated (static: callers of either side that '
    + 'reach only the new one; runtime: the new side\'s share of the calls), the callers still on the old side and the traffic '
    + 'still arriving there. Optional repo_hash counts only callers in that repository. Opt-in: --extra-tools or mcp.extra_tools.',
  inputSchema: {
    old: textArg('old', 'The side being retired: a service name (by service) or a route pattern in SQL LIKE syntax (by route)'),
    new: textArg('new', 'The side replacing it, in the same form as old'),
    by: choiceArg('by', ['service', 'route'], 'service', 'How old and new are read: service names or route patterns'),
    service_name: optionalTextArg('service_name', 'By route only: keep the routes of this traced service'),
    repo_hash: optionalHashArg('repo_hash', 'Count only callers (static and traced) in this repository (64 lowercase hex)'),
    window_days: positiveIntArg('window_days', {
      default: 7, max: 3650, description: 'Days of observations counted, ending today; the store keeps trace_ingestion.observation_window_days of them',
    }),
    limit: positiveIntArg('limit', { default: 50, max: 1000, description: 'Most entries in callers_on_old and traffic_on_old' }),
  },
  outputSchema: objectOutput({
    old: SideSchema,
    new: SideSchema,
    window_days: integer,
    counted_since: z.string(),
    percent_migrated: z.object({ static: z.number().nullable(), runtime: z.number().nullable() }),
    callers_on_old: z.array(CallerSchema),
    traffic_on_old: z.array(TrafficSchema),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler(args, deps) {
    const store = deps.store();
    requireRuntime(store);
    if (args.by === 'service' && args.service_name !== undefined) {
      throw new ToolError('service_name: applies to by: "route" only; by service, old and new are the service names');
    }
    const selector = (value: string): MigrationSelector => ({ by: args.by, value, ...(args.service_name ? { serviceName: args.service_name } : {}) });
    if (args.old === args.new) throw new ToolError(`new: expected another ${args.by} than old ("${args.old}")`);
    if (args.repo_hash !== undefined) await requireRepo(store, 'repo_hash', args.repo_hash);
    const view = await deps.graphs.liveView();
    const index = await runtimeIndex(view, store);
    const sides = (['old', 'new'] as const).map((argument) => {
      const side = resolveSide(view, index, selector(args[argument]), deps.runtimeServiceMap);
      if (side) return side;
      if (args.by === 'service') {
        const known = [...index.services].sort(compareStrings);
        throw new ToolError(`${argument}: unknown service "${args[argument]}": no indexed repository or service_map entry runs as it and no spans `
          + `came from it (known: ${known.length > 0 ? known.join(', ') : 'none'})`);
      }
      throw new ToolError(`${argument}: no route matches "${args[argument]}"${args.service_name ? ` in service ${args.service_name}` : ''}: `
        + 'expected a SQL LIKE pattern over route patterns such as `GET /users/%` (dead_routes lists the routes)');
    });
    const now = deps.now();
    const progress = await migrationProgress(view, index, store, sides[0], sides[1], { repoHash: args.repo_hash, windowDays: args.window_days, now });
    const name = (hash: string): string => view.nodes.get(hash)?.qualifiedName ?? hash;
    const wireSide = (side: SideProgress): z.infer<typeof SideSchema> => ({
      by: side.side.selector.by,
      selector: side.side.selector.value,
      ...(side.side.selector.serviceName ? { service_name: side.side.selector.serviceName } : {}),
      routes: side.side.routes.map((r) => ({
        service_name: r.serviceName, route_pattern: r.routePattern, mapping_type: r.mappingType, handler: name(r.nodeHash), node_hash: r.nodeHash,
      })),
      static_callers: side.staticCallers.length,
      runtime_calls: side.calls,
      runtime_callers: new Set(side.traffic.map((t) => t.edge.sourceHash)).size,
      traffic_status: side.status,
    });
    const sinceDay = Math.floor(now / SECONDS_PER_DAY) - args.window_days + 1;
    const result = {
      old: wireSide(progress.old),
      new: wireSide(progress.new),
      window_days: args.window_days,
      counted_since: iso(sinceDay * SECONDS_PER_DAY),
      percent_migrated: { static: progress.staticPercent, runtime: progress.runtimePercent },
      callers_on_old: progress.callersOnOld.slice(0, args.limit).map((c) => ({
        qualified_name: name(c.nodeHash), node_hash: c.nodeHash, static: c.isStatic, runtime_calls: c.runtimeCalls, also_on_new: c.alsoOnNew,
      })),
      traffic_on_old: progress.old.traffic.slice(0, args.limit).map((t) => ({
        source_name: name(t.edge.sourceHash), target_name: name(t.edge.targetHash), routes: t.routes.map((r) => `${r.serviceName} ${r.routePattern}`),
        calls: t.calls, last_observed: iso(t.edge.lastObserved), confidence: t.edge.confidence, trace_ids: [...t.traceIds], edge_hash: t.edge.edgeHash,
      })),
    };
    const cut = progress.callersOnOld.length > args.limit || progress.old.traffic.length > args.limit;
    return {
      result: cut ? { ...result, truncated: true, hint: `more than ${args.limit} callers or edges on the old side; raise limit or pass repo_hash` } : result,
      notes: [summary(result)],
    };
  },
});

/** One line an agent can quote: where the traffic and the callers stand. */
function summary(result: {
  old: z.infer<typeof SideSchema>; new: z.infer<typeof SideSchema>; window_days: number; percent_migrated: { static: number | null; runtime: number | null };
}): string {
  const { old, new: next, percent_migrated: p } = result;
  const runtime = p.runtime === null
    ? `no traffic to either side in ${result.window_days} days (old: ${status(old.traffic_status)}, new: ${status(next.traffic_status)})`
    : `${p.runtime}% of traffic on the new side (${next.runtime_calls} of ${old.runtime_calls + next.runtime_calls} calls in ${result.window_days} days; `
      + `${old.runtime_calls} still arriving at the old side from ${old.runtime_callers} caller${old.runtime_callers === 1 ? '' : 's'})`;
  const statics = p.static === null
    ? 'no static callers of either side'
    : `${p.static}% of static callers moved (${old.static_callers} still reach the old side in the code, ${next.static_callers} reach the new one)`;
  return `${old.selector} -> ${next.selector}: ${runtime}; ${statics}.`;
}

function status(value: string): string {
  return value === 'confirmed_zero' ? 'confirmed zero traffic' : value === 'unknown' ? 'unknown, no data' : value;
}

function iso(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}
