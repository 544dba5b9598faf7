import type { SyntaxNode } from '../extractor';
import type { TypeExpr } from '../facts';
import { callableOf } from './callables';
import { calleeOf, memberCallee } from './expressionTypes';
import { writtenTypeOf } from './writtenTypes';
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

/** Expressions that wrap a value without changing which value it is. */
const WRAPPERS = new Set(['as_expression', 'satisfies_expression', 'parenthesized_expression']);

/** Where a value stands once the wrappers around it are passed, and the outermost `as T` among them. */
export function unwrapped(value: SyntaxNode): { readonly holder: SyntaxNode | null; readonly cast?: SyntaxNode } {
  let cast: SyntaxNode | undefined;
  let at = value.parent;
  for (; at && WRAPPERS.has(at.type); at = at.parent) if (at.type === 'as_expression') cast = at;
  return { holder: at, cast };
}

/** The name the literal is bound to, or undefined when it is bound to none. */
function objectNameOf(literal: SyntaxNode, scope: Scope): string | undefined {
  // `const o = {...}`, also as `{...} as T`, `{...} satisfies T` or `({...})`.
  const parent = literal.parent?.type === 'pair' ? literal.parent : unwrapped(literal).holder;
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

export const onObject: MatchHandler = (match, state) => {
  const name = objectNameOf(match.node, state.scope);
  if (name === undefined) return undefined;
  const scope = new Scope('object', match.node.endIndex, state.scope);
  scope.objectName = name;
  return scope;
};

/** What calling a member gives and how it is called, as its declaration says. */
interface MemberCall {
  readonly returns?: string;
  readonly returned?: TypeExpr;
  readonly callable?: string;
}

/** `api.get` for a member of a named literal; undefined otherwise. */
function addMember(state: FileState, match: RoleMatch, body: SyntaxNode | undefined, callOf: () => MemberCall): string | undefined {
  const owner = state.scope.kind === 'object' ? state.scope.objectName : undefined;
  if (owner === undefined) return undefined;
  const nameNode = match.parts.get('name');
  const name = memberName(nameNode);
  if (name === undefined) return undefined;
  const qualified = `${owner}.${name}`;
  const call = callOf();
  const draft = state.symbols.add({
    name: qualified, kind: 'method', declaration: match.node, nameNode, body, docAnchor: match.node, returns: call.returns, callable: call.callable,
  });
  if (draft && call.returned) draft.returned = call.returned;
  return qualified;
}

/** A function's declared result and parameters (its returns, when it declares none, are read by returns.ts). */
function declaredCall(fn: SyntaxNode): MemberCall {
  return { returns: writtenTypeOf(fn.childForFieldName('return_type')), callable: callableOf(fn) };
}

/** `get() {...}` in a literal: a method of it; `this` inside is the literal, not a class. */
export const onObjectMethod: MatchHandler = (match, state) => {
  const symbol = addMember(state, match, match.parts.get('body'), () => declaredCall(match.node));
  return new Scope('function', match.node.endIndex, state.scope, symbol);
};

/**
 * `put: () => ...` in a named literal: a method of it, holding the function's scope. Behind
 * `as T` the property has type T whatever the function returns (castCall).
 */
export const onObjectProperty: MatchHandler = (match, state) => {
  const value = match.parts.get('value');
  const callOf = (): MemberCall => {
    const cast = value ? unwrapped(value).cast : undefined;
    const type = cast?.childForFieldName('type') ?? cast?.lastNamedChild;
    return type ? castCall(type, state.scope) : value ? declaredCall(value) : {};
  };
  const symbol = addMember(state, match, value?.childForFieldName('body') ?? undefined, callOf);
  return symbol === undefined ? undefined : new Scope('holder', match.node.endIndex, state.scope, symbol);
};

/**
 * What a call of a value cast to T gives, as the compiler types it from T alone: a
 * function type's result, what `typeof f` or `typeof X.m` gives when called, and the
 * same of `(typeof X)["m"]`. Any other T is not read: the call's result stays unknown.
 */
export function castCall(type: SyntaxNode, scope: Scope): MemberCall {
  if (type.type === 'function_type') return declaredCall(type);
  const query = unparenthesized(type);
  if (query?.type === 'type_query') {
    const callee = calleeOf(query.namedChild(0), scope);
    return callee ? { returned: { t: 'result', call: callee } } : {};
  }
  if (type.type !== 'lookup_type') return {};
  const [owner, key] = type.namedChildren;
  const ownerQuery = unparenthesized(owner ?? null);
  const object = ownerQuery?.type === 'type_query' ? ownerQuery.namedChild(0) : null;
  const literal = key?.type === 'literal_type' ? key.namedChild(0) : null;
  const property = literal?.type === 'string' ? memberName(literal) : undefined;
  if (!object || property === undefined) return {};
  return { returned: { t: 'result', call: memberCallee(object, property, scope) } };
}

function unparenthesized(type: SyntaxNode | null): SyntaxNode | undefined {
  let at = type;
  while (at?.type === 'parenthesized_type') at = at.namedChild(0);
  return at ?? undefined;
}
