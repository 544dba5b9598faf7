import type { SyntaxNode } from '../extractor';
import { Scope } from './scope';
import type { FileState, MatchHandler, RoleMatch } from './types';
import { memberName } from './syntax';

/**
 * Object literals bound to a name: `const api = { get() {...}, put: () => ... }` makes
 * the methods `api.get` and `api.put`, and calls inside them are theirs. A literal in a
 * property of a named one is named by the path (`api.users.list`); inside a function
 * the name carries the function's prefix (`outer>api.get`). Unnamed literals (arguments,
 * return values) name nothing: their functions' calls stay with the enclosing symbol.
 */

/** Expressions that wrap a literal without changing which object it is. */
const WRAPPERS = new Set(['as_expression', 'satisfies_expression', 'parenthesized_expression']);

/** The name the literal is bound to, or undefined when it is bound to none. */
function objectNameOf(literal: SyntaxNode, scope: Scope): string | undefined {
  const parent = literal.parent?.type === 'pair' ? literal.parent : declaratorOf(literal);
  if (parent?.type === 'pair') {
    const key = memberName(parent.childForFieldName('key'));
    return scope.kind === 'object' && scope.objectName !== undefined && key !== undefined ? `${scope.objectName}.${key}` : undefined;
  }
  if (parent?.type !== 'variable_declarator') return undefined;
  const nameNode = parent.childForFieldName('name');
  if (nameNode?.type !== 'identifier') return undefined;
  // A module-level `const` is a symbol already: the holder scope it opened names it.
  if (scope.kind === 'holder' && scope.end === parent.endIndex) return scope.symbol;
  const prefix = scope.declarationPrefix ?? scope.nestedPrefix;
  return prefix === undefined ? undefined : `${prefix}${nameNode.text}`;
}

/** `const o = {...}`, also as `{...} as T`, `{...} satisfies T` or `({...})`. */
function declaratorOf(literal: SyntaxNode): SyntaxNode | null {
  let parent = literal.parent;
  while (parent && WRAPPERS.has(parent.type)) parent = parent.parent;
  return parent;
}

export const onObject: MatchHandler = (match, state) => {
  const name = objectNameOf(match.node, state.scope);
  if (name === undefined) return undefined;
  const scope = new Scope('object', match.node.endIndex, state.scope);
  scope.objectName = name;
  return scope;
};

/** `api.get` for a member of a named literal; undefined otherwise. */
function addMember(state: FileState, match: RoleMatch, body: SyntaxNode | undefined): string | undefined {
  const owner = state.scope.kind === 'object' ? state.scope.objectName : undefined;
  const nameNode = match.parts.get('name');
  const name = memberName(nameNode);
  if (owner === undefined || name === undefined) return undefined;
  const qualified = `${owner}.${name}`;
  state.symbols.add({ name: qualified, kind: 'method', declaration: match.node, nameNode, body, docAnchor: match.node });
  return qualified;
}

/** `get() {...}` in a literal: a method of it; `this` inside is the literal, not a class. */
export const onObjectMethod: MatchHandler = (match, state) => {
  const symbol = addMember(state, match, match.parts.get('body'));
  return new Scope('function', match.node.endIndex, state.scope, symbol);
};

/** `put: () => ...` in a named literal: a method of it, holding the function's scope. */
export const onObjectProperty: MatchHandler = (match, state) => {
  const value = match.parts.get('value');
  const symbol = addMember(state, match, value?.childForFieldName('body') ?? undefined);
  return symbol === undefined ? undefined : new Scope('holder', match.node.endIndex, state.scope, symbol);
};
