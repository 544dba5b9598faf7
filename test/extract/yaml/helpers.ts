import type { FileFacts, LinkFact, SymbolFact } from '../../../src/extract/facts';
import { extractSource, sourceLines } from '../../helpers/extractSource';

/** Extracts inline YAML through the registry, as the indexer does. */
export function extractYaml(source: string, path = 'deploy/app.yaml'): Promise<FileFacts> {
  return extractSource(source, path);
}

/** Lines joined with newlines, so a test shows YAML indentation as written. */
export const yaml = sourceLines;

/** A symbol without its hash: what tests compare exactly. */
export function symbolSummary(symbol: SymbolFact): Omit<SymbolFact, 'bodyHash'> {
  const { bodyHash: _hash, ...rest } = symbol;
  return rest;
}

/** One line per link: `edge from -> to @line:col`, readable in an assertion diff. */
export function linkLines(facts: FileFacts): string[] {
  return (facts.links ?? []).map((link) => `${link.edgeType} ${endText(link.from)} -> ${endText(link.to)}${link.unresolved ? ` (else ${link.unresolved.kind} ${link.unresolved.name})` : ''} @${link.line}:${link.col}`);
}

function endText(end: LinkFact['from']): string {
  switch (end.form) {
    case 'local':
      return end.packagePath ? `${end.packagePath}.${end.name}` : end.name;
    case 'keys':
      return end.candidates.map((keys) => `[${keys.join(' ')}]`).join('|');
    case 'expr':
      return JSON.stringify(end.expr);
  }
}
