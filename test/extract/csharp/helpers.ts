import type { FileFacts } from '../../../src/extract/facts';
import { extractSource, sourceLines } from '../../helpers/extractSource';

export { callAt, symbolNamed } from '../../helpers/extractSource';

/** Extracts inline C# source through the real parser and queries. */
export function extractCSharp(source: string, path = 'src/A.cs'): Promise<FileFacts> {
  return extractSource(source, path);
}

/** Joins lines into a source file. */
export const cs = sourceLines;

