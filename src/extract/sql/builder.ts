import { collapseWhitespace, stripCommentMarkers } from '../common';
import type { LinkEnd, LinkFact, Position, SymbolFact } from '../facts';
import type { NodeKind } from '../../model/kinds';
import { hashBytes } from '../../model/hash';
import { type QualifiedName, type TokenView, referenceCandidates } from './statement';

/** Collects one file's symbols and links; the statement interpreters write into it. */

const MAX_SIGNATURE = 300;

export interface SymbolSpan {
  readonly name: string;
  readonly kind: NodeKind;
  readonly nameToken: number;
  /** Tokens [first, end) of the declaration. */
  readonly first: number;
  readonly end: number;
  /** The header ends before this token: the signature is [first, headerEnd). */
  readonly headerEnd: number;
  readonly keys?: readonly string[];
}

export class SqlFactsBuilder {
  readonly symbols: SymbolFact[] = [];
  readonly links: LinkFact[] = [];
  errors = 0;
  private readonly declared = new Set<string>();
  /** Link ends by prefix and name: a table named in many places costs its key arrays once. */
  private readonly ends = new Map<string, LinkEnd>();

  /** Key every keyed symbol of the file's directory carries: links prefer tables beside them. */
  private readonly directoryKey: string;

  constructor(readonly view: TokenView, path: string) {
    this.directoryKey = `sql:dir:${path.slice(0, Math.max(0, path.lastIndexOf('/')))}`;
  }

  addSymbol(span: SymbolSpan): void {
    if (this.declared.has(span.name)) return;
    this.declared.add(span.name);
    const { source, starts, ends } = this.view.tokens;
    const { line, col } = this.view.position(span.nameToken);
    const headerEnd = Math.max(span.headerEnd, span.nameToken + 1);
    const signature = collapseWhitespace(source.slice(starts[span.first], ends[headerEnd - 1]));
    const symbol: { -readonly [K in keyof SymbolFact]: SymbolFact[K] } = {
      name: span.name,
      kind: span.kind,
      line,
      col,
      endLine: Math.max(line, this.view.positionOfOffset(ends[span.end - 1]!).line),
      signature: signature.length > MAX_SIGNATURE ? `${signature.slice(0, MAX_SIGNATURE - 1)}…` : signature,
      bodyHash: hashBytes(source.slice(starts[span.first], ends[span.end - 1])),
      doc: this.docAbove(starts[span.first]!),
      exported: true,
    };
    if (span.keys) symbol.keys = [...span.keys, this.directoryKey];
    this.symbols.push(symbol);
  }

  hasSymbol(name: string): boolean {
    return this.declared.has(name);
  }

  /**
   * The end a link reaches through keys: the object `name` means, of the kind `prefix`
   * names (`sql:table`, `sql:view`), the ones in this file's directory first: repos keep
   * one schema per dialect (db/mysql, db/postgres), and a foreign key means the table of
   * its own schema. ALTER TABLE finds the altered table the same way.
   */
  keysEnd(prefix: string, name: QualifiedName): LinkEnd {
    const identity = `${prefix}\0${name.parts.join('\0')}`;
    let end = this.ends.get(identity);
    if (!end) {
      const candidates = referenceCandidates(prefix, name);
      end = { form: 'keys', candidates: [...candidates.map((keys) => [...keys, this.directoryKey]), ...candidates] };
      this.ends.set(identity, end);
    }
    return end;
  }

  addLink(edgeType: LinkFact['edgeType'], from: LinkEnd, to: LinkEnd, at: Position): void {
    this.links.push({ line: at.line, col: at.col, edgeType, from, to });
  }

  /** The comment lines directly above an offset (no blank line between), markers stripped. */
  private docAbove(offset: number): string {
    const { comments, source } = this.view.tokens;
    const parts: string[] = [];
    let boundary = offset;
    for (let index = lastCommentBefore(comments, boundary); index >= 0; index--) {
      const start = comments[index * 2]!;
      const end = comments[index * 2 + 1]!;
      const lineStart = source.lastIndexOf('\n', start - 1) + 1;
      if (!onlyLineBreakBetween(source, end, boundary) || source.slice(lineStart, start).trim() !== '') break;
      parts.unshift(stripCommentMarkers(source.slice(start, end).replace(/^--/gm, '//')));
      boundary = lineStart;
    }
    return parts.join('\n').trim();
  }
}

/** Whether [from, to) holds only blanks and at most one line break: no blank line, no code. */
function onlyLineBreakBetween(source: string, from: number, to: number): boolean {
  let breaks = 0;
  for (let i = from; i < to; i++) {
    const char = source[i];
    if (char === '\n') {
      if (++breaks > 1) return false;
    } else if (char !== ' ' && char !== '\t' && char !== '\r') {
      return false;
    }
  }
  return true;
}

/** Index of the last comment ending at or before `offset`, or -1. */
function lastCommentBefore(comments: readonly number[], offset: number): number {
  let low = 0;
  let high = comments.length / 2 - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (comments[middle * 2 + 1]! <= offset) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
