import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, RouteFact } from '../facts';
import { memberDraft, resolveCallee } from './calls';
import type { Scope } from './scope';
import type { FileState } from './types';
import { constructedTypeOf, dottedNameOf, elementsOf, unboundFunction } from './syntax';

/**
 * @grpc/grpc-js registrations: `server.addService(<service>, <implementation>)`. The
 * service is the generated constant (`GreeterService`, `services.GreeterService`: the
 * proto service `Greeter`) or a loaded definition (`proto.helloworld.Greeter.service`:
 * `helloworld.Greeter`). An object literal gives one route per property, the rpc named
 * as the property with its first letter upper-cased; `new GreeterImpl()` registers the
 * class, and the linker adds a route per rpc it implements.
 */

export interface GrpcRegistration {
  readonly verb: SyntaxNode;
  readonly argumentsNode: SyntaxNode;
  readonly scope: Scope;
}

export function grpcRoutes(registration: GrpcRegistration, state: FileState): RouteFact[] {
  const [serviceNode, implementation] = elementsOf(registration.argumentsNode);
  const service = serviceNode && serviceNameOf(serviceNode);
  if (!service || !implementation) return [];
  const base = { method: 'GRPC', mappingType: 'grpc_method' as const, registeredIn: registration.scope.callerName, framework: 'grpc-js' };
  if (implementation.type === 'new_expression') {
    const type = constructedTypeOf(implementation);
    if (!type) return [];
    const handler: CalleeExpr = type.includes('.')
      ? { form: 'member', object: type.slice(0, type.lastIndexOf('.')), property: type.slice(type.lastIndexOf('.') + 1) }
      : { form: 'name', name: type };
    return [{ ...base, ...positionOf(registration.verb), path: service, handler }];
  }
  if (implementation.type !== 'object') return [];
  const routes: RouteFact[] = [];
  for (const property of implementation.namedChildren) {
    const method = property ? methodOf(property) : undefined;
    if (!method) continue;
    routes.push({
      ...base, ...positionOf(method.key), path: `${service}/${capitalised(method.key.text)}`,
      handler: handlerOf(method.value, registration.scope, state),
    });
  }
  return routes;
}

/** `GreeterService` → `Greeter`; `x.helloworld.Greeter.service` → `helloworld.Greeter`. */
function serviceNameOf(node: SyntaxNode): string | undefined {
  const dotted = dottedNameOf(node);
  if (!dotted) return undefined;
  const segments = dotted.split('.');
  if (segments.length >= 2 && segments[segments.length - 1] === 'service') {
    // The first segment is the loaded root object, the rest before the service its package.
    return segments.slice(Math.min(1, segments.length - 2), -1).join('.');
  }
  const constant = segments[segments.length - 1]!;
  return constant.endsWith('Service') && constant.length > 'Service'.length ? constant.slice(0, -'Service'.length) : undefined;
}

/** `sayHello: handler`, shorthand `sayHello`, or a method `sayHello(call, callback) {}`. */
function methodOf(property: SyntaxNode): { key: SyntaxNode; value: SyntaxNode | undefined } | undefined {
  if (property.type === 'shorthand_property_identifier') return { key: property, value: property };
  const key = property.childForFieldName(property.type === 'pair' ? 'key' : 'name');
  if (!key || key.type !== 'property_identifier') return undefined;
  if (property.type === 'pair') return { key, value: property.childForFieldName('value') ?? undefined };
  return property.type === 'method_definition' ? { key, value: undefined } : undefined;
}

/** A named function or a member to resolve; an inline function is no symbol of its own. */
function handlerOf(written: SyntaxNode | undefined, scope: Scope, state: FileState): CalleeExpr | null {
  const value = unboundFunction(written);
  if (value?.type === 'identifier' || value?.type === 'shorthand_property_identifier') return { form: 'name', name: value.text };
  if (value?.type !== 'member_expression') return null;
  const object = value.childForFieldName('object');
  const property = value.childForFieldName('property');
  return object && property ? resolveCallee(memberDraft(object, property.text), scope, state.moduleClasses) : null;
}

function capitalised(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
