import { normaliseRoutePath, positionOf, unquote } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, RouteFact } from '../facts';
import type { CallMatch } from './collect';
import type { GoFileContext } from './context';
import { CHI_IMPORT, isBuiltin, isDottedPath, routerFramework } from './names';
import { inDocumentOrder, type Scope } from './scopes';
import { memberExpression, objectTypeOf } from './expressionTypes';

/**
 * Route registrations: net/http (with Go 1.22 method patterns), chi, gorilla/mux and
 * gRPC `Register<Service>Server`. Router frameworks count only in files that import
 * them, and paths only when written as string literals starting with `/`, so a
 * `cache.Get("key", v)` never becomes a route.
 */

const CHI_METHODS: ReadonlyMap<string, string> = new Map([
  ['Get', 'GET'], ['Post', 'POST'], ['Put', 'PUT'], ['Patch', 'PATCH'], ['Delete', 'DELETE'],
  ['Head', 'HEAD'], ['Options', 'OPTIONS'], ['Connect', 'CONNECT'], ['Trace', 'TRACE'],
]);
const GRPC_REGISTRATION = /^Register(\w+)Server$/;
const NET_HTTP = 'net/http';

interface RouteSite {
  readonly call: CallMatch;
  readonly callee: SyntaxNode;
  readonly args: SyntaxNode[];
  readonly scope: Scope;
}

export function routeFacts(context: GoFileContext): RouteFact[] {
  const reader = new RouteReader(context);
  const routes: RouteFact[] = [];
  for (const call of inDocumentOrder(context.matches.calls, (c) => c.node.startIndex)) {
    const callee = call.property ?? call.name;
    if (!callee || !reader.isCandidate(callee.text)) continue;
    const site = { call, callee, args: argumentsOf(call.arguments), scope: context.scopeAt(call.node.startIndex) };
    routes.push(...reader.routesAt(site));
  }
  return routes;
}

class RouteReader {
  private readonly netHttpName: string | undefined;
  private readonly importsChi: boolean;
  private readonly importsGorilla: boolean;

  constructor(private readonly context: GoFileContext) {
    const paths = [...context.importPaths.entries()];
    this.netHttpName = paths.find(([, path]) => path === NET_HTTP)?.[0];
    this.importsChi = paths.some(([, path]) => CHI_IMPORT.test(path));
    this.importsGorilla = paths.some(([, path]) => path === 'github.com/gorilla/mux');
  }

  isCandidate(name: string): boolean {
    return name === 'Handle' || name === 'HandleFunc' || name === 'Method' || name === 'MethodFunc'
      || CHI_METHODS.has(name) || GRPC_REGISTRATION.test(name);
  }

  routesAt(site: RouteSite): RouteFact[] {
    const name = site.callee.text;
    const service = GRPC_REGISTRATION.exec(name)?.[1];
    if (service && site.args.length === 2) return [this.route(site, 'GRPC', service, 'grpc', site.args[1])];
    if (!site.call.property) return [];
    const receiver = this.receiverFramework(site);
    if ((name === 'Handle' || name === 'HandleFunc') && site.args.length === 2) return this.handleRoutes(site, receiver ?? undefined);
    const onChi = receiver === 'chi' || (receiver === undefined && this.importsChi);
    if (!onChi) return [];
    const method = CHI_METHODS.get(name);
    if (method && site.args.length === 2) return this.chiRoutes(site, method, site.args[0], site.args[1]);
    if ((name === 'Method' || name === 'MethodFunc') && site.args.length === 3) {
      const explicit = this.methodName(site.args[0]);
      return explicit ? this.chiRoutes(site, explicit, site.args[1], site.args[2]) : [];
    }
    return [];
  }

