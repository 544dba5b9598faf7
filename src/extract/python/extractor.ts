import { countSyntaxErrors } from '../common';
import type { ExtractInput, LanguageExtractor, SyntaxNode } from '../extractor';
import type { FileFacts } from '../facts';
import { withHttpCalls } from '../httpUrls';
import { meteredMatches } from '../meteredQuery';
import { inferBindings } from './bindings';
import { callFacts } from './calls';
import { collectMatches } from './collect';
import { djangoRouteFacts } from './django';
import { grpcRouteFacts } from './grpc';
import { httpCallFacts } from './httpClients';
import { importFacts } from './imports';
import { djangoMountFacts, routeMountFacts } from './mounts';
import { ExpressionTypes } from './expressionTypes';
import { decoratorRouteFacts } from './routes';
import { ScopeTree } from './scopes';
import { starExportsOf } from './starExports';
import { symbolFacts } from './symbols';

/**
 * Python: one query pass (queries.scm) sorted into roles: definitions, imports, calls,
 * name bindings and route registrations; scopes are then rebuilt from definition
 * ranges, and every fact is interpreted against them without walking the tree again.
 */
export const pythonExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileFacts {
    const { tree, path, language } = input;
    const root = tree.rootNode;
    const matches = collectMatches(meteredMatches(input));
    const scopes = new ScopeTree(matches.definitions, matches.decorators, root.endIndex, matches.blocks, matches.loops);
    inferBindings(scopes, matches.bindings, matches.selfAssignments);
    const imports = importFacts(matches.imports);
    scopes.noteImports(imports);
    noteFunctionImports(scopes, matches.imports);
    const types = new ExpressionTypes(scopes);
    const routeMounts = [
      ...routeMountFacts(scopes, matches.calls, matches.bindings, imports),
      ...djangoMountFacts(matches.djangoRoutes, imports, path),
    ];
    const starExports = starExportsOf(scopes, matches.bindings);
    return {
      path,
      language,
      symbols: symbolFacts(scopes, types, matches, path),
      imports,
      calls: callFacts(scopes, types, matches.calls),
      references: [],
      routes: [
        ...decoratorRouteFacts(scopes, matches.routeDecorators, matches.bindings, imports),
        ...djangoRouteFacts(scopes, matches.djangoRoutes, imports, path),
        ...grpcRouteFacts(scopes, types, matches.calls, imports),
      ],
      ...(routeMounts.length > 0 ? { routeMounts } : {}),
      ...(starExports !== undefined ? { starExports } : {}),
      ...withHttpCalls(httpCallFacts(scopes, matches.calls, matches.bindings, imports)),
      syntaxErrors: countSyntaxErrors(root),
    };
  },
};

/** The names import statements inside functions bind there (`def sync(): from plnt.sync import sync`). */
function noteFunctionImports(scopes: ScopeTree, statements: readonly SyntaxNode[]): void {
  for (const statement of statements) {
    const scope = scopes.ownerAt(statement.startIndex);
    if (scope.kind !== 'function') continue;
    for (const fact of importFacts([statement])) for (const { local } of fact.bindings) scopes.noteFunctionImport(scope, local);
  }
}
