import { collapseWhitespace, stripCommentMarkers } from '../common';
import type { SymbolFact } from '../facts';
import { hashBytes } from '../../model/hash';
import type { ProtoDeclaration, ProtoDocument, ProtoRpc, ProtoService, ProtoType } from './parser';
import type { ProtoComment } from './tokenizer';

/** Services, rpcs, messages and enums as symbols; every proto declaration is public. */

const MAX_SIGNATURE = 300;

/** The key other proto files find a message, enum or service by: its full name. */
export function protoTypeKey(fullName: string): string {
  return `proto:type:${fullName}`;
}

/** The key the linker looks a gRPC registration's service up by (see resolve/symbolTable). */
export function protoServiceKey(shortName: string): string {
  return `proto:service:${shortName}`;
}

export function fullNameOf(packageName: string, name: string): string {
  return packageName ? `${packageName}.${name}` : name;
}

export function protoSymbols(document: ProtoDocument, source: string): SymbolFact[] {
  const docs = new DocComments(document.comments);
  const symbols: SymbolFact[] = [];
  for (const service of document.services) {
    symbols.push(serviceSymbol(service, document.packageName, source, docs));
    for (const rpc of service.rpcs) symbols.push(rpcSymbol(rpc, source, docs));
  }
  for (const type of document.types) symbols.push(typeSymbol(type, document.packageName, source, docs));
  // Nested messages are parsed before their parent closes: report them in source order.
  return symbols.sort((a, b) => a.line - b.line || a.col - b.col);
}

/**
 * The linker qualifies a gRPC registration naming this service with the file's package
 * path; a file without `package` has its file path there, which is no gRPC name, so its
 * services are left to match by their short name (`/Ping/Check` is their real name).
 */
function serviceSymbol(service: ProtoService, packageName: string, source: string, docs: DocComments): SymbolFact {
  const typeKey = protoTypeKey(fullNameOf(packageName, service.name));
  return {
    ...declarationFact(service, source, docs, `service ${service.name}`),
    kind: 'service',
    keys: packageName ? [protoServiceKey(service.name), typeKey] : [typeKey],
  };
}

function rpcSymbol(rpc: ProtoRpc, source: string, docs: DocComments): SymbolFact {
  const headerEnd = rpc.response ? rpc.response.at.end + 1 : rpc.nameToken.end;
  return { ...declarationFact(rpc, source, docs, source.slice(rpc.keyword.offset, headerEnd)), kind: 'rpc' };
}

function typeSymbol(type: ProtoType, packageName: string, source: string, docs: DocComments): SymbolFact {
  return {
    ...declarationFact(type, source, docs, `${type.kind} ${type.nameToken.text}`),
    kind: 'message',
    keys: [protoTypeKey(fullNameOf(packageName, type.name))],
  };
}

function declarationFact(declaration: ProtoDeclaration, source: string, docs: DocComments, header: string): Omit<SymbolFact, 'kind'> {
  const signature = collapseWhitespace(header);
  return {
    name: declaration.name,
    line: declaration.nameToken.line,
    col: declaration.nameToken.col,
    endLine: Math.max(declaration.last.line, declaration.nameToken.line),
    signature: signature.length > MAX_SIGNATURE ? `${signature.slice(0, MAX_SIGNATURE - 1)}…` : signature,
    bodyHash: hashBytes(source.slice(declaration.keyword.offset, Math.max(declaration.last.end, declaration.nameToken.end))),
    doc: docs.above(declaration.keyword.line),
    exported: true,
  };
}

/** Comments on their own lines, by last line: the block directly above a declaration is its doc. */
class DocComments {
  private readonly byEndLine = new Map<number, ProtoComment>();

  constructor(comments: readonly ProtoComment[]) {
    for (const comment of comments) this.byEndLine.set(comment.endLine, comment);
  }

  above(line: number): string {
    const parts: string[] = [];
    for (let comment = this.byEndLine.get(line - 1); comment; comment = this.byEndLine.get(comment.startLine - 1)) {
      parts.unshift(stripCommentMarkers(comment.text));
    }
    return parts.join('\n').trim();
  }
}
