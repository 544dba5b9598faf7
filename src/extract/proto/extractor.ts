import type { TextExtractInput, TextExtractor } from '../extractor';
import type { FileFacts, ImportFact } from '../facts';
import { protoLinks, protoRoutes } from './links';
import { type ProtoDocument, parseProto } from './parser';
import { protoSymbols } from './symbols';

/**
 * Protocol Buffers: one tolerant parse (parser.ts over tokenizer.ts), then services,
 * rpcs, messages and enums as symbols, imports, references by proto full name, and one
 * gRPC route per rpc. The package is the file's package path (resolve/languages/proto.ts).
 */
export const protoExtractor: TextExtractor = {
  extract({ source, path, language }: TextExtractInput): FileFacts {
    const document = parseProto(source);
    return {
      path,
      language,
      symbols: protoSymbols(document, source),
      imports: importFacts(document),
      calls: [],
      references: [],
      routes: protoRoutes(document),
      links: protoLinks(document),
      packageName: document.packageName,
      syntaxErrors: document.errors,
    };
  },
  parseOnly({ source }: TextExtractInput): number {
    const document = parseProto(source);
    return document.types.length + document.services.length + document.imports.length;
  },
};

/** `import public` re-exports: what it imports is visible to this file's importers. */
function importFacts(document: ProtoDocument): ImportFact[] {
  return document.imports.map((entry) => ({
    source: entry.path, bindings: [], line: entry.keyword.line, col: entry.keyword.col, ...(entry.isPublic ? { reexport: true } : {}),
  }));
}
