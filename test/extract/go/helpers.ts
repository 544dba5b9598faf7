import type { FileFacts } from '../../../src/extract/facts';
import { extractFile } from '../../../src/extract/parser';

/** Extracts inline Go source through the real parser and queries. */
export async function extractGo(source: string, path = 'pkg/a.go'): Promise<FileFacts> {
  const facts = await extractFile(path, source);
  if (!facts) throw new Error(`no Go extractor for ${path}`);
  return facts;
}

/** Joins lines so tests can show Go source with tabs as gofmt writes it. */
export function go(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}
