import type { SyntaxNode } from '../extractor';
import type { Bindings } from './bindings';
import type { CallMatch } from './collect';
import type { GoFileContext } from './context';
import { objectTypeOf } from './expressionTypes';
import { isDottedPath } from './names';
import { frameworkOfImport, type RouterFramework } from './routerFrameworks';
import type { LocalName, Scope } from './scopes';
import type { StringConstants } from './stringConstants';

/**
 * What a receiver expression is as a router: its framework (from its constructor, its
 * declared type, or the package itself for `http.HandleFunc`) and the path prefixes its
 * registrations get. Prefixes come from the framework's own API only: gin/echo/fiber
 * `Group("/v1")`, gorilla `PathPrefix("/api").Subrouter()`, chi and fiber
 * `Mount("/p", sub)` where sub is a local or the router a function of this file returns,
 * chi and Fiber `Route("/p", fn)` where fn is a function literal or a function of this file: the
 * prefix belongs to fn's router parameter, so registrations on an outer router inside
 * fn get none.
 */
export type RouterValue =
  | { readonly kind: 'router'; readonly framework: RouterFramework; readonly prefixes: readonly string[] }
  /** A value of a named type no framework table knows: the generic (path, handler) rule may apply. */
  | { readonly kind: 'typed'; readonly type: string }
  /** A value of a type that is certainly no router (a non-router type of a router package). */
  | { readonly kind: 'none' };

/** gorilla/mux: the Route methods a registration chain may pass through before its handler. */
const GORILLA_ROUTE_MATCHERS = new Set(['Methods', 'Host', 'Schemes', 'Headers', 'HeadersRegexp', 'Queries', 'Name', 'MatcherFunc', 'BuildVarsFunc']);

/** A gorilla `r.Path("/x").Methods("GET")` chain: the router it starts from, its path and the Methods argument lists. */
export interface GorillaChain {
  readonly router: SyntaxNode;
  readonly path: { readonly node: SyntaxNode; readonly prefix: boolean } | undefined;
  readonly methods: readonly SyntaxNode[];
}

export function gorillaChain(call: SyntaxNode): GorillaChain | undefined {
  let path: GorillaChain['path'];
  const methods: SyntaxNode[] = [];
  let node = call;
  while (node.type === 'call_expression') {
    const fn = node.childForFieldName('function');
    const name = fn?.type === 'selector_expression' ? fn.childForFieldName('field')?.text : undefined;
    const operand = fn?.childForFieldName('operand');
    const args = argumentsOf(node.childForFieldName('arguments'));
    if (!name || !operand) return undefined;
    if (name === 'Path' || name === 'PathPrefix') {
      if (path || args.length !== 1) return undefined;
      path = { node: args[0]!, prefix: name === 'PathPrefix' };
    } else if (name === 'Methods') {
      methods.push(...args);
    } else if (!GORILLA_ROUTE_MATCHERS.has(name)) {
      return node === call ? undefined : { router: node, path, methods };
    }
    node = operand;
  }
  return { router: node, path, methods };
}

export function argumentsOf(list: SyntaxNode | null | undefined): SyntaxNode[] {
  return list ? list.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== 'comment') : [];
}

/** Joins a prefix and a path as the routers do: a sub-router's `/` is the prefix itself. */
export function joinRoutePath(prefix: string, path: string): string {
  if (path === '/' || path === '') return prefix || path || '/';
  return `${prefix.replace(/\/+$/, '')}${path}`;
}

interface MountSite {
  readonly call: CallMatch;
  readonly scope: Scope;
  readonly prefix: SyntaxNode;
}

export class RouterValues {
  /** Import local name -> the router framework it is. */
  private readonly frameworks = new Map<string, RouterFramework>();
  private readonly memo = new Map<LocalName, RouterValue | undefined>();
  private readonly visiting = new Set<LocalName>();
  /** Locals some Mount or Route call serves under a prefix: the sub-router itself, a function's returned router or its router parameter. */
  private readonly mounted = new Map<LocalName, MountSite[]>();

  constructor(private readonly context: GoFileContext, private readonly bindings: Bindings, private readonly constants: StringConstants) {
    for (const [name, path] of context.importPaths) {
      const framework = frameworkOfImport(path);
      if (framework) this.frameworks.set(name, framework);
    }
    this.collectMounts();
  }

  /** The framework an import local name stands for. */
  frameworkOfPackage(name: string): RouterFramework | undefined {
    return this.frameworks.get(name);
  }

  /** The router frameworks this file imports. */
  importedFrameworks(): RouterFramework[] {
    return [...new Set(this.frameworks.values())];
  }

