import { countSyntaxErrors } from '../common';
import type { ExtractInput, LanguageExtractor } from '../extractor';
import type { FileFacts } from '../facts';
import { inferBindings } from './bindings';
import { callFacts } from './calls';
import { collectCaptures } from './captures';
import { djangoRouteFacts } from './django';
import { grpcRouteFacts } from './grpc';
import { importFacts } from './imports';
import { decoratorRouteFacts } from './routes';
import { ScopeTree } from './scopes';
import { symbolFacts } from './symbols';

/**
 * Python: one query pass collects definitions, imports, calls, name bindings and route
 * registrations; scopes are then rebuilt from definition ranges, and every fact is
 * interpreted against them without walking the tree again.
 */
export const pythonExtractor: LanguageExtractor = {
  extract({ tree, query, path, language }: ExtractInput): FileFacts {
    const root = tree.rootNode;
    const captures = collectCaptures(query, root);
    const scopes = new ScopeTree(captures.definitions, captures.decorators, root.endIndex);
    inferBindings(scopes, captures.bindings, captures.selfAssignments);
    const imports = importFacts(captures.imports);
    return {
      path,
      language,
      symbols: symbolFacts(scopes, captures.constants, captures.exportList, path),
      imports,
      calls: callFacts(scopes, captures.calls),
      references: [],
      routes: [
        ...decoratorRouteFacts(scopes, captures.routeDecorators, captures.bindings, imports),
        ...djangoRouteFacts(scopes, captures.djangoRoutes, imports, path),
        ...grpcRouteFacts(scopes, captures.calls),
      ],
      syntaxErrors: countSyntaxErrors(root),
    };
  },
};
