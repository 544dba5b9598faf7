import type { SyntaxNode } from './extractor';
import type { HttpCallFact } from './facts';

/**
 * URLs as a client call writes them, for linking the request to the route that serves it:
 * literal text with the parts the code computes (a base URL variable, an id) marked
 * unknown. The result keeps what the text fixes: the host when the URL starts with a
 * literal `scheme://host`, and the path, each segment literal or `{}` (computed).
 */

/** One piece of a URL expression: text written in the code, or a value computed at run time. */
export type UrlPart = { readonly text: string } | { readonly computed: true };

/** A URL a client requests, as far as the code fixes it. */
export interface UrlTemplate {
  /** `cartservice` of `http://cartservice:8080/cart`; absent when the host is computed or not written. */
  readonly host?: string;
  /** `/cart/{}`: literal segments, `{}` for a computed one. */
  readonly path: string;
}

const COMPUTED = '\u0000';

/**
 * The template of a URL built from parts, or undefined when the code does not fix a path:
 * a URL wholly computed, one whose first literal text after a computed start does not
 * begin a path (`base + "x"`), or a relative one. A computed part inside a segment makes
 * the whole segment computed; a query string or fragment is dropped.
 */
export function urlTemplate(parts: readonly UrlPart[]): UrlTemplate | undefined {
  const text = parts.map((part) => ('text' in part ? part.text : COMPUTED)).join('');
  let rest = text.split(/[?#]/, 1)[0] ?? '';
  let host: string | undefined;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/([^/]*)/i.exec(rest);
  if (absolute) {
    const authority = absolute[1]!;
    host = authority.includes(COMPUTED) ? undefined : authority.replace(/^[^@]*@/, '').replace(/:\d+$/, '').toLowerCase();
    rest = rest.slice(absolute[0].length) || '/';
  } else if (rest.startsWith(COMPUTED)) {
    // A computed base (`${API}/cart`): the path is what follows it.
    rest = rest.replace(/^\u0000+/, '');
  }
  if (!rest.startsWith('/')) return undefined;
  const segments = rest.split('/').slice(1).map((segment) => (segment.includes(COMPUTED) ? '{}' : segment));
  const path = `/${segments.join('/')}`;
  return host === undefined || host === '' ? { path } : { host, path };
}

/** The facts' `httpCalls` field: absent when the file sends no request. */
export function withHttpCalls(facts: HttpCallFact[]): { httpCalls?: HttpCallFact[] } {
  return facts.length > 0 ? { httpCalls: facts } : {};
}

/** A text with holes a format or template fills at run time (`%s`, `{0}`, `{id}`): each hole computed. */
export function textWithHoles(text: string, hole: RegExp, literal: (piece: string) => string = (piece) => piece): UrlPart[] {
  return text.split(hole).flatMap((piece, i): UrlPart[] => (i === 0 ? [{ text: literal(piece) }] : [{ computed: true }, { text: literal(piece) }]));
}

/** `a + b` as the grammars write it (a binary node with left, operator and right): both sides' parts; anything else computed. */
export function concatenationParts(node: SyntaxNode, partsOf: (side: SyntaxNode) => UrlPart[]): UrlPart[] {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  return node.childForFieldName('operator')?.text === '+' && left && right ? [...partsOf(left), ...partsOf(right)] : [{ computed: true }];
}

/** An interpolated string (a template literal, an f-string, `$"..."`): its text pieces, each hole computed. */
export function interpolatedParts(node: SyntaxNode, textType: string, holeType: string): UrlPart[] {
  return node.namedChildren.flatMap((child): UrlPart[] => {
    if (child?.type === textType) return [{ text: child.text }];
    return child?.type === holeType ? [{ computed: true }] : [];
  });
}
