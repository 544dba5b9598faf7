/**
 * A `use` tree read from its text: `a::b::{self, C as D, e::*}` gives one leaf per name.
 * Reading the text once is much cheaper than visiting its syntax nodes one by one.
 */
export interface UseLeaf {
  readonly segments: readonly string[];
  readonly alias?: string;
  readonly glob: boolean;
  /** Offset of the leaf's first token in the text. */
  readonly offset: number;
}

interface Token {
  readonly text: string;
  readonly offset: number;
}

const TOKEN = /\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/|(r#)?([A-Za-z_][A-Za-z0-9_]*)|(::|[{},*])|(.)/gy;
const MAX_DEPTH = 32;

function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match && match[0] !== ''; match = TOKEN.exec(text)) {
    if (match[4] !== undefined) return undefined;
    const word = match[2] ?? match[3];
    if (word !== undefined) tokens.push({ text: word, offset: match.index + (match[1] ? 2 : 0) });
  }
  return tokens;
}

/** The leaves of a use tree's text; none when it holds a token no use tree has. */
export function useLeaves(text: string): UseLeaf[] {
  const tokenized = tokenize(text);
  if (!tokenized) return [];
  const tokens: Token[] = tokenized;
  const leaves: UseLeaf[] = [];
  let at = 0;
  const peek = (): string | undefined => tokens[at]?.text;
  const isName = (token: string | undefined): boolean => token !== undefined && /^[A-Za-z_]/.test(token);

  function tree(prefix: readonly string[], depth: number): boolean {
    if (depth > MAX_DEPTH) return false;
    const start = tokens[at]?.offset ?? 0;
    const segments = [...prefix];
    if (peek() === '::') at++;
    while (isName(peek()) && peek() !== 'as') {
      segments.push(tokens[at++]!.text);
      if (peek() !== '::') break;
      at++;
      if (peek() === '{' || peek() === '*') break;
    }
    if (peek() === '*') {
      at++;
      leaves.push({ segments, glob: true, offset: start });
      return true;
    }
    if (peek() === '{') {
      at++;
      while (peek() !== '}') {
        if (!tree(segments, depth + 1)) return false;
        if (peek() === ',') at++;
        else if (peek() !== '}') return false;
      }
      at++;
      return true;
    }
    if (segments.length === prefix.length) return false;
    let alias: string | undefined;
    if (peek() === 'as') {
      at++;
      if (!isName(peek())) return false;
      alias = tokens[at++]!.text;
    }
    // `use a::b::{self}` imports the module `a::b` itself.
    const own = segments[segments.length - 1] === 'self' && segments.length > 1 ? segments.slice(0, -1) : segments;
    leaves.push({ segments: own, alias, glob: false, offset: start });
    return true;
  }

  // A malformed tree keeps the leaves read before the error.
  tree([], 0);
  return leaves;
}
