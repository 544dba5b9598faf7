import { normaliseRoutePath, positionOf, unquote } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, RouteFact } from '../facts';
import { memberDraft, resolveCallee } from './calls';
import { grpcRoutes } from './grpcRoutes';
import { nestRoutes } from './nestRoutes';
import { nextRoutes } from './nextRoutes';
import type { Scope } from './scope';
import type { FileState, MatchHandler, RouteCall } from './types';
import { elementsOf, stringValueOf, unboundFunction } from './syntax';

/**
 * HTTP routes. Registration calls (`app.get('/p', h)`) count only in files that import
 * a router package, so `map.get('/x', y)` elsewhere is not a route; NestJS decorators
 * need an `@nestjs/` import; Next.js routes follow from the file's path and exports.
 * gRPC `server.addService(...)` registrations are read in grpcRoutes.ts.
 */

const ROUTER_PACKAGES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^express$/, 'express'],
  [/^fastify$/, 'fastify'],
  [/^hono(?:\/|$)/, 'hono'],
  [/^(?:koa-router|@koa\/router)$/, 'koa'],
];
/** A chain `app.route('/p').get(a).post(b)` is followed this far down, no further. */
const MAX_CHAIN = 16;

export const onRouteCall: MatchHandler = (match, state) => {
  const verb = match.parts.get('route.verb');
  const object = match.parts.get('route.object');
  const argumentsNode = match.parts.get('arguments');
  if (verb && object && argumentsNode) state.routes.calls.push({ call: match.node, verb, object, argumentsNode, scope: state.scope });
};

export const onRouteDecorator: MatchHandler = (match, state) => {
  const name = match.parts.get('decorator.name');
  const argumentsNode = match.parts.get('arguments');
  if (name && argumentsNode) state.routes.decorators.push({ decorator: match.node, name, argumentsNode });
};

export function routeFacts(state: FileState): RouteFact[] {
  const sources = state.modules.sources();
  const framework = sources.map(routerFrameworkOf).find((name) => name !== undefined);
  const routes: RouteFact[] = [];
  for (const call of state.routes.calls) {
    if (call.verb.text === 'addService') routes.push(...grpcRoutes(call, state));
    else if (framework) routes.push(...callRoutes(call, framework, state));
  }
  if (sources.some((source) => source.startsWith('@nestjs/'))) routes.push(...nestRoutes(state.routes.decorators));
  routes.push(...nextRoutes(state));
  return routes.sort((a, b) => a.line - b.line || a.col - b.col);
}

function routerFrameworkOf(source: string): string | undefined {
  return ROUTER_PACKAGES.find(([pattern]) => pattern.test(source))?.[1];
}

export function httpMethodOf(verb: string): string {
  const upper = verb.toUpperCase();
  return upper === 'ALL' ? 'ANY' : upper;
}

/** A handler argument: a function by name, or a member to resolve; inline functions are none. */
function handlerOf(argument: SyntaxNode | undefined, scope: Scope, state: FileState): CalleeExpr | null {
  const node = unboundFunction(argument);
  if (node?.type === 'identifier') return { form: 'name', name: node.text };
  if (node?.type !== 'member_expression') return null;
  const object = node.childForFieldName('object');
  const property = node.childForFieldName('property');
  if (!object || !property) return null;
  return resolveCallee(memberDraft(object, property.text), scope, state.moduleClasses);
}

function callRoutes(route: RouteCall, framework: string, state: FileState): RouteFact[] {
  // `axios.get('/users')` in a file that also imports express is a request, not a route:
  // a receiver imported from a module that is not a router framework never registers one.
  const receiverSource = route.object.type === 'identifier' ? state.modules.sourceOfBinding(route.object.text) : undefined;
  if (receiverSource !== undefined && routerFrameworkOf(receiverSource) === undefined) return [];
  const verb = route.verb.text;
  const args = elementsOf(route.argumentsNode);
  const base = { mappingType: 'http_route' as const, registeredIn: route.scope.callerName, framework, ...positionOf(route.verb) };
  if (verb === 'route') {
    return framework === 'fastify' ? fastifyRoutes(args, route, state).map((fields) => ({ ...base, ...fields })) : [];
  }
  const direct = stringValueOf(args[0]);
  const path = direct ?? chainedRoutePath(route.object);
  const minimumArguments = direct !== undefined ? 2 : 1;
  if (path === undefined || !path.startsWith('/') || args.length < minimumArguments) return [];
  const handler = handlerOf(args.at(-1), route.scope, state);
  return [{ ...base, method: httpMethodOf(verb), path: normaliseRoutePath(path), handler }];
}

/** `app.route('/p').get(h)`: the path of the `route()` call the chain starts from. */
function chainedRoutePath(object: SyntaxNode): string | undefined {
  let current: SyntaxNode | null = object;
  for (let depth = 0; depth < MAX_CHAIN && current?.type === 'call_expression'; depth++) {
    const callee = current.childForFieldName('function');
    if (callee?.type !== 'member_expression') return undefined;
    const property = callee.childForFieldName('property')?.text;
    if (property === 'route') {
      const args = elementsOf(current.childForFieldName('arguments') ?? undefined);
      return args.length === 1 ? stringValueOf(args[0]) : undefined;
    }
    current = callee.childForFieldName('object');
  }
  return undefined;
}

type RouteFields = Pick<RouteFact, 'method' | 'path' | 'handler'>;

/** `fastify.route({ method: 'GET' | ['GET', 'HEAD'], url: '/p', handler })`. */
function fastifyRoutes(args: readonly SyntaxNode[], route: RouteCall, state: FileState): RouteFields[] {
  if (args.length !== 1 || args[0]?.type !== 'object') return [];
  const options = new Map<string, SyntaxNode>();
  for (const property of args[0].namedChildren) {
    const key = property?.type === 'pair' ? property.childForFieldName('key') : undefined;
    const value = property?.childForFieldName('value');
    if (key && value) options.set(key.type === 'string' ? unquote(key.text) : key.text, value);
  }
  const path = stringValueOf(options.get('url') ?? options.get('path'));
  const methodNode = options.get('method');
  const methods = methodNode?.type === 'array' ? elementsOf(methodNode).map(stringValueOf) : [stringValueOf(methodNode)];
  if (path === undefined || !path.startsWith('/') || methods.some((method) => method === undefined)) return [];
  const handler = handlerOf(options.get('handler'), route.scope, state);
  return methods.map((method) => ({ method: httpMethodOf(method ?? ''), path: normaliseRoutePath(path), handler }));
}
