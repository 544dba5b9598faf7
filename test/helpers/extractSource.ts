import type { CallFact, FileFacts, SymbolFact } from '../../src/extract/facts';
import { extractFile } from '../../src/extract/parser';

/** What extractor tests of every language share. */

/** Extracts a source given inline under `path`; fails when no extractor handles the path. */
export async function extractSource(source: string, path: string): Promise<FileFacts> {
  const facts = await extractFile(path, source);
  if (!facts) throw new Error(`no extractor for ${path}`);
  return facts;
}

/** A source from its lines: line N of the file is argument N, so positions read off directly. */
export function sourceLines(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}

/** Symbols reduced to the fields most tests compare. */
export function symbolSummary(facts: FileFacts): Array<Pick<SymbolFact, 'name' | 'kind' | 'line' | 'col' | 'endLine' | 'exported'>> {
  return facts.symbols.map(({ name, kind, line, col, endLine, exported }) => ({ name, kind, line, col, endLine, exported }));
}

export function symbolNamed(facts: FileFacts, name: string): SymbolFact {
  const symbol = facts.symbols.find((s) => s.name === name);
  if (!symbol) throw new Error(`no symbol ${name} in ${facts.symbols.map((s) => s.name).join(', ')}`);
  return symbol;
}

/** The call whose callee name token sits at line:col. */
export function callAt(facts: FileFacts, line: number, col: number): CallFact {
  const call = facts.calls.find((c) => c.line === line && c.col === col);
  if (!call) throw new Error(`no call at ${line}:${col}; calls: ${JSON.stringify(facts.calls)}`);
  return call;
}

/**
 * Mocha timeout of the CPU-heavy extractor tests (2 MB generated files, deep nesting):
 * seconds on an idle machine, many times that on a loaded 2-core one. It only stops a
 * hang; these tests bound work by counting what was extracted, never by elapsed time
 * (timing belongs in bench/).
 */
export const HEAVY_TEST_TIMEOUT_MS = 300_000;
