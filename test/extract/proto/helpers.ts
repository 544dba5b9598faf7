import type { FileFacts } from '../../../src/extract/facts';
import { extractFile } from '../../../src/extract/parser';

/** Extracts a .proto source given inline; fails the test if the path is not proto. */
export async function extractProto(source: string, path = 'protos/example.proto'): Promise<FileFacts> {
  const facts = await extractFile(path, source);
  if (!facts) throw new Error(`no extractor for ${path}`);
  return facts;
}

/** A source from its lines: line N of the file is argument N, so positions read off directly. */
export function proto(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}
