import { countSyntaxErrors, positionOf, unquote } from '../common';
import type { ExtractInput, LanguageExtractor } from '../extractor';
import type { FileFacts, ImportFact, Position } from '../facts';
import { withHttpCalls } from '../httpUrls';
import { meteredMatches } from '../meteredQuery';
import { collectMatches, type GoMatches } from './collect';
import { GoFileContext } from './context';
import { importLocalName } from './names';
import { httpCallFacts } from './httpClients';
import { routeFacts } from './routes';
import { buildSymbols } from './symbols';
import { callFacts, referenceFacts } from './uses';

/**
 * Go: one query pass (queries.scm) sorted into roles, then symbols, imports, calls,
 * references and routes read from those matches. Scopes are function-level; see
 * scopes.ts for what that trades away.
 */
export const goExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileFacts {
    const { tree, path, language } = input;
    const root = tree.rootNode;
    const matches = collectMatches(meteredMatches(input));
    const context = new GoFileContext(matches);
    return {
      path,
      language,
      packageName: matches.packageName,
      symbols: byPosition(buildSymbols(context, path.endsWith('_test.go'))),
      imports: importFacts(matches),
      calls: byPosition(callFacts(context)),
      references: byPosition(referenceFacts(context)),
      routes: byPosition(routeFacts(context)),
      ...withHttpCalls(byPosition(httpCallFacts(context))),
      syntaxErrors: countSyntaxErrors(root),
    };
  },
};

function importFacts(matches: GoMatches): ImportFact[] {
  return byPosition(matches.imports.map(({ node, source, alias }) => {
    const importPath = unquote(source.text);
    const local = alias ? alias.text : importLocalName(importPath);
    return { ...positionOf(node), source: importPath, bindings: [{ imported: '*', local }] };
  }));
}

function byPosition<T extends Position>(facts: T[]): T[] {
  return facts.sort((a, b) => a.line - b.line || a.col - b.col);
}
