import type { ToolDefinition } from './tool';
import { tool as dead_routes } from './tools/dead_routes';
import { tool as graph_query } from './tools/graph_query';
import { tool as index_repo } from './tools/index_repo';
import { tool as ownership } from './tools/ownership';
import { tool as plan_turn } from './tools/plan_turn';
import { tool as repo_graph } from './tools/repo_graph';
import { tool as runtime_traffic } from './tools/runtime_traffic';
import { tool as trace_stats } from './tools/trace_stats';

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
  graph_query,
  repo_graph,
  runtime_traffic,
  dead_routes,
  trace_stats,
  ownership,
  plan_turn,
];
