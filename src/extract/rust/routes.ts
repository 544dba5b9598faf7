import { normaliseRoutePath, positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, ImportFact, RouteFact } from '../facts';
import type { CallReader } from './calls';
import type { CallMatch, RustMatches } from './collect';
import type { ItemIndex } from './items';
import { stringValue } from './names';
import { RoutePrefixes, joinRoutePath, receiverScope } from './prefixes';
import type { Scopes } from './scopes';
import type { Owner } from './symbols';

/**
 * Routes of axum (`.route("/p", get(h).post(c))`, `.nest`), actix-web (`.route("/p",
 * web::get().to(h))`, `web::resource("/p").route(...)`, `web::scope`, attribute macros)
 * and rocket (attribute macros, `.mount("/base", routes![...])`).
 */

const AXUM_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace', 'any']);
const ACTIX_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'trace']);
const ATTRIBUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace', 'route']);
const HTTP_VERBS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT']);

interface MethodHandler {
  readonly method: string;
  readonly handler: SyntaxNode | undefined;
}

export class RouteReader {
  private readonly prefixes: RoutePrefixes;
  private readonly facts: RouteFact[] = [];
  private readonly seen = new Set<string>();
  /** Method calls by the id of their receiver: what is chained on an expression. */
  private readonly callsOnObject = new Map<number, CallMatch>();

  constructor(
    private readonly matches: RustMatches,
    private readonly items: ItemIndex,
    private readonly scopes: Scopes,
    private readonly calls: CallReader,
    private readonly imports: readonly ImportFact[],
  ) {
    this.prefixes = new RoutePrefixes(matches.mounts, items, scopes);
    for (const call of matches.calls) if (call.object) this.callsOnObject.set(call.object.id, call);
  }

  routeFacts(): RouteFact[] {
    for (const registration of this.matches.registrations) this.readRegistration(registration.node, registration.path, registration.target);
    for (const resource of this.matches.resources) if (resource.builder === 'resource') this.readResource(resource.node, resource.path);
    for (const definition of this.matches.definitions) {
      if (definition.role !== 'function') continue;
      const owner = this.scopes.ownerOf(definition.node.childForFieldName('name') ?? definition.node);
      if (owner && !owner.selfType) this.readAttributes(definition.node, owner);
    }
    return this.facts.sort((a, b) => a.line - b.line || a.col - b.col);
  }

  /** `.route("/p", target)`: an actix-web route (`web::get().to(h)`) or an axum method router. */
  private readRegistration(node: SyntaxNode, pathNode: SyntaxNode, target: SyntaxNode): void {
    const path = stringValue(pathNode);
    const at = node.childForFieldName('function')?.childForFieldName('field');
    if (path === undefined || !at) return;
    const actix = actixRoute(target);
    const routes = actix ? [actix] : axumMethodRouter(target);
    const framework = actix ? 'actix-web' : 'axum';
    const prefixes = this.prefixes.ofRegistration(node, receiverScope(node) ?? '');
    for (const route of routes) this.add(node, at, route, prefixes.map((p) => joinRoutePath(p, path)), framework);
  }

  /** actix-web `web::resource("/p")` and the `.route(...)`/`.to(h)` calls chained on it. */
  private readResource(node: SyntaxNode, pathNode: SyntaxNode): void {
    const path = stringValue(pathNode);
    if (path === undefined) return;
    const prefixes = this.prefixes.ofRegistration(node);
    for (let call = this.callsOnObject.get(node.id); call?.property; call = this.callsOnObject.get(call.node.id)) {
      const field = call.property.text;
      const argument = field === 'route' || field === 'to' ? call.node.childForFieldName('arguments')?.namedChild(0) ?? undefined : undefined;
      const route = field === 'route' && argument ? actixRoute(argument) : field === 'to' ? { method: 'ANY', handler: argument } : undefined;
      if (route) this.add(node, call.property, route, prefixes.map((p) => joinRoutePath(p, path)), 'actix-web');
    }
  }

  /** `#[get("/p")]`, `#[route("/p", method = "GET")]`, rocket `#[route(GET, uri = "/p")]` on a function. */
  private readAttributes(fn: SyntaxNode, owner: Owner): void {
    for (const attribute of this.items.attributesOf(fn)) {
      const segments = attribute.path.text.replace(/\s+/g, '').split('::');
      const name = segments.pop()!;
      if (!ATTRIBUTE_METHODS.has(name) || !attribute.arguments) continue;
      const framework = this.attributeFramework(name, segments);
      const parsed = framework && parseRouteArguments(attribute.arguments, name);
      if (!parsed) continue;
      const paths = this.prefixes.ofFunction(owner.name).map((prefix) => joinRoutePath(prefix, parsed.path));
      const handler: CalleeExpr = { form: 'name', name: owner.name };
      for (const method of parsed.methods) this.addFact(attribute.path, method, paths, handler, owner.name, framework);
    }
  }

  /**
   * Which framework an unqualified route attribute comes from: its import, else rocket,
   * whose `#[macro_use] extern crate rocket` puts them in scope without one (actix-web's
   * must be imported). An import from any other crate is some other framework's.
   */
  private attributeFramework(name: string, qualifier: readonly string[]): string | undefined {
    const origin = qualifier.length > 0
      ? qualifier[0]
      : this.imports.find((i) => i.bindings.some((b) => b.local === name))?.source.split('::')[0]
        ?? (this.imports.some((i) => i.source.startsWith('actix_web') && i.bindings.some((b) => b.local === '*')) ? 'actix_web' : 'rocket');
    if (origin === 'actix_web') return 'actix-web';
    return origin === 'rocket' ? 'rocket' : undefined;
  }

