import type { SyntaxNode } from '../extractor';
import type { ObjectMember, TypeExpr } from '../facts';
import { typeOfExpression } from './expressionTypes';
import { type Scope, WITHIN_BODY } from './scope';
import { overloadRun } from './overloads';
import { FUNCTION_NODES } from './syntax';
import type { FileState, MatchHandler } from './types';
import type { SymbolDraft } from './symbols';
import { returnedMembersOf, sameMembers } from './returnedObjects';
import { objectLiteralOf } from './variables';

/**
 * What an unannotated function returns, as the compiler infers it from its return
 * statements: `gt(v) { return this.setLimit('min', v); }` returns what setLimit returns.
 * Each return is read in the scope it sits in and typed once the file's bindings are all
 * known; the function's result is the type all of them agree on, which the resolver
 * finds with the repo's declarations (SymbolFact.returned). A function whose returns are
 * not all typed values (a bare `return;`, a value of no type we read) gets none.
 * Declared results, and those declarations.ts reads from `new X()` and `this`, stand.
 */

/** `return x;`, `return;`, and the expression body of an arrow function. */
export const onReturn: MatchHandler = (match, state) => {
  const value = match.node.type === 'arrow_function' ? match.parts.get('value') : match.node.namedChild(0) ?? undefined;
  if (value?.type === 'statement_block' || value?.type === 'comment') return;
  const owner = returningSymbol(state.scope);
  if (owner === undefined) return;
  const fn = enclosingFunction(match.node.type === 'arrow_function' ? value : match.node);
  state.returns.push({ owner, value: fn && inferable(fn) ? value : undefined, scope: state.scope });
};

/** The symbol whose body a return in this scope returns from; undefined in an anonymous function. */
function returningSymbol(scope: Scope): string | undefined {
  let at: Scope | undefined = scope;
  while (at && WITHIN_BODY.has(at.kind)) at = at.parent;
  if (!at) return undefined;
  if (at.kind === 'method' || at.kind === 'function') return at.symbol ?? at.heldBy;
  return at.kind === 'arrow' ? at.heldBy : undefined;
}

function enclosingFunction(node: SyntaxNode | undefined): SyntaxNode | undefined {
  for (let at = node?.parent; at; at = at.parent) if (FUNCTION_NODES.has(at.type)) return at;
  return undefined;
}

/**
 * A function whose result the compiler infers from its body alone: no declared return
 * type (on it, or on the variable holding it), no overload signatures (they say what a
 * call gives), not async (a promise of it) and not a generator.
 */
function inferable(fn: SyntaxNode): boolean {
  if (fn.type.startsWith('generator') || fn.childForFieldName('return_type')) return false;
  if (fn.children.some((c) => c?.type === 'async' || c?.type === '*')) return false;
  const holder = fn.parent?.type === 'variable_declarator' ? fn.parent : undefined;
  return !holder?.childForFieldName('type') && overloadRun(fn, true).signatures.length === 0;
}

/**
 * Sets `returned` on each function and method whose returns all have a type, and
 * `returnedMembers` on each whose returns are all object literals giving the same members.
 */
export function inferReturnedTypes(state: FileState): void {
  const byOwner = new Map<string, TypeExpr[] | null>();
  const literalsByOwner = new Map<string, ObjectMember[] | null>();
  for (const { owner, value, scope } of state.returns) {
    const literal = value && objectLiteralOf(value);
    if (literal) noteLiteral(literalsByOwner, owner, returnedMembersOf(literal, scope));
    else literalsByOwner.set(owner, null);
    const known = byOwner.get(owner);
    if (known === null) continue;
    const type = value && typeOfExpression(value, scope);
    if (!type) byOwner.set(owner, null);
    else if (known) known.push(type);
    else byOwner.set(owner, [type]);
  }
  for (const [owner, types] of byOwner) {
    if (!types) continue;
    const draft = inferableDraft(state, owner);
    if (draft) draft.returned = types.length === 1 ? types[0] : { t: 'either', of: types };
  }
  for (const [owner, members] of literalsByOwner) {
    const draft = members && members.length > 0 ? inferableDraft(state, owner) : undefined;
    if (draft && draft.returned === undefined) draft.returnedMembers = members!;
  }
}

function noteLiteral(literalsByOwner: Map<string, ObjectMember[] | null>, owner: string, members: ObjectMember[] | undefined): void {
  const known = literalsByOwner.get(owner);
  if (known === null) return;
  literalsByOwner.set(owner, members && (!known || sameMembers(known, members)) ? members : null);
}

/** The function or method `owner` names, when its returns say what a call gives: no declared result, declared once. */
function inferableDraft(state: FileState, owner: string): SymbolDraft | undefined {
  // A name declared twice (a getter and its setter, overloads read as symbols): no one body says what a call gives.
  if (state.symbols.isDeclaredAgain(owner)) return undefined;
  const draft = state.symbols.named(owner).find((d) => d.kind === 'function' || d.kind === 'method');
  return draft && draft.results === undefined ? draft : undefined;
}
