import type { SyntaxNode } from '../extractor';

/** Python names, string literals and docstrings, read from source text. */

const DOTTED_NAME = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;

const STRING_LITERAL = /^([rRuUbB]{0,2})("""|'''|"|')([\s\S]*)\2$/;

/** `name` or `a.b.name`, nothing else. */
export function isDottedName(text: string): boolean {
  return DOTTED_NAME.test(text);
}

/**
 * The value of a plain string literal (`'x'`, `r"x"`, `"""x"""`), or undefined for
 * anything else, f-strings included: their value is not known statically.
 */
export function stringLiteralValue(text: string): string | undefined {
  const match = STRING_LITERAL.exec(text);
  if (!match) return undefined;
  const [, , quote, content] = match;
  return content !== undefined && !content.endsWith('\\') && !(quote?.length === 1 && content.includes('\n'))
    ? content
    : undefined;
}

/** The value of a `string` node, or undefined when it is not a plain literal. */
export function stringNodeValue(node: SyntaxNode | null | undefined): string | undefined {
  return node?.type === 'string' ? stringLiteralValue(node.text) : undefined;
}

/** The docstring of a function or class body: its first statement, if a string. */
export function docstringOf(body: SyntaxNode): string {
  let statement = body.firstNamedChild;
  while (statement?.type === 'comment') statement = statement.nextNamedSibling;
  const literal = statement?.type === 'expression_statement' ? statement.firstNamedChild : null;
  if (!literal || literal.type !== 'string' || literal.nextNamedSibling) return '';
  const value = stringLiteralValue(literal.text);
  return value === undefined ? '' : cleanDocstring(value);
}

/** Like Python's inspect.cleandoc: trims, and drops the indentation common to later lines. */
function cleanDocstring(value: string): string {
  const [first = '', ...rest] = value.split(/\r?\n/);
  let common = Infinity;
  for (const line of rest) if (line.trim() !== '') common = Math.min(common, line.length - line.trimStart().length);
  if (common === Infinity) common = 0;
  return [first.trim(), ...rest.map((line) => line.slice(common).trimEnd())].join('\n').trim();
}

/** Literals of several values: a list, a tuple (also unparenthesised, `'a', 'b'` on an assignment's right), a set. */
const COLLECTION_LITERALS: ReadonlySet<string> = new Set(['list', 'tuple', 'expression_list', 'set']);

/** The strings of a list, tuple or set literal; undefined if anything else is in it. */
export function literalStrings(node: SyntaxNode): string[] | undefined {
  if (!COLLECTION_LITERALS.has(node.type)) return undefined;
  const values: string[] = [];
  for (const item of node.namedChildren) {
    if (!item || item.type === 'comment') continue;
    const value = stringNodeValue(item);
    if (value === undefined) return undefined;
    values.push(value);
  }
  return values;
}
