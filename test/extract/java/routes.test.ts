import * as assert from 'node:assert/strict';
import type { RouteFact } from '../../../src/extract/facts';
import { extractJava, java } from './helpers';

function summary(routes: readonly RouteFact[]): string[] {
  return routes.map((r) => `${r.line}:${r.col} ${r.method} ${r.path} -> ${r.handler?.form === 'name' ? r.handler.name : '?'} (${r.framework})`);
}

describe('extract/java routes', () => {
  it('reads Spring controllers: class prefix, verb mappings, paths and methods, ANY', async () => {
    const facts = await extractJava(java(
      '@RestController',
      '@RequestMapping({"/api", "/v1/"})',
      'public class Users {',
      '    @GetMapping',
      '    List<User> list() { return null; }',
      '    @GetMapping("{id:[0-9]+}")',
      '    User show(@PathVariable long id) { return null; }',
      '    @PostMapping(path = "/new", consumes = "application/json")',
      '    User create() { return null; }',
      '    @RequestMapping(value = "/x", method = {RequestMethod.PUT, RequestMethod.PATCH})',
      '    void update() {}',
      '    @RequestMapping(path = "/any")',
      '    void any() {}',
      '    @GetMapping(Paths.DYNAMIC)',
      '    void dynamic() {}',
      '    void helper() {}',
      '}',
    ));
    assert.deepEqual(summary(facts.routes), [
      '4:4 GET /api -> Users.list (spring)',
      '4:4 GET /v1 -> Users.list (spring)',
      '6:4 GET /api/{id} -> Users.show (spring)',
      '6:4 GET /v1/{id} -> Users.show (spring)',
      '8:4 POST /api/new -> Users.create (spring)',
      '8:4 POST /v1/new -> Users.create (spring)',
      '10:4 PUT /api/x -> Users.update (spring)',
      '10:4 PATCH /api/x -> Users.update (spring)',
      '10:4 PUT /v1/x -> Users.update (spring)',
      '10:4 PATCH /v1/x -> Users.update (spring)',
      '12:4 ANY /api/any -> Users.any (spring)',
      '12:4 ANY /v1/any -> Users.any (spring)',
    ]);
    assert.deepEqual(facts.routes[0], {
      line: 4, col: 4, method: 'GET', path: '/api', mappingType: 'http_route',
      handler: { form: 'name', name: 'Users.list' }, registeredIn: 'Users.list', framework: 'spring',
    });
  });

  it('names overloaded and nested handlers by their symbols, and ignores non-controllers', async () => {
    const facts = await extractJava(java(
      'class Outer {',
      '    @Controller',
      '    static class Pages {',
      '        @GetMapping("/a") String page() { return ""; }',
      '        @GetMapping("/b") String page(int n) { return ""; }',
      '    }',
      '}',
      '@FeignClient("users")',
      'interface UsersClient { @GetMapping("/users") String list(); }',
      '@Component',
      'class NotAController { @GetMapping("/nope") String nope() { return ""; } }',
    ));
    assert.deepEqual(summary(facts.routes), [
      '4:8 GET /a -> Outer.Pages.page() (spring)',
      '5:8 GET /b -> Outer.Pages.page(int) (spring)',
    ]);
  });

  it('joins literal concatenations and skips paths built from constants', async () => {
    const facts = await extractJava(java(
      '@RestController',
      'class A {',
      '    @GetMapping(BASE + "/x") void a() {}',
      '    @GetMapping("/v1" + "/y") void b() {}',
      '    @PostMapping(value = {}) void c() {}',
      '}',
    ));
    assert.deepEqual(summary(facts.routes), ['4:4 GET /v1/y -> A.b (spring)', '5:4 POST / -> A.c (spring)']);
  });

  it('reads JAX-RS resources', async () => {
    const facts = await extractJava(java(
      '@Path("/orders")',
      'public class Orders {',
      '    @GET public String list() { return ""; }',
      '    @DELETE @Path("{id}") public void remove(@PathParam("id") String id) {}',
      '    public String helper() { return ""; }',
      '}',
    ));
    assert.deepEqual(summary(facts.routes), ['3:4 GET /orders -> Orders.list (jaxrs)', '4:4 DELETE /orders/{id} -> Orders.remove (jaxrs)']);
  });

  it('reads gRPC-java services from their generated base class', async () => {
    const facts = await extractJava(java(
      'class GreeterImpl extends GreeterGrpc.GreeterImplBase {',
      '    @Override public void sayHello(HelloRequest req, StreamObserver<HelloReply> out) {}',
      '}',
      'class Plain extends Base {}',
    ));
    assert.deepEqual(facts.routes, [{
      line: 1, col: 6, method: 'GRPC', path: 'Greeter', mappingType: 'grpc_method',
      handler: { form: 'name', name: 'GreeterImpl' }, registeredIn: 'GreeterImpl', framework: 'grpc-java',
    }]);
  });
});