  /** What an expression is as a router; undefined when local syntax does not show it. */
  of(node: SyntaxNode, scope: Scope): RouterValue | undefined {
    switch (node.type) {
      case 'parenthesized_expression': {
        const inner = node.namedChild(0);
        return inner ? this.of(inner, scope) : undefined;
      }
      case 'identifier': {
        const local = scope.lookup(node.text, node.startIndex);
        if (local) return this.ofLocal(local, node, scope);
        const pkg = this.frameworks.get(node.text);
        if (pkg) return pkg.name === 'net/http' ? { kind: 'router', framework: pkg, prefixes: [''] } : { kind: 'none' };
        return this.typed(node, scope);
      }
      case 'selector_expression':
        return this.typed(node, scope);
      case 'call_expression':
        return this.ofCall(node, scope);
      default:
        return undefined;
    }
  }

  private ofLocal(local: LocalName, node: SyntaxNode, scope: Scope): RouterValue | undefined {
    if (this.memo.has(local)) return this.memo.get(local);
    if (this.visiting.has(local)) return undefined;
    this.visiting.add(local);
    try {
      const value = this.withMounts(local, this.baseOfLocal(local, node, scope));
      this.memo.set(local, value);
      return value;
    } finally {
      this.visiting.delete(local);
    }
  }

  private baseOfLocal(local: LocalName, node: SyntaxNode, scope: Scope): RouterValue | undefined {
    const built = local.router ? this.frameworkNamed(local.router) : undefined;
    if (built) return { kind: 'router', framework: built, prefixes: [''] };
    const bound = this.bindings.locals.get(local);
    if (bound?.type === 'call_expression') {
      const value = this.ofCall(bound, this.context.scopeAt(bound.startIndex));
      if (value) return value;
    }
    return this.typed(node, scope);
  }

  private frameworkNamed(name: string): RouterFramework | undefined {
    return [...this.frameworks.values()].find((framework) => framework.name === name);
  }

  /** A sub-router served under Mount/Route prefixes: each prefix joined with the router's own. */
  private withMounts(local: LocalName, value: RouterValue | undefined): RouterValue | undefined {
    const sites = this.mounted.get(local);
    if (!sites || value?.kind !== 'router') return value;
    const mountPrefixes = sites.flatMap((site) => this.mountPrefixes(site, value.framework));
    if (mountPrefixes.length === 0) return value;
    const prefixes = mountPrefixes.flatMap((mount) => value.prefixes.map((own) => joinPrefix(mount, own)));
    return { ...value, prefixes: [...new Set(prefixes)] };
  }

  /**
   * The prefixes a Mount or Route site serves its sub-router under. The sub-router's own
   * framework decides what the call means when the receiver's type is not shown (a field
   * declared in another file): a chi router mounted on anything is mounted on a chi router.
   */
  private mountPrefixes(site: MountSite, mountedFramework: RouterFramework): string[] {
    const object = site.call.object;
    const receiver = object ? this.of(object, site.scope) : undefined;
    const framework = receiver === undefined ? mountedFramework : receiver.kind === 'router' ? receiver.framework : undefined;
    const path = this.constants.valueOf(site.prefix, site.scope);
    if (!framework?.mounts || framework !== mountedFramework || path === undefined || !path.startsWith('/')) return [];
    const prefixes = receiver?.kind === 'router' ? receiver.prefixes : [''];
    return prefixes.map((prefix) => joinPrefix(prefix, path));
  }

  /** Router-returning calls: constructors, groups, same-router middleware, gorilla sub-routers. */
  private ofCall(call: SyntaxNode, scope: Scope): RouterValue | undefined {
    const fn = call.childForFieldName('function');
    if (fn?.type !== 'selector_expression') return undefined;
    const operand = fn.childForFieldName('operand');
    const name = fn.childForFieldName('field')?.text;
    if (!operand || !name) return undefined;
    const args = argumentsOf(call.childForFieldName('arguments'));
    const pkg = operand.type === 'identifier' && !scope.lookup(operand.text, operand.startIndex) ? this.frameworks.get(operand.text) : undefined;
    if (pkg) return pkg.constructors.has(name) ? { kind: 'router', framework: pkg, prefixes: [''] } : undefined;
    if (name === 'Subrouter' && args.length === 0) return this.gorillaSubrouter(operand, scope);
    const inner = this.of(operand, scope);
    if (inner?.kind !== 'router') return undefined;
    const { framework } = inner;
    if (framework.sameRouter.has(name)) return inner;
    if (framework.groups.has(name) && args.length >= 1) {
      const path = this.constants.valueOf(args[0]!, scope);
      if (path === undefined || (path !== '' && !path.startsWith('/'))) return undefined;
      return { kind: 'router', framework, prefixes: inner.prefixes.map((prefix) => joinPrefix(prefix, path)) };
    }
    return undefined;
  }

