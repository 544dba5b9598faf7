import type { FileFacts } from '../../../src/extract/facts';
import { extractSource, sourceLines } from '../../helpers/extractSource';

export { callAt, symbolNamed, symbolSummary } from '../../helpers/extractSource';

/** Extracts a Java source given inline. */
export function extractJava(source: string, path = 'src/main/java/com/example/App.java'): Promise<FileFacts> {
  return extractSource(source, path);
}

export const java = sourceLines;
