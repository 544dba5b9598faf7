import { countSyntaxErrors } from '../common';
import type { ExtractInput, LanguageExtractor } from '../extractor';
import type { FileFacts, Position } from '../facts';
import { bindNames } from './bindings';
import { CallReader } from './calls';
import { collectCaptures } from './captures';
import { importFacts, staticallyImportedNames } from './imports';
import { routeFacts } from './routes';
import { ScopeTree } from './scopes';
import { symbolFacts } from './symbols';

/**
 * Java: one query pass collects declarations, annotations, imports, calls and local
 * name bindings; scopes are rebuilt from declaration ranges, and every fact is
 * interpreted against them without walking the tree again. The package declaration
 * is the file's package path (see src/resolve/languages/java.ts).
 */
export const javaExtractor: LanguageExtractor = {
  extract({ tree, query, source, path, language }: ExtractInput): FileFacts {
    const root = tree.rootNode;
    const captures = collectCaptures(query, root);
    const scopes = new ScopeTree(captures.types, captures.anonymous, captures.members, captures.annotations);
    bindNames(scopes, captures.bindings, captures.fields);
    const calls = new CallReader(scopes, staticallyImportedNames(captures.imports));
    return {
      path,
      language,
      packageName: captures.packageName ?? '',
      symbols: symbolFacts(scopes, captures.fields, source),
      imports: importFacts(captures.imports),
      calls: byPosition(calls.callFacts(captures.calls)),
      references: [],
      routes: byPosition(routeFacts(scopes)),
      syntaxErrors: countSyntaxErrors(root),
    };
  },
};

function byPosition<T extends Position>(facts: T[]): T[] {
  return facts.sort((a, b) => a.line - b.line || a.col - b.col);
}
