import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, ImportFact, RouteFact } from '../facts';
import type { CallMatch } from './collect';
import type { ExpressionTypes } from './expressionTypes';
import { type Scope, type ScopeTree, basesOf } from './scopes';

/**
 * grpcio servers, one RouteFact per service a class serves; the linker adds one route
 * per rpc the class implements:
 * - a class deriving from the generated servicer base (`class Greeter(
 *   helloworld_pb2_grpc.GreeterServicer)`, the base imported from a `*_pb2_grpc`
 *   module) serves `Greeter`, wherever it is registered, and so does a class of the same
 *   file deriving from it;
 * - `add_GreeterServicer_to_server(Greeter(), server)`, or through the generated module
 *   (`pb2_grpc.add_...`), registers the class constructed in the first argument, or the
 *   class of a variable every binding of which constructs it. A servicer whose class
 *   the file does not show (a parameter, a factory's result) is skipped.
 */

const REGISTRATION = /^add_(\w+)Servicer_to_server$/;
const SERVICER_BASE = /^(\w+)Servicer$/;
const GENERATED_MODULE = /(^|\.)\w+_pb2_grpc$/;

export function grpcRouteFacts(
  tree: ScopeTree, types: ExpressionTypes, calls: readonly CallMatch[], imports: readonly ImportFact[],
): RouteFact[] {
  const routes = servicerSubclassFacts(tree, imports);
  for (const { nameNode } of calls) {
    const service = REGISTRATION.exec(nameNode.text)?.[1];
    if (!service) continue;
    const call = nameNode.parent?.type === 'call' ? nameNode.parent : nameNode.parent?.parent;
    const servicer = call?.type === 'call' ? call.childForFieldName('arguments')?.namedChildren[0] : undefined;
    const handler = servicer ? constructedClass(servicer) ?? variableClass(tree, types, servicer) : undefined;
    if (!handler) continue;
    routes.push({
      ...positionOf(nameNode),
      method: 'GRPC',
      path: service,
      mappingType: 'grpc_method',
      handler,
      registeredIn: tree.symbolAt(nameNode.startIndex),
      framework: 'grpc',
    });
  }
  return routes;
}

/**
 * Module-level classes deriving from a generated `<Service>Servicer` base serve
 * `<Service>`, and so do the classes of this file deriving from those (a base servicer
 * with health checks, and the implementations run in production or in tests).
 */
function servicerSubclassFacts(tree: ScopeTree, imports: readonly ImportFact[]): RouteFact[] {
  const classes = tree.module.children.filter((scope) => scope.kind === 'class' && scope.symbolName);
  const served = new Map<Scope, { service: string; base: string }[]>();
  for (let changed = true; changed;) {
    changed = false;
    for (const scope of classes) {
      if (served.has(scope)) continue;
      const found = basesOf(scope).flatMap((base) => {
        const generated = generatedServicerBase(base, imports);
        if (generated) return [{ service: generated, base }];
        const local = classes.find((c) => c.symbolName === base);
        return (local && served.get(local)?.map(({ service }) => ({ service, base }))) ?? [];
      });
      if (found.length > 0) {
        served.set(scope, found);
        changed = true;
      }
    }
  }
  const routes: RouteFact[] = [];
  for (const scope of classes) {
    const baseNodes = scope.definition?.bases?.namedChildren ?? [];
    for (const { service, base } of served.get(scope) ?? []) {
      const node = baseNodes.find((n) => n?.text.replace(/\s+/g, '') === base);
      if (!node) continue;
      routes.push({
        ...positionOf(node),
        method: 'GRPC',
        path: service,
        mappingType: 'grpc_method',
        handler: { form: 'name', name: scope.symbolName! },
        registeredIn: tree.symbolAt(scope.start),
        framework: 'grpc',
      });
    }
  }
  return routes;
}

/**
 * The service of `pb2_grpc.GreeterServicer` (the module imported from a `*_pb2_grpc`
 * module) or of `GreeterServicer` imported from one; undefined for any other base.
 */
function generatedServicerBase(base: string, imports: readonly ImportFact[]): string | undefined {
  const dot = base.lastIndexOf('.');
  const service = SERVICER_BASE.exec(base.slice(dot + 1))?.[1];
  if (!service) return undefined;
  const local = dot < 0 ? base : base.slice(0, dot);
  for (const { source, bindings } of imports) {
    for (const binding of bindings) {
      if (binding.local !== local) continue;
      // `Servicer` imported by name, `import x_pb2_grpc as m`, or `from pkg import x_pb2_grpc`.
      const module = dot < 0 || binding.imported === '*' ? source : binding.imported;
      if (dot < 0 && binding.imported !== base) continue;
      if (GENERATED_MODULE.test(module)) return service;
    }
  }
  return undefined;
}

/** `Greeter()` or `servicers.Greeter()`: the class, as a name or a module member. */
function constructedClass(argument: SyntaxNode): CalleeExpr | undefined {
  if (argument.type !== 'call') return undefined;
  const callee = argument.childForFieldName('function');
  return callee ? classExpression(callee) : undefined;
}

/** `servicer` bound to `Greeter()` by every binding in its scope. */
function variableClass(tree: ScopeTree, types: ExpressionTypes, argument: SyntaxNode): CalleeExpr | undefined {
  if (argument.type !== 'identifier') return undefined;
  const type = types.ofExpression(argument, tree.ownerAt(argument.startIndex));
  if (type?.t !== 'named') return undefined;
  const dot = type.name.lastIndexOf('.');
  if (dot < 0) return { form: 'name', name: type.name };
  const object = type.name.slice(0, dot);
  return object.includes('.') ? undefined : { form: 'member', object, property: type.name.slice(dot + 1) };
}

function classExpression(callee: SyntaxNode): CalleeExpr | undefined {
  if (callee.type === 'identifier') return { form: 'name', name: callee.text };
  if (callee.type !== 'attribute') return undefined;
  const object = callee.childForFieldName('object');
  const property = callee.childForFieldName('attribute');
  if (object?.type !== 'identifier' || !property) return undefined;
  return { form: 'member', object: object.text, property: property.text };
}
