import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, ImportFact, RouteFact } from '../facts';
import type { CallReader } from './calls';
import type { CallMatch } from './collect';
import { pathSegments, startsUpperCase } from './names';
import type { Scopes } from './scopes';
import type { Owner } from './symbols';

/**
 * tonic gRPC servers. tonic-build generates, for `service Greeter`, a module
 * `greeter_server` holding the trait `Greeter` and the wrapper `GreeterServer`; a server
 * wraps its implementation in that wrapper (`GreeterServer::new(MyGreeter::default())`)
 * and hands it to `Server::builder().add_service(...)`. Each such wrapping is a
 * `grpc_method` route for the service, handled by the implementation's type: the linker
 * maps the type's methods to the proto's rpcs (`say_hello` serves `SayHello`).
 *
 * A wrapper counts when it is tonic's by its module (written `greeter_server::GreeterServer`
 * or imported from a `greeter_server` module) or when it is passed straight to
 * `add_service`; any other `FooServer::new(x)` is no registration.
 */

/** tonic's wrapper constructors: the implementation is their first argument. */
const CONSTRUCTORS = new Set(['new', 'with_interceptor']);
const WRAPPER = /^([A-Z]\w*)Server$/;
/** Router methods that serve a wrapped service. */
const SERVING_METHODS = new Set(['add_service', 'add_optional_service']);

export function grpcServerRoutes(
  calls: readonly CallMatch[], imports: readonly ImportFact[], scopes: Scopes, reader: CallReader,
): RouteFact[] {
  const routes: RouteFact[] = [];
  for (const call of calls) {
    if (!call.path || !call.property || !CONSTRUCTORS.has(call.property.text)) continue;
    const prefix = call.path.childForFieldName('path');
    const segments = prefix ? pathSegments(prefix) : undefined;
    const wrapper = segments?.at(-1);
    const service = wrapper ? WRAPPER.exec(wrapper)?.[1] : undefined;
    if (!prefix || !segments || !wrapper || !service) continue;
    if (!generatedModuleOf(segments, wrapper, imports) && !servedDirectly(call.node)) continue;
    const implementation = call.node.childForFieldName('arguments')?.namedChild(0);
    const owner = scopes.ownerOf(call.node);
    const type = implementation ? implementationType(implementation, owner, scopes, reader) : undefined;
    const handler: CalleeExpr | null = type ? { form: 'new', name: type } : null;
    const at = prefix.type === 'scoped_identifier' ? prefix.childForFieldName('name') ?? prefix : prefix;
    routes.push({
      ...positionOf(at), method: 'GRPC', path: service, mappingType: 'grpc_method', handler, registeredIn: owner?.name ?? '', framework: 'tonic',
    });
  }
  return routes;
}

/**
 * Whether the wrapper comes from tonic's module for its service: the path says so
 * (`pb::greeter_server::GreeterServer`) or the name is imported from it, one by one or
 * with a glob (`use pb::greeter_server::{Greeter, GreeterServer}`).
 */
function generatedModuleOf(segments: readonly string[], wrapper: string, imports: readonly ImportFact[]): boolean {
  const isServerModule = (segment: string) => /_server$/.test(segment) && squash(segment) === squash(wrapper);
  if (segments.length > 1) return isServerModule(segments.at(-2)!);
  return imports.some((i) => {
    const modules = i.source.split('::');
    return i.bindings.some((b) => (b.local === wrapper && isServerModule(modules.at(-1)!) && b.imported === wrapper)
      || (b.local === '*' && isServerModule(modules.at(-1)!)))
      || i.bindings.some((b) => b.local === wrapper && b.imported.split('::').length > 1 && isServerModule(b.imported.split('::').at(-2)!));
  });
}

/** The implementation's type: what the file shows the value to be, or a unit struct named as the value (`GreeterServer::new(MyGreeter)`). */
function implementationType(value: SyntaxNode, owner: Owner | undefined, scopes: Scopes, reader: CallReader): string | undefined {
  if (value.type === 'identifier' && startsUpperCase(value.text) && !scopes.isLocal(value, value.text)) return value.text;
  return reader.valueTypeName(value, owner);
}

/** `.add_service(GreeterServer::new(x))`: the wrapper is handed to the router as it is built. */
function servedDirectly(call: SyntaxNode): boolean {
  const args = call.parent;
  const outer = args?.type === 'arguments' ? args.parent : null;
  const fn = outer?.type === 'call_expression' ? outer.childForFieldName('function') : null;
  return fn?.type === 'field_expression' && SERVING_METHODS.has(fn.childForFieldName('field')?.text ?? '');
}

function squash(name: string): string {
  return name.replace(/_/g, '').toLowerCase();
}
