import { z } from 'zod';

/**
 * Output schemas of the 22 tools (SPEC §4), as the server registers them. They describe
 * `structuredContent`: a SPEC array result is wrapped as `{ items, truncated, hint? }`,
 * a SPEC object result is itself, plus `truncated: true` and `hint` when the reply cap cut
 * it (docs/mcp.md). SPEC records (Node, Edge, File, RouteSymbolRow) and results SPEC fixes
 * completely are exact; results where SPEC leaves fields open ("not shown") are loose
 * objects, so an added field never fails a call while the named ones are still checked.
 */

const integer = z.number().int();

export const WireNodeSchema = z.object({
  NodeHash: z.string(),
  FileHash: z.string(),
  QualifiedName: z.string(),
  Kind: z.string(),
  Line: integer,
  Signature: z.string().optional(),
});

export const WireEdgeSchema = z.object({
  EdgeHash: z.string(),
  SourceHash: z.string(),
  TargetHash: z.string(),
  EdgeType: z.string(),
  Confidence: z.number(),
  Provenance: z.string(),
  CallSiteLine: integer,
  CallSiteCol: integer,
  CallSiteFile: z.string(),
  ObservationCount: integer,
  LastObserved: integer,
});

export const WireFileSchema = z.object({
  FileHash: z.string(),
  RepoHash: z.string(),
  Path: z.string(),
  ContentHash: z.string(),
});

export const WireRouteSymbolSchema = z.object({
  ServiceName: z.string(),
  RoutePattern: z.string(),
  MappingType: z.string(),
  NodeHash: z.string(),
  CreatedAt: integer,
});

const capFields = { truncated: z.boolean().optional(), hint: z.string().optional() };

/** `{ items, truncated, hint? }` around a SPEC array. */
export function listOutput(item: z.ZodType) {
  return z.object({ items: z.array(item), truncated: z.boolean(), hint: z.string().optional() });
}

/** A SPEC object result that SPEC fixes completely. */
function exactOutput(shape: z.ZodRawShape) {
  return z.object({ ...shape, ...capFields });
}

/** A SPEC object result with fields SPEC leaves open. */
function objectOutput(shape: z.ZodRawShape) {
  return z.looseObject({ ...shape, ...capFields });
}

const nodeDepth = z.looseObject({ Node: WireNodeSchema, Depth: integer });
const namedEdge = z.looseObject({ source_name: z.string(), target_name: z.string(), edge_type: z.string(), confidence: z.number() });
const contextResult = objectOutput({
  content: z.string(), token_count: integer, symbols_included: integer, symbols_available: integer,
});
const community = z.looseObject({
  id: integer, size: integer, top_symbols: z.array(z.string()), cohesion: z.number(), dominant_package: z.string(),
});

export const OUTPUT_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  index_repo: exactOutput({
    repo_url: z.string(), repo_path: z.string(), repo_hash: z.string(), commit: z.string(), dirty: z.boolean(),
    snapshot_hash: z.string(), new_snapshot: z.boolean(), files: integer, nodes: integer, edges: integer,
    changes: z.object({ added: integer, changed: integer, removed: integer, unchanged: integer }),
    seconds: z.number(),
  }),
  cross_repo_callers: listOutput(nodeDepth),
  blast_radius: objectOutput({
    Target: WireNodeSchema,
    ByRepo: z.record(z.string(), z.array(z.looseObject({
      Caller: WireNodeSchema, Depth: integer, Confidence: z.number(), Provenance: z.array(z.looseObject({ Source: z.string() })),
    }))),
    TotalCount: integer,
    Truncated: z.boolean(),
  }),
  graph_query: listOutput(WireNodeSchema),
  stale_edges: listOutput(WireEdgeSchema),
  repo_graph: listOutput(WireFileSchema),
  snapshot_diff: objectOutput({
    OldSnapshot: z.string(), NewSnapshot: z.string(), EdgesAdded: z.array(WireEdgeSchema), EdgesRemoved: z.array(WireEdgeSchema),
    NodesAdded: z.array(WireNodeSchema), NodesRemoved: z.array(WireNodeSchema),
  }),
  runtime_traffic: listOutput(WireEdgeSchema),
  dead_routes: listOutput(WireRouteSymbolSchema),
  trace_stats: exactOutput({
    TotalEdges: integer, ActiveEdges: integer, StaleEdges: integer, GCEligible: integer, ByEdgeType: z.record(z.string(), integer),
  }),
  semantic_diff: objectOutput({
    old_snapshot: z.string(), new_snapshot: z.string(), nodes_added: z.array(z.looseObject({})), nodes_removed: z.array(z.looseObject({})),
    nodes_modified: z.array(z.looseObject({})), edges_added: z.array(namedEdge), edges_removed: z.array(namedEdge),
    summary: z.looseObject({}),
  }),
  pr_impact: objectOutput({
    old_snapshot: z.string(), new_snapshot: z.string(), changed_symbols: z.array(z.looseObject({ change_type: z.string() })),
    affected_edges: z.array(namedEdge), summary: z.looseObject({ risk_level: z.string() }),
  }),
  trace_dataflow: listOutput(nodeDepth),
  ownership: listOutput(z.object({ file: WireFileSchema, nodes: z.array(WireNodeSchema).optional() })),
  context_for_task: contextResult,
  context_for_files: contextResult,
  context_for_pr: contextResult,
  feedback: objectOutput({
    status: z.string().optional(), symbol_hash: z.string().optional(), useful_count: integer.optional(),
    not_useful_count: integer.optional(), usefulness_ratio: z.number().optional(),
  }),
  test_scope: objectOutput({ mode: z.string(), results: z.array(z.string()), count: integer }),
  flow_between: objectOutput({
    source: z.string(), target: z.string(),
    paths: z.array(z.looseObject({ steps: z.array(z.looseObject({ symbol: z.string(), edge_type: z.string() })) })),
    path_count: integer, truncated: z.boolean(),
  }),
  plan_turn: exactOutput({
    suggestions: z.array(z.object({ tool: z.string(), reason: z.string(), args: z.record(z.string(), z.unknown()) })),
  }),
  communities: objectOutput({
    communities: z.array(community).optional(), node_count: integer.optional(), edge_count: integer.optional(),
    symbol: z.string().optional(), community: community.optional(), neighbors: z.array(community).optional(),
  }),
};

/** The schema for a tool; one not in the table gets the loosest object schema. */
export function outputSchemaFor(toolName: string): z.ZodType {
  return OUTPUT_SCHEMAS[toolName] ?? z.looseObject(capFields);
}
