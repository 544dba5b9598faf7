import * as assert from 'node:assert/strict';
import { routesOf } from './helpers';

describe('extract/go router frameworks, prefixes and computed paths', () => {
  it('reads gorilla/mux computed paths, PathPrefix sub-routers and route-builder chains', async () => {
    assert.deepEqual(await routesOf(
      'package api',
      'import "github.com/gorilla/mux"',
      'const baseURL = "/api/v1"',
      'var static = "/static/"',
      'func Router(h *Handlers) *mux.Router {',
      '\tr := mux.NewRouter()',
      '\tprefix := baseURL + "/shop"',
      '\tr.HandleFunc(baseURL+"/users", h.listUsers).Methods("GET")',
      '\tr.HandleFunc(prefix+"/items", h.listItems)',
      '\ts := r.PathPrefix("/admin").Subrouter()',
      '\ts.HandleFunc("/users/{id}", h.getUser).Methods("GET", "DELETE")',
      '\tt := s.PathPrefix(baseURL).Subrouter()',
      '\tt.Handle("/stats", stats{})',
      '\tr.Path("/orders").Methods("POST").HandlerFunc(h.createOrder)',
      '\tr.PathPrefix(static).Handler(files)',
      '\tr.Methods("PUT").Path("/orders/{id}").HandlerFunc(h.putOrder)',
      '\treturn r',
      '}',
    ), [
      '8:3 gorilla/mux GET /api/v1/users -> h.listUsers <Handlers> in Router',
      '9:3 gorilla/mux ANY /api/v1/shop/items -> h.listItems <Handlers> in Router',
      '11:3 gorilla/mux GET /admin/users/{id} -> h.getUser <Handlers> in Router',
      '11:3 gorilla/mux DELETE /admin/users/{id} -> h.getUser <Handlers> in Router',
      '13:3 gorilla/mux ANY /admin/api/v1/stats -> new stats in Router',
      '14:35 gorilla/mux POST /orders -> h.createOrder <Handlers> in Router',
      '15:22 gorilla/mux ANY /static/ -> files in Router',
      '16:39 gorilla/mux PUT /orders/{id} -> h.putOrder <Handlers> in Router',
    ]);
  });

  it('keeps a prefix variable at its declared value when every assignment reads the environment', async () => {
    assert.deepEqual(await routesOf(
      'package main',
      'import (',
      '\t"net/http"',
      '\t"os"',
      '\t"github.com/gorilla/mux"',
      ')',
      'var (',
      '\tbaseUrl = ""',
      '\tapiRoot = "/api"',
      ')',
      'func main() {',
      '\tbaseUrl = os.Getenv("BASE_URL")',
      '\tif v := os.Getenv("API_ROOT"); v != "" {',
      '\t\tapiRoot = v',
      '\t}',
      '\tr := mux.NewRouter()',
      '\tr.HandleFunc(baseUrl+"/cart", viewCart).Methods(http.MethodGet, http.MethodHead)',
      '\tr.HandleFunc(baseUrl+"/_healthz", func(w http.ResponseWriter, _ *http.Request) {})',
      '\tr.PathPrefix(baseUrl + "/static/").Handler(files)',
      '\tr.HandleFunc(apiRoot+"/items", items).Methods(http.MethodPost)',
      '}',
    ), [
      '17:3 gorilla/mux GET /cart -> viewCart in main',
      '17:3 gorilla/mux HEAD /cart -> viewCart in main',
      '18:3 gorilla/mux ANY /_healthz -> null in main',
      '19:36 gorilla/mux ANY /static/ -> files in main',
      '20:3 gorilla/mux POST /api/items -> items in main',
    ]);
  });

  it('gives a prefix no value when any assignment is not an environment read', async () => {
    assert.deepEqual(await routesOf(
      'package main',
      'import (',
      '\t"os"',
      '\t"github.com/gorilla/mux"',
      ')',
      'var base = ""',
      'var root = "/r"',
      'var unset string',
      'func main() {',
      '\tbase = os.Getenv("BASE_URL")',
      '\tif base == "" { base = "/default" }',
      '\troot += os.Getenv("SUFFIX")',
      '\tunset = os.Getenv("UNSET")',
      '\tr := mux.NewRouter()',
      '\tr.HandleFunc(base+"/a", a)',
      '\tr.HandleFunc(root+"/b", b)',
      '\tr.HandleFunc(unset+"/c", c)',
      '}',
    ), []);
  });

  it('gives a computed path no value when a name is assigned again or declared elsewhere', async () => {
    assert.deepEqual(await routesOf(
      'package api',
      'import "github.com/gorilla/mux"',
      'var base = "/a"',
      'func init() { base = "/b" }',
      'func Router(r *mux.Router) {',
      '\tr.HandleFunc(base+"/x", x)',
      '\tr.HandleFunc(otherFile+"/y", y)',
      '\tr.HandleFunc(fmt.Sprintf("/z/%d", 1), z)',
      '}',
    ), []);
  });

  it('reads chi Mount of a local or of a function of the file, and Route with a named function', async () => {
    assert.deepEqual(await routesOf(
      'package api',
      'import "github.com/go-chi/chi/v5"',
      'func Router(h *Handlers) chi.Router {',
      '\tr := chi.NewRouter()',
      '\tusers := chi.NewRouter()',
      '\tusers.Get("/{id}", h.getUser)',
      '\tr.Mount("/users", users)',
      '\tr.Mount("/admin", adminRouter(h))',
      '\tr.Route("/orders", orderRoutes)',
      '\treturn r',
      '}',
      'func adminRouter(h *Handlers) chi.Router {',
      '\tr := chi.NewRouter()',
      '\tr.Post("/reindex", h.reindex)',
      '\tr.Route("/jobs", func(r chi.Router) { r.Get("/", h.jobs) })',
      '\treturn r',
      '}',
      'func orderRoutes(r chi.Router) {',
      '\tr.Get("/", listOrders)',
      '}',
    ), [
      '6:7 chi GET /users/{id} -> h.getUser <Handlers> in Router',
      '14:3 chi POST /admin/reindex -> h.reindex <Handlers> in adminRouter',
      '15:41 chi GET /admin/jobs -> h.jobs <Handlers> in adminRouter',
      '19:3 chi GET /orders -> listOrders in orderRoutes',
    ]);
  });

  it('reads gin verbs, Any, Handle and nested Group prefixes with middleware before the handler', async () => {
    assert.deepEqual(await routesOf(
      'package api',
      'import "github.com/gin-gonic/gin"',
      'func Router(h *Handlers) *gin.Engine {',
      '\tr := gin.Default()',
      '\tr.GET("/ping", ping)',
      '\tv1 := r.Group("/v1")',
      '\t{',
      '\t\tv1.POST("/users", auth, h.createUser)',
      '\t\tadmin := v1.Group("/admin", auth)',
      '\t\tadmin.DELETE("/users/:id", h.deleteUser)',
      '\t\tv1.Any("/echo", h.echo)',
      '\t\tv1.Handle("PATCH", "/users/:id", h.patchUser)',
      '\t}',
      '\tr.Group("/v2").GET("", h.v2)',
      '\treturn r',
      '}',
    ), [
      '5:3 gin GET /ping -> ping in Router',
      '8:5 gin POST /v1/users -> h.createUser <Handlers> in Router',
      '10:8 gin DELETE /v1/admin/users/{id} -> h.deleteUser <Handlers> in Router',
      '11:5 gin ANY /v1/echo -> h.echo <Handlers> in Router',
      '12:5 gin PATCH /v1/users/{id} -> h.patchUser <Handlers> in Router',
      '14:16 gin GET /v2 -> h.v2 <Handlers> in Router',
    ]);
  });

  it('reads echo verbs, Any, Add and Group with middleware after the handler', async () => {
    assert.deepEqual(await routesOf(
      'package api',
      'import "github.com/labstack/echo/v4"',
      'func Register(e *echo.Echo, h *Handlers) {',
      '\te.GET("/users/:id", h.getUser, logged)',
      '\tg := e.Group("/admin", auth)',
      '\tg.POST("/jobs", h.createJob)',
      '\tg.Any("/debug", h.debug)',
      '\te.Add("PUT", "/users/:id", h.putUser)',
      '}',
    ), [
      '4:3 echo GET /users/{id} -> h.getUser <Handlers> in Register',
      '6:3 echo POST /admin/jobs -> h.createJob <Handlers> in Register',
      '7:3 echo ANY /admin/debug -> h.debug <Handlers> in Register',
      '8:3 echo PUT /users/{id} -> h.putUser <Handlers> in Register',
    ]);
  });

  it('reads Fiber v2 (handler last) and v3 (handler first) verbs, All and Group, Mount of a sub-app', async () => {
    assert.deepEqual(await routesOf(
      'package api',
      'import "github.com/gofiber/fiber/v2"',
      'func Register(h *Handlers) *fiber.App {',
      '\tapp := fiber.New()',
      '\tapi := app.Group("/api", limiter)',
      '\tapi.Get("/users/:id", auth, h.getUser)',
      '\tapi.All("/proxy", h.proxy)',
      '\tmicro := fiber.New()',
      '\tmicro.Post("/run", h.run)',
      '\tapp.Mount("/micro", micro)',
      '\tapi.Route("/jobs", func(jobs fiber.Router) { jobs.Delete("/:id", h.deleteJob) }, "jobs")',
      '\treturn app',
      '}',
    ), [
      '6:5 fiber GET /api/users/{id} -> h.getUser <Handlers> in Register',
      '7:5 fiber ANY /api/proxy -> h.proxy <Handlers> in Register',
      '9:7 fiber POST /micro/run -> h.run <Handlers> in Register',
      '11:51 fiber DELETE /api/jobs/{id} -> h.deleteJob <Handlers> in Register',
    ]);
    assert.deepEqual(await routesOf(
      'package api',
      'import "github.com/gofiber/fiber/v3"',
      'func Register(app *fiber.App, h *Handlers) {',
      '\tapp.Get("/users/:id", h.getUser, logged)',
      '}',
    ), ['4:5 fiber GET /users/{id} -> h.getUser <Handlers> in Register']);
  });

  it('reads a router type no table knows when the handler is a function value', async () => {
    assert.deepEqual(await routesOf(
      'package api',
      'import "net/http"',
      'type Server struct{ router *web.Router }',
      'func (s *Server) routes() {',
      '\ts.router.Get("/users", s.listUsers)',
      '\ts.router.Handle("POST", "/users", s.createUser)',
      '\ts.router.Post("/inline", func(w http.ResponseWriter, r *http.Request) {})',
      '\ts.router.Get("/local", health)',
      '\tcount := 3',
      '\ts.router.Get("/count", count)',
      '\ts.router.Get("/callback", func() int { return 1 })',
      '\ts.router.Get("key", s.listUsers)',
      '}',
      'func health(w http.ResponseWriter, r *http.Request) {}',
    ), [
      '5:10 web.Router GET /users -> s.listUsers <Server> if a function in Server.routes',
      '6:10 web.Router POST /users -> s.createUser <Server> if a function in Server.routes',
      '7:10 web.Router POST /inline -> null in Server.routes',
      '8:10 web.Router GET /local -> health in Server.routes',
    ]);
  });

  it('takes a handler built by a call when the file or the resolver shows it returns a function', async () => {
    assert.deepEqual(await routesOf(
      'package api',
      'import "net/http"',
      'func (a *API) register(r *route.Router) {',
      '\twrap := func(f apiFunc) http.HandlerFunc { return nil }',
      '\tr.Get("/query", wrap(a.query))',
      '\tr.Get("/ready", a.ready(a.remoteRead))',
      '\tr.Get("/logged", logged(a.query))',
      '\tr.Get("/count", len(a.items))',
      '}',
      'func logged(h http.HandlerFunc) http.HandlerFunc { return h }',
    ), [
      '5:3 route.Router GET /query -> null in API.register',
      '6:3 route.Router GET /ready -> a.ready <API> if a factory in API.register',
      '7:3 route.Router GET /logged -> logged in API.register',
    ]);
  });

  it('reads a receiver of unknown type only with a handler of visible net/http signature', async () => {
    assert.deepEqual(await routesOf(
      'package web',
      'import "net/http"',
      'func (h *Handler) serve() {',
      '\trouter := route.New().WithPrefix("/x")',
      '\trouter.Get("/", func(w http.ResponseWriter, r *http.Request) {})',
      '\trouter.Get("/version", h.version)',
      '\trouter.Get("/quit", quitElsewhere)',
      '\tcache.Get("/key", h.load)',
      '}',
      'func (h *Handler) version(w http.ResponseWriter, _ *http.Request) {}',
      'func (h *Handler) load(key string) int { return 0 }',
    ), [
      '5:8 router GET / -> null in Handler.serve',
      '6:8 router GET /version -> h.version <Handler> if a function in Handler.serve',
    ]);
  });

  it('reads no route from a non-router type of a router package or from a receiver it cannot type', async () => {
    assert.deepEqual(await routesOf(
      'package api',
      'import (',
      '\t"github.com/gin-gonic/gin"',
      '\t"github.com/go-chi/chi/v5"',
      '\t"github.com/gofiber/fiber/v2"',
      ')',
      'func handle(c *gin.Context) {',
      '\tc.Get("/key", h)',
      '\tx := build()',
      '\tx.Get("/key", h)',
      '}',
    ), []);
  });
});
