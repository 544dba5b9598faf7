import type { FileFacts, LinkFact } from '../../../src/extract/facts';
import { extractFile } from '../../../src/extract/parser';

/** Extracts inline CSS or SCSS (by the path's extension) through the registry. */
export async function extractStyle(source: string, path = 'styles/main.scss'): Promise<FileFacts> {
  const facts = await extractFile(path, source);
  if (!facts) throw new Error(`no style extractor for ${path}`);
  return facts;
}

export function css(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}

/** A link as `from -> target @line:col`: a local name, or its key. */
export function linkLine(link: LinkFact): string {
  const from = link.from.form === 'local' ? link.from.name || '<file>' : JSON.stringify(link.from);
  const to = link.to.form === 'keys' ? link.to.candidates.map((c) => c.join('+')).join('|') : link.to.form === 'local' ? link.to.name : JSON.stringify(link.to);
  return `${from} -> ${to} @${link.line}:${link.col}`;
}
