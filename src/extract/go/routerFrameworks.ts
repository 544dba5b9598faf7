/**
 * The Go HTTP router packages whose API the route reader knows: which import path is
 * which framework, which constructors and types are its routers, and what each
 * registration method means. Everything here is read off the packages' documented
 * signatures; a router type the table does not know is handled by the generic rule in
 * routes.ts.
 */

export type RouterFrameworkName = 'net/http' | 'chi' | 'gorilla/mux' | 'gin' | 'echo' | 'fiber';

/** Where the handler sits among a verb method's arguments after the path. */
export type HandlerPosition = 'first' | 'last';

export interface RouterFramework {
  readonly name: RouterFrameworkName;
  readonly importPath: RegExp;
  /** Package functions returning a router: `gin.Default()`, `echo.New()`. */
  readonly constructors: ReadonlySet<string>;
  /** Exported types whose values are routers: `gin.RouterGroup`, `fiber.Router`. */
  readonly routerTypes: ReadonlySet<string>;
  /** Method name -> HTTP method for `r.GET(path, handler)` forms; `ANY` for gin/echo `Any` and fiber `All`. */
  readonly verbs: ReadonlyMap<string, string>;
  /** The handler after the path: echo takes `(path, h, middleware...)`, gin and fiber v2 `(path, middleware..., h)`. */
  readonly handlerAt: HandlerPosition;
  /** Methods taking `(method, path, handler...)`: gin `Handle`, echo `Add`, fiber v2 `Add`. */
  readonly methodPathHandler: ReadonlySet<string>;
  /** Methods returning a sub-router under a path prefix given first: gin/echo/fiber `Group`. */
  readonly groups: ReadonlySet<string>;
  /** Methods returning the same router with middleware (same prefix): chi `With`, gin `Use` is not one (it returns IRoutes). */
  readonly sameRouter: ReadonlySet<string>;
  /** `Mount(prefix, sub)` and `Route(prefix, func(r Router))`: chi and Fiber serve a whole sub-router under a prefix. */
  readonly mounts: boolean;
}

const UPPER_VERBS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const TITLE_VERBS = ['Get', 'Post', 'Put', 'Patch', 'Delete', 'Head', 'Options', 'Connect', 'Trace'];

function verbs(names: readonly string[], any?: string): ReadonlyMap<string, string> {
  const map = new Map(names.map((name) => [name, name.toUpperCase()]));
  if (any) map.set(any, 'ANY');
  return map;
}

const FRAMEWORKS: readonly RouterFramework[] = [
  {
    name: 'net/http', importPath: /^net\/http$/, constructors: new Set(['NewServeMux']), routerTypes: new Set(['ServeMux']),
    verbs: new Map(), handlerAt: 'first', methodPathHandler: new Set(), groups: new Set(), sameRouter: new Set(), mounts: false,
  },
  {
    name: 'chi', importPath: /^github\.com\/go-chi\/chi(?:\/v\d+)?$/,
    constructors: new Set(['NewRouter', 'NewMux']), routerTypes: new Set(['Router', 'Mux']),
    verbs: verbs(TITLE_VERBS), handlerAt: 'first', methodPathHandler: new Set(), groups: new Set(),
    sameRouter: new Set(['With', 'Group']), mounts: true,
  },
  {
    name: 'gorilla/mux', importPath: /^github\.com\/gorilla\/mux$/, constructors: new Set(['NewRouter']), routerTypes: new Set(['Router']),
    verbs: new Map(), handlerAt: 'first', methodPathHandler: new Set(), groups: new Set(), sameRouter: new Set(), mounts: false,
  },
  {
    name: 'gin', importPath: /^github\.com\/gin-gonic\/gin$/,
    constructors: new Set(['Default', 'New']), routerTypes: new Set(['Engine', 'RouterGroup', 'IRouter', 'IRoutes']),
    verbs: verbs(UPPER_VERBS, 'Any'), handlerAt: 'last', methodPathHandler: new Set(['Handle']), groups: new Set(['Group']),
    sameRouter: new Set(), mounts: false,
  },
  {
    name: 'echo', importPath: /^github\.com\/labstack\/echo(?:\/v\d+)?$/,
    constructors: new Set(['New']), routerTypes: new Set(['Echo', 'Group']),
    verbs: verbs([...UPPER_VERBS, 'CONNECT', 'TRACE'], 'Any'), handlerAt: 'first', methodPathHandler: new Set(['Add']),
    groups: new Set(['Group']), sameRouter: new Set(), mounts: false,
  },
  {
    name: 'fiber', importPath: /^github\.com\/gofiber\/fiber(?:\/v\d+)?$/,
    constructors: new Set(['New']), routerTypes: new Set(['App', 'Router', 'Group']),
    verbs: verbs(TITLE_VERBS, 'All'), handlerAt: 'last', methodPathHandler: new Set(), groups: new Set(['Group']),
    sameRouter: new Set(), mounts: true,
  },
];

/** Fiber v3 takes `(path, handler, middleware...)` where v2 took `(path, handlers...)`. */
const FIBER_V3 = {
  ...FRAMEWORKS.find((f) => f.name === 'fiber')!,
  handlerAt: 'first',
} satisfies RouterFramework;

/** The framework an import path is, if any. */
export function frameworkOfImport(importPath: string | undefined): RouterFramework | undefined {
  if (!importPath) return undefined;
  if (/^github\.com\/gofiber\/fiber\/v(?:[3-9]|\d\d+)$/.test(importPath)) return FIBER_V3;
  return FRAMEWORKS.find((framework) => framework.importPath.test(importPath));
}

/**
 * The router framework a constructor or type of an imported package stands for:
 * `http.NewServeMux`/`http.ServeMux`, `chi.NewRouter`/`chi.Router`, `mux.NewRouter`,
 * `gin.Default`/`gin.RouterGroup`, `echo.New`/`echo.Group`, `fiber.New`/`fiber.Router`.
 */
export function routerFramework(importPath: string | undefined, name: string): RouterFrameworkName | undefined {
  const framework = frameworkOfImport(importPath);
  return framework && (framework.constructors.has(name) || framework.routerTypes.has(name)) ? framework.name : undefined;
}

/** The standard library's ServeMux, the default for `x.Handle("/p", h)` on a receiver of unknown type. */
export const NET_HTTP_FRAMEWORK: RouterFramework = FRAMEWORKS[0]!;