  /**
   * The framework of the router a registration is made on, when local syntax shows it:
   * the `http` package itself, a local built by a router constructor, or a receiver
   * typed `*http.ServeMux`, `chi.Router`, `*mux.Router`. Null when the receiver has a
   * known type that is no router (`cache.Get("/key", v)`), undefined when unknown.
   */
  private receiverFramework(site: RouteSite): string | null | undefined {
    const object = site.call.object;
    if (!object || !isDottedPath(object.text)) return undefined;
    const path = object.text;
    const local = path.includes('.') ? undefined : site.scope.lookup(path, object.startIndex);
    if (local?.router) return local.router;
    if (!local && path === this.netHttpName) return NET_HTTP;
    const type = objectTypeOf(path, site.scope, object.startIndex, this.context);
    if (!type) return undefined;
    const dot = type.indexOf('.');
    return (dot > 0 && routerFramework(this.context.importPaths.get(type.slice(0, dot)), type.slice(dot + 1))) || null;
  }

  /**
   * `Handle`/`HandleFunc` exist on all three routers: the receiver decides, else a
   * method pattern means a ServeMux, else the router package the file imports.
   */
  private handleRoutes(site: RouteSite, receiver: string | undefined): RouteFact[] {
    const pattern = stringValue(site.args[0]);
    if (pattern === undefined) return [];
    const framework = receiver ?? this.frameworkByImports(pattern);
    if (framework === 'gorilla/mux') return this.gorillaRoutes(site, pattern);
    if (framework === 'chi') return this.chiRoutes(site, 'ANY', site.args[0], site.args[1]);
    const parsed = parseServeMuxPattern(pattern);
    return parsed ? [this.route(site, parsed.method, parsed.path, NET_HTTP, site.args[1])] : [];
  }

  private frameworkByImports(pattern: string): string {
    if (/^[A-Z]+\s/.test(pattern)) return NET_HTTP;
    if (this.importsGorilla) return 'gorilla/mux';
    return this.importsChi ? 'chi' : NET_HTTP;
  }

  private gorillaRoutes(site: RouteSite, path: string): RouteFact[] {
    if (!path.startsWith('/')) return [];
    const methodsArgs = this.context.matches.routeMethods.get(site.call.node.id);
    const methods = methodsArgs ? argumentsOf(methodsArgs).map((arg) => this.methodName(arg)).filter((m) => m !== undefined) : [];
    return (methods.length > 0 ? methods : ['ANY']).map((method) => this.route(site, method, path, 'gorilla/mux', site.args[1]));
  }

  private chiRoutes(site: RouteSite, method: string, pathArg: SyntaxNode, handler: SyntaxNode): RouteFact[] {
    const path = stringValue(pathArg);
    if (path === undefined || !path.startsWith('/')) return [];
    const full = [...site.scope.routePrefixes(), path].reduce(joinRoutePath);
    return [this.route(site, method, full, 'chi', handler)];
  }

  /** `"GET"` or `http.MethodGet`. */
  private methodName(node: SyntaxNode): string | undefined {
    const literal = stringValue(node);
    if (literal !== undefined) return /^[A-Za-z]+$/.test(literal) ? literal.toUpperCase() : undefined;
    const constant = /^(\w+)\.Method([A-Z][a-z]+)$/.exec(node.text);
    return constant && constant[1] === this.netHttpName ? constant[2].toUpperCase() : undefined;
  }

  private route(site: RouteSite, method: string, path: string, framework: string, handler: SyntaxNode): RouteFact {
    const grpc = framework === 'grpc';
    return {
      ...positionOf(site.callee),
      method,
      path: grpc ? path : normaliseRoutePath(path),
      mappingType: grpc ? 'grpc_method' : 'http_route',
      handler: this.handlerOf(handler, site.scope),
      registeredIn: site.scope.symbol,
      framework,
    };
  }

