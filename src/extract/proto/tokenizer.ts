/**
 * A tokenizer for .proto files that keeps the position of every token. protobufjs's own
 * `tokenize` reports only the line of a token (no column, no offset) and throws on the
 * first unterminated string, so declarations could not point at their name token and a
 * broken file would yield nothing; this one records line, column and offset, and turns
 * every lexical problem into a counted error instead of an exception.
 */

export type ProtoTokenKind = 'word' | 'string' | 'number' | 'punct';

export interface ProtoToken {
  readonly kind: ProtoTokenKind;
  /** As written; strings without their quotes (escapes left as written). */
  readonly text: string;
  readonly line: number;
  readonly col: number;
  readonly offset: number;
  readonly end: number;
}

/** A comment that starts its own line: the candidate doc comment of what follows. */
export interface ProtoComment {
  readonly startLine: number;
  readonly endLine: number;
  readonly text: string;
}

export interface ProtoTokens {
  readonly tokens: readonly ProtoToken[];
  readonly comments: readonly ProtoComment[];
  /** Unterminated strings and comments, stray characters. */
  readonly errors: number;
}

/** Identifiers and full names: `foo`, `foo.Bar`, `.pkg.Msg` (a leading dot is absolute). */
const WORD = /[A-Za-z_.][A-Za-z0-9_.]*/y;
const NUMBER = /[-+]?(?:0[xX][0-9a-fA-F]+|[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?|inf|nan)/y;
const PUNCT = new Set(['{', '}', '(', ')', '[', ']', '<', '>', '=', ';', ',', ':', '/', '-', '+']);

export function tokenizeProto(source: string): ProtoTokens {
  const tokens: ProtoToken[] = [];
  const comments: ProtoComment[] = [];
  let errors = 0;
  let line = 1;
  let lineStart = 0;
  let lineHasCode = false;
  let at = 0;
  const length = source.length;

  const push = (kind: ProtoTokenKind, text: string, start: number, end: number, startLine: number, startCol: number): void => {
    tokens.push({ kind, text, line: startLine, col: startCol, offset: start, end });
    lineHasCode = true;
  };
  /** Advances over `text`'s newlines so line numbers stay right inside comments and strings. */
  const countLines = (from: number, to: number): void => {
    for (let i = source.indexOf('\n', from); i >= 0 && i < to; i = source.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
  };

  while (at < length) {
    const char = source[at]!;
    if (char === '\n') {
      line++;
      lineStart = ++at;
      lineHasCode = false;
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\r' || char === '\f' || char === '\v') {
      at++;
      continue;
    }
    const startLine = line;
    const startCol = at - lineStart;
    if (char === '/' && source[at + 1] === '/') {
      const end = source.indexOf('\n', at);
      const stop = end < 0 ? length : end;
      if (!lineHasCode) comments.push({ startLine, endLine: startLine, text: source.slice(at, stop) });
      at = stop;
      continue;
    }
    if (char === '/' && source[at + 1] === '*') {
      const close = source.indexOf('*/', at + 2);
      const stop = close < 0 ? length : close + 2;
      if (close < 0) errors++;
      const ownLine = !lineHasCode;
      countLines(at, stop);
      if (ownLine) comments.push({ startLine, endLine: line, text: source.slice(at, stop) });
      at = stop;
      continue;
    }
    if (char === '"' || char === "'") {
      const stop = stringEnd(source, at, char);
      if (stop < 0) {
        // An unterminated string ends at its line: the rest of the file still parses.
        errors++;
        const lineEnd = source.indexOf('\n', at);
        const end = lineEnd < 0 ? length : lineEnd;
        push('string', source.slice(at + 1, end), at, end, startLine, startCol);
        at = end;
        continue;
      }
      push('string', source.slice(at + 1, stop - 1), at, stop, startLine, startCol);
      at = stop;
      continue;
    }
    const isDigit = char >= '0' && char <= '9';
    if (isDigit || ((char === '-' || char === '+' || char === '.') && /[0-9]/.test(source[at + 1] ?? ''))) {
      NUMBER.lastIndex = at;
      const match = NUMBER.exec(source);
      if (match && match[0].length > 0) {
        push('number', match[0], at, at + match[0].length, startLine, startCol);
        at += match[0].length;
        // A number glued to letters (`1abc`) is one bad token, not two good ones.
        WORD.lastIndex = at;
        const glued = WORD.exec(source);
        if (glued) at += glued[0].length;
        continue;
      }
    }
    WORD.lastIndex = at;
    const word = WORD.exec(source);
    if (word) {
      push('word', word[0], at, at + word[0].length, startLine, startCol);
      at += word[0].length;
      continue;
    }
    if (PUNCT.has(char)) {
      push('punct', char, at, at + 1, startLine, startCol);
    } else {
      errors++;
    }
    at++;
  }
  return { tokens, comments, errors };
}

/** Offset just past the closing quote, or -1 when the line ends first. */
function stringEnd(source: string, start: number, quote: string): number {
  for (let i = start + 1; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i++;
    else if (char === quote) return i + 1;
    else if (char === '\n') return -1;
  }
  return -1;
}
