import * as assert from 'node:assert/strict';
import { parseServeMuxPattern } from '../../../src/extract/go/routes';
import { extractGo, go, routesOf, showRoute as show } from './helpers';

describe('extract/go routes', () => {
  it('reads net/http registrations, Go 1.22 method patterns and handler forms', async () => {
    const facts = await extractGo(go(
      'package main',
      'import "net/http"',
      'func (a *App) routes(mux *http.ServeMux) {',
      '\thttp.HandleFunc("/health", health)',
      '\tmux.HandleFunc("GET /users/{id}", a.getUser)',
      '\tmux.Handle("POST example.com/users/{$}", http.HandlerFunc(createUser))',
      '\tmux.Handle("/files/{path...}", http.StripPrefix("/files/", files))',
      '\tmux.HandleFunc("/inline", func(w http.ResponseWriter, r *http.Request) {})',
      '}',
    ));
    assert.deepEqual(facts.routes[0], {
      line: 4, col: 6, method: 'ANY', path: '/health', mappingType: 'http_route',
      handler: { form: 'name', name: 'health' }, registeredIn: 'App.routes', framework: 'net/http',
    });
    assert.deepEqual(facts.routes.map(show), [
      '4:6 net/http ANY /health -> health in App.routes',
      '5:5 net/http GET /users/{id} -> a.getUser <App> in App.routes',
      '6:5 net/http POST /users/ -> createUser in App.routes',
      '7:5 net/http ANY /files/{path} -> http.StripPrefix in App.routes',
      '8:5 net/http ANY /inline -> null in App.routes',
    ]);
  });

  it('reads chi registrations with Route prefixes, Method and MethodFunc', async () => {
    assert.deepEqual(await routesOf(
      'package api',
      'import (',
      '\t"net/http"',
      '\t"github.com/go-chi/chi/v5"',
      ')',
      'func Router(h *Handlers) http.Handler {',
      '\tr := chi.NewRouter()',
      '\tr.Get("/ping", ping)',
      '\tr.Route("/api", func(r chi.Router) {',
      '\t\tr.Post("/users", h.createUser)',
      '\t\tr.Route("/users/{id}", func(r chi.Router) {',
      '\t\t\tr.Get("/", h.getUser)',
      '\t\t\tr.Method(http.MethodPut, "/", http.HandlerFunc(h.putUser))',
      '\t\t\tr.MethodFunc("DELETE", "/", h.deleteUser)',
      '\t\t})',
      '\t})',
      '\tr.With(auth).Patch("/items/{id:[0-9]+}", patchItem)',
      '\tr.Handle("/metrics", metrics())',
      '\treturn r',
      '}',
    ), [
      '8:3 chi GET /ping -> ping in Router',
      '10:4 chi POST /api/users -> h.createUser <Handlers> in Router',
      '12:5 chi GET /api/users/{id} -> h.getUser <Handlers> in Router',
      '13:5 chi PUT /api/users/{id} -> h.putUser <Handlers> in Router',
      '14:5 chi DELETE /api/users/{id} -> h.deleteUser <Handlers> in Router',
      '17:14 chi PATCH /items/{id} -> patchItem in Router',
      '18:3 chi ANY /metrics -> metrics in Router',
    ]);
  });

  it('reads gorilla/mux registrations, one route per Methods entry', async () => {
    assert.deepEqual(await routesOf(
      'package api',
      'import (',
      '\t"net/http"',
      '\t"github.com/gorilla/mux"',
      ')',
      'func Router() *mux.Router {',
      '\tr := mux.NewRouter()',
      '\tr.HandleFunc("/orders/{id:[0-9]+}", getOrder).Methods("GET", http.MethodPut)',
      '\tr.HandleFunc("/orders", listOrders)',
      '\tr.Handle("/feed", &feed{}).Methods("get")',
      '\treturn r',
      '}',
    ), [
      '8:3 gorilla/mux GET /orders/{id} -> getOrder in Router',
      '8:3 gorilla/mux PUT /orders/{id} -> getOrder in Router',
      '9:3 gorilla/mux ANY /orders -> listOrders in Router',
      '10:3 gorilla/mux GET /feed -> new feed in Router',
    ]);
  });

  it('lets the receiver decide the router when a file imports several', async () => {
    assert.deepEqual(await routesOf(
      'package api',
      'import (',
      '\t"net/http"',
      '\t"github.com/gorilla/mux"',
      ')',
      'func serve(r *mux.Router) {',
      '\tr.HandleFunc("/a", a)',
      '\tmux := http.NewServeMux()',
      '\tmux.Handle("/b", b)',
      '}',
    ), ['7:3 gorilla/mux ANY /a -> a in serve', '9:5 net/http ANY /b -> b in serve']);
  });

  it('reads gRPC service registrations with the handler type or factory', async () => {
    const facts = await extractGo(go(
      'package main',
      'func main() {',
      '\ts := grpc.NewServer()',
      '\tpb.RegisterGreeterServer(s, &greeter{})',
      '\tpb.RegisterOrdersServer(s, orders.Server{})',
      '\tpb.RegisterUsersServer(s, newUsers(db))',
      '\tpb.RegisterAdminServer(s, admin)',
      '\tRegisterLocalServer(s, local.New())',
      '\tpb.RegisterGatewayHandlerServer(ctx, mux, srv)',
      '}',
    ));
    assert.deepEqual(facts.routes[0], {
      line: 4, col: 4, method: 'GRPC', path: 'Greeter', mappingType: 'grpc_method',
      handler: { form: 'new', name: 'greeter' }, registeredIn: 'main', framework: 'grpc',
    });
    assert.deepEqual(facts.routes.map(show), [
      '4:4 grpc GRPC Greeter -> new greeter in main',
      '5:4 grpc GRPC Orders -> new orders.Server in main',
      '6:4 grpc GRPC Users -> newUsers in main',
      '7:4 grpc GRPC Admin -> admin in main',
      '8:1 grpc GRPC Local -> local.New in main',
    ]);
  });

  it('finds no routes where the router, path or handler shape is not there', async () => {
    assert.deepEqual(await routesOf(
      'package cache',
      'func f(c *Cache, mux Mux) {',
      '\tc.Get("/key", v)',
      '\tc.Post("/x", h)',
      '\tmux.Handle(prefix+"/x", h)',
      '\tmux.Handle("relative", h)',
      '\tbus.HandleFunc("event", h)',
      '}',
    ), [
      // A typed receiver of no known router: the route stands only if the resolver finds a function.
      '3:3 Cache GET /key -> v if a function in f',
      '4:3 Cache POST /x -> h if a function in f',
    ]);
    assert.deepEqual(await routesOf(
      'package api',
      'import "github.com/go-chi/chi/v5"',
      'func f(cache *Cache) {',
      '\tcache.Get("key", v)',
      '\tcache.Post("/typed/not/a/router", v)',
      '\tr := chi.NewRouter()',
      '\tr.Get(path, h)',
      '}',
    ), ['5:7 Cache POST /typed/not/a/router -> v if a function in f']);
  });

  it('takes the handler as null when it is a local value of unknown type', async () => {
    assert.deepEqual(await routesOf(
      'package main',
      'func main() {',
      '\th := build()',
      '\thttp.Handle("/", h)',
      '}',
    ), ['4:6 net/http ANY / -> null in main']);
  });

  it('takes the type of a local or field registered as the handler, when declared', async () => {
    assert.deepEqual(await routesOf(
      'package main',
      'type app struct{ orders *orders.Server }',
      'func (a *app) serve(s *grpc.Server) {',
      '\tsrv := &greeter{}',
      '\tpb.RegisterGreeterServer(s, srv)',
      '\tvar users pb.UsersServer',
      '\tpb.RegisterUsersServer(s, users)',
      '\tpb.RegisterOrdersServer(s, a.orders)',
      '}',
    ), [
      '5:4 grpc GRPC Greeter -> new greeter in app.serve',
      '7:4 grpc GRPC Users -> new pb.UsersServer in app.serve',
      '8:4 grpc GRPC Orders -> new orders.Server in app.serve',
    ]);
  });

  it('parses ServeMux patterns', () => {
    assert.deepEqual(parseServeMuxPattern('GET /a/{id}'), { method: 'GET', path: '/a/{id}' });
    assert.deepEqual(parseServeMuxPattern('/static/{rest...}'), { method: 'ANY', path: '/static/{rest}' });
    assert.deepEqual(parseServeMuxPattern('example.com:8080/'), { method: 'ANY', path: '/' });
    assert.equal(parseServeMuxPattern('no-path'), undefined);
    assert.equal(parseServeMuxPattern('GET not a path'), undefined);
  });
});
