import { normaliseRoutePath, positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { ImportFact, RouteFact } from '../facts';
import type { BindingMatch, RouteDecoratorMatch } from './collect';
import { keywordArguments, positionalArguments } from './arguments';
import { literalStrings, stringNodeValue } from './literals';
import type { Scope, ScopeTree } from './scopes';

/** Flask and FastAPI routes from decorators on handlers. */

/** The two decorator-route frameworks. */
export type Framework = 'flask' | 'fastapi';

/** A module variable holding a route-registering object, and the prefix it adds. */
export interface Router {
  readonly framework: Framework;
  readonly prefix: string;
}

/** Constructors of route-registering objects, and the keyword giving their prefix. */
const ROUTER_CONSTRUCTORS: ReadonlyMap<string, { framework: Framework; prefixKeyword?: string }> = new Map([
  ['Flask', { framework: 'flask' }],
  ['Blueprint', { framework: 'flask', prefixKeyword: 'url_prefix' }],
  ['FastAPI', { framework: 'fastapi' }],
  ['APIRouter', { framework: 'fastapi', prefixKeyword: 'prefix' }],
]);

const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

export function decoratorRouteFacts(
  tree: ScopeTree, decorators: readonly RouteDecoratorMatch[], bindings: readonly BindingMatch[],
  imports: readonly ImportFact[],
): RouteFact[] {
  if (decorators.length === 0) return [];
  const imported = importedFrameworks(imports);
  if (imported.size === 0) return [];
  const routers = moduleRouters(tree, bindings, imported);
  const facts: RouteFact[] = [];
  for (const decorator of decorators) {
    // `app` inside an application factory is the factory's own local, not a module `app`.
    const binder = tree.binderOf(decorator.router, tree.ownerAt(decorator.registration.startIndex));
    const router = binder && binder !== tree.module
      ? routersOf(tree, binder, bindings, imported).get(decorator.router)
      : routers.get(decorator.router);
    // A module variable holding something else (a cache, a limiter) registers no routes.
    if (router === null) continue;
    const framework = router?.framework ?? onlyFramework(imported);
    if (!framework || !verbFits(framework, decorator.verb)) continue;
    const path = routePath(decorator.arguments, framework);
    if (path === undefined) continue;
    const fullPath = normaliseRoutePath(`${router?.prefix ?? ''}${path}`);
    const handlerName = decorator.applied ? appliedHandlerName(tree, decorator) : tree.definedAt(decorator.handler.startIndex)?.symbolName;
    for (const method of routeMethods(decorator)) {
      facts.push({
        ...positionOf(decorator.registration),
        method,
        path: fullPath,
        mappingType: 'http_route',
        handler: handlerName === undefined ? null : { form: 'name', name: handlerName },
        registeredIn: tree.symbolAt(decorator.registration.startIndex),
        framework,
        ...(router ? { router: { name: decorator.router, prefix: router.prefix } } : {}),
      });
    }
  }
  return facts;
}

/**
 * The handler a decorator applied by a call registers: a function named bare, or a method
 * of the enclosing class through `self` (`self.app.post("/p")(self.handle)` in `__init__`).
 */
function appliedHandlerName(tree: ScopeTree, decorator: RouteDecoratorMatch): string | undefined {
  const { handler } = decorator;
  if (handler.type === 'identifier') return handler.text;
  if (handler.type !== 'attribute' || handler.childForFieldName('object')?.text !== 'self') return undefined;
  const owner = tree.methodClassOf(tree.ownerAt(decorator.registration.startIndex))?.symbolName;
  const method = handler.childForFieldName('attribute')?.text;
  return owner && method ? `${owner}.${method}` : undefined;
}

/** The decorator-route frameworks this module imports. */
export function importedFrameworks(imports: readonly ImportFact[]): Set<Framework> {
  const frameworks = new Set<Framework>();
  for (const { source } of imports) {
    const root = source.split('.')[0];
    if (root === 'flask' || root === 'fastapi') frameworks.add(root);
  }
  return frameworks;
}

function onlyFramework(imported: ReadonlySet<Framework>): Framework | undefined {
  return imported.size === 1 ? [...imported][0] : undefined;
}

/**
 * Module variables: a Router when assigned a Flask, Blueprint, FastAPI or APIRouter
 * instance (and only that), null when assigned anything else.
 */
export function moduleRouters(
  tree: ScopeTree, bindings: readonly BindingMatch[], imported: ReadonlySet<Framework>,
): Map<string, Router | null> {
  return routersOf(tree, tree.module, bindings, imported);
}

/** The routers a scope's variables hold: the module's, or a function's own (an application factory's `app`). */
function routersOf(
  tree: ScopeTree, scope: Scope, bindings: readonly BindingMatch[], imported: ReadonlySet<Framework>,
): Map<string, Router | null> {
  const routers = new Map<string, Router | null>();
  for (const binding of bindings) {
    if (binding.form === 'parameter' || tree.ownerAt(binding.offset) !== scope) continue;
    const router = binding.form === 'assignment' ? routerOf(binding.value, imported) : undefined;
    const previous = routers.get(binding.name);
    routers.set(binding.name, router && (previous === undefined || sameRouter(previous, router)) ? router : null);
  }
  return routers;
}

/** The router a constructor call builds (`APIRouter(prefix='/x')`), if it is one. */
export function routerOf(value: SyntaxNode | undefined, imported: ReadonlySet<Framework>): Router | undefined {
  if (value?.type !== 'call') return undefined;
  const callee = value.childForFieldName('function')?.text ?? '';
  const constructor = ROUTER_CONSTRUCTORS.get(callee.slice(callee.lastIndexOf('.') + 1));
  const args = value.childForFieldName('arguments');
  if (!constructor || !args || !imported.has(constructor.framework)) return undefined;
  const prefixNode = constructor.prefixKeyword ? keywordArguments(args).get(constructor.prefixKeyword) : undefined;
  return { framework: constructor.framework, prefix: stringNodeValue(prefixNode) ?? '' };
}

function sameRouter(a: Router | null, b: Router): boolean {
  return a !== null && a.framework === b.framework && a.prefix === b.prefix;
}

function verbFits(framework: Framework, verb: string): boolean {
  if (verb === 'route') return framework === 'flask';
  if (verb === 'api_route') return framework === 'fastapi';
  return VERBS.has(verb);
}

/** The path: first positional argument, or `rule=` (Flask) / `path=` (FastAPI). */
function routePath(argumentList: SyntaxNode, framework: Framework): string | undefined {
  const first = positionalArguments(argumentList)[0];
  const node = first ?? keywordArguments(argumentList).get(framework === 'flask' ? 'rule' : 'path');
  return stringNodeValue(node);
}

/**
 * `route`/`api_route` list theirs in `methods=` (GET by default, ANY when not a literal
 * list or on a class); the verb decorators fix one.
 */
function routeMethods(decorator: RouteDecoratorMatch): string[] {
  if (VERBS.has(decorator.verb)) return [decorator.verb.toUpperCase()];
  const methods = keywordArguments(decorator.arguments).get('methods');
  // A class (a MethodView) serves each HTTP method it defines.
  if (!methods) return [decorator.handler.type === 'class_definition' ? 'ANY' : 'GET'];
  const listed = literalStrings(methods);
  return listed && listed.length > 0 ? [...new Set(listed.map((m) => m.toUpperCase()))] : ['ANY'];
}

