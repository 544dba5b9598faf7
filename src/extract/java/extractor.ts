import { countSyntaxErrors } from '../common';
import type { ExtractInput, LanguageExtractor } from '../extractor';
import type { FileFacts, Position } from '../facts';
import { bindNames } from './bindings';
import { withHttpCalls } from '../httpUrls';
import { meteredMatches } from '../meteredQuery';
import { CallReader } from './calls';
import { collectMatches } from './collect';
import { httpCallFacts } from './httpClients';
import { importFacts, staticallyImportedNames } from './imports';
import { routeFacts } from './routes';
import { ScopeTree } from './scopes';
import { symbolFacts } from './symbols';

/**
 * Java: one query pass (queries.scm) sorted into roles: declarations, annotations,
 * imports, calls and local name bindings; scopes are rebuilt from declaration ranges,
 * and every fact is interpreted against them without walking the tree again. The
 * package declaration is the file's package path (see src/resolve/languages/java.ts).
 */
export const javaExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileFacts {
    const { tree, source, path, language } = input;
    const root = tree.rootNode;
    const matches = collectMatches(meteredMatches(input));
    const scopes = new ScopeTree(matches.types, matches.anonymous, matches.members, matches.annotations);
    bindNames(scopes, matches.bindings, matches.fields);
    const calls = new CallReader(scopes, staticallyImportedNames(matches.imports));
    const imports = importFacts(matches.imports);
    return {
      path,
      language,
      packageName: matches.packageName ?? '',
      symbols: symbolFacts(scopes, matches.fields, source),
      imports,
      calls: byPosition(calls.callFacts(matches.calls)),
      references: [],
      routes: byPosition(routeFacts(scopes)),
      ...withHttpCalls(byPosition(httpCallFacts(root, scopes, matches, imports))),
      syntaxErrors: countSyntaxErrors(root),
    };
  },
};

function byPosition<T extends Position>(facts: T[]): T[] {
  return facts.sort((a, b) => a.line - b.line || a.col - b.col);
}
