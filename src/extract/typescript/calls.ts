import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CallFact, CalleeExpr } from '../facts';
import type { Scope } from './scope';
import type { CalleeDraft, FileState, MatchHandler, ObjectRef, PendingCall } from './types';
import { memberCallee, plainTypeName } from './expressionTypes';
import { dottedNameOf, requireSourceOf, shortText } from './syntax';

/**
 * Calls are read in source order but typed at the end: a name may be bound after the
 * call that uses it (hoisting, a closure over a later `const`), so objectType is looked
 * up once every binding of the file is known.
 */

/** Test-framework calls in test files are the tests themselves, not calls. */
const TEST_FUNCTIONS = new Set(['describe', 'it', 'test']);
/** `f.call(...)` says nothing about f's own callees unless f's type is known. */
const INDIRECT_CALLS = new Set(['call', 'apply', 'bind']);
const THIS_FIELD = /^this\.([^.]+)$/;

export function memberDraft(object: SyntaxNode, property: string): CalleeDraft {
  switch (object.type) {
    case 'this':
    case 'super':
      return { form: 'member', object: object.type, property, ref: { kind: object.type } };
    case 'identifier':
      return { form: 'member', object: object.text, property, ref: { kind: 'name', name: object.text }, node: object };
    default: {
      const dotted = dottedNameOf(object);
      const field = dotted ? THIS_FIELD.exec(dotted)?.[1] : undefined;
      const ref: ObjectRef = field !== undefined ? { kind: 'field', field } : { kind: 'opaque' };
      return { form: 'member', object: dotted ?? shortText(object), property, ref, node: object };
    }
  }
}

