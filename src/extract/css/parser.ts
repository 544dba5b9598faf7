/**
 * A tolerant CSS/SCSS statement parser: one pass over the text splits it into rules,
 * at-rules and declarations with their blocks, skipping comments, strings, `#{...}`
 * interpolation and parenthesised values (SCSS maps, `url(data:...;...)`). It knows no
 * property or selector grammar: extraction reads the statement texts it returns.
 * Malformed input never throws: what cannot be closed is counted in `syntaxErrors`.
 */

export type Dialect = 'css' | 'scss';

export interface Statement {
  readonly kind: 'rule' | 'at-rule' | 'declaration';
  /**
   * The text before `{` or `;`, trimmed: selector, `@media ...`, `color: red`. Comments
   * inside it are blanked to spaces, so offsets in it are offsets from `start`.
   */
  readonly prelude: string;
  /** Offset of the prelude's first character. */
  readonly start: number;
  /** Offset just past the statement's `;` or `}` (or the end of input). */
  end: number;
  /** The comment block right above the statement, markers stripped; '' when none. */
  readonly doc: string;
  /** Rules and at-rules with a block: the statements inside it. */
  readonly children?: Statement[];
}

export interface Stylesheet {
  readonly statements: Statement[];
  readonly syntaxErrors: number;
  /** Number of statements, for the bench floor. */
  readonly count: number;
}

const SLASH = 0x2f, STAR = 0x2a, HASH = 0x23, OPEN_BRACE = 0x7b, CLOSE_BRACE = 0x7d, SEMICOLON = 0x3b;
const OPEN_PAREN = 0x28, CLOSE_PAREN = 0x29, NEWLINE = 0x0a, BACKSLASH = 0x5c, DOUBLE_QUOTE = 0x22, SINGLE_QUOTE = 0x27;

export function parseStylesheet(source: string, dialect: Dialect): Stylesheet {
  return new StatementParser(source, dialect).parse();
}

class StatementParser {
  private readonly root: Statement[] = [];
  private readonly open: { statement?: Statement; children: Statement[] }[] = [{ children: this.root }];
  private errors = 0;
  private count = 0;
  private i = 0;
  /** Start of the statement being read, -1 between statements. */
  private start = -1;
  /** Text pieces of the statement so far (comments blanked), and where the current piece began. */
  private pieces: string[] = [];
  private pieceStart = 0;
  private parens = 0;
  private lastComment: { text: string; end: number } | undefined;
  private doc = '';

  constructor(private readonly source: string, private readonly dialect: Dialect) {}

