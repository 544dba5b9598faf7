import type { FileFacts } from '../../../src/extract/facts';
import { extractSource, sourceLines } from '../../helpers/extractSource';

export { callAt, symbolNamed, symbolSummary } from '../../helpers/extractSource';

/** Extracts a Python source given inline. */
export function extractPython(source: string, path = 'app/module.py'): Promise<FileFacts> {
  return extractSource(source, path);
}

export const py = sourceLines;
