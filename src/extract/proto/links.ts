import type { LinkFact, RouteFact } from '../facts';
import type { ProtoDocument, ProtoTypeUse } from './parser';
import { fullNameOf, protoTypeKey } from './symbols';

/**
 * References from rpcs to their request and response messages and from messages to the
 * message types of their fields, as key candidates in proto's scoping order, looked up
 * only in the files this file can see (itself and its imports); and one gRPC route per
 * rpc, so a runtime span resolves to at least the rpc.
 */

/** Well-known types ship with protoc, not with the repo: they link to a placeholder. */
const WELL_KNOWN_PREFIX = 'google.protobuf.';

export function protoLinks(document: ProtoDocument): LinkFact[] {
  const links: LinkFact[] = [];
  for (const service of document.services) {
    for (const rpc of service.rpcs) {
      for (const use of [rpc.request, rpc.response]) if (use) links.push(referenceLink(rpc.name, use, document.packageName));
    }
  }
  for (const type of document.types) {
    for (const field of type.fields) links.push(referenceLink(type.name, field, document.packageName));
  }
  return links;
}

function referenceLink(from: string, use: ProtoTypeUse, packageName: string): LinkFact {
  const written = use.name.replace(/^\./, '');
  return {
    line: use.at.line,
    col: use.at.col,
    edgeType: 'references',
    from: { form: 'local', name: from },
    to: { form: 'keys', candidates: scopedCandidates(use, packageName).map((name) => [protoTypeKey(name)]), within: 'imports' },
    ...(written.startsWith(WELL_KNOWN_PREFIX) ? { unresolved: { name: written, kind: 'message' as const } } : {}),
  };
}

/**
 * The full names a type name may mean, innermost scope first: `Foo` used in message
 * `M` of package `a.b` is `a.b.M.Foo`, `a.b.Foo`, `a.Foo`, then `Foo`. A leading dot
 * makes the name absolute.
 */
export function scopedCandidates(use: ProtoTypeUse, packageName: string): string[] {
  if (use.name.startsWith('.')) return [use.name.slice(1)];
  const enclosing = use.scope ? fullNameOf(packageName, use.scope) : packageName;
  return [...prefixes(enclosing).map((scope) => `${scope}.${use.name}`), use.name];
}

/** `a.b.c` → `a.b.c`, `a.b`, `a` (empty for ''). */
function prefixes(dotted: string): string[] {
  if (!dotted) return [];
  const parts = dotted.split('.');
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('.'));
}

export function protoRoutes(document: ProtoDocument): RouteFact[] {
  return document.services.flatMap((service) => service.rpcs.map((rpc): RouteFact => ({
    line: rpc.nameToken.line,
    col: rpc.nameToken.col,
    method: 'GRPC',
    path: `${fullNameOf(document.packageName, service.name)}/${rpc.method}`,
    mappingType: 'grpc_method',
    handler: { form: 'name', name: rpc.name },
    registeredIn: rpc.name,
    framework: 'grpc',
  })));
}
