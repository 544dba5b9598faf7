import * as assert from 'node:assert/strict';
import type { RouteFact } from '../../../src/extract/facts';
import { cs, extractCSharp } from './helpers';

function summary(routes: readonly RouteFact[]): string[] {
  return routes.map((r) => `${r.line}:${r.col} ${r.method} ${r.path} -> ${r.handler ? JSON.stringify(r.handler) : 'null'} in ${r.registeredIn || "''"}`);
}

describe('extract/csharp routes', () => {
  it('combines controller and action attribute templates', async () => {
    const facts = await extractCSharp(cs(
      'namespace Api;',
      '[ApiController]',
      '[Route("api/[controller]")]',
      'public class UsersController : ControllerBase {',
      '  [HttpGet] public IActionResult List() => Ok();',
      '  [HttpGet("{id:int}")] public IActionResult Get(int id) => Ok();',
      '  [HttpPost("")] public IActionResult Create() => Ok();',
      '  [HttpPut("{id}/name/{*rest}")] public IActionResult Rename(int id) => Ok();',
      '  [HttpDelete("/admin/users/{id?}")] public IActionResult Delete(int id) => Ok();',
      '  [Route("[action]/{page=1}")] public IActionResult Search() => Ok();',
      '  [HttpPatch, Route("bulk")] public IActionResult Bulk() => Ok();',
      '  [Microsoft.AspNetCore.Mvc.HttpGetAttribute(@"export")] public IActionResult Export() => Ok();',
      '  public IActionResult NotRouted() => Ok();',
      '}',
    ));
    assert.deepEqual(summary(facts.routes), [
      '5:3 GET /api/Users -> {"form":"name","name":"UsersController.List"} in UsersController.List',
      '6:3 GET /api/Users/{id} -> {"form":"name","name":"UsersController.Get"} in UsersController.Get',
      '7:3 POST /api/Users -> {"form":"name","name":"UsersController.Create"} in UsersController.Create',
      '8:3 PUT /api/Users/{id}/name/{rest} -> {"form":"name","name":"UsersController.Rename"} in UsersController.Rename',
      '9:3 DELETE /admin/users/{id} -> {"form":"name","name":"UsersController.Delete"} in UsersController.Delete',
      '10:3 ANY /api/Users/Search/{page} -> {"form":"name","name":"UsersController.Search"} in UsersController.Search',
      '11:14 PATCH /api/Users/bulk -> {"form":"name","name":"UsersController.Bulk"} in UsersController.Bulk',
      '12:3 GET /api/Users/export -> {"form":"name","name":"UsersController.Export"} in UsersController.Export',
    ]);
    assert.ok(facts.routes.every((r) => r.framework === 'aspnetcore' && r.mappingType === 'http_route'));
  });

  it('reads minimal APIs with group prefixes, verb lists and method-group handlers', async () => {
    const facts = await extractCSharp(cs(
      'var app = builder.Build();',
      'var api = app.MapGroup("/api");',
      'var v1 = api.MapGroup("v1").RequireAuthorization();',
      'v1.MapGet("/users/{id:int}", FindUser);',
      'app.MapGroup("/admin").MapPost("/reset", () => Results.Ok());',
      'app.MapMethods("/version", new[] { "GET", "head" }, Info.Describe);',
      'app.MapDelete(pattern: "/x", handler: Handlers.Remove);',
      'app.MapGet(path, FindUser);',
      'static IResult FindUser(int id) => Results.Ok(id);',
      'class Routes {',
      '  void Map(IEndpointRouteBuilder endpoints) {',
      '    var group = endpoints.MapGroup("/orders");',
      '    group.MapPut("{id}", Update);',
      '  }',
      '  static IResult Update(int id) => Results.Ok();',
      '}',
    ), 'Program.cs');
    assert.deepEqual(summary(facts.routes), [
      `4:3 GET /api/v1/users/{id} -> {"form":"name","name":"FindUser"} in ''`,
      `5:23 POST /admin/reset -> null in ''`,
      `6:4 GET /version -> {"form":"member","object":"Info","property":"Describe","objectType":"Info"} in ''`,
      `6:4 HEAD /version -> {"form":"member","object":"Info","property":"Describe","objectType":"Info"} in ''`,
      `7:4 DELETE /x -> {"form":"member","object":"Handlers","property":"Remove","objectType":"Handlers"} in ''`,
      '13:10 PUT /orders/{id} -> {"form":"member","object":"this","property":"Update","objectType":"Routes"} in Routes.Map',
    ]);
  });

  it('serves each override of a generated gRPC base as one rpc', async () => {
    const facts = await extractCSharp(cs(
      'namespace Api.Grpc;',
      'public class GreeterService : Greeter.GreeterBase {',
      '  public override Task<HelloReply> SayHello(HelloRequest r, ServerCallContext c) => null;',
      '  public override Task SayMany(HelloRequest r, IServerStreamWriter<HelloReply> w, ServerCallContext c) => null;',
      '  public string Helper() => "";',
      '}',
      'public class Plain : Base.OtherBase { public override void Run() { } }',
    ));
    assert.deepEqual(facts.routes.map((r) => [r.line, r.col, r.method, r.path, r.mappingType, r.handler, r.registeredIn, r.framework]), [
      [3, 35, 'GRPC', 'Greeter/SayHello', 'grpc_method', { form: 'name', name: 'GreeterService.SayHello' }, 'GreeterService', 'grpc'],
      [4, 23, 'GRPC', 'Greeter/SayMany', 'grpc_method', { form: 'name', name: 'GreeterService.SayMany' }, 'GreeterService', 'grpc'],
    ]);
  });
});
