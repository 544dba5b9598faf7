import type { FileFacts } from '../../../src/extract/facts';
import { extractSource, sourceLines } from '../../helpers/extractSource';

/** Extracts inline Go source through the real parser and queries. */
export function extractGo(source: string, path = 'pkg/a.go'): Promise<FileFacts> {
  return extractSource(source, path);
}

/** Joins lines so tests can show Go source with tabs as gofmt writes it. */
export const go = sourceLines;
