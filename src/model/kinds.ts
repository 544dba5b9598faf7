/** The closed set of node kinds (DESIGN §4). */
export const NODE_KINDS = [
  'function', 'method', 'type', 'interface', 'field', 'constant', 'variable', 'module',
  'route', 'rpc', 'message', 'table', 'view', 'column', 'resource', 'service', 'topic',
  'queue', 'selector', 'test',
] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

interface EdgeTypeInfo {
  /** Followed by transitive caller search and blast radius (SPEC §2.5). */
  readonly traversed: boolean;
  /** Weight in the random walk with restart. */
  readonly rankWeight: number;
  readonly runtime: boolean;
}

/** SPEC §2.5, one row per edge type. */
export const EDGE_TYPES = {
  calls: { traversed: true, rankWeight: 1.0, runtime: false },
  imports: { traversed: false, rankWeight: 0.5, runtime: false },
  implements: { traversed: false, rankWeight: 0.8, runtime: false },
  handles_route: { traversed: false, rankWeight: 0.7, runtime: false },
  references: { traversed: false, rankWeight: 0.4, runtime: false },
  depends_on: { traversed: false, rankWeight: 0.5, runtime: false },
  deploys: { traversed: false, rankWeight: 0.5, runtime: false },
  exposes: { traversed: false, rankWeight: 0.5, runtime: false },
  configures: { traversed: false, rankWeight: 0.5, runtime: false },
  publishes: { traversed: false, rankWeight: 0.5, runtime: false },
  subscribes: { traversed: false, rankWeight: 0.5, runtime: false },
  connects_to: { traversed: false, rankWeight: 0.5, runtime: false },
  runtime_calls: { traversed: false, rankWeight: 0.3, runtime: true },
  runtime_rpc: { traversed: false, rankWeight: 0.3, runtime: true },
  runtime_produces: { traversed: false, rankWeight: 0.3, runtime: true },
  runtime_consumes: { traversed: false, rankWeight: 0.3, runtime: true },
} as const satisfies Record<string, EdgeTypeInfo>;
export type EdgeType = keyof typeof EDGE_TYPES;
export const EDGE_TYPE_NAMES = Object.keys(EDGE_TYPES) as EdgeType[];

/** SPEC §2.6: provenance names and their fixed confidence (runtime ones vary). */
export const PROVENANCE_CONFIDENCE = {
  ast_inferred: 0.7,
  lsp_resolved: 0.9,
  scip_resolved: 0.95,
  ast_resolved: 1.0,
  otel_trace: 0.5,
  runtime_unresolved: 0.3,
} as const;
export type Provenance = keyof typeof PROVENANCE_CONFIDENCE;

/** Any provenance beginning with `otel_` counts as runtime-observed (SPEC §2.6). */
export function isRuntimeProvenance(provenance: string): boolean {
  return provenance.startsWith('otel_') || provenance.startsWith('runtime_');
}

export function isNodeKind(value: string): value is NodeKind {
  return (NODE_KINDS as readonly string[]).includes(value);
}

export function isEdgeType(value: string): value is EdgeType {
  return Object.prototype.hasOwnProperty.call(EDGE_TYPES, value);
}
