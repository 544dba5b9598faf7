import { normaliseRoutePath, positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { RouteFact } from '../facts';
import { singleBindings } from './bindings';
import type { CallMatch } from './collect';
import type { GoFileContext } from './context';
import { RouteHandlers } from './routeHandlers';
import { NET_HTTP_FRAMEWORK, type RouterFramework } from './routerFrameworks';
import { argumentsOf, gorillaChain, joinRoutePath, RouterValues } from './routerValues';
import { inDocumentOrder, type Scope } from './scopes';
import { StringConstants } from './stringConstants';

/**
 * Route registrations: net/http (with Go 1.22 method patterns), chi, gorilla/mux, gin,
 * echo, Fiber, gRPC `Register<Service>Server`, and any other router type whose method
 * is named for an HTTP verb or `Handle` and takes (path, function). Paths are string
 * constants this file fixes (`base + "/x"`) and start with `/`; prefixes come from the
 * frameworks' own group, sub-router and mount calls (routerValues.ts). Routers count
 * by their receiver's constructor or declared type; a receiver local syntax does not
 * type counts only in a file importing exactly one framework that has the method.
 */

const GRPC_REGISTRATION = /^Register(\w+)Server$/;
const HTTP_VERBS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'CONNECT', 'TRACE'];
/** The generic rule's verb methods, as routers spell them: `GET` or `Get`. */
const GENERIC_VERBS: ReadonlyMap<string, string> = new Map(HTTP_VERBS.flatMap((verb) => {
  const title = verb[0] + verb.slice(1).toLowerCase();
  return [[verb, verb], [title, verb]] as [string, string][];
}));
const HANDLE_METHODS = new Set(['Handle', 'HandleFunc', 'Handler', 'HandlerFunc']);
const NET_HTTP = 'net/http';

interface RouteSite {
  readonly call: CallMatch;
  readonly callee: SyntaxNode;
  readonly args: SyntaxNode[];
  readonly scope: Scope;
}

export function routeFacts(context: GoFileContext): RouteFact[] {
  let reader: RouteReader | undefined;
  const routes: RouteFact[] = [];
  for (const call of inDocumentOrder(context.matches.calls, (c) => c.node.startIndex)) {
    const callee = call.property ?? call.name;
    const name = callee?.text;
    if (!callee || !name || !mayRegister(name)) continue;
    const args = argumentsOf(call.arguments);
    if (args.length < fewestArguments(name)) continue;
    // Built for the first candidate only: most files register nothing.
    reader ??= new RouteReader(context);
    const site = { call, callee, args, scope: context.scopeAt(call.node.startIndex) };
    routes.push(...reader.routesAt(site));
  }
  return routes;
}

/**
 * The fewest arguments a registration by this method name takes: a gorilla chain ends in
 * `Handler(h)`; every other form passes at least a path and a handler (`wg.Add(1)` is no
 * route, and most files have such calls and no route).
 */
function fewestArguments(name: string): number {
  return name === 'Handler' || name === 'HandlerFunc' ? 1 : 2;
}

/** Method names a registration can have: every form below starts from one of these. */
function mayRegister(name: string): boolean {
  return HANDLE_METHODS.has(name) || GENERIC_VERBS.has(name) || GRPC_REGISTRATION.test(name)
    || name === 'Method' || name === 'MethodFunc' || name === 'Any' || name === 'All' || name === 'Add';
}

class RouteReader {
  private readonly netHttpName: string | undefined;
  private readonly constants: StringConstants;
  private readonly routers: RouterValues;
  private readonly handlers: RouteHandlers;

  constructor(private readonly context: GoFileContext) {
    this.netHttpName = [...context.importPaths.entries()].find(([, path]) => path === NET_HTTP)?.[0];
    const bindings = singleBindings(context);
    this.constants = new StringConstants(context, bindings);
    this.routers = new RouterValues(context, bindings, this.constants);
    this.handlers = new RouteHandlers(context, bindings, this.netHttpName);
  }

  routesAt(site: RouteSite): RouteFact[] {
    const name = site.callee.text;
    const service = GRPC_REGISTRATION.exec(name)?.[1];
    if (service && site.args.length === 2) return [this.route(site, 'GRPC', service, 'grpc', site.args[1]!)];
    const object = site.call.object;
    if (!site.call.property || !object) return [];
    if ((name === 'Handler' || name === 'HandlerFunc') && site.args.length === 1) return this.gorillaChainRoutes(site, object);
    const receiver = this.routers.of(object, site.scope);
    if (receiver?.kind === 'router') return this.frameworkRoutes(site, receiver.framework, receiver.prefixes);
    if (receiver?.kind === 'typed') return this.genericRoutes(site, receiver.type);
    if (receiver?.kind === 'none') return [];
    const byImports = this.frameworkByImports(site);
    if (byImports) return this.frameworkRoutes(site, byImports, ['']);
    return this.untypedRoutes(site);
  }

