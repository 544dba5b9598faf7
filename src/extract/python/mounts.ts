import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { ImportFact, RouteMountFact } from '../facts';
import { keywordArguments, positionalArguments } from './arguments';
import type { BindingMatch, CallMatch, DjangoRouteMatch } from './collect';
import { isUrlConf, regexToPath } from './django';
import { stringNodeValue } from './literals';
import { type Framework, type Router, importedFrameworks, moduleRouters, routerOf } from './routes';
import type { ScopeTree } from './scopes';

/**
 * Routers served through other routers, so the linker can put the outer prefixes in
 * front of their routes:
 * - FastAPI `app.include_router(router, prefix='/v1')` (the router's own prefix stays);
 * - Flask `app.register_blueprint(bp, url_prefix='/x')` (replaces the blueprint's own
 *   `url_prefix`, as Flask does), also blueprints registered on blueprints;
 * - Django `path('api/', include('shop.urls'))`: the included module's `urlpatterns`.
 * A mount onto an app built inside a function (a Flask application factory) has `into`
 * '': no other router mounts that app, so nothing is put before its prefix.
 * Only a router written as a name can be followed: a module variable of this file, a
 * name imported from another module, or `module.router` of an imported module.
 */

const MOUNT_METHODS: ReadonlyMap<string, { framework: 'flask' | 'fastapi'; prefixKeyword: string; replaces: boolean }> = new Map([
  ['include_router', { framework: 'fastapi', prefixKeyword: 'prefix', replaces: false }],
  ['register_blueprint', { framework: 'flask', prefixKeyword: 'url_prefix', replaces: true }],
]);

/** The module the name `local` of this file was imported as, with the name in it. */
interface ImportedName {
  readonly source: string;
  readonly name: string;
}

export function routeMountFacts(
  tree: ScopeTree, calls: readonly CallMatch[], bindings: readonly BindingMatch[], imports: readonly ImportFact[],
): RouteMountFact[] {
  const imported = importedFrameworks(imports);
  if (imported.size === 0) return [];
  const routers = moduleRouters(tree, bindings, imported);
  const mounts: RouteMountFact[] = [];
  for (const { nameNode, object } of calls) {
    const method = MOUNT_METHODS.get(nameNode.text);
    if (!method || object?.type !== 'identifier' || !imported.has(method.framework)) continue;
    const atModule = tree.ownerAt(nameNode.startIndex) === tree.module;
    const into = atModule ? routers.get(object.text) : localRouter(tree, bindings, object, imported);
    const call = nameNode.parent?.parent;
    const args = call?.type === 'call' ? call.childForFieldName('arguments') : null;
    if (!into || into.framework !== method.framework || !args) continue;
    const mounted = positionalArguments(args)[0];
    const target = mounted && mountedName(mounted, routers, imports);
    if (!target) continue;
    const prefixNode = keywordArguments(args).get(method.prefixKeyword);
    const prefix = prefixNode ? stringNodeValue(prefixNode) : '';
    // A computed prefix is unknown: the routes' paths would be wrong, so mount nothing.
    if (prefix === undefined) continue;
    mounts.push({
      ...positionOf(nameNode), ...target, into: atModule ? object.text : '', intoPrefix: into.prefix, prefix,
      replacesOwnPrefix: method.replaces && prefixNode !== undefined, framework: method.framework,
    });
  }
  return mounts;
}

/** Django `path('api/', include('shop.urls'))` entries of a URLconf. */
export function djangoMountFacts(entries: readonly DjangoRouteMatch[], imports: readonly ImportFact[], path: string): RouteMountFact[] {
  if (entries.length === 0 || !isUrlConf(path, imports)) return [];
  const mounts: RouteMountFact[] = [];
  for (const entry of entries) {
    if (entry.function !== 'path' && entry.function !== 're_path') continue;
    const [route, view] = positionalArguments(entry.arguments);
    const prefix = stringNodeValue(route);
    const included = view && includedModule(view);
    if (prefix === undefined || !included) continue;
    mounts.push({
      ...positionOf(entry.registration), source: included, name: 'urlpatterns', into: 'urlpatterns', intoPrefix: '',
      prefix: entry.function === 're_path' ? regexToPath(prefix) : prefix, replacesOwnPrefix: false, framework: 'django',
    });
  }
  return mounts;
}

/**
 * An app or router built inside a function (a Flask application factory): the router
 * bound to that name in the function, when every binding there builds one.
 */
function localRouter(
  tree: ScopeTree, bindings: readonly BindingMatch[], object: SyntaxNode, imported: ReadonlySet<Framework>,
): Router | undefined {
  const owner = tree.ownerAt(object.startIndex);
  let found: Router | undefined;
  for (const binding of bindings) {
    if (binding.name !== object.text || tree.ownerAt(binding.offset) !== owner) continue;
    const router = binding.form === 'assignment' ? routerOf(binding.value, imported) : undefined;
    if (!router || (found && (found.framework !== router.framework || found.prefix !== router.prefix))) return undefined;
    found = router;
  }
  return found;
}

/** `include('shop.urls')` or `include('shop.urls', namespace=...)`: the module named by a literal. */
function includedModule(view: SyntaxNode): string | undefined {
  if (view.type !== 'call') return undefined;
  const callee = view.childForFieldName('function')?.text ?? '';
  if (callee !== 'include' && !callee.endsWith('.include')) return undefined;
  const args = view.childForFieldName('arguments');
  return args ? stringNodeValue(positionalArguments(args)[0]) : undefined;
}

/** The router passed: a router variable of this module, an imported name, or `module.name`. */
function mountedName(
  node: SyntaxNode, routers: ReadonlyMap<string, unknown>, imports: readonly ImportFact[],
): ImportedName | undefined {
  if (node.type === 'identifier') {
    if (routers.get(node.text)) return { source: '', name: node.text };
    const binding = importedBinding(node.text, imports);
    return binding && binding.name !== '*' ? binding : undefined;
  }
  if (node.type !== 'attribute') return undefined;
  const object = node.childForFieldName('object');
  const property = node.childForFieldName('attribute');
  if (object?.type !== 'identifier' || !property) return undefined;
  const module = importedBinding(object.text, imports);
  if (!module) return undefined;
  // `import app.items as items` binds the module itself; `from app import items` a name in `app`.
  const source = module.name === '*' ? module.source : joinModule(module.source, module.name);
  return { source, name: property.text };
}

function importedBinding(local: string, imports: readonly ImportFact[]): ImportedName | undefined {
  let found: ImportedName | undefined;
  for (const fact of imports) {
    for (const binding of fact.bindings) if (binding.local === local) found = { source: fact.source, name: binding.imported };
  }
  return found;
}

/** `pkg` + `items` is `pkg.items`; `.` + `items` is `.items`. */
function joinModule(source: string, name: string): string {
  return source.endsWith('.') ? `${source}${name}` : `${source}.${name}`;
}
