import { normaliseRoutePath, positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { RouteFact } from '../facts';
import { annotationElements, annotationName, enumConstants, stringValues } from './annotations';
import type { Scope, ScopeTree } from './scopes';

/**
 * Route registrations written as annotations, and gRPC services written as subclasses
 * of the generated base class:
 * - Spring MVC/WebFlux: a `@RestController`/`@Controller` class, its class-level
 *   `@RequestMapping` paths as prefixes, and per method `@GetMapping`... or
 *   `@RequestMapping(path, method)`; several paths or methods give one route each;
 * - JAX-RS: a class-level `@Path` prefix, per method `@GET`... and an optional `@Path`;
 * - gRPC-java: `extends GreeterGrpc.GreeterImplBase` serves the service `Greeter`.
 * The handler is the method's own symbol (`Class.method`), named so resolve finds it.
 */

const SPRING_CONTROLLERS = new Set(['RestController', 'Controller']);
const SPRING_VERB_MAPPINGS: ReadonlyMap<string, string> = new Map([
  ['GetMapping', 'GET'], ['PostMapping', 'POST'], ['PutMapping', 'PUT'], ['DeleteMapping', 'DELETE'], ['PatchMapping', 'PATCH'],
]);
const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE']);
const JAXRS_VERBS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);

export function routeFacts(tree: ScopeTree): RouteFact[] {
  const routes: RouteFact[] = [];
  for (const scope of tree.scopes) {
    if (scope.kind !== 'type' || !scope.symbolName || scope.type?.kind !== 'class') continue;
    const grpc = grpcRoute(scope);
    if (grpc) routes.push(grpc);
    const names = new Set(scope.annotations.map(annotationName));
    if ([...SPRING_CONTROLLERS].some((n) => names.has(n))) routes.push(...springRoutes(scope));
    else if (names.has('Path')) routes.push(...jaxrsRoutes(scope));
  }
  return routes;
}

function springRoutes(controller: Scope): RouteFact[] {
  const classMapping = controller.annotations.find((a) => annotationName(a) === 'RequestMapping');
  const prefixes = classMapping ? mappingPaths(classMapping) : [''];
  if (!prefixes) return [];
  const routes: RouteFact[] = [];
  for (const method of handlerMethods(controller)) {
    for (const annotation of method.annotations) {
      const name = annotationName(annotation);
      const verb = SPRING_VERB_MAPPINGS.get(name);
      if (!verb && name !== 'RequestMapping') continue;
      const paths = mappingPaths(annotation);
      if (!paths) continue;
      const verbs = verb ? [verb] : requestMethods(annotation);
      for (const prefix of prefixes) {
        for (const path of paths) {
          for (const httpMethod of verbs) routes.push(route(annotation, httpMethod, joinPaths(prefix, path), method, 'spring'));
        }
      }
    }
  }
  return routes;
}

function jaxrsRoutes(resource: Scope): RouteFact[] {
  const classPath = resource.annotations.find((a) => annotationName(a) === 'Path');
  const prefixes = classPath ? mappingPaths(classPath) : [''];
  if (!prefixes) return [];
  const routes: RouteFact[] = [];
  for (const method of handlerMethods(resource)) {
    const names = method.annotations.map(annotationName);
    const verbAt = names.findIndex((n) => JAXRS_VERBS.has(n));
    if (verbAt < 0) continue;
    const pathAnnotation = method.annotations.find((a) => annotationName(a) === 'Path');
    const paths = pathAnnotation ? mappingPaths(pathAnnotation) : [''];
    for (const prefix of prefixes) {
      for (const path of paths ?? []) routes.push(route(method.annotations[verbAt]!, names[verbAt]!, joinPaths(prefix, path), method, 'jaxrs'));
    }
  }
  return routes;
}

/** `class GreeterImpl extends GreeterGrpc.GreeterImplBase`: the service `Greeter`. */
function grpcRoute(scope: Scope): RouteFact | undefined {
  const base = scope.superclass;
  const service = base && /(?:^|\.)(\w+?)(?:Coroutine)?ImplBase$/.exec(base)?.[1];
  if (!service || !scope.symbolName) return undefined;
  return {
    ...positionOf(scope.type!.name),
    method: 'GRPC', path: service, mappingType: 'grpc_method',
    handler: { form: 'name', name: scope.symbolName }, registeredIn: scope.symbolName, framework: 'grpc-java',
  };
}

function handlerMethods(owner: Scope): Scope[] {
  return owner.children.filter((child) => child.kind === 'callable' && child.member?.kind === 'method' && child.symbolName);
}

/** The paths of a mapping annotation: `value`/`path`, `['']` when it names none, undefined when unknown. */
function mappingPaths(annotation: SyntaxNode): string[] | undefined {
  const elements = annotationElements(annotation);
  const value = elements.get('path') ?? elements.get('value');
  if (!value) return [''];
  const paths = stringValues(value);
  return paths && paths.length === 0 ? [''] : paths;
}

/** `method = RequestMethod.GET` or `{GET, POST}`; `ANY` when the mapping fixes none. */
function requestMethods(annotation: SyntaxNode): string[] {
  const value = annotationElements(annotation).get('method');
  const methods = value ? enumConstants(value).filter((m) => HTTP_METHODS.has(m)) : [];
  return methods.length > 0 ? methods : ['ANY'];
}

function joinPaths(prefix: string, path: string): string {
  const left = prefix.replace(/\/+$/, '');
  const right = path === '' || path.startsWith('/') ? path : `/${path}`;
  return normaliseRoutePath(left + right);
}

function route(annotation: SyntaxNode, method: string, path: string, handler: Scope, framework: string): RouteFact {
  return {
    ...positionOf(annotation),
    method, path, mappingType: 'http_route',
    handler: { form: 'name', name: handler.symbolName! }, registeredIn: handler.symbolName!, framework,
  };
}