  /**
   * A receiver whose type local syntax does not show (`router := route.New().With(...)`):
   * the generic rule, but only with a handler whose net/http signature this file shows.
   */
  private untypedRoutes(site: RouteSite): RouteFact[] {
    const handler = site.args[site.args.length - 1];
    if (!handler || !this.handlers.hasHandlerSignature(handler, site.scope)) return [];
    return this.genericRoutes(site, 'router');
  }

  /**
   * A receiver local syntax does not type: `Handle`/`HandleFunc` with a method pattern is a
   * ServeMux's, else the one imported framework with that method (gorilla before chi
   * before net/http for `Handle`, as they are most often used together).
   */
  private frameworkByImports(site: RouteSite): RouterFramework | undefined {
    const name = site.callee.text;
    const imported = this.routers.importedFrameworks();
    const named = (n: string) => imported.find((framework) => framework.name === n);
    if ((name === 'Handle' || name === 'HandleFunc') && site.args.length === 2) {
      const pattern = this.constants.valueOf(site.args[0]!, site.scope);
      if (pattern !== undefined && /^[A-Z]+\s/.test(pattern)) return named(NET_HTTP);
      return named('gorilla/mux') ?? named('chi') ?? NET_HTTP_FRAMEWORK;
    }
    const fitting = imported.filter((framework) => framework.verbs.has(name) || framework.methodPathHandler.has(name)
      || (framework.name === 'chi' && (name === 'Method' || name === 'MethodFunc')));
    return fitting.length === 1 ? fitting[0] : undefined;
  }

  private frameworkRoutes(site: RouteSite, framework: RouterFramework, prefixes: readonly string[]): RouteFact[] {
    const name = site.callee.text;
    const { args } = site;
    if (framework.name === NET_HTTP) {
      if (!HANDLE_METHODS.has(name) || name.startsWith('Handler') || args.length !== 2) return [];
      const pattern = this.constants.valueOf(args[0]!, site.scope);
      const parsed = pattern === undefined ? undefined : parseServeMuxPattern(pattern);
      return parsed ? [this.route(site, parsed.method, parsed.path, NET_HTTP, args[1]!)] : [];
    }
    if (framework.name === 'gorilla/mux') {
      if ((name !== 'Handle' && name !== 'HandleFunc') || args.length !== 2) return [];
      const methods = argumentsOf(this.context.matches.routeMethods.get(site.call.node.id));
      return this.gorillaRoutes(site, prefixes, args[0]!, methods, args[1]!);
    }
    if (((name === 'Handle' || name === 'HandleFunc') && framework.name === 'chi') && args.length === 2) {
      return this.prefixedRoutes(site, framework, prefixes, 'ANY', args[0]!, args[1]!);
    }
    const verb = framework.verbs.get(name);
    if (verb && args.length >= 2) {
      const handler = framework.handlerAt === 'first' ? args[1]! : args[args.length - 1]!;
      return this.prefixedRoutes(site, framework, prefixes, verb, args[0]!, handler);
    }
    const methodFirst = framework.methodPathHandler.has(name) || (framework.name === 'chi' && (name === 'Method' || name === 'MethodFunc'));
    if (methodFirst && args.length >= 3) {
      const method = this.methodName(args[0]!, site.scope);
      const handler = framework.handlerAt === 'first' ? args[2]! : args[args.length - 1]!;
      return method ? this.prefixedRoutes(site, framework, prefixes, method, args[1]!, handler) : [];
    }
    return [];
  }

  private prefixedRoutes(
    site: RouteSite, framework: RouterFramework, prefixes: readonly string[], method: string, pathArg: SyntaxNode, handler: SyntaxNode,
  ): RouteFact[] {
    const path = this.constants.valueOf(pathArg, site.scope);
    if (path === undefined || !(path.startsWith('/') || (path === '' && prefixes.some((p) => p !== '')))) return [];
    return unique(prefixes.map((prefix) => joinRoutePath(prefix, path)))
      .map((full) => this.route(site, method, full, framework.name, handler));
  }