  parse(): Stylesheet {
    const { source } = this;
    const length = source.length;
    while (this.i < length) {
      const code = source.charCodeAt(this.i);
      if (code === SLASH && source.charCodeAt(this.i + 1) === STAR) this.skipComment(source.indexOf('*/', this.i + 2), 2);
      else if (code === SLASH && this.dialect === 'scss' && this.parens === 0 && source.charCodeAt(this.i + 1) === SLASH) this.skipComment(source.indexOf('\n', this.i + 2), 0);
      else if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) this.skipString(code);
      else if (code === HASH && source.charCodeAt(this.i + 1) === OPEN_BRACE) this.skipInterpolation();
      else this.readCharacter(code);
    }
    this.finishStatement(length);
    this.errors += this.open.length - 1;
    for (let depth = this.open.length - 1; depth > 0; depth--) this.open[depth]!.statement!.end = length;
    return { statements: this.root, syntaxErrors: this.errors, count: this.count };
  }

  private readCharacter(code: number): void {
    if (code === OPEN_BRACE) this.openBlock();
    else if (code === CLOSE_BRACE) this.closeBlock();
    // Inside parentheses a `;` belongs to the value (`url(data:image/svg+xml;base64,...)`).
    else if (code === SEMICOLON && this.parens === 0) this.finishStatement(this.i + 1);
    else {
      if (this.start < 0 && !isSpace(code)) this.beginStatement();
      if (code === OPEN_PAREN) this.parens++;
      else if (code === CLOSE_PAREN) this.parens = Math.max(0, this.parens - 1);
    }
    this.i++;
  }

  private beginStatement(): void {
    this.start = this.i;
    this.pieceStart = this.i;
    this.pieces = [];
    const comment = this.lastComment;
    const between = comment ? this.source.slice(comment.end, this.i) : '';
    this.doc = comment && !/\n[ \t\r]*\n/.test(between) ? comment.text : '';
  }

  private takePrelude(end: number): string {
    this.pieces.push(this.source.slice(this.pieceStart, end));
    return this.pieces.join('').trimEnd();
  }

  private openBlock(): void {
    if (this.parens > 0) this.unbalancedParentheses();
    if (this.start < 0) this.beginStatement();
    const prelude = this.takePrelude(this.i);
    const kind = prelude.startsWith('@') ? 'at-rule' : 'rule';
    const statement: Statement = { kind, prelude, start: this.start, end: this.i, doc: this.doc, children: [] };
    this.add(statement);
    this.open.push({ statement, children: statement.children! });
    this.reset();
  }

  private closeBlock(): void {
    if (this.parens > 0) this.unbalancedParentheses();
    this.finishStatement(this.i);
    if (this.open.length === 1) {
      // A `}` with no block open.
      this.errors++;
      return;
    }
    this.open.pop()!.statement!.end = this.i + 1;
    this.lastComment = undefined;
  }

  /** Ends a statement without a block: a declaration or `@import ...;`. */
  private finishStatement(end: number): void {
    if (this.start >= 0) {
      const prelude = this.takePrelude(Math.min(end, this.i));
      if (prelude.startsWith('@')) {
        this.add({ kind: 'at-rule', prelude, start: this.start, end, doc: this.doc });
      } else if (prelude.includes(':')) {
        this.add({ kind: 'declaration', prelude, start: this.start, end, doc: this.doc });
      } else if (prelude !== '') {
        this.errors++;
      }
    }
    this.reset();
  }

  private add(statement: Statement): void {
    this.open[this.open.length - 1]!.children.push(statement);
    this.count++;
  }

  private reset(): void {
    this.start = -1;
    this.pieces = [];
    this.lastComment = undefined;
  }

  private unbalancedParentheses(): void {
    this.errors++;
    this.parens = 0;
  }

  /** Skips a comment ending at `close` (-1: unterminated), cutting it out of the statement text. */
  private skipComment(close: number, closeLength: number): void {
    const begin = this.i;
    const end = close < 0 ? this.source.length : close + closeLength;
    if (close < 0 && closeLength > 0) this.errors++;
    if (this.start >= 0) {
      this.pieces.push(this.source.slice(this.pieceStart, begin), ' '.repeat(end - begin));
      this.pieceStart = end;
    } else {
      // Consecutive comments (a run of `//` lines) form one doc block.
      const previous = this.lastComment;
      const text = stripComment(this.source.slice(begin, end));
      const joined = previous && !/\n[ \t\r]*\n/.test(this.source.slice(previous.end, begin));
      this.lastComment = { text: joined ? `${previous.text}\n${text}` : text, end };
    }
    this.i = end;
  }

  /** Skips a quoted string; an unescaped newline ends it as an error, as CSS does. */
  private skipString(quote: number): void {
    if (this.start < 0) this.beginStatement();
    const { source } = this;
    let i = this.i + 1;
    for (; i < source.length; i++) {
      const code = source.charCodeAt(i);
      if (code === BACKSLASH) i++;
      else if (code === quote) break;
      else if (code === NEWLINE) {
        this.errors++;
        break;
      }
    }
    if (i >= source.length) this.errors++;
    this.i = i + 1;
  }

  /** Skips `#{ ... }`, which may hold braces, strings and nested interpolation. */
  private skipInterpolation(): void {
    if (this.start < 0) this.beginStatement();
    const { source } = this;
    let depth = 0;
    let i = this.i + 1;
    for (; i < source.length; i++) {
      const code = source.charCodeAt(i);
      if (code === OPEN_BRACE) depth++;
      else if (code === CLOSE_BRACE && --depth === 0) break;
    }
    if (i >= source.length || depth !== 0) this.errors++;
    this.i = Math.min(i + 1, source.length);
  }
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d || code === 0x0c;
}

function stripComment(text: string): string {
  return text
    .replace(/^\/\*+|\*+\/$/g, '')
    .replace(/^\/\/+/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(\/\/+|\*+)?\s?/, ''))
    .join('\n')
    .trim();
}