  /** `r.PathPrefix("/api").Subrouter()`, `r.Host("h").Subrouter()`: the chain's path prefix. */
  private gorillaSubrouter(chainCall: SyntaxNode, scope: Scope): RouterValue | undefined {
    const chain = chainCall.type === 'call_expression' ? gorillaChain(chainCall) : undefined;
    if (!chain) return undefined;
    const router = this.of(chain.router, scope);
    if (router?.kind !== 'router' || router.framework.name !== 'gorilla/mux') return undefined;
    const path = chain.path ? this.constants.valueOf(chain.path.node, scope) : '';
    if (path === undefined || (path !== '' && !path.startsWith('/'))) return undefined;
    return { ...router, prefixes: router.prefixes.map((prefix) => joinPrefix(prefix, path)) };
  }

  /** A value whose declared type local syntax shows. */
  private typed(node: SyntaxNode, scope: Scope): RouterValue | undefined {
    if (!isDottedPath(node.text)) return undefined;
    const type = objectTypeOf(node.text, scope, node.startIndex, this.context);
    if (!type) return undefined;
    const dot = type.indexOf('.');
    const framework = dot > 0 ? this.frameworks.get(type.slice(0, dot)) : undefined;
    if (!framework) return { kind: 'typed', type };
    return framework.routerTypes.has(type.slice(dot + 1)) ? { kind: 'router', framework, prefixes: [''] } : { kind: 'none' };
  }

  /**
   * `Mount("/p", sub)` and chi `Route("/p", fn)` with a named sub-router: the local it
   * denotes (sub itself, the router `newSub()` returns, fn's router parameter).
   */
  private collectMounts(): void {
    for (const call of this.context.matches.calls) {
      const name = call.property?.text;
      if (name !== 'Mount' && name !== 'Route') continue;
      const args = argumentsOf(call.arguments);
      // Fiber's Route takes an optional name after the function.
      if (args.length !== 2 && !(name === 'Route' && args.length === 3)) continue;
      const scope = this.context.scopeAt(call.node.startIndex);
      const target = name === 'Mount' ? this.mountedLocal(args[1]!) : this.routerParameter(args[1]!);
      if (!target) continue;
      const sites = this.mounted.get(target) ?? [];
      sites.push({ call, scope, prefix: args[0]! });
      this.mounted.set(target, sites);
    }
  }

  private mountedLocal(node: SyntaxNode): LocalName | undefined {
    const scope = this.context.scopeAt(node.startIndex);
    if (node.type === 'identifier') return scope.lookup(node.text, node.startIndex);
    const fn = node.type === 'call_expression' ? node.childForFieldName('function') : null;
    return fn?.type === 'identifier' && !scope.lookup(fn.text, fn.startIndex) ? this.returnedLocal(fn.text) : undefined;
  }

  /** The one local every `return` of a function of this file returns. */
  private returnedLocal(functionName: string): LocalName | undefined {
    const body = this.functionNamed(functionName)?.body;
    if (!body) return undefined;
    let returned: LocalName | undefined;
    for (const statement of body.descendantsOfType('return_statement')) {
      if (!statement || insideLiteral(statement, body)) continue;
      const scope = this.context.scopeAt(statement.startIndex);
      const values = argumentsOf(statement.namedChild(0));
      const local = values.length === 1 && values[0]!.type === 'identifier' ? scope.lookup(values[0]!.text, values[0]!.startIndex) : undefined;
      if (!local || (returned && returned !== local)) return undefined;
      returned = local;
    }
    return returned;
  }

  /** chi/Fiber `Route("/p", func(r chi.Router) {...})` or `Route("/p", fn)`: the function's first parameter is the sub-router. */
  private routerParameter(node: SyntaxNode): LocalName | undefined {
    const scope = this.context.scopeAt(node.startIndex);
    const named = node.type === 'identifier' && !scope.lookup(node.text, node.startIndex) ? this.functionNamed(node.text)?.node : undefined;
    const fn = node.type === 'func_literal' ? node : named;
    const first = fn?.childForFieldName('parameters')?.namedChildren.find((p) => p?.type === 'parameter_declaration');
    const name = first?.childForFieldName('name');
    return name ? this.context.scopeAt(name.startIndex).lookup(name.text, name.startIndex) : undefined;
  }

  private functionNamed(name: string) {
    return this.context.definitions.find((definition) => definition.role === 'function' && definition.name.text === name);
  }
}

function joinPrefix(prefix: string, path: string): string {
  return path === '' || path === '/' ? prefix || path : `${prefix.replace(/\/+$/, '')}${path}`;
}

/** A statement of a function literal within the body: its return is the literal's, not the function's. */
function insideLiteral(node: SyntaxNode, body: SyntaxNode): boolean {
  for (let at = node.parent; at && at.id !== body.id; at = at.parent) {
    if (at.type === 'func_literal') return true;
  }
  return false;
}
