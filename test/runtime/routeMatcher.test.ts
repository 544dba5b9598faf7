import * as assert from 'node:assert/strict';
import type { RouteSymbolRow } from '../../src/model';
import { RouteTable, normalizeTemplate, unresolvedRoute } from '../../src/runtime/routeMatcher';

const row = (routePattern: string, mappingType: RouteSymbolRow['mappingType'] = 'http_route'): RouteSymbolRow =>
  ({ serviceName: 'svc', routePattern, mappingType, nodeHash: routePattern, createdAt: 0 });

describe('route matching', () => {
  const table = new RouteTable([
    row('GET /users/{id}'), row('GET /users/me'), row('ANY /healthz'), row('POST /users/'), row('GET /files/{path...}'),
    row('helloworld.Greeter/SayHello', 'grpc_method'), row('Billing/*', 'grpc_method'), row('order-placed', 'queue_topic'),
  ]);

  it('normalises paths and templates to registered patterns, the most literal first', () => {
    assert.equal(table.matchHttp('svc', 'GET', '/users/42')?.routePattern, 'GET /users/{id}');
    assert.equal(table.matchHttp('svc', 'get', '/users/me')?.routePattern, 'GET /users/me');
    assert.equal(table.matchHttp('svc', 'GET', '/users/:userId')?.routePattern, 'GET /users/{id}');
    assert.equal(table.matchHttp('svc', 'GET', '/users/<int:id>')?.routePattern, 'GET /users/{id}');
    assert.equal(table.matchHttp('svc', 'DELETE', '/healthz')?.routePattern, 'ANY /healthz');
    assert.equal(table.matchHttp('svc', 'POST', '/users')?.routePattern, 'POST /users/', 'trailing slashes do not matter');
    assert.equal(table.matchHttp('svc', 'GET', '/files/a/b/c.txt')?.routePattern, 'GET /files/{path...}');
    assert.equal(table.matchHttp('svc', 'GET', '/users/42/orders'), undefined);
    assert.equal(table.matchHttp('other', 'GET', '/users/42'), undefined);
  });

  it('matches gRPC methods with or without the package, and wildcards', () => {
    assert.equal(table.matchGrpc('svc', 'helloworld.Greeter', 'SayHello')?.routePattern, 'helloworld.Greeter/SayHello');
    assert.equal(table.matchGrpc('svc', 'acme.billing.Billing', 'Charge')?.routePattern, 'Billing/*');
    assert.equal(table.matchGrpc('svc', 'helloworld.Greeter', 'Other'), undefined);
    assert.equal(table.matchTopic('order-placed')?.routePattern, 'order-placed');
  });

  it('collapses ids in unresolved routes so they do not explode', () => {
    assert.equal(unresolvedRoute('get', '/carts/123/items/7f3a9c2e-0c4b-4e3f-9a7d-1b2c3d4e5f60?x=1'), 'GET /carts/{id}/items/{id}');
    assert.equal(unresolvedRoute('GET', '/users/:id'), 'GET /users/{id}');
    assert.equal(normalizeTemplate('users/{id:[0-9]+}'), '/users/{}');
  });
});
