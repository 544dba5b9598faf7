import * as assert from 'node:assert/strict';
import { extractFile } from '../../../src/extract/parser';
import type { CallFact, FileFacts, SymbolFact } from '../../../src/extract/facts';

/** Extracts an inline source as if it were the file at `path`. */
export async function extract(path: string, source: string): Promise<FileFacts> {
  const facts = await extractFile(path, source);
  assert.ok(facts, `no extractor for ${path}`);
  return facts;
}

/** Source lines joined with newlines, so line numbers in tests read off the array. */
export function lines(...sourceLines: string[]): string {
  return `${sourceLines.join('\n')}\n`;
}

export function symbolNamed(facts: FileFacts, name: string): SymbolFact {
  const symbol = facts.symbols.find((candidate) => candidate.name === name);
  assert.ok(symbol, `no symbol ${name} in ${facts.symbols.map((s) => s.name).join(', ')}`);
  return symbol;
}

/** name:kind pairs, the shape most symbol tests compare. */
export function symbolKinds(facts: FileFacts): string[] {
  return facts.symbols.map((symbol) => `${symbol.name}:${symbol.kind}`);
}

/** Calls without positions, for tests about callees and callers. */
export function callees(facts: FileFacts): Array<Pick<CallFact, 'caller' | 'callee'>> {
  return facts.calls.map(({ caller, callee }) => ({ caller, callee }));
}
