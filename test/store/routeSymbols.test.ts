import * as assert from 'node:assert/strict';
import type { RouteSymbolRow } from '../../src/model';
import { openSqlJsStore } from '../../src/store';

function row(nodeHash: string, routePattern = 'helloworld.Greeter/SayHello'): RouteSymbolRow {
  return { serviceName: 'svc', routePattern, mappingType: 'grpc_method', nodeHash, createdAt: 1 };
}

describe('store/sqljs route symbols', () => {
  it('lets a handler take a pattern over from a declaration, in either order, and gives it back', async () => {
    const store = await openSqlJsStore(':memory:');
    const handlerOf = () => store.routeSymbols().map((r) => r.nodeHash);
    store.replaceFileRoutes('proto-file', [], [row('rpc')]);
    assert.deepEqual(handlerOf(), ['rpc']);
    store.replaceFileRoutes('go-file', [row('go-handler')]);
    assert.deepEqual(handlerOf(), ['go-handler']);
    // The proto file re-linked later does not take the pattern back.
    store.replaceFileRoutes('proto-file', [], [row('rpc')]);
    assert.deepEqual(handlerOf(), ['go-handler']);
    // With the handler's file gone, the next link of the proto file maps the rpc again.
    store.replaceFileRoutes('go-file', []);
    assert.deepEqual(handlerOf(), []);
    store.replaceFileRoutes('proto-file', [], [row('rpc')]);
    assert.deepEqual(handlerOf(), ['rpc']);
    store.close();
  });
});
