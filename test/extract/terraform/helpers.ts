import type { FileFacts, LinkFact } from '../../../src/extract/facts';
import { extractSource, sourceLines } from '../../helpers/extractSource';

/** Extracts inline Terraform source through the real parser and queries. */
export function extractTf(source: string, path = 'infra/main.tf'): Promise<FileFacts> {
  return extractSource(source, path);
}

export const tf = sourceLines;

/** A depends_on link as `from -> key @line:col`, for compact assertions. */
export function linkLine(link: LinkFact): string {
  const from = link.from.form === 'local' ? link.from.name : JSON.stringify(link.from);
  const to = link.to.form === 'keys' ? link.to.candidates.map((c) => c.join('+')).join('|') : JSON.stringify(link.to);
  return `${link.edgeType} ${from} -> ${to} @${link.line}:${link.col}`;
}