  /**
   * The handler as a callee: a function name, a method value `s.handleX`, a type for
   * `&server{}` or for a variable or field whose type local syntax shows (`srv :=
   * &server{}` then `RegisterXServer(s, srv)`), a factory for `newServer()`; null for
   * inline functions and anything local syntax cannot name.
   */
  private handlerOf(node: SyntaxNode, scope: Scope): CalleeExpr | null {
    switch (node.type) {
      case 'identifier':
        if (isBuiltin(node.text)) return null;
        return scope.lookup(node.text, node.startIndex) ? this.typedHandler(node, scope) : { form: 'name', name: node.text };
      case 'selector_expression': {
        const typed = this.typedHandler(node, scope);
        if (typed) return typed;
        const operand = node.childForFieldName('operand');
        const field = node.childForFieldName('field');
        const callee = operand && field ? memberExpression(operand, field.text, scope, this.context) : undefined;
        return callee && callee.form === 'member' && isDottedPath(callee.object) ? callee : null;
      }
      case 'unary_expression':
      case 'parenthesized_expression': {
        const operand = node.childForFieldName('operand') ?? node.namedChild(0);
        return operand && (node.type === 'parenthesized_expression' || operand.type === 'composite_literal') ? this.handlerOf(operand, scope) : null;
      }
      case 'composite_literal':
        return constructedType(node.childForFieldName('type'));
      case 'call_expression':
        return this.handlerFromCall(node, scope);
      default:
        return null;
    }
  }

  /** A variable or struct field registered as the handler: the type it holds, when declared. */
  private typedHandler(node: SyntaxNode, scope: Scope): CalleeExpr | null {
    if (!isDottedPath(node.text)) return null;
    const type = objectTypeOf(node.text, scope, node.startIndex, this.context)?.replace(/^\*+/, '');
    if (!type || !/^(\w+\.)?\w+$/.test(type)) return null;
    const dot = type.indexOf('.');
    return dot < 0 ? { form: 'new', name: type } : { form: 'new', name: type.slice(dot + 1), object: type.slice(0, dot) };
  }

  /** `http.HandlerFunc(h)` is h; any other call names the factory that builds the handler. */
  private handlerFromCall(node: SyntaxNode, scope: Scope): CalleeExpr | null {
    const fn = node.childForFieldName('function');
    const args = argumentsOf(node.childForFieldName('arguments'));
    if (!fn) return null;
    if (fn.type === 'selector_expression' && fn.text.replace(/\s+/g, '') === `${this.netHttpName}.HandlerFunc` && args.length === 1) {
      return this.handlerOf(args[0], scope);
    }
    return fn.type === 'identifier' || fn.type === 'selector_expression' ? this.handlerOf(fn, scope) : null;
  }
}

function constructedType(typeNode: SyntaxNode | null): CalleeExpr | null {
  if (!typeNode) return null;
  if (typeNode.type === 'generic_type') return constructedType(typeNode.childForFieldName('type'));
  if (typeNode.type === 'type_identifier') return { form: 'new', name: typeNode.text };
  if (typeNode.type === 'qualified_type') {
    const pkg = typeNode.childForFieldName('package');
    const name = typeNode.childForFieldName('name');
    return pkg && name ? { form: 'new', name: name.text, object: pkg.text } : null;
  }
  return null;
}

function argumentsOf(list: SyntaxNode | null): SyntaxNode[] {
  return list ? list.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== 'comment') : [];
}

function stringValue(node: SyntaxNode): string | undefined {
  return node.type === 'interpreted_string_literal' || node.type === 'raw_string_literal' ? unquote(node.text) : undefined;
}

/**
 * A ServeMux pattern: `[METHOD ][HOST]/PATH`, with `{name...}` wildcards and a `{$}`
 * end anchor (Go 1.22). Undefined when it has no path.
 */
export function parseServeMuxPattern(pattern: string): { method: string; path: string } | undefined {
  const withMethod = /^([A-Z]+)\s+(\S+)$/.exec(pattern.trim());
  const method = withMethod ? withMethod[1] : 'ANY';
  const rest = withMethod ? withMethod[2] : pattern.trim();
  const slash = rest.indexOf('/');
  if (slash < 0 || (slash > 0 && !/^[\w.-]+(?::\d+)?$/.test(rest.slice(0, slash)))) return undefined;
  const path = rest.slice(slash).replace(/\{([A-Za-z_]\w*)\.\.\.\}/g, '{$1}').replace(/\{\$\}$/, '');
  return { method, path };
}

/** chi mounts a group's `/` at the prefix itself. */
function joinRoutePath(prefix: string, path: string): string {
  if (path === '/') return prefix || '/';
  return `${prefix.replace(/\/+$/, '')}${path}`;
}
