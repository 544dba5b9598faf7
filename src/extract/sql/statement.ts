import type { Position } from '../facts';
import { type SqlTokens, TokenKind } from './tokenizer';

/** Read access to tokens for the interpreters: keywords, identifiers, names, positions. */

/** A possibly schema-qualified name: `users`, `public.users`, `"Billing"."Invoices"`. */
export interface QualifiedName {
  /** Normalised parts: unquoted, lower case unless quoted. */
  readonly parts: readonly string[];
  readonly first: number;
  /** The token after the name. */
  readonly next: number;
}

export class TokenView {
  /**
   * Upper-cased words by token index: interpreters ask for the same keyword again and
   * again. Sized up front: filled out of order, a growing array would turn sparse and slow.
   */
  private readonly keywords: Array<string | undefined>;
  private pairs: Int32Array | undefined;

  constructor(readonly tokens: SqlTokens, private lineStarts?: number[]) {
    this.keywords = new Array<string | undefined>(tokens.count);
  }

  /** A view of other tokens of the same source (a routine body), sharing the line index. */
  withTokens(tokens: SqlTokens): TokenView {
    return new TokenView(tokens, this.lineStartOffsets());
  }

  /** A word in upper case, '' for anything else (or past the end). */
  keyword(i: number): string {
    if (i >= this.tokens.count || this.tokens.kinds[i] !== TokenKind.Word) return '';
    return (this.keywords[i] ??= this.text(i).toUpperCase());
  }

  text(i: number): string {
    return this.tokens.source.slice(this.tokens.starts[i], this.tokens.ends[i]);
  }

  kind(i: number): TokenKind | undefined {
    return i < this.tokens.count ? (this.tokens.kinds[i] as TokenKind) : undefined;
  }

  isPunct(i: number, char: string): boolean {
    return this.kind(i) === TokenKind.Punct && this.tokens.source[this.tokens.starts[i]!] === char;
  }

  /** An identifier as the database sees it: quoted ones keep their case. */
  identifier(i: number): string | undefined {
    const kind = this.kind(i);
    if (kind === TokenKind.Word) return this.text(i).toLowerCase();
    if (kind !== TokenKind.Quoted) return undefined;
    const text = this.text(i);
    const close = text[0] === '[' ? ']' : text[0]!;
    const inner = text.endsWith(close) && text.length >= 2 ? text.slice(1, -1) : text.slice(1);
    return inner.split(close + close).join(close);
  }

  /** `a.b.c` starting at token i, within [i, end). */
  qualifiedName(i: number, end: number): QualifiedName | undefined {
    const first = this.identifier(i);
    if (first === undefined || i >= end) return undefined;
    const parts = [first];
    let next = i + 1;
    while (next + 1 < end && this.isPunct(next, '.')) {
      const part = this.identifier(next + 1);
      if (part === undefined) break;
      parts.push(part);
      next += 2;
    }
    return { parts, first: i, next };
  }

  /**
   * The index of the `)` closing the `(` at i, or `end` when it is not closed before `end`.
   * Read from a table of every pair made in one pass: the interpreters ask at each call
   * and each nested query, and a scan per question made `SELECT (SELECT (…` quadratic.
   */
  closingParen(i: number, end: number): number {
    const close = this.parenPairs()[i] ?? -1;
    return close >= 0 && close < end ? close : end;
  }

  /** For each `(` token, the index of its `)`; -1 for an unclosed one and for other tokens. */
  private parenPairs(): Int32Array {
    if (this.pairs) return this.pairs;
    const pairs = new Int32Array(this.tokens.count).fill(-1);
    const open: number[] = [];
    for (let k = 0; k < this.tokens.count; k++) {
      if (this.tokens.kinds[k] !== TokenKind.Punct) continue;
      if (this.isPunct(k, '(')) open.push(k);
      else if (this.isPunct(k, ')') && open.length > 0) pairs[open.pop()!] = k;
    }
    return (this.pairs = pairs);
  }

  /** Token ranges between top-level commas of [from, to). */
  splitOnCommas(from: number, to: number): Array<[number, number]> {
    const parts: Array<[number, number]> = [];
    let depth = 0;
    let start = from;
    for (let k = from; k < to; k++) {
      if (this.kind(k) !== TokenKind.Punct) continue;
      if (this.isPunct(k, '(')) depth++;
      else if (this.isPunct(k, ')')) depth--;
      else if (depth === 0 && this.isPunct(k, ',')) {
        parts.push([start, k]);
        start = k + 1;
      }
    }
    if (start < to) parts.push([start, to]);
    return parts;
  }

  /** Whether the parentheses of [from, to) balance: a broken statement does not. */
  balanced(from: number, to: number): boolean {
    let depth = 0;
    for (let k = from; k < to; k++) {
      if (this.kind(k) !== TokenKind.Punct) continue;
      if (this.isPunct(k, '(')) depth++;
      else if (this.isPunct(k, ')') && --depth < 0) return false;
    }
    return depth === 0;
  }

  position(i: number): Position {
    return this.positionOfOffset(this.tokens.starts[i]!);
  }

  positionOfOffset(offset: number): Position {
    const starts = this.lineStartOffsets();
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, col: offset - starts[low]! };
  }

  /** Only files with declarations pay for the line index. */
  private lineStartOffsets(): number[] {
    if (!this.lineStarts) {
      const starts = [0];
      const { source } = this.tokens;
      for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
      this.lineStarts = starts;
    }
    return this.lineStarts;
  }
}

/** `schema.table` as the symbol name (a database prefix is dropped), `table` alone. */
export function displayName(name: QualifiedName): string {
  return name.parts.slice(-2).join('.');
}

/** The keys a table or view is found by: its bare name, and schema-qualified when written so. */
export function objectKeys(prefix: string, name: QualifiedName): string[] {
  const [schema, table] = schemaAndName(name);
  return schema ? [`${prefix}:${table}`, `${prefix}:${schema}.${table}`] : [`${prefix}:${table}`];
}

/** Key candidates for a name used in a query: the qualified name first, then the bare one. */
export function referenceCandidates(prefix: string, name: QualifiedName): string[][] {
  const [schema, table] = schemaAndName(name);
  return schema ? [[`${prefix}:${schema}.${table}`], [`${prefix}:${table}`]] : [[`${prefix}:${table}`]];
}

function schemaAndName(name: QualifiedName): [string | undefined, string] {
  const table = name.parts[name.parts.length - 1]!.toLowerCase();
  const schema = name.parts.length > 1 ? name.parts[name.parts.length - 2]!.toLowerCase() : undefined;
  return [schema, table];
}
