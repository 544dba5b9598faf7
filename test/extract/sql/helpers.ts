import type { FileFacts, LinkFact } from '../../../src/extract/facts';
import { extractFile } from '../../../src/extract/parser';

/** Extracts a .sql source given inline; fails the test if the path is not SQL. */
export async function extractSql(source: string, path = 'migrations/001_init.sql'): Promise<FileFacts> {
  const facts = await extractFile(path, source);
  if (!facts) throw new Error(`no extractor for ${path}`);
  return facts;
}

/** A source from its lines: line N of the file is argument N, so positions read off directly. */
export function sql(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}

/** `edgeType from -> first candidate @line:col`, for compact exact comparisons. */
export function linkSummary(link: LinkFact): string {
  const from = link.from.form === 'local' ? link.from.name || '<file>' : link.from.form === 'keys' ? link.from.candidates[0]!.join('+') : '?';
  const to = link.to.form === 'keys' ? link.to.candidates.map((keys) => keys.join('+')).join(' | ') : '?';
  return `${link.edgeType} ${from} -> ${to} @${link.line}:${link.col}`;
}
