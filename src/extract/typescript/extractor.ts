import { countSyntaxErrors, lambdaHandlerKey } from '../common';
import type { ExtractInput, LanguageExtractor } from '../extractor';
import type { FileFacts, SymbolFact } from '../facts';
import { callFacts } from './calls';
import { collectMatches } from './collect';
import { awaitedChainOf } from './expressionTypes';
import { replay } from './replay';
import { withHttpCalls } from '../httpUrls';
import { meteredMatches } from '../meteredQuery';
import { httpCallFacts } from './httpClients';
import { inferReturnedTypes } from './returns';
import { routeFacts } from './routes';
import { newFileState } from './state';

/**
 * The TypeScript/JavaScript extractor. One query pass over the tree; the matches are
 * filed by role in source order (collect.ts) and replayed against a scope stack
 * (replay.ts), so each handler sees the scope its match sits in. Calls are typed and
 * exports marked once all are read.
 */

function extract(input: ExtractInput): FileFacts {
  const root = input.tree.rootNode;
  const matches = collectMatches(meteredMatches(input));
  const state = newFileState(input, matches);
  const misread = matches.filter((match) => match.role === 'call' && match.parts.has('callee.await'));
  if (misread.length > 0) state.scope.awaitedChains = new Set(misread.map((match) => awaitedChainOf(match.node).id));
  replay(matches, state);
  inferReturnedTypes(state);
  state.modules.finish(state.symbols);
  const { defaultSymbol } = state.modules;
  return {
    path: input.path,
    language: input.language,
    symbols: withHandlerKeys(state.symbols.facts(), input.path),
    imports: state.modules.facts(),
    calls: callFacts(state),
    references: [],
    routes: routeFacts(state),
    ...withHttpCalls(httpCallFacts(state)),
    ...(defaultSymbol !== undefined ? { defaultExport: defaultSymbol } : {}),
    syntaxErrors: countSyntaxErrors(root),
  };
}

export const typescriptExtractor: LanguageExtractor = { extract };

/** Kinds of export a Lambda's Node runtime can call as the handler (`exports.handler = ...`). */
const HANDLER_KINDS: ReadonlySet<SymbolFact['kind']> = new Set(['function', 'constant', 'variable']);

/**
 * Exported module-level functions and values carry the key Serverless and SAM handler
 * strings find them by (`handler: src/handler.main` is `main` of src/handler.js).
 */
function withHandlerKeys(symbols: SymbolFact[], path: string): SymbolFact[] {
  const module = path.replace(/\.[cm]?[jt]sx?$/, '');
  return symbols.map((symbol) => (symbol.exported && HANDLER_KINDS.has(symbol.kind) && !symbol.name.includes('.')
    ? { ...symbol, keys: [...symbol.keys ?? [], lambdaHandlerKey(module, symbol.name)] }
    : symbol));
}
