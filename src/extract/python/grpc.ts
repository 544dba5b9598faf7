import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, RouteFact } from '../facts';
import type { CallMatch } from './collect';
import type { ScopeTree } from './scopes';

/**
 * grpcio servicer registrations: `add_GreeterServicer_to_server(Greeter(), server)`, or
 * through the generated module (`pb2_grpc.add_...`), register the class constructed in
 * the first argument as the `Greeter` service; the linker adds one route per rpc the
 * class implements. A servicer passed as a variable names no class and is skipped.
 */

const REGISTRATION = /^add_(\w+)Servicer_to_server$/;

export function grpcRouteFacts(tree: ScopeTree, calls: readonly CallMatch[]): RouteFact[] {
  const routes: RouteFact[] = [];
  for (const { nameNode } of calls) {
    const service = REGISTRATION.exec(nameNode.text)?.[1];
    if (!service) continue;
    const call = nameNode.parent?.type === 'call' ? nameNode.parent : nameNode.parent?.parent;
    const servicer = call?.type === 'call' ? call.childForFieldName('arguments')?.namedChildren[0] : undefined;
    const handler = servicer ? constructedClass(servicer) : undefined;
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

/** `Greeter()` or `servicers.Greeter()`: the class, as a name or a module member. */
function constructedClass(argument: SyntaxNode): CalleeExpr | undefined {
  if (argument.type !== 'call') return undefined;
  const callee = argument.childForFieldName('function');
  if (callee?.type === 'identifier') return { form: 'name', name: callee.text };
  if (callee?.type !== 'attribute') return undefined;
  const object = callee.childForFieldName('object');
  const property = callee.childForFieldName('attribute');
  if (object?.type !== 'identifier' || !property) return undefined;
  return { form: 'member', object: object.text, property: property.text };
}
