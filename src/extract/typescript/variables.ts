import type { SyntaxNode } from '../extractor';
import type { ObjectMember, TypeExpr } from '../facts';
import type { NodeKind } from '../../model/kinds';
import { callableOf } from './callables';
import { inferredReturnType, isConstAssertion, typeOfExpression } from './expressionTypes';
import { writtenTypeOf } from './writtenTypes';
import { Scope } from './scope';
import { callbackLocalPrefix } from './callbackLocals';
import { castCall } from './objects';
import type { FileState, MatchHandler } from './types';
import { type SymbolDraft, constantBody } from './symbols';
import { isFunctionValue, literalProperties, memberName, namedType, requireSourceOf } from './syntax';

/**
 * `const|let|var name = value`: a require() import, a typed local that member calls
 * look up, and at module level a function or constant symbol whose initializer's calls
 * are attributed to it.
 */

/** `const`, `let`, `var` (or `using`) of the declaration a declarator belongs to. */
function keywordOf(declaration: SyntaxNode | null): string {
  return declaration?.firstChild?.text ?? '';
}

/**
 * The type a declaration gives its name: the annotation, else the value's type. A
 * JavaScript `let` or `var` may be reassigned to anything, so only its annotation-free
 * `const` siblings take their value's type; TypeScript fixes a `let`'s type at its
 * initializer.
 */
function boundTypeOf(annotation: SyntaxNode | undefined, value: SyntaxNode | undefined, keyword: () => string, state: FileState): TypeExpr | undefined {
  if (annotation) return namedType(writtenTypeOf(annotation));
  if (!value) return undefined;
  if (value.type === 'as_expression') return typeOfExpression(value, state.scope);
  if (keyword() !== 'const' && state.input.language === 'javascript') return undefined;
  return typeOfExpression(value, state.scope);
}

export const onDeclarator: MatchHandler = (match, state) => {
  const nameNode = match.parts.get('name');
  const value = match.parts.get('value');
  if (!nameNode) return undefined;
  const source = value ? requireSourceOf(value) : undefined;
  if (source !== undefined) {
    state.modules.addRequire(nameNode, source);
    if (nameNode.type === 'identifier') state.scope.bind(nameNode.text, undefined);
    return undefined;
  }
  if (nameNode.type !== 'identifier') return undefined;
  let declaration: SyntaxNode | null | undefined;
  const declarationNode = (): SyntaxNode | null => (declaration ??= match.node.parent);
  const keyword = (): string => keywordOf(declarationNode());
  const type = boundTypeOf(match.parts.get('type'), value, keyword, state);
  // A `var` belongs to its function, whatever block declares it.
  const binder = keyword() === 'var' ? state.scope.functionLevel : state.scope;
  binder.bind(nameNode.text, type);
  // In a function's body only function values are symbols (`outer>f`); locals are not,
  // though a `const` literal's methods are (`outer>ctx.close`, objects.ts): `ctx.close()`
  // calls one, unless the const declares a type (`const ctx: Context = {…}`), whose members
  // the compiler resolves the call to.
  const held = value ? heldFunctionOf(value) : undefined;
  const prefix = state.scope.declarationPrefix ?? (held ? functionValuePrefix(state, nameNode.text) : undefined);
  if (prefix === undefined && value && !type && state.scope.nestedPrefix !== undefined && keyword() === 'const') {
    const literal = objectLiteralOf(value);
    if (literal) binder.declareLiteral(nameNode.text, { symbol: `${state.scope.nestedPrefix}${nameNode.text}`, methods: literalMethodsOf(literal) });
  }
  if (prefix === undefined || !value) return undefined;
  const kind: NodeKind | undefined = held ? 'function' : keyword() === 'const' ? 'constant' : undefined;
  if (!kind) return undefined;
  const name = `${prefix}${nameNode.text}`;
  if (prefix !== '') state.scope.declare(nameNode.text, name);
  if (held && state.scope.isModuleLevel) state.moduleFunctions.add(name);
  const draft = addVariableSymbol(state, { name, kind, nameNode, declarator: match.node, value: held?.fn ?? value, cast: held?.cast, declaration: declarationNode() });
  if (draft && kind === 'constant' && type) draft.valueType = type;
  const literal = objectLiteralOf(value);
  const members = draft && kind === 'constant' && !type && literal ? objectMembersOf(literal) : [];
  if (members.length > 0) draft!.objectMembers = members;
  return new Scope('holder', match.node.endIndex, state.scope, name);
};

/** Where a function value held by a local is a symbol: `outer>f` in `outer`'s body or in a callback there (callbackLocals.ts). */
function functionValuePrefix(state: FileState, name: string): string | undefined {
  return state.scope.nestedPrefix ?? callbackLocalPrefix(state.scope, name, state.declaredNames);
}

