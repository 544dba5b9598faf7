import { countSyntaxErrors } from '../common';
import type { ExtractInput, LanguageExtractor } from '../extractor';
import type { FileFacts, Position } from '../facts';
import { withHttpCalls } from '../httpUrls';
import { meteredMatches } from '../meteredQuery';
import { CallInterpreter } from './calls';
import { collectMatches } from './collect';
import { CSharpFile } from './context';
import { httpCallFacts } from './httpClients';
import { importFacts } from './imports';
import { minimalApiRoutes } from './minimalApi';
import { attributeRoutes, grpcRoutes } from './routes';
import { buildSymbols } from './symbols';

/**
 * C#: one query pass (queries.scm) sorted into roles; namespaces, types and members
 * become nested spans that place every call and local; then symbols, using
 * directives, calls and routes are read from those. The package path is the namespace.
 */
export const csharpExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileFacts {
    const { tree, source, path, language } = input;
    const root = tree.rootNode;
    const file = new CSharpFile(collectMatches(meteredMatches(input)), source);
    const calls = new CallInterpreter(file);
    const callFacts = calls.callFacts();
    const routes = [...attributeRoutes(file), ...minimalApiRoutes(file, calls), ...grpcRoutes(file)];
    return {
      path,
      language,
      ...(file.packageName !== undefined ? { packageName: file.packageName } : {}),
      symbols: buildSymbols(file),
      imports: byPosition(importFacts(file)),
      calls: byPosition(callFacts),
      references: [],
      routes: byPosition(routes),
      ...withHttpCalls(byPosition(httpCallFacts(file, root))),
      syntaxErrors: countSyntaxErrors(root),
    };
  },
};

function byPosition<T extends Position>(facts: T[]): T[] {
  return facts.sort((a, b) => a.line - b.line || a.col - b.col);
}