function objectTypeOf(ref: ObjectRef, scope: Scope, moduleClasses: ReadonlySet<string>): string | undefined {
  switch (ref.kind) {
    case 'this':
      return scope.thisClass()?.symbol;
    case 'super':
      return scope.thisClass()?.baseClass;
    case 'field':
      return scope.thisClass()?.fieldType(ref.field);
    case 'name': {
      const binding = scope.typeOf(ref.name);
      if (binding.bound) return plainTypeName(binding.type);
      return moduleClasses.has(ref.name) ? ref.name : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The callee with its objectType once the file's bindings are all known, or else the
 * receiver's type as an expression for the resolver to finish.
 */
export function resolveCallee(draft: CalleeDraft, scope: Scope, moduleClasses: ReadonlySet<string>): CalleeExpr {
  if (draft.form !== 'member') return draft;
  const objectType = objectTypeOf(draft.ref, scope, moduleClasses);
  const { object, property } = draft;
  if (objectType !== undefined) return { form: 'member', object, property, objectType };
  return draft.node ? { ...memberCallee(draft.node, property, scope), object } : { form: 'member', object, property };
}

export const onCall: MatchHandler = (match, state) => {
  const name = match.parts.get('callee.name');
  if (name) return onNamedCall(match.node, name, state);
  const superToken = match.parts.get('callee.super');
  if (superToken) return onSuperCall(superToken, state);
  const object = match.parts.get('callee.object');
  const property = match.parts.get('callee.property');
  if (!object || !property) return;
  if (state.isTestFile && object.type === 'identifier' && TEST_FUNCTIONS.has(object.text)) return;
  state.calls.push({ position: positionOf(property), scope: state.scope, callee: memberDraft(object, property.text) });
};

function onNamedCall(call: SyntaxNode, nameNode: SyntaxNode, state: FileState): void {
  const name = nameNode.text;
  if (name === 'require') return onRequire(call, state);
  if (name === 'fetch') state.fetchCalls.push({ call, scope: state.scope });
  const testFramework = state.isTestFile && TEST_FUNCTIONS.has(name) ? { testFramework: true as const } : {};
  state.calls.push({ position: positionOf(nameNode), scope: state.scope, callee: { form: 'name', name }, ...testFramework });
}

/**
 * `super(...)` runs the base class's constructor: read like `new Base()`, so it links to
 * the constructor the base declares, else to the base class. `Mixin(Base)` names none.
 */
function onSuperCall(token: SyntaxNode, state: FileState): void {
  const base = state.scope.thisClass()?.baseClass;
  if (base === undefined) return;
  const dot = base.lastIndexOf('.');
  const callee: CalleeDraft = dot < 0 ? { form: 'new', name: base } : { form: 'new', name: base.slice(dot + 1), object: base.slice(0, dot) };
  state.calls.push({ position: positionOf(token), scope: state.scope, callee });
}

/** `const x = require('m')` is read with its declarator; any other require() binds nothing. */
function onRequire(call: SyntaxNode, state: FileState): void {
  const source = requireSourceOf(call);
  if (source !== undefined && call.parent?.type !== 'variable_declarator') state.modules.addUnboundImport(call, source);
}

export const onNew: MatchHandler = (match, state) => {
  const name = match.parts.get('callee.name');
  if (name) {
    state.calls.push({ position: positionOf(name), scope: state.scope, callee: { form: 'new', name: name.text } });
    return;
  }
  const object = match.parts.get('callee.object');
  const property = match.parts.get('callee.property');
  const dotted = object ? dottedNameOf(object) : undefined;
  if (!property || dotted === undefined) return;
  state.calls.push({ position: positionOf(property), scope: state.scope, callee: { form: 'new', name: property.text, object: dotted } });
};

/**
 * A called name as the symbol it names: `f` inside `namespace N` is the symbol `N.f`,
 * `inner` in the body of `outer` the symbol `outer>inner`. `next()` on a parameter or a
 * local names no symbol: left in, it would read as a call to an outside `next`, so it
 * is dropped (undefined), as are a test file's `describe`/`it`/`test` unless the file
 * declares a function of that name itself (`function test<T>() {…}` in its tests, or
 * `const test = (local, remote) => {…}` at its top: a module-level one is hoisted or
 * bound for the whole file, past the framework's global).
 */
function calleeInScope({ callee, scope, testFramework }: PendingCall, moduleFunctions: ReadonlySet<string>): CalleeDraft | undefined {
  if (callee.form === 'member') return methodOfLocalLiteral(callee, scope) ?? callee;
  if (callee.form === 'new' && callee.object !== undefined) return callee;
  const binder = scope.binderOf(callee.name);
  if (!binder || binder.isModuleLevel) return testFramework && !moduleFunctions.has(callee.name) ? undefined : callee;
  const symbol = binder.symbolOf(callee.name);
  return symbol === undefined ? undefined : { ...callee, name: symbol };
}

/** `ctx.close()` on a function's `const ctx = { close() {…} }`: the method symbol `outer>ctx.close`. */
function methodOfLocalLiteral(callee: Extract<CalleeDraft, { form: 'member' }>, scope: Scope): CalleeDraft | undefined {
  if (!/^[\p{L}$_][\p{L}\p{N}$_]*$/u.test(callee.object)) return undefined;
  const literal = scope.binderOf(callee.object)?.literalOf(callee.object);
  return literal?.methods.has(callee.property) ? { form: 'name', name: `${literal.symbol}.${callee.property}` } : undefined;
}

/** A receiver whose type this file shows or computes; a `value` only names what to look up. */
function isTyped(callee: Extract<CalleeExpr, { form: 'member' }>): boolean {
  return callee.objectType !== undefined || (callee.receiverType !== undefined && callee.receiverType.t !== 'value');
}

export function callFacts(state: FileState): CallFact[] {
  const facts: CallFact[] = [];
  for (const call of state.calls) {
    const draft = calleeInScope(call, state.moduleFunctions);
    if (!draft) continue;
    const callee = resolveCallee(draft, call.scope, state.moduleClasses);
    if (callee.form === 'member' && !isTyped(callee) && INDIRECT_CALLS.has(callee.property)) continue;
    facts.push({ caller: call.scope.callerName, line: call.position.line, col: call.position.col, callee });
  }
  return facts.sort((a, b) => a.line - b.line || a.col - b.col);
}
