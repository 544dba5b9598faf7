import type { ScipPositionEncoding } from './scipIndex';

/** The text of a 0-based line of a document, when it could be read. */
export type LineText = (line: number) => string | undefined;

/**
 * A SCIP character offset as a UTF-16 column, the unit of our facts and of LSP. UTF-16
 * and unspecified positions pass through: scip-typescript, scip-python and scip-java
 * write TypeScript's and the JVM's UTF-16 offsets and most leave the encoding unset.
 * UTF-8 byte and UTF-32 code-point offsets are converted with the line's text; an
 * ASCII-only line (or one that cannot be read) needs no conversion.
 */
export function utf16Column(lineText: string | undefined, offset: number, encoding: ScipPositionEncoding): number {
  if (encoding !== 'utf8' && encoding !== 'utf32') return offset;
  if (lineText === undefined || !/[^\x00-\x7f]/.test(lineText)) return offset;
  let units = 0;
  let counted = 0;
  for (const char of lineText) {
    if (counted >= offset) break;
    const codePoint = char.codePointAt(0)!;
    counted += encoding === 'utf32' ? 1 : utf8Length(codePoint);
    units += char.length;
  }
  // An offset past the line's end (a range ending at the newline) keeps its excess.
  return units + Math.max(0, offset - counted);
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}
