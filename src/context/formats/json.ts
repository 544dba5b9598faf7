import type { ContextDocument, ContextSymbol } from '../document';
import { RELATION_CATEGORIES } from '../relations';
import { relationNames } from './shared';

/**
 * Compact JSON (no indentation: the whitespace would cost tokens and a JSON reader does
 * not need it). Empty strings, empty lists and zero counts are left out.
 */
export function renderJson(doc: ContextDocument): string {
  return JSON.stringify({
    mode: doc.mode,
    query: doc.query,
    token_budget: doc.tokenBudget,
    symbols_included: doc.symbolsIncluded,
    symbols_available: doc.symbolsAvailable,
    symbols: doc.symbols.map((symbol) => symbolObject(doc, symbol)),
  });
}

function symbolObject(doc: ContextDocument, symbol: ContextSymbol): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: symbol.id,
    name: symbol.name,
    hash: symbol.hash,
    kind: symbol.kind,
    file: symbol.file,
    line: symbol.line,
    end_line: symbol.endLine,
    distance: symbol.distance,
    relevance: symbol.relevance,
  };
  if (symbol.signature) out.signature = symbol.signature;
  if (symbol.doc) out.doc = symbol.doc;
  for (const category of RELATION_CATEGORIES) {
    const names = relationNames(doc, symbol, category);
    if (names.length > 0) out[category] = names;
    if (symbol.more[category] > 0) out[`more_${category}`] = symbol.more[category];
  }
  if (symbol.traffic) out.traffic = symbol.traffic;
  if (symbol.source) {
    out.source = {
      start_line: symbol.source.startLine,
      text: symbol.source.text,
      ...(symbol.source.truncatedLines > 0 ? { truncated_lines: symbol.source.truncatedLines } : {}),
    };
  } else {
    out.source_state = symbol.sourceState;
  }
  return out;
}