  /** gorilla: one route per `.Methods(...)` entry (ANY without), under each sub-router prefix. */
  private gorillaRoutes(site: RouteSite, prefixes: readonly string[], pathArg: SyntaxNode, methodArgs: readonly SyntaxNode[], handler: SyntaxNode): RouteFact[] {
    const path = this.constants.valueOf(pathArg, site.scope);
    if (path === undefined || !(path.startsWith('/') || (path === '' && prefixes.some((p) => p !== '')))) return [];
    const methods = methodArgs.map((arg) => this.methodName(arg, site.scope)).filter((m) => m !== undefined);
    return unique(prefixes.map((prefix) => joinRoutePath(prefix, path))).flatMap((full) =>
      (methods.length > 0 ? methods : ['ANY']).map((method) => this.route(site, method, full, 'gorilla/mux', handler)));
  }

  /** gorilla: `r.Path("/x").Methods("GET").HandlerFunc(h)`, `r.PathPrefix("/static/").Handler(fs)`. */
  private gorillaChainRoutes(site: RouteSite, object: SyntaxNode): RouteFact[] {
    const chain = object.type === 'call_expression' ? gorillaChain(object) : undefined;
    if (!chain?.path) return [];
    const router = this.routers.of(chain.router, site.scope);
    if (router?.kind !== 'router' || router.framework.name !== 'gorilla/mux') return [];
    return this.gorillaRoutes(site, router.prefixes, chain.path.node, chain.methods, site.args[0]!);
  }

  /**
   * The generic rule, for a receiver of a type no framework table knows: `x.Get("/p", h)`,
   * `x.Handle("/p", h)`, `x.Handle("GET", "/p", h)` where h is a function value. A handler
   * declared elsewhere must resolve to a function or method for the route to stand.
   */
  private genericRoutes(site: RouteSite, type: string): RouteFact[] {
    const name = site.callee.text;
    const { args } = site;
    let method: string | undefined;
    let pathArg: SyntaxNode | undefined;
    if (args.length === 2 && (GENERIC_VERBS.has(name) || HANDLE_METHODS.has(name))) {
      method = GENERIC_VERBS.get(name) ?? 'ANY';
      pathArg = args[0];
    } else if (args.length === 3 && HANDLE_METHODS.has(name)) {
      method = this.methodName(args[0]!, site.scope);
      pathArg = args[1];
    }
    const path = pathArg && this.constants.valueOf(pathArg, site.scope);
    if (!method || path === undefined || !path.startsWith('/')) return [];
    const handler = args[args.length - 1]!;
    const evidence = this.handlers.functionEvidence(handler, site.scope);
    if (evidence === 'no') return [];
    const route = this.route(site, method, path, type.replace(/^\*+/, ''), handler);
    if (evidence === 'yes') return [route];
    return [{ ...route, handlerMust: evidence === 'resolver' ? 'function' : 'factory' }];
  }

  /** `"GET"`, a constant holding it, or `http.MethodGet`. */
  private methodName(node: SyntaxNode, scope: Scope): string | undefined {
    const literal = this.constants.valueOf(node, scope);
    if (literal !== undefined) return /^[A-Za-z]+$/.test(literal) ? literal.toUpperCase() : undefined;
    const constant = /^(\w+)\.Method([A-Z][a-z]+)$/.exec(node.text);
    return constant && constant[1] === this.netHttpName ? constant[2]!.toUpperCase() : undefined;
  }

  private route(site: RouteSite, method: string, path: string, framework: string, handler: SyntaxNode): RouteFact {
    const grpc = framework === 'grpc';
    return {
      ...positionOf(site.callee),
      method,
      path: grpc ? path : normaliseRoutePath(path),
      mappingType: grpc ? 'grpc_method' : 'http_route',
      handler: this.handlers.handlerOf(handler, site.scope),
      registeredIn: site.scope.symbol,
      framework,
    };
  }
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

/**
 * A ServeMux pattern: `[METHOD ][HOST]/PATH`, with `{name...}` wildcards and a `{$}`
 * end anchor (Go 1.22). Undefined when it has no path.
 */
export function parseServeMuxPattern(pattern: string): { method: string; path: string } | undefined {
  const withMethod = /^([A-Z]+)\s+(\S+)$/.exec(pattern.trim());
  const method = withMethod ? withMethod[1]! : 'ANY';
  const rest = withMethod ? withMethod[2]! : pattern.trim();
  const slash = rest.indexOf('/');
  if (slash < 0 || (slash > 0 && !/^[\w.-]+(?::\d+)?$/.test(rest.slice(0, slash)))) return undefined;
  const path = rest.slice(slash).replace(/\{([A-Za-z_]\w*)\.\.\.\}/g, '{$1}').replace(/\{\$\}$/, '');
  return { method, path };
}
