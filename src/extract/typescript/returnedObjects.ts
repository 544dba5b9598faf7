import type { SyntaxNode } from '../extractor';
import type { ObjectMember } from '../facts';
import type { Scope } from './scope';
import { literalProperties } from './syntax';

/**
 * A function that returns an object literal gathering its functions (`return { load,
 * cancel: stop }`, a factory's usual shape) gives callers an object whose members are
 * those functions: `dataLoader().load()` calls `dataLoader>load`, as the compiler types
 * the literal. Each property holding a name is recorded by the symbol that name is where
 * the literal stands (SymbolFact.returnedMembers).
 */

/**
 * The properties of a returned literal that hold a function the file names, as symbol
 * names; undefined when a spread of something unnamed or a computed key makes the
 * literal's members unknowable. Properties holding anything else (a local value, an
 * inline function, a call) are left out: a call of them makes no edge.
 */
export function returnedMembersOf(literal: SyntaxNode, scope: Scope): ObjectMember[] | undefined {
  const members: ObjectMember[] = [];
  for (const { key, path } of literalProperties(literal)) {
    if (key === undefined) return undefined;
    const value = path === undefined ? undefined : symbolOfPath(path, scope);
    if (value !== undefined) members.push({ name: key, value });
    else if (key === '...') return undefined;
  }
  return members;
}

/** Whether two functions' returned literals give the same members. */
export function sameMembers(a: readonly ObjectMember[], b: readonly ObjectMember[]): boolean {
  return a.length === b.length && a.every((member, i) => member.name === b[i]!.name && member.value === b[i]!.value);
}

/**
 * `load` as the symbol it is here: a function's local function `outer>load`, or the name
 * itself when the module binds it (a module-level symbol or an import, resolved later);
 * undefined for a plain local, whose value the file does not name. A dotted path keeps
 * the rest after its head.
 */
function symbolOfPath(path: string, scope: Scope): string | undefined {
  const dot = path.indexOf('.');
  const head = dot < 0 ? path : path.slice(0, dot);
  const binder = scope.binderOf(head);
  if (!binder || binder.isModuleLevel) return path;
  const symbol = binder.symbolOf(head);
  return symbol === undefined ? undefined : symbol + path.slice(head.length);
}
