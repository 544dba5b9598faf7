import { collapseWhitespace, leadingComment } from '../common';
import type { SyntaxNode } from '../extractor';

/**
 * Declaration headers, modifiers, extents and doc comments read from source text. Each
 * question asked of the tree is a round trip to the wasm side; these are asked of the
 * text the extractor already holds.
 */

const COMMENT_TYPES: ReadonlySet<string> = new Set(['line_comment', 'block_comment']);
const MAX_SIGNATURE = 300;

/** The last line of a node, counted in its text. */
export function endLineOf(node: SyntaxNode, text: string): number {
  let lines = node.startPosition.row + 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/**
 * The comment block right above a declaration. Most declarations have none: the line
 * above is looked at in the source first, and only a comment there walks the siblings.
 */
export function docAbove(node: SyntaxNode, source: string): string {
  const lineStart = source.lastIndexOf('\n', node.startIndex - 1);
  const before = source.slice(source.lastIndexOf('\n', lineStart - 1) + 1, node.startIndex);
  return before.includes('//') || before.includes('*/') ? leadingComment(node, COMMENT_TYPES) : '';
}

/**
 * The modifier keywords of a declaration (`public`, `static`, `final`...), read from the
 * text: keywords are reserved words, so outside string literals they are never names.
 */
export function modifierKeywords(modifiers: SyntaxNode | undefined): Set<string> {
  const keywords = new Set<string>();
  if (!modifiers) return keywords;
  const text = modifiers.text.replace(/"(?:\\.|[^"\\])*"/g, '');
  for (const match of text.matchAll(/\b(public|protected|private|static|final|abstract|default)\b/g)) keywords.add(match[1]!);
  return keywords;
}

/** The declaration from its first keyword to its body: annotations and body left out. */
export function headerOf(text: string, bodyOffset: number): string {
  const header = text.slice(text.startsWith('@') ? skipAnnotations(text) : 0, Math.max(0, bodyOffset));
  return clip(collapseWhitespace(header).replace(/;$/, ''));
}

/** Offset of the first character after the leading annotations (`@A`, `@a.B(x = "(")`) of a declaration. */
function skipAnnotations(text: string): number {
  let at = skipSpace(text, 0);
  while (text[at] === '@' && !text.startsWith('@interface', at)) {
    at++;
    while (at < text.length && /[\w$.]/.test(text[at]!)) at++;
    at = skipSpace(text, at);
    if (text[at] === '(') at = skipParenthesised(text, at);
    at = skipSpace(text, at);
  }
  return at;
}

function skipParenthesised(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    const char = text[at];
    if (char === '"' || char === "'") {
      for (at++; at < text.length && text[at] !== char; at++) if (text[at] === '\\') at++;
    } else if (char === '(') {
      depth++;
    } else if (char === ')' && --depth === 0) {
      return at + 1;
    }
  }
  return text.length;
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && text.charCodeAt(at) <= 32) at++;
  return at;
}

export function clip(text: string): string {
  return text.length > MAX_SIGNATURE ? `${text.slice(0, MAX_SIGNATURE - 1)}…` : text;
}
