/**
 * A dialect-agnostic SQL tokenizer and statement splitter. It knows what every common
 * dialect can put between two statements (comments `--`, `#` and nested block comments,
 * strings with doubled quotes or backslash escapes, identifiers quoted as "x", `x` or
 * [x], Postgres dollar-quoted bodies, MySQL `DELIMITER`, T-SQL `GO`, BEGIN...END bodies of
 * routines) and nothing about grammar, so no statement can make it fail. Tokens live in
 * typed arrays (kind, start, end): a 2 MB INSERT dump costs a few flat arrays, not an AST.
 */

export const enum TokenKind {
  Word = 1,
  /** A quoted identifier: "x", `x` or [x]. */
  Quoted,
  String,
  /** A dollar-quoted string: `$$...$$`, `$body$...$body$`. */
  Dollar,
  Number,
  Punct,
}

export interface SqlTokens {
  readonly source: string;
  readonly count: number;
  readonly kinds: Uint8Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** Statement token ranges: statement i is tokens [bounds[2i], bounds[2i+1]). */
  readonly statementBounds: Int32Array;
  readonly statementCount: number;
  /** Block comments and line comments as [start, end) offset pairs, in order. */
  readonly comments: readonly number[];
  /** Unterminated strings, identifiers and comments. */
  readonly errors: number;
  /** Read as MySQL: backslash escapes in strings, `#` comments. */
  readonly mysql: boolean;
}