/**
 * The properties of an object literal that hold a name: `{ sign }`, `{ check: verify }`,
 * `{ iso: ns.iso }`, and spreads `...ns` (named `...`). Others (functions, calls,
 * computed keys) are left out: a literal's own methods are symbols already (objects.ts).
 */
function objectMembersOf(literal: SyntaxNode): ObjectMember[] {
  const members: ObjectMember[] = [];
  for (const { key, path } of literalProperties(literal)) if (key !== undefined && path !== undefined) members.push({ name: key, value: path });
  return members;
}

/**
 * The function a value is, also in parentheses or behind `satisfies T` or `as T` (the
 * value is still that function); `cast` is the outermost `as T`, whose calls give what T
 * says whatever the function returns.
 */
function heldFunctionOf(value: SyntaxNode): { readonly fn: SyntaxNode; readonly cast?: SyntaxNode } | undefined {
  let current: SyntaxNode | null = value;
  let cast: SyntaxNode | undefined;
  while (current?.type === 'parenthesized_expression' || current?.type === 'satisfies_expression' || current?.type === 'as_expression') {
    if (current.type === 'as_expression') cast ??= current;
    current = current.namedChild(0);
  }
  return current && isFunctionValue(current) ? { fn: current, cast } : undefined;
}

/** The object literal a value is, also as `{…} as const`, `{…} satisfies T` or in parentheses: each leaves its type the literal's. */
export function objectLiteralOf(value: SyntaxNode): SyntaxNode | undefined {
  let current: SyntaxNode | null = value;
  while (current?.type === 'parenthesized_expression' || current?.type === 'satisfies_expression' || (current && isConstAssertion(current))) {
    current = current.namedChild(0);
  }
  return current?.type === 'object' ? current : undefined;
}

/**
 * The keys of a literal whose values objects.ts makes methods of it: `close() {…}` and
 * `close: () => …` or `function () {…}`; not getters and setters, which are read, not called.
 */
function literalMethodsOf(literal: SyntaxNode): Set<string> {
  const methods = new Set<string>();
  for (const member of literal.namedChildren) {
    if (member?.type === 'method_definition' && !member.children.some((c) => c?.type === 'get' || c?.type === 'set')) {
      const name = memberName(member.childForFieldName('name'));
      if (name !== undefined) methods.add(name);
    } else if (member?.type === 'pair') {
      const value = member.childForFieldName('value');
      const name = memberName(member.childForFieldName('key'));
      if (name !== undefined && (value?.type === 'arrow_function' || value?.type === 'function_expression')) methods.add(name);
    }
  }
  return methods;
}

/**
 * `const f = (): T => ...` or `const f: () => T = ...`: the annotation, else what the
 * body's returns construct.
 */
function functionValueReturnType(value: SyntaxNode, variableType: SyntaxNode | null): string | undefined {
  const annotation = value.childForFieldName('return_type');
  if (annotation) return writtenTypeOf(annotation);
  const declared = variableType?.type === 'type_annotation' ? variableType.namedChild(0) : variableType;
  if (declared?.type === 'function_type') return writtenTypeOf(declared.childForFieldName('return_type'));
  return inferredReturnType(value, value.childForFieldName('body'));
}

interface VariableSymbol {
  readonly name: string;
  readonly kind: NodeKind;
  readonly nameNode: SyntaxNode;
  readonly declarator: SyntaxNode;
  /** The function itself for a function symbol (past parentheses and casts), else the value. */
  readonly value: SyntaxNode;
  /** A function's outermost `as T`: it is called as T says (objects.ts castCall), whatever it returns. */
  readonly cast?: SyntaxNode;
  readonly declaration: SyntaxNode | null;
}

function addVariableSymbol(state: FileState, { name, kind, nameNode, declarator, value, cast, declaration }: VariableSymbol): SymbolDraft | undefined {
  // `const a = 1, b = 2` is hashed and shown per declarator, without the keyword.
  const sole = declaration?.firstNamedChild?.startIndex === declarator.startIndex
    && declaration.lastNamedChild?.startIndex === declarator.startIndex;
  const exportStatement = declaration ? state.exportStatementOf(declaration) : undefined;
  const castType = cast?.childForFieldName('type') ?? cast?.lastNamedChild;
  const castCalled = castType ? castCall(castType, state.scope) : undefined;
  const isFunction = kind === 'function';
  const draft = state.symbols.add({
    name,
    kind,
    declaration: sole && declaration ? declaration : declarator,
    nameNode,
    body: isFunction ? value.childForFieldName('body') ?? undefined : constantBody(value),
    docAnchor: exportStatement ?? declaration ?? declarator,
    exported: exportStatement !== undefined,
    returns: !isFunction ? undefined : castCalled ? castCalled.returns : functionValueReturnType(value, declarator.childForFieldName('type')),
    callable: !isFunction ? undefined : castCalled ? castCalled.callable : callableOf(value),
  });
  if (draft && castCalled?.returned) draft.returned = castCalled.returned;
  return draft;
}
