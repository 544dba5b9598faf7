import type { RouteFact } from '../facts';
import type { CSharpFile } from './context';
import type { MemberSpan, TypeInfo } from './scopes';
import { simpleName, stringValue } from './syntax';

/**
 * ASP.NET Core attribute routing and gRPC service implementations. Minimal API
 * registrations (`app.MapGet`) are calls: see minimalApi.ts.
 */

const FRAMEWORK = 'aspnetcore';
const VERB_ATTRIBUTES: ReadonlyMap<string, string> = new Map([
  ['HttpGet', 'GET'], ['HttpPost', 'POST'], ['HttpPut', 'PUT'], ['HttpDelete', 'DELETE'], ['HttpPatch', 'PATCH'],
  ['HttpHead', 'HEAD'], ['HttpOptions', 'OPTIONS'],
]);
/** `Greeter.GreeterBase`: the base class protoc generates for service Greeter. */
const GRPC_BASE = /(?:^|\.)([A-Za-z_]\w*)\.([A-Za-z_]\w*)Base$/;

export function attributeRoutes(file: CSharpFile): RouteFact[] {
  const routes: RouteFact[] = [];
  const seen = new Set<string>();
  for (const span of file.spans.all) {
    if (span.kind !== 'member' || span.match.role !== 'method' || !span.symbolName || !span.type) continue;
    for (const route of actionRoutes(file, span, span.symbolName)) {
      const key = `${route.method} ${route.path} ${span.symbolName}`;
      if (seen.has(key)) continue;
      seen.add(key);
      routes.push(route);
    }
  }
  return routes;
}

/**
 * One route per template an action's attributes give: each `[HttpGet("t")]`, each
 * `[Route("t")]` with the verbs of template-less `[HttpGet]`s (any verb when there are
 * none), under each `[Route]` of the controller. `[controller]` is the class name
 * without `Controller`, kept in its case as ASP.NET does; `[action]` the method name.
 */
function actionRoutes(file: CSharpFile, span: MemberSpan, handler: string): RouteFact[] {
  const reader = file.declarations;
  const attributes = reader.attributes(span.match.node).filter((a) => a.name === 'Route' || VERB_ATTRIBUTES.has(a.name));
  if (attributes.length === 0) return [];
  const routing = attributes.map((a) => {
    const template = stringValue(a.template);
    return { ...a, strings: template === undefined ? [] : [template] };
  });
  const verbs = routing.filter((a) => VERB_ATTRIBUTES.has(a.name));
  const templates = routing.filter((a) => a.name === 'Route' && a.strings.length > 0);
  const owner = span.parent?.kind === 'type' ? span.parent.match.node : undefined;
  const prefixes = owner ? reader.attributes(owner).filter((a) => a.name === 'Route').map((a) => stringValue(a.template) ?? '') : [];
  const tokens = { controller: simpleName(span.type!.fullName).replace(/Controller$/, ''), action: span.match.name?.text ?? '' };

  const endpoints: { attribute: (typeof routing)[number]; method: string; template: string }[] = [];
  const bareVerbs = verbs.filter((v) => v.strings.length === 0);
  for (const verb of verbs) if (verb.strings.length > 0) endpoints.push({ attribute: verb, method: VERB_ATTRIBUTES.get(verb.name)!, template: verb.strings[0]! });
  for (const template of templates) {
    const methods = bareVerbs.length > 0 ? bareVerbs.map((v) => VERB_ATTRIBUTES.get(v.name)!) : ['ANY'];
    for (const method of methods) endpoints.push({ attribute: template, method, template: template.strings[0]! });
  }
  if (templates.length === 0) for (const verb of bareVerbs) endpoints.push({ attribute: verb, method: VERB_ATTRIBUTES.get(verb.name)!, template: '' });

  return endpoints.flatMap(({ attribute, method, template }) =>
    (prefixes.length > 0 ? prefixes : ['']).map((prefix): RouteFact => ({
      ...file.positionOf(attribute.nameNode),
      method,
      path: aspNetPath(combineTemplates(prefix, template), tokens),
      mappingType: 'http_route',
      handler: { form: 'name', name: handler },
      registeredIn: handler,
      framework: FRAMEWORK,
    })));
}

/** An action template starting with `/` or `~/` ignores the controller's. */
function combineTemplates(prefix: string, template: string): string {
  if (template.startsWith('/') || template.startsWith('~/')) return template.replace(/^~/, '');
  return prefix && template ? `${prefix}/${template}` : prefix || template;
}

/**
 * A route template in the shape route_symbols use: tokens replaced, leading slash, no
 * trailing one, parameters without constraints, defaults, optional or catch-all marks
 * (`{id:int}`, `{id?}`, `{*rest}`, `{page=1}` -> `{id}`, `{rest}`, `{page}`).
 */
export function aspNetPath(template: string, tokens: { controller?: string; action?: string } = {}): string {
  let path = template;
  if (tokens.controller !== undefined) path = path.replace(/\[controller\]/gi, tokens.controller);
  if (tokens.action !== undefined) path = path.replace(/\[action\]/gi, tokens.action);
  path = path
    .replace(/\{\*{0,2}([A-Za-z_]\w*)[^}]*\}/g, '{$1}')
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1');
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * gRPC: a class deriving from the generated `Service.ServiceBase` serves Service; each
 * of its `override` methods is one rpc, `Service/Method` (the linker qualifies the
 * service with its proto package). Helpers the class adds are not overrides, so they
 * are not mistaken for rpcs.
 */
export function grpcRoutes(file: CSharpFile): RouteFact[] {
  const routes: RouteFact[] = [];
  for (const info of file.types.values()) {
    const service = grpcServiceOf(info);
    if (!service) continue;
    for (const overloads of info.methods.values()) {
      for (const method of overloads) {
        if (!method.match.name || !file.declarations.modifiers(method.match.node).has('override')) continue;
        routes.push({
          ...file.positionOf(method.match.name),
          method: 'GRPC',
          path: `${service}/${method.name}`,
          mappingType: 'grpc_method',
          handler: { form: 'name', name: method.symbolName },
          registeredIn: info.fullName,
          framework: 'grpc',
        });
      }
    }
  }
  return routes;
}

function grpcServiceOf(info: TypeInfo): string | undefined {
  for (const base of info.bases) {
    const match = GRPC_BASE.exec(base);
    if (match && match[1] === match[2]) return match[1];
  }
  return undefined;
}
