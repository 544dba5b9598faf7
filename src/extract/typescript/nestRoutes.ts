import { normaliseRoutePath, positionOf, unquote } from '../common';
import type { SyntaxNode } from '../extractor';
import type { RouteFact } from '../facts';
import type { RouteDecorator } from './types';
import { elementsOf, stringValueOf } from './syntax';

/** NestJS: `@Controller('users')` on a class and `@Get(':id')` on its methods. */

const METHOD_DECORATORS: ReadonlyMap<string, string> = new Map([
  ['Get', 'GET'], ['Post', 'POST'], ['Put', 'PUT'], ['Patch', 'PATCH'], ['Delete', 'DELETE'],
  ['Head', 'HEAD'], ['Options', 'OPTIONS'], ['All', 'ANY'],
]);

/**
 * The path a decorator names: its string argument, '' without arguments, the `path`
 * of an options object; undefined for anything else (a constant, an array of paths).
 */
function decoratorPath(argumentsNode: SyntaxNode): string | undefined {
  const args = elementsOf(argumentsNode);
  if (args.length === 0) return '';
  const [first] = args;
  if (first?.type !== 'object') return stringValueOf(first);
  for (const property of first.namedChildren) {
    const key = property?.type === 'pair' ? property.childForFieldName('key') : undefined;
    if (key && unquote(key.text) === 'path') return stringValueOf(property?.childForFieldName('value'));
  }
  return '';
}

/** The class a `@Controller` decorates: `@Controller() class A` or `@Controller() export class A`. */
function decoratedClass(decorator: SyntaxNode): SyntaxNode | undefined {
  const parent = decorator.parent;
  if (parent?.type === 'export_statement') return parent.childForFieldName('declaration') ?? undefined;
  return parent?.type === 'class_declaration' || parent?.type === 'abstract_class_declaration' ? parent : undefined;
}

/** The method a decorator in a class body belongs to: the next member after the decorators. */
function decoratedMethod(decorator: SyntaxNode): SyntaxNode | undefined {
  let sibling = decorator.nextNamedSibling;
  while (sibling && (sibling.type === 'decorator' || sibling.type === 'comment')) sibling = sibling.nextNamedSibling;
  return sibling?.type === 'method_definition' ? sibling : undefined;
}

function joinPaths(prefix: string, path: string): string {
  const joined = `/${prefix}/${path}`.replace(/\/{2,}/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

export function nestRoutes(decorators: readonly RouteDecorator[]): RouteFact[] {
  const controllerPrefixes = new Map<number, string>();
  for (const { decorator, name, argumentsNode } of decorators) {
    if (name.text !== 'Controller') continue;
    const target = decoratedClass(decorator);
    const prefix = decoratorPath(argumentsNode);
    if (target && prefix !== undefined) controllerPrefixes.set(target.startIndex, prefix);
  }
  const routes: RouteFact[] = [];
  for (const { decorator, name, argumentsNode } of decorators) {
    const method = METHOD_DECORATORS.get(name.text);
    const body = decorator.parent;
    const owner = body?.type === 'class_body' ? body.parent : null;
    const prefix = owner ? controllerPrefixes.get(owner.startIndex) : undefined;
    if (method === undefined || !owner || prefix === undefined) continue;
    const className = owner.childForFieldName('name')?.text;
    const methodName = decoratedMethod(decorator)?.childForFieldName('name')?.text;
    const path = decoratorPath(argumentsNode);
    if (className === undefined || methodName === undefined || path === undefined) continue;
    routes.push({
      method,
      path: normaliseRoutePath(joinPaths(prefix, path)),
      mappingType: 'http_route',
      handler: { form: 'member', object: 'this', property: methodName, objectType: className },
      registeredIn: className,
      framework: 'nestjs',
      ...positionOf(name),
    });
  }
  return routes;
}
