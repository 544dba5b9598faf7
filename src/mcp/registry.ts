import type { ToolDefinition } from './tool';
import { tool as blast_radius } from './tools/blast_radius';
import { tool as communities } from './tools/communities';
import { tool as context_for_files } from './tools/context_for_files';
import { tool as context_for_pr } from './tools/context_for_pr';
import { tool as context_for_task } from './tools/context_for_task';
import { tool as cross_repo_callers } from './tools/cross_repo_callers';
import { tool as dead_routes } from './tools/dead_routes';
import { tool as feedback } from './tools/feedback';
import { tool as flow_between } from './tools/flow_between';
import { tool as graph_query } from './tools/graph_query';
import { tool as index_repo } from './tools/index_repo';
import { tool as ownership } from './tools/ownership';
import { tool as plan_turn } from './tools/plan_turn';
import { tool as pr_impact } from './tools/pr_impact';
import { tool as repo_graph } from './tools/repo_graph';
import { tool as runtime_traffic } from './tools/runtime_traffic';
import { tool as semantic_diff } from './tools/semantic_diff';
import { tool as snapshot_diff } from './tools/snapshot_diff';
import { tool as stale_edges } from './tools/stale_edges';
import { tool as test_scope } from './tools/test_scope';
import { tool as trace_dataflow } from './tools/trace_dataflow';
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
