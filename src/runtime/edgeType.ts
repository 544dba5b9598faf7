import type { EdgeType } from '../model';
import { SpanKind, type TraceSpan } from './spans';

/**
 * SPEC 3.3 edge type of a span. rpc.service wins (gRPC client libraries may also set
 * http.* attributes); messaging.system with a destination is a publish, without one a
 * consume. Current semantic conventions name the destination on consumer spans too
 * (`messaging.destination.name`), so a CONSUMER span, or a receive/process operation, is
 * a consume whatever it names: otherwise no consumer would ever be seen.
 */
export function selectEdgeType(span: TraceSpan): EdgeType {
  const a = span.attributes;
  if (a['rpc.service'] !== undefined) return 'runtime_rpc';
  if (a['messaging.system'] !== undefined) {
    const operation = a['messaging.operation.type'] ?? a['messaging.operation'] ?? '';
    if (span.kind === SpanKind.CONSUMER || operation === 'receive' || operation === 'process' || operation === 'deliver') {
      return 'runtime_consumes';
    }
    return messagingDestination(span) !== '' ? 'runtime_produces' : 'runtime_consumes';
  }
  return 'runtime_calls';
}

/** The topic or queue a messaging span names, under either semantic-convention spelling. */
export function messagingDestination(span: TraceSpan): string {
  const a = span.attributes;
  return a['messaging.destination.name'] ?? a['messaging.destination'] ?? '';
}
