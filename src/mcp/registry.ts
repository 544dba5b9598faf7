import type { ToolDefinition } from './tool';
import { tool as blast_radius } from './tools/blastRadius';
import { tool as communities } from './tools/communities';
import { tool as context_for_files } from './tools/contextForFiles';
import { tool as context_for_pr } from './tools/contextForPr';
import { tool as context_for_task } from './tools/contextForTask';
import { tool as cross_repo_callers } from './tools/crossRepoCallers';
import { tool as dead_routes } from './tools/deadRoutes';
import { tool as feedback } from './tools/feedback';
import { tool as flow_between } from './tools/flowBetween';
import { tool as graph_query } from './tools/graphQuery';
import { tool as index_repo } from './tools/indexRepo';
import { tool as migration_progress } from './tools/migrationProgress';
import { tool as ownership } from './tools/ownership';
import { tool as plan_turn } from './tools/planTurn';
import { tool as pr_impact } from './tools/prImpact';
import { tool as repo_graph } from './tools/repoGraph';
import { tool as runtime_traffic } from './tools/runtimeTraffic';
import { tool as semantic_diff } from './tools/semanticDiff';
import { tool as snapshot_diff } from './tools/snapshotDiff';
import { tool as stale_edges } from './tools/staleEdges';
import { tool as test_scope } from './tools/testScope';
import { tool as trace_dataflow } from './tools/traceDataflow';
import { tool as trace_stats } from './tools/traceStats';

/** The 22 tool names of SPEC §4, in its order: the contract the registry must meet. */
export const SPEC_TOOL_NAMES = [
  'index_repo',
  'cross_repo_callers', 'blast_radius', 'graph_query', 'stale_edges', 'repo_graph',
  'snapshot_diff',
  'runtime_traffic', 'dead_routes', 'trace_stats',
  'semantic_diff', 'pr_impact', 'trace_dataflow',
  'ownership',
  'context_for_task', 'context_for_files', 'context_for_pr',
  'feedback',
  'test_scope', 'flow_between', 'plan_turn', 'communities',
] as const;

/**
 * Every tool the server registers, in SPEC §4 order. Each lives in its own file under
 * tools/ and exports `tool` (a defineTool spec); adding one here is all it takes to
 * serve it, list it in the README table and check its output schema.
 */
export const TOOLS: readonly ToolDefinition[] = [
  index_repo,
  cross_repo_callers,
  blast_radius,
  graph_query,
  stale_edges,
  repo_graph,
  snapshot_diff,
  runtime_traffic,
  dead_routes,
  trace_stats,
  semantic_diff,
  pr_impact,
  trace_dataflow,
  ownership,
  context_for_task,
  context_for_files,
  context_for_pr,
  feedback,
  test_scope,
  flow_between,
  plan_turn,
  communities,
];

/**
 * Tools beyond SPEC's 22 (SPEC 4.10 designed tools), served only when asked for:
 * `--extra-tools` on `ckg mcp`, `ckg serve` and `ckg call`, or `mcp.extra_tools: true` in
 * the config file. The default list stays SPEC's.
 */
export const EXTRA_TOOLS: readonly ToolDefinition[] = [
  migration_progress,
];

/** The tools a server serves: SPEC's 22, and the extra ones when enabled. */
export function servedTools(options: { readonly extraTools?: boolean } = {}): readonly ToolDefinition[] {
  return options.extraTools ? [...TOOLS, ...EXTRA_TOOLS] : TOOLS;
}
