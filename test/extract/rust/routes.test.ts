import * as assert from 'node:assert/strict';
import type { RouteFact } from '../../../src/extract/facts';
import { extractRust, rs } from './helpers';

function summary(routes: readonly RouteFact[]): string[] {
  return routes.map((r) => {
    const handler = !r.handler ? 'null' : r.handler.form === 'member' ? `${r.handler.object}::${r.handler.property}` : r.handler.name;
    return `${r.line}:${r.col} ${r.framework} ${r.method} ${r.path} -> ${handler} (in ${r.registeredIn || 'module'})`;
  });
}

describe('extract/rust routes', () => {
  it('reads axum method routers, one route per method, with nest prefixes', async () => {
    const facts = await extractRust(rs(
      'use axum::{routing::{get, post}, Router};',
      'pub fn app() -> Router {',
      '    Router::new()',
      '        .route("/", get(index))',
      '        .route("/users/:id", get(users::show).put(users::update).layer(auth()))',
      '        .nest("/api", api())',
      '        .nest("/admin", Router::new().route("/stats", axum::routing::get(stats)))',
      '}',
      'fn api() -> Router {',
      '    Router::new().route("/files/*path", any(files)).route("/echo", post(|b: String| async { b }))',
      '}',
    ));
    assert.deepEqual(summary(facts.routes), [
      '4:9 axum GET / -> index (in app)',
      '5:9 axum GET /users/{id} -> users::show (in app)',
      '5:9 axum PUT /users/{id} -> users::update (in app)',
      '7:38 axum GET /admin/stats -> stats (in app)',
      '10:18 axum ANY /api/files/{path} -> files (in api)',
      '10:52 axum POST /api/echo -> null (in api)',
    ]);
    assert.equal(facts.routes[0]!.mappingType, 'http_route');
  });

  it('reads actix-web routes, resources, scopes and configure prefixes', async () => {
    const facts = await extractRust(rs(
      'use actix_web::{web, App, HttpServer};',
      'fn routes(cfg: &mut web::ServiceConfig) {',
      '    cfg.route("/health", web::get().to(health))',
      '        .service(web::resource("/items/{id}").route(web::get().to(show)).route(web::delete().to(remove)))',
      '        .service(web::resource("/any").to(anything));',
      '}',
      'fn app() -> App {',
      '    App::new().service(web::scope("/v1").configure(routes).route("/ping", web::route().to(ping)))',
      '}',
    ));
    assert.deepEqual(summary(facts.routes), [
      '3:8 actix-web GET /v1/health -> health (in routes)',
      '4:46 actix-web GET /v1/items/{id} -> show (in routes)',
      '4:73 actix-web DELETE /v1/items/{id} -> remove (in routes)',
      '5:39 actix-web ANY /v1/any -> anything (in routes)',
      '8:59 actix-web ANY /v1/ping -> ping (in app)',
    ]);
  });

  it('reads route attributes: actix-web when imported from it, rocket otherwise, with mount prefixes', async () => {
    const actix = await extractRust(rs(
      'use actix_web::{get, post, route, web};',
      '#[get("/users/{id}")]',
      'async fn show() {}',
      '#[route("/items", method = "GET", method = "HEAD")]',
      'async fn items() {}',
      '#[actix_web::delete("/users/{id}")]',
      'async fn remove() {}',
      'fn config(cfg: &mut web::ServiceConfig) { cfg.service(web::scope("/api").service(show).service(items)); }',
    ));
    assert.deepEqual(summary(actix.routes), [
      '2:2 actix-web GET /api/users/{id} -> show (in show)',
      '4:2 actix-web GET /api/items -> items (in items)',
      '4:2 actix-web HEAD /api/items -> items (in items)',
      '6:2 actix-web DELETE /users/{id} -> remove (in remove)',
    ]);
    const rocket = await extractRust(rs(
      '#[macro_use] extern crate rocket;',
      '#[get("/hello/<name>/<rest..>?<lang>")]',
      'fn hello(name: &str) {}',
      '#[post("/", data = "<form>")]',
      'fn submit() {}',
      '#[route(PUT, uri = "/items")]',
      'fn put_item() {}',
      '#[launch]',
      'fn rocket() -> _ { rocket::build().mount("/", routes![hello]).mount("/forms", routes![submit, hello]) }',
    ));
    assert.deepEqual(summary(rocket.routes), [
      '2:2 rocket GET /hello/{name}/{rest} -> hello (in hello)',
      '2:2 rocket GET /forms/hello/{name}/{rest} -> hello (in hello)',
      '4:2 rocket POST /forms -> submit (in submit)',
      '6:2 rocket PUT /items -> put_item (in put_item)',
    ]);
  });

  it('reads no route from attributes of other crates or without a path', async () => {
    const facts = await extractRust(rs(
      'use poem::get;',
      '#[get("/x")]',
      'fn poem_handler() {}',
      '#[cfg(test)]',
      'fn not_a_route() {}',
      '#[rocket::get(name)]',
      'fn no_path() {}',
      'fn misc() { client.route("/x", handler); builder.route("/y", web::get()); }',
    ));
    assert.deepEqual(facts.routes, []);
  });
});

describe('extract/rust tonic gRPC servers', () => {
  it('reads a tonic service wrapper as a grpc_method route handled by the implementation type', async () => {
    const facts = await extractRust(rs(
      'use tonic::transport::Server;',
      'use hello_world::greeter_server::{Greeter, GreeterServer};',
      'use shop::orders_server::*;',
      'pub mod hello_world { tonic::include_proto!("helloworld"); }',
      '#[derive(Default)]',
      'pub struct MyGreeter {}',
      'pub struct MyOrders;',
      'pub struct MyAdmin;',
      '#[tokio::main]',
      'async fn main() -> Result<(), Box<dyn std::error::Error>> {',
      '    let greeter = MyGreeter::default();',
      '    let admin = admin_server::AdminServer::new(MyAdmin);',
      '    Server::builder()',
      '        .add_service(GreeterServer::new(greeter))',
      '        .add_service(OrdersServer::with_interceptor(MyOrders, check_auth))',
      '        .add_service(admin)',
      '        .add_service(ReportsServer::new(build_reports()))',
      '        .serve(addr).await?;',
      '    Ok(())',
      '}',
    ));
    assert.deepEqual(summary(facts.routes), [
      '12:30 tonic GRPC Admin -> MyAdmin (in main)',
      '14:21 tonic GRPC Greeter -> MyGreeter (in main)',
      '15:21 tonic GRPC Orders -> MyOrders (in main)',
      '17:21 tonic GRPC Reports -> null (in main)',
    ]);
    assert.deepEqual(facts.routes.find((r) => r.path === 'Greeter'), {
      line: 14, col: 21, method: 'GRPC', path: 'Greeter', mappingType: 'grpc_method',
      handler: { form: 'new', name: 'MyGreeter' }, registeredIn: 'main', framework: 'tonic',
    });
  });

  it('reads no server from a wrapper that is neither tonic\'s by module nor served', async () => {
    const facts = await extractRust(rs(
      'use crate::http::HttpServer;',
      'fn main() {',
      '    let s = HttpServer::new(Config::default());',
      '    let t = GameServer::new(World);',
      '    let u = greeter_server::OrdersServer::new(MyOrders);',
      '}',
    ));
    assert.deepEqual(summary(facts.routes), []);
  });
});
