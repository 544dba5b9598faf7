import type { FileFacts } from '../../../src/extract/facts';
import { extractSource, sourceLines } from '../../helpers/extractSource';

/** Extracts a .proto source given inline; fails the test if the path is not proto. */
export function extractProto(source: string, path = 'protos/example.proto'): Promise<FileFacts> {
  return extractSource(source, path);
}

/** A source from its lines: line N of the file is argument N, so positions read off directly. */
export const proto = sourceLines;