const WORD = /[A-Za-z_\u0080-\uFFFF](?:[\w\u0080-\uFFFF]|\$(?=\w))*/y;
const NUMBER = /(?:0[xX][0-9a-fA-F]+|\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)/y;
const DOLLAR_TAG = /\$([A-Za-z_][\w]*)?\$/y;
const BRACKET_IDENTIFIER = /\[([A-Za-z_@#][^\]\n,]*)\]/y;
const ROUTINE_START = /^\s*create\s+(?:or\s+(?:replace|alter)\s+)?(?:definer\s*=\s*\S+\s+)?(?:function|procedure|trigger|proc)\b/i;
const NOT_A_BLOCK_BEGIN = /\s*(?:tran\b|transaction\b|work\b|;|distributed\b)/iy;
const END_OF_UNCOUNTED_BLOCK = /\s+(?:if|loop|while|repeat|for)\b/iy;
const MYSQL_HINTS = /`|\bENGINE\s*=|\bAUTO_INCREMENT\b|^\s*DELIMITER\s/im;

/**
 * Tokenizes `source`, or only its [start, end) range (a routine body inside a string,
 * read in the dialect already detected for the file).
 */
export function tokenizeSql(source: string, start = 0, end = source.length, mysql = MYSQL_HINTS.test(source.slice(0, 65_536))): SqlTokens {
  return new Tokenizer(source, start, end, mysql).run();
}

class Tokenizer {
  private kinds: Uint8Array;
  private starts: Int32Array;
  private ends: Int32Array;
  private count = 0;
  private bounds = new Int32Array(64);
  private statementCount = 0;
  private statementStart = 0;
  private readonly comments: number[] = [];
  private errors = 0;
  private at = 0;
  private delimiter = ';';
  /** BEGIN/CASE...END depth inside a routine statement, where `;` does not end it. */
  private blockDepth = 0;
  private routine: boolean | undefined;
  constructor(private readonly source: string, start: number, private readonly limit: number, private readonly mysql: boolean) {
    this.at = start;
    // About one token per five characters of SQL; the arrays double when that is short.
    const capacity = Math.max(16, Math.ceil((limit - start) / 5));
    this.kinds = new Uint8Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
  }

  run(): SqlTokens {
    const { source } = this;
    const length = this.limit;
    while (this.at < length) {
      const char = source.charCodeAt(this.at);
      if (char === 32 || (char >= 9 && char <= 13)) {
        this.at++;
        continue;
      }
      if (this.delimiter !== ';' && source.startsWith(this.delimiter, this.at)) {
        this.at += this.delimiter.length;
        this.endStatement();
        continue;
      }
      this.readToken(char);
    }
    this.endStatement();
    return {
      source, count: this.count, kinds: this.kinds, starts: this.starts, ends: this.ends,
      statementBounds: this.bounds, statementCount: this.statementCount, comments: this.comments, errors: this.errors,
      mysql: this.mysql,
    };
  }

  private readToken(char: number): void {
    const { source, at } = this;
    const next = source.charCodeAt(at + 1);
    if ((char === 45 && next === 45) || (char === 35 && this.mysql)) return this.lineComment(); // -- and #
    if (char === 47 && next === 42) return this.blockComment(); // /*
    if (char === 39) return this.quoted(TokenKind.String, "'", this.escapesWithBackslash(at)); // '
    if (char === 34) return this.quoted(TokenKind.Quoted, '"', false);
    if (char === 96) return this.quoted(TokenKind.Quoted, '`', false);
    if (char === 36 && this.dollarString()) return;
    if (char === 91 && this.bracketIdentifier()) return;
    if (char === 59 && this.delimiter === ';') {
      if (this.blockDepth > 0) return this.push(TokenKind.Punct, at, ++this.at);
      this.at++;
      return this.endStatement();
    }
    if ((char >= 48 && char <= 57) || (char === 46 && next >= 48 && next <= 57)) {
      NUMBER.lastIndex = at;
      const match = NUMBER.exec(source);
      if (match) return this.push(TokenKind.Number, at, (this.at = at + match[0].length));
    }
    WORD.lastIndex = at;
    const word = WORD.exec(source);
    if (word) return this.word(at, at + word[0].length);
    this.push(TokenKind.Punct, at, ++this.at);
  }

  private word(start: number, end: number): void {
    this.at = end;
    const length = end - start;
    if (this.count === this.statementStart && length === 9 && this.source.slice(start, end).toUpperCase() === 'DELIMITER') {
      return this.delimiterCommand();
    }
    if (length === 2 && this.isBatchSeparator(start, end)) return this.endStatement();
    this.push(TokenKind.Word, start, end);
    if (this.routine === undefined && this.count - this.statementStart === 1) {
      this.routine = ROUTINE_START.test(this.source.slice(start, Math.min(this.source.length, start + 120)));
    }
    if (this.routine && length >= 3 && length <= 5) this.trackBlock(start, end);
  }

  /** BEGIN and CASE open a block that END closes; END IF / END LOOP close blocks not counted. */
  private trackBlock(start: number, end: number): void {
    const upper = this.source.slice(start, end).toUpperCase();
    if (upper === 'BEGIN') {
      NOT_A_BLOCK_BEGIN.lastIndex = end;
      if (!NOT_A_BLOCK_BEGIN.test(this.source)) this.blockDepth++;
    } else if (upper === 'CASE') {
      this.blockDepth++;
    } else if (upper === 'END' && this.blockDepth > 0) {
      END_OF_UNCOUNTED_BLOCK.lastIndex = end;
      if (!END_OF_UNCOUNTED_BLOCK.test(this.source)) this.blockDepth--;
    }
  }

  /** MySQL client `DELIMITER //`: the rest of the line is the new statement terminator. */
  private delimiterCommand(): void {
    const stop = this.lineEnd(this.at);
    const value = this.source.slice(this.at, stop).trim().split(/\s+/)[0];
    if (value) this.delimiter = value;
    this.at = stop;
  }

  /** T-SQL `GO` alone on its line ends a batch. */
  private isBatchSeparator(start: number, end: number): boolean {
    if (this.source.slice(start, end).toUpperCase() !== 'GO') return false;
    const lineStart = this.source.lastIndexOf('\n', start - 1) + 1;
    const lineEnd = this.source.indexOf('\n', end);
    return /^\s*GO\s*$/i.test(this.source.slice(lineStart, lineEnd < 0 ? this.source.length : lineEnd));
  }

  private lineComment(): void {
    const stop = this.lineEnd(this.at);
    this.comments.push(this.at, stop);
    this.at = stop;
  }

  /** Block comments nest (Postgres, SQL standard); an unclosed one runs to the end. */
  private blockComment(): void {
    const { source } = this;
    const start = this.at;
    let depth = 0;
    let i = start;
    while (i < this.limit) {
      if (source.charCodeAt(i) === 47 && source.charCodeAt(i + 1) === 42) {
        depth++;
        i += 2;
      } else if (source.charCodeAt(i) === 42 && source.charCodeAt(i + 1) === 47) {
        i += 2;
        if (--depth === 0) break;
      } else {
        i++;
      }
    }
    if (depth > 0) this.errors++;
    this.comments.push(start, i);
    this.at = i;
  }

  private escapesWithBackslash(quoteAt: number): boolean {
    if (this.mysql) return true;
    const prefix = this.source.charCodeAt(quoteAt - 1);
    return (prefix === 69 || prefix === 101) && !/\w/.test(this.source[quoteAt - 2] ?? ''); // E'...'
  }

  /**
   * A quoted string or identifier; a doubled quote stands for itself. Unterminated, it
   * runs to the end of its line and ends its statement, so the rest of the file still
   * tokenizes.
   */
  private quoted(kind: TokenKind, quote: string, backslash: boolean): void {
    const { source } = this;
    const start = this.at;
    let i = start + 1;
    for (;;) {
      const close = this.within(source.indexOf(quote, i));
      const escape = backslash ? this.within(source.indexOf('\\', i)) : -1;
      if (escape >= 0 && (close < 0 || escape < close)) {
        i = escape + 2;
        continue;
      }
      if (close < 0) {
        // The statement it broke ends with the line: the next line starts afresh.
        this.errors++;
        this.at = this.lineEnd(start);
        this.push(kind, start, this.at);
        return this.endStatement();
      }
      if (source[close + 1] === quote) {
        i = close + 2;
        continue;
      }
      this.at = close + 1;
      return this.push(kind, start, this.at);
    }
  }

  private dollarString(): boolean {
    DOLLAR_TAG.lastIndex = this.at;
    const tag = DOLLAR_TAG.exec(this.source);
    if (!tag) return false;
    const close = this.within(this.source.indexOf(tag[0], this.at + tag[0].length));
    const start = this.at;
    if (close < 0) this.errors++;
    this.at = close < 0 ? this.limit : close + tag[0].length;
    this.push(TokenKind.Dollar, start, this.at);
    return true;
  }

  /** T-SQL `[name]`; `int[]`, `a[1]` and `ARRAY[a, b]` stay punctuation. */
  private bracketIdentifier(): boolean {
    BRACKET_IDENTIFIER.lastIndex = this.at;
    const match = BRACKET_IDENTIFIER.exec(this.source);
    if (!match) return false;
    this.push(TokenKind.Quoted, this.at, (this.at += match[0].length));
    return true;
  }

  /** An offset found by a search, or -1 when it lies past the range tokenized. */
  private within(offset: number): number {
    return offset >= this.limit ? -1 : offset;
  }

  private lineEnd(from: number): number {
    const lineEnd = this.within(this.source.indexOf('\n', from));
    return lineEnd < 0 ? this.limit : lineEnd;
  }

  private push(kind: TokenKind, start: number, end: number): void {
    if (this.count === this.kinds.length) this.grow();
    this.kinds[this.count] = kind;
    this.starts[this.count] = start;
    this.ends[this.count] = end;
    this.count++;
  }

  private grow(): void {
    const size = this.kinds.length * 2;
    const kinds = new Uint8Array(size);
    kinds.set(this.kinds);
    const starts = new Int32Array(size);
    starts.set(this.starts);
    const ends = new Int32Array(size);
    ends.set(this.ends);
    this.kinds = kinds;
    this.starts = starts;
    this.ends = ends;
  }

  private endStatement(): void {
    if (this.count > this.statementStart) {
      if (this.statementCount * 2 === this.bounds.length) {
        const bounds = new Int32Array(this.bounds.length * 2);
        bounds.set(this.bounds);
        this.bounds = bounds;
      }
      this.bounds[this.statementCount * 2] = this.statementStart;
      this.bounds[this.statementCount * 2 + 1] = this.count;
      this.statementCount++;
    }
    this.statementStart = this.count;
    this.blockDepth = 0;
    this.routine = undefined;
  }
}
