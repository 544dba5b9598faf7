import { collapseWhitespace } from '../common';
import type { SyntaxNode } from '../extractor';
import type { LocalName, Scope } from './scopes';

/**
 * Go types as the file writes them, one line each, for TypeExprs and the resolver's Go
 * type syntax: package names as written, a type declared in a function written out where
 * it is used, a type parameter not at all.
 */

/**
 * A type node as written, a type declared in the function written out, or undefined when
 * it mentions a type parameter. A package type instantiated with type parameters (`Set[T]`,
 * `*pkg.List[K, V]`) is kept: its methods are the same for every instance, while what
 * depends on T (its fields' and elements' types) is unknown at their own declarations.
 */
export function writtenType(node: SyntaxNode, scope: Scope): string | undefined {
  // Each node's text is a call into the parser: a bare type name reads it once.
  if (node.type === 'type_identifier') {
    const text = node.text;
    const local = scope.lookup(text, node.startIndex);
    return isLocalTypeName(local) ? local!.underlying : text;
  }
  // Looking for the type names inside costs a walk of the type: only where one may be local.
  if (scope.mayShadowTypeNames()) {
    const locals = node.descendantsOfType('type_identifier').filter((name) => name && !isQualified(name) && isLocalTypeName(scope.lookup(name.text, name.startIndex)));
    if (locals.length > 0) return withLocalTypesWrittenOut(node, locals as SyntaxNode[], scope) ?? (isPackageTypeInstance(node, scope) ? goTypeText(node.text) : undefined);
  }
  return goTypeText(node.text);
}

/**
 * A type naming local types (`[]testCase`, `*newParser`) as the same type with theirs
 * written out (`[]struct { name string; ... }`): a local type has no methods of its own
 * (Go declares methods at package level only), so its underlying type says all a call
 * through it can reach. Undefined when one of them is a type parameter or is not known.
 */
function withLocalTypesWrittenOut(node: SyntaxNode, locals: readonly SyntaxNode[], scope: Scope): string | undefined {
  const text = node.text;
  let written = '';
  let from = 0;
  for (const name of locals) {
    const underlying = scope.lookup(name.text, name.startIndex)?.underlying;
    if (underlying === undefined) return undefined;
    written += text.slice(from, name.startIndex - node.startIndex) + underlying;
    from = name.endIndex - node.startIndex;
  }
  return goTypeText(written + text.slice(from));
}

/**
 * What a local type declaration (`type testCase struct {...}`, `type fn func() T`, `type A = B`)
 * names as written, its own local type names written out; undefined when it refers to
 * itself (`type node struct { next *node }`), which no finite text writes out.
 */
export function localTypeUnderlying(name: SyntaxNode, scope: Scope): string | undefined {
  const type = name.parent?.childForFieldName('type');
  if (!type) return undefined;
  if (type.descendantsOfType('type_identifier').some((inner) => inner?.text === name.text && !isQualified(inner))) return undefined;
  return writtenType(type, scope);
}

/** `pkg.T`'s T: a package's type, whatever the function declares. */
function isQualified(name: SyntaxNode): boolean {
  return name.parent?.type === 'qualified_type';
}

/**
 * A type as one line: comments dropped, and each line break Go reads as a semicolon (after
 * a name, a literal or a closing bracket, the spec's rule) kept as one, so a struct's
 * fields stay apart: `struct {\n a A // why\n b, c B\n}` reads `struct { a A; b, c B; }`.
 */
export function goTypeText(text: string): string {
  if (!text.includes('\n') && !text.includes('/')) return collapseWhitespace(text);
  const uncommented = text.replace(/"(?:\\.|[^"\\\n])*"|`[^`]*`|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m) => (m.startsWith('/') ? ' ' : m));
  const lines = uncommented.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  return collapseWhitespace(lines.map((line, i) => (i < lines.length - 1 && /[\p{L}\p{N}_)\]}`"]$/u.test(line) ? `${line};` : line)).join(' '));
}

/** `G[...]` or `*G[...]` (any pointer depth) where G is a type of a package, not one declared or bound here. */
function isPackageTypeInstance(node: SyntaxNode, scope: Scope): boolean {
  let type: SyntaxNode | null = node;
  while (type?.type === 'pointer_type') type = type.namedChild(0);
  if (type?.type !== 'generic_type') return false;
  const base = type.childForFieldName('type');
  if (base?.type === 'qualified_type') return true;
  return base?.type === 'type_identifier' && !isLocalTypeName(scope.lookup(base.text, base.startIndex));
}

export function isLocalTypeName(local: LocalName | undefined): boolean {
  return local !== undefined && (local.kind === 'typeparam' || local.kind === 'typename');
}