  private add(node: SyntaxNode, at: SyntaxNode, route: MethodHandler, paths: readonly string[], framework: string): void {
    const owner = this.scopes.ownerOf(node);
    const handler = route.handler ? this.calls.referenceOf(route.handler, owner) : null;
    this.addFact(at, route.method, paths, handler, owner?.name ?? '', framework);
  }

  private addFact(at: SyntaxNode, method: string, paths: readonly string[], handler: CalleeExpr | null, registeredIn: string, framework: string): void {
    for (const raw of paths) {
      const path = normalisePath(raw);
      const key = `${at.id}\0${method}\0${path}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.facts.push({ ...positionOf(at), method, path, mappingType: 'http_route', handler, registeredIn, framework });
    }
  }
}

/** actix-web `web::get().to(h)`, `web::route().to(h)`, `web::method(Method::PUT).to(h)`. */
function actixRoute(target: SyntaxNode): MethodHandler | undefined {
  const callee = target.type === 'call_expression' ? target.childForFieldName('function') : null;
  if (callee?.type !== 'field_expression' || callee.childForFieldName('field')?.text !== 'to') return undefined;
  const handler = target.childForFieldName('arguments')?.namedChild(0) ?? undefined;
  let root = callee.childForFieldName('value');
  // `web::get().guard(...).to(h)`: the method is the chain's first call.
  while (root?.type === 'call_expression' && root.childForFieldName('function')?.type === 'field_expression') {
    root = root.childForFieldName('function')!.childForFieldName('value');
  }
  const rootCallee = root?.type === 'call_expression' ? root.childForFieldName('function') : null;
  const name = rootCallee?.type === 'scoped_identifier' ? rootCallee.childForFieldName('name')?.text : rootCallee?.text;
  if (!name) return undefined;
  if (ACTIX_METHODS.has(name)) return { method: name.toUpperCase(), handler };
  if (name === 'route') return { method: 'ANY', handler };
  const verb = name === 'method' ? /(\w+)\s*\)?$/.exec(root!.childForFieldName('arguments')?.text.replace(/\)$/, '') ?? '')?.[1] : undefined;
  return verb && HTTP_VERBS.has(verb) ? { method: verb, handler } : undefined;
}

/** axum `get(h).post(c)`, `routing::get(h)`, `get(h).layer(x)`: one method and handler each. */
function axumMethodRouter(node: SyntaxNode, depth = 0): MethodHandler[] {
  if (node.type !== 'call_expression' || depth > 32) return [];
  const callee = node.childForFieldName('function');
  const argument = node.childForFieldName('arguments')?.namedChild(0) ?? undefined;
  if (callee?.type === 'field_expression') {
    const inner = callee.childForFieldName('value');
    const method = callee.childForFieldName('field')?.text;
    const routes = inner ? axumMethodRouter(inner, depth + 1) : [];
    return method && AXUM_METHODS.has(method) && argument ? [...routes, methodHandler(method, argument)] : routes;
  }
  const name = callee?.type === 'scoped_identifier' ? callee.childForFieldName('name')?.text : callee?.type === 'identifier' ? callee.text : undefined;
  return name && AXUM_METHODS.has(name) && argument ? [methodHandler(name, argument)] : [];
}

function methodHandler(method: string, handler: SyntaxNode): MethodHandler {
  return { method: method === 'any' ? 'ANY' : method.toUpperCase(), handler };
}

/** The path and methods in a route attribute's arguments. */
function parseRouteArguments(tokens: SyntaxNode, name: string): { path: string; methods: string[] } | undefined {
  let path: string | undefined;
  const methods: string[] = [];
  let key: string | undefined;
  for (const token of tokens.namedChildren) {
    if (!token) continue;
    if (token.type === 'identifier') {
      if (name === 'route' && HTTP_VERBS.has(token.text)) methods.push(token.text);
      key = token.text;
      continue;
    }
    const value = stringValue(token);
    if (value === undefined) continue;
    if (key === 'method' && name === 'route') methods.push(value.toUpperCase());
    else if (path === undefined && (key === undefined || key === 'uri' || HTTP_VERBS.has(key))) path = value;
    key = undefined;
  }
  if (path === undefined || !path.startsWith('/')) return undefined;
  return { path, methods: name === 'route' ? (methods.length > 0 ? methods : ['ANY']) : [name.toUpperCase()] };
}

/**
 * Framework syntax to `{param}`: rocket `<name..>` and its `?<query>` part, axum
 * `/*rest` and `{*rest}` wildcards; then the shared normalisation.
 */
function normalisePath(path: string): string {
  const withoutQuery = path.split('?')[0]!;
  return normaliseRoutePath(
    withoutQuery
      .replace(/<([A-Za-z_]\w*)\.\.>/g, '<$1>')
      .replace(/\{\*([A-Za-z_]\w*)\}/g, '{$1}')
      .replace(/\/\*([A-Za-z_]\w*)/g, '/{$1}'),
  );
}
