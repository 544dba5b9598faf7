import type { CalleeExpr } from '../facts';
import type { Scope, ScopeTree } from './scopes';

/**
 * What a name means where a function defines it with def or class: the nested symbol
 * (`outer>inner`), a decorated def, or a local that names no symbol.
 */

/** A name bound in a function that names no symbol. */
export const LOCAL = Symbol('local');

/** A name a function binds by an import in its body: the import's, not a symbol of the file. */
export const IMPORTED = Symbol('imported');

/**
 * What a name used at offset `use` in `scope` means where a function binds it: the nested
 * function's or class's symbol (`outer>inner`, `outer>Local`) when the nearest function
 * binding the name defines it with def or class and that def may be what the use reads;
 * LOCAL for a parameter or a local no def binds, which makes no call fact rather than an
 * `UNRESOLVED/<name>` placeholder; undefined when no function binds it. Class bodies do
 * not enclose their methods. As at module level, the defs of one name in one function
 * (`if …: def strip` / `else: def strip`) are one symbol. A def the function also binds
 * otherwise is what a use may read unless another binding surely runs between the def and
 * the use (`else: write = stream.write` does not, `twice = wrap(twice)` does); a use in a
 * nested function, which runs later, reads such a name as LOCAL. A name the function
 * imports in its body is IMPORTED (`def sync(): from plnt.sync import sync; sync()`).
 */
export function functionLocal(
  tree: ScopeTree, scope: Scope, name: string, use: number,
): string | typeof LOCAL | typeof IMPORTED | undefined {
  const local = localDefinition(tree, scope, name, use);
  return local === LOCAL || local === IMPORTED || local === undefined ? local : local.symbolName!;
}

/** A call by a plain name as functionLocal reads it (not LOCAL): the nested symbol, the function's import, or the name. */
export function nameCallee(name: string, local: string | typeof IMPORTED | undefined): CalleeExpr {
  if (local === IMPORTED) return { form: 'name', name, imported: true };
  return { form: 'name', name: local ?? name };
}

/** The nested def or class a name means where a function binds it (functionLocal), as its scope. */
function localDefinition(tree: ScopeTree, scope: Scope, name: string, use: number): Scope | typeof LOCAL | typeof IMPORTED | undefined {
  for (let current: Scope | undefined = scope; current && current.kind !== 'module'; current = current.parent) {
    if (current.kind !== 'function') continue;
    if (tree.importsIn(current, name)) return IMPORTED;
    const defined = current.children.filter((child) => child.name === name);
    if (!current.bindings.has(name) && defined.length === 0) continue;
    const [first] = defined;
    if (first?.symbolName === undefined) return LOCAL;
    if (!defined.every((other) => other.kind === first.kind && other.symbolName === first.symbolName)) return LOCAL;
    if (!current.bindings.has(name)) return first;
    const reached = current === scope && defined.some((definition) => !tree.reaching.overwritten(current, name, definition.end, use));
    return reached ? first : LOCAL;
  }
  return undefined;
}

/** `outer>Local` for a class a function defines, where its plain name `Local` is in scope at `use`; undefined for any other name. */
export function localClassOf(tree: ScopeTree, name: string, scope: Scope, use: number): string | undefined {
  const local = name.includes('.') ? undefined : localDefinition(tree, scope, name, use);
  return local !== undefined && local !== LOCAL && local !== IMPORTED && local.kind === 'class' ? local.symbolName : undefined;
}

/** The function scope the one def of `name` in `binder` opens, when that def is decorated. */
export function decoratedFunction(binder: Scope, name: string): Scope | undefined {
  const defined = binder.children.filter((child) => child.name === name);
  const [only] = defined;
  return defined.length === 1 && only?.kind === 'function' && only.wrapper ? only : undefined;
}

/** Whether a function or class of that name is defined in `scope` or a scope around it. */
export function definedAround(name: string, scope: Scope): boolean {
  for (let current: Scope | undefined = scope; current; current = current.parent) {
    if (current.children.some((child) => child.name === name)) return true;
  }
  return false;
}

/** A decorated def of `name` in a function around `scope` (class bodies do not enclose their methods), when that function binds the name no other way. */
export function decoratedLocal(name: string, scope: Scope): Scope | undefined {
  for (let current: Scope | undefined = scope; current && current.kind !== 'module'; current = current.parent) {
    if (current.kind !== 'function') continue;
    if (current.bindings.has(name)) return undefined;
    const decorated = decoratedFunction(current, name);
    if (decorated || current.children.some((child) => child.name === name)) return decorated;
  }
  return undefined;
}
