import type { FileFacts } from '../../../src/extract/facts';
import { extractSource, sourceLines } from '../../helpers/extractSource';

export { callAt, symbolNamed, symbolSummary } from '../../helpers/extractSource';

/** Extracts a Rust source given inline. */
export function extractRust(source: string, path = 'src/shop.rs'): Promise<FileFacts> {
  return extractSource(source, path);
}

export const rs = sourceLines;
