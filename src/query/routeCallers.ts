import type { GraphView } from '../graph/graphView';
import type { Hash, RouteSymbolRow } from '../model';

/**
 * The functions that reach a route in the code, by what the graph links statically: for an
 * HTTP route, the callers of the route node its handler handles under that pattern (the
 * requests linked to it); for a gRPC method, the callers of the rpc that dispatches to the
 * handler (its clients); for a queue topic, the functions publishing to the topics the
 * handler subscribes to. A row without a handler names the route node itself.
 */
export function staticCallersOfRoute(view: GraphView, row: RouteSymbolRow): Hash[] {
  const callers = new Set<Hash>();
  const callersOf = (nodeHash: Hash): void => {
    for (const edge of view.incoming(nodeHash, 'calls')) if (edge.sourceHash !== row.nodeHash) callers.add(edge.sourceHash);
  };
  const node = view.nodes.get(row.nodeHash);
  switch (row.mappingType) {
    case 'http_route': {
      if (node?.kind === 'route') callersOf(row.nodeHash);
      for (const edge of view.outgoing(row.nodeHash, 'handles_route')) {
        if (view.nodes.get(edge.targetHash)?.qualifiedName.endsWith(`.${row.routePattern}`)) callersOf(edge.targetHash);
      }
      break;
    }
    case 'grpc_method':
      for (const edge of view.incoming(row.nodeHash, 'calls')) if (view.nodes.get(edge.sourceHash)?.kind === 'rpc') callersOf(edge.sourceHash);
      break;
    case 'queue_topic':
      for (const edge of view.outgoing(row.nodeHash, 'subscribes')) {
        for (const publish of view.incoming(edge.targetHash, 'publishes')) callers.add(publish.sourceHash);
      }
      break;
  }
  return [...callers].sort();
}
