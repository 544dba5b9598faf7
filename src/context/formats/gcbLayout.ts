import type { EdgeType, NodeKind } from '../../model';
import type { ContextMode } from '../document';
import type { SourceState } from '../sourceReader';
import { TRAFFIC_BANDS, type TrafficBand } from '../traffic';

/**
 * The byte values of GCB's one-byte enums. They are part of the format (docs/formats.md):
 * append new values, never reorder. The model's lists may grow; a value missing here
 * cannot be encoded and the encoder says so.
 */
/** GCB2 added the traffic report after each symbol's source. */
export const GCB_MAGIC = 'GCB2';
export const GCB_MODES: readonly ContextMode[] = ['task', 'files', 'pr'];
export const GCB_KINDS: readonly NodeKind[] = [
  'function', 'method', 'type', 'interface', 'field', 'constant', 'variable', 'module', 'route', 'rpc', 'message', 'table',
  'view', 'column', 'resource', 'service', 'topic', 'queue', 'selector', 'test',
];
export const GCB_EDGE_TYPES: readonly EdgeType[] = [
  'calls', 'imports', 'implements', 'handles_route', 'references', 'depends_on', 'deploys', 'exposes', 'configures',
  'publishes', 'subscribes', 'connects_to', 'runtime_calls', 'runtime_rpc', 'runtime_produces', 'runtime_consumes',
];
export const GCB_DIRECTIONS = ['out', 'in'] as const;
export const GCB_SOURCE_STATES: readonly SourceState[] = ['included', 'stale', 'unreadable', 'omitted'];
/** 0: no report; then the SPEC 4.10.3 statuses. */
export const GCB_TRAFFIC_STATUSES = ['none', 'observed', 'confirmed_zero', 'unknown'] as const;
export const GCB_TRAFFIC_BANDS: readonly TrafficBand[] = TRAFFIC_BANDS;
