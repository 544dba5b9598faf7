import { countSyntaxErrors } from '../common';
import type { ExtractInput, LanguageExtractor } from '../extractor';
import type { FileFacts } from '../facts';
import { meteredMatches } from '../meteredQuery';
import { CallReader, isCrateRootFile } from './calls';
import { collectMatches } from './collect';
import { grpcServerRoutes } from './grpcServers';
import { importFacts, modulePathImports } from './imports';
import { ItemIndex } from './items';
import { RouteReader } from './routes';
import { Scopes } from './scopes';
import { buildSymbols } from './symbols';

/**
 * Rust: one query pass (queries.scm) sorted into roles, then symbols (types before the
 * impls that name them), imports, calls, HTTP routes and tonic gRPC servers read from those matches. Local
 * names are function-level; see scopes.ts for what that trades away.
 */
export const rustExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileFacts {
    const { tree, source, path, language } = input;
    const root = tree.rootNode;
    const matches = collectMatches(meteredMatches(input));
    const items = new ItemIndex(matches, source);
    const { symbols, owners, nestedFunctions, implements: links } = buildSymbols(matches, items);
    const scopes = new Scopes(owners, matches, items, nestedFunctions);
    const calls = new CallReader(items, scopes, isCrateRootFile(path));
    const imports = importFacts(matches, items, scopes, path);
    const httpRoutes = new RouteReader(matches, items, scopes, calls, imports).routeFacts();
    const grpcRoutes = grpcServerRoutes(matches.calls, imports, scopes, calls);
    const routes = grpcRoutes.length > 0 ? [...httpRoutes, ...grpcRoutes].sort((a, b) => a.line - b.line || a.col - b.col) : httpRoutes;
    const callFacts = calls.callFacts(matches.calls);
    const pathImports = modulePathImports(calls.modulePaths, imports, items);
    return {
      path,
      language,
      symbols,
      imports: pathImports.length > 0 ? [...imports, ...pathImports].sort((a, b) => a.line - b.line || a.col - b.col) : imports,
      calls: callFacts,
      references: [],
      routes,
      ...(links.length > 0 ? { links } : {}),
      syntaxErrors: countSyntaxErrors(root),
    };
  },
};
