import type { SyntaxNode } from '../extractor';
import type { TypeExpr } from '../facts';
import { type Scope, type ScopeTree, basesOf } from './scopes';

/** What a method's receivers are: `self`, a classmethod's `cls`, and `super()`. */

const CLASSMETHOD = /(?:^|\.)classmethod$/;

/** `self` in a method: an instance of its class. */
export function selfTypeIn(tree: ScopeTree, scope: Scope): TypeExpr | undefined {
  const owner = tree.methodClassOf(scope);
  return owner?.symbolName ? { t: 'named', name: owner.symbolName } : undefined;
}

/**
 * `cls` in a `@classmethod` (or `__init_subclass__`) whose parameter it is: the class
 * object, so `cls(...)` makes an instance of the class. A metaclass's methods name
 * their instance `cls` too, a class of any kind: those are no classmethods.
 */
export function classmethodClassIn(tree: ScopeTree, scope: Scope): TypeExpr | undefined {
  const binder = tree.binderOf('cls', scope);
  const owner = binder?.parent;
  if (binder?.kind !== 'function' || owner?.kind !== 'class' || !owner.symbolName) return undefined;
  const classmethod = binder.name === '__init_subclass__' || binder.decorators.some((d) => CLASSMETHOD.test(d));
  const first = binder.definition?.node.childForFieldName('parameters')?.namedChild(0);
  const receiver = first?.type === 'identifier' ? first : first?.type === 'typed_parameter' ? first.namedChild(0) : undefined;
  // Bound once, as the first parameter: not reassigned in the body.
  return classmethod && receiver?.text === 'cls' && binder.bindings.get('cls')?.length === 1
    ? { t: 'named', name: `type[${owner.symbolName}]` } : undefined;
}

/** Whether a plain function (no method) binds `name`: its `cls` parameter is typed as written. */
export function boundByPlainFunction(tree: ScopeTree, name: string, scope: Scope): boolean {
  const binder = tree.binderOf(name, scope);
  return binder?.kind === 'function' && binder.parent?.kind !== 'class';
}

/**
 * `super()` (or `super(Cls, self)` naming its own class) in a method: the object is the
 * enclosing class, whose member is looked up along its bases in order (`viaSuper`), as
 * the method resolution order reads a mixin's bases before the next base's.
 */
export function superObjectIn(tree: ScopeTree, scope: Scope, call: SyntaxNode): { object: string; owner?: string } | undefined {
  const text = call.text.replace(/\s+/g, '');
  const explicit = /^super\(([A-Za-z_][A-Za-z0-9_]*),self\)$/.exec(text);
  if (text !== 'super()' && !explicit) return undefined;
  const owner = tree.methodClassOf(scope);
  const ownsCall = owner?.symbolName !== undefined && basesOf(owner).length > 0 && (!explicit || explicit[1] === owner.name);
  return { object: explicit ? text : 'super()', owner: ownsCall ? owner.symbolName : undefined };
}
