import { collapseWhitespace } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CallFact, CalleeExpr } from '../facts';
import { attributeType } from './bindings';
import type { CallMatch } from './collect';
import { isDottedName } from './literals';
import { type Scope, type ScopeTree, basesOf, typeOf } from './scopes';

/** Call sites, with the object's type where the local syntax shows it. */

const MAX_OBJECT_TEXT = 80;

export function callFacts(tree: ScopeTree, calls: readonly CallMatch[]): CallFact[] {
  const facts: CallFact[] = [];
  const topLevelClasses = new Set(tree.module.children.filter((s) => s.kind === 'class').map((s) => s.name));
  for (const { nameNode, object } of calls) {
    const name = nameNode.text;
    // `super()` itself is never a call into user code; the member call on it is.
    if (!object && name === 'super') continue;
    const scope = tree.ownerAt(nameNode.startIndex);
    const local = object ? undefined : functionLocal(scope, name);
    if (local === LOCAL) continue;
    const { row, column } = nameNode.startPosition;
    facts.push({
      line: row + 1,
      col: column,
      caller: scope.enclosingSymbol,
      callee: object ? memberCallee(tree, scope, object, name, topLevelClasses) : { form: 'name', name: local ?? name },
    });
  }
  return isInSourceOrder(facts) ? facts : facts.sort((a, b) => a.line - b.line || a.col - b.col);
}

/** A name bound in a function that names no symbol. */
const LOCAL = Symbol('local');

/**
 * What a name means where a function binds it: the nested function's symbol
 * (`outer>inner`) when the nearest binding is exactly one nested def that is a symbol;
 * LOCAL for a parameter, a local, a local class or a def also bound otherwise, which
 * makes no call fact rather than an `UNRESOLVED/<name>` placeholder; undefined when no
 * function binds it. Class bodies do not enclose their methods.
 */
function functionLocal(scope: Scope, name: string): string | typeof LOCAL | undefined {
  for (let current: Scope | undefined = scope; current && current.kind !== 'module'; current = current.parent) {
    if (current.kind !== 'function') continue;
    const defined = current.children.filter((child) => child.name === name);
    if (!current.bindings.has(name) && defined.length === 0) continue;
    const [only] = defined;
    const symbol = defined.length === 1 && !current.bindings.has(name) ? only?.symbolName : undefined;
    return only?.kind === 'function' && symbol !== undefined ? symbol : LOCAL;
  }
  return undefined;
}

/** Matches mostly arrive in source order already; checking is cheaper than sorting. */
function isInSourceOrder(facts: readonly CallFact[]): boolean {
  for (let i = 1; i < facts.length; i++) {
    const previous = facts[i - 1] as CallFact;
    const current = facts[i] as CallFact;
    if (previous.line > current.line || (previous.line === current.line && previous.col > current.col)) return false;
  }
  return true;
}

function memberCallee(
  tree: ScopeTree, scope: Scope, object: SyntaxNode, property: string, topLevelClasses: ReadonlySet<string>,
): CalleeExpr {
  const superCall = object.type === 'call' ? superObject(tree, scope, object) : undefined;
  if (superCall) return member(superCall.object, property, superCall.type);
  const written = object.type === 'identifier' || object.type === 'attribute' ? object.text : '';
  const text = /\s/.test(written) ? written.replace(/\s+/g, '') : written;
  if (!isDottedName(text)) return member(objectText(object), property, undefined);
  return member(text, property, dottedObjectType(tree, scope, text, topLevelClasses));
}

function member(object: string, property: string, objectType: string | undefined): CalleeExpr {
  return objectType ? { form: 'member', object, property, objectType } : { form: 'member', object, property };
}

function dottedObjectType(tree: ScopeTree, scope: Scope, text: string, topLevelClasses: ReadonlySet<string>): string | undefined {
  const firstDot = text.indexOf('.');
  if (firstDot >= 0 && text.indexOf('.', firstDot + 1) >= 0) return undefined;
  const head = firstDot < 0 ? text : text.slice(0, firstDot);
  const attribute = firstDot < 0 ? undefined : text.slice(firstDot + 1);
  if (head === 'self' || head === 'cls') {
    const owner = tree.methodClassOf(scope);
    if (!owner?.symbolName) return undefined;
    if (attribute === undefined) return owner.symbolName;
    return head === 'self' ? attributeType(owner, attribute) : undefined;
  }
  if (attribute !== undefined) return undefined;
  const binding = tree.lookup(head, scope);
  if (binding !== undefined) return typeOf(binding);
  // An unbound name that is a class of this file is that class: `Foo.create()`.
  return topLevelClasses.has(head) ? head : undefined;
}

/**
 * `super()` (or `super(Cls, self)` naming its own class) in a method: the object is
 * the first base class of the enclosing class.
 */
function superObject(tree: ScopeTree, scope: Scope, call: SyntaxNode): { object: string; type?: string } | undefined {
  const text = call.text.replace(/\s+/g, '');
  const explicit = /^super\(([A-Za-z_][A-Za-z0-9_]*),self\)$/.exec(text);
  if (text !== 'super()' && !explicit) return undefined;
  const owner = tree.methodClassOf(scope);
  const ownsCall = owner !== undefined && (!explicit || explicit[1] === owner.name);
  return { object: explicit ? text : 'super()', type: ownsCall ? basesOf(owner)[0] : undefined };
}

/** Any other object (`a[0]`, `f()`, a literal) as written, kept short. */
function objectText(object: SyntaxNode): string {
  const text = collapseWhitespace(object.text.slice(0, MAX_OBJECT_TEXT * 4));
  return text.length > MAX_OBJECT_TEXT ? `${text.slice(0, MAX_OBJECT_TEXT - 1)}…` : text;
}
