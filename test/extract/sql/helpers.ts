import type { FileFacts, LinkFact } from '../../../src/extract/facts';
import { extractSource, sourceLines } from '../../helpers/extractSource';

/** Extracts a .sql source given inline; fails the test if the path is not SQL. */
export function extractSql(source: string, path = 'migrations/001_init.sql'): Promise<FileFacts> {
  return extractSource(source, path);
}

/** A source from its lines: line N of the file is argument N, so positions read off directly. */
export const sql = sourceLines;

/** `edgeType from -> first candidate @line:col`, for compact exact comparisons. */
export function linkSummary(link: LinkFact): string {
  const from = link.from.form === 'local' ? link.from.name || '<file>' : link.from.form === 'keys' ? link.from.candidates[0]!.join('+') : '?';
  const to = link.to.form === 'keys' ? link.to.candidates.map((keys) => keys.join('+')).join(' | ') : '?';
  return `${link.edgeType} ${from} -> ${to} @${link.line}:${link.col}`;
}
