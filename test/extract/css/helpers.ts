import type { FileFacts, LinkFact } from '../../../src/extract/facts';
import { extractSource, sourceLines } from '../../helpers/extractSource';

/** Extracts inline CSS or SCSS (by the path's extension) through the registry. */
export function extractStyle(source: string, path = 'styles/main.scss'): Promise<FileFacts> {
  return extractSource(source, path);
}

export const css = sourceLines;

/** A link as `from -> target @line:col`: a local name, or its key. */
export function linkLine(link: LinkFact): string {
  const from = link.from.form === 'local' ? link.from.name || '<file>' : JSON.stringify(link.from);
  const to = link.to.form === 'keys' ? link.to.candidates.map((c) => c.join('+')).join('|') : link.to.form === 'local' ? link.to.name : JSON.stringify(link.to);
  return `${from} -> ${to} @${link.line}:${link.col}`;
}
