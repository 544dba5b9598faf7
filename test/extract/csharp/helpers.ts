import type { CallFact, FileFacts } from '../../../src/extract/facts';
import { extractFile } from '../../../src/extract/parser';

/** Extracts inline C# source through the real parser and queries. */
export async function extractCSharp(source: string, path = 'src/A.cs'): Promise<FileFacts> {
  const facts = await extractFile(path, source);
  if (!facts) throw new Error(`no C# extractor for ${path}`);
  return facts;
}

/** Joins lines into a source file. */
export function cs(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}

/** The call at a 1-based line and 0-based column, or a failure naming what is there. */
export function callAt(facts: FileFacts, line: number, col: number): CallFact {
  const call = facts.calls.find((c) => c.line === line && c.col === col);
  if (!call) throw new Error(`no call at ${line}:${col}; calls: ${facts.calls.map((c) => `${c.line}:${c.col}`).join(', ')}`);
  return call;
}
