import { NESTED_SEPARATOR, type Scope, WITHIN_BODY } from './scope';
import type { RoleMatch } from './types';

/**
 * Functions declared inside an anonymous function (a callback, a method of an unnamed
 * object literal) are named under the symbol the anonymous function's calls belong to:
 * `reset` in `observable((o) => { function reset() {...} })` inside `dedupeLink` is
 * `dedupeLink>reset`. Two callbacks of one symbol may each declare a `reset`; one name
 * for both would merge two functions into one symbol, so the name is taken only when the
 * symbol's whole body declares it once.
 */

/** Roles whose matches declare a name in their scope: the names a local symbol could collide with. */
const DECLARING_ROLES: ReadonlySet<string> = new Set(['definition.function', 'definition.class', 'declarator']);

/** Where each name is declared in a file (functions, classes, variables): start offsets in source order. */
export class DeclaredNames {
  private starts: Map<string, number[]> | undefined;

  constructor(private readonly matches: readonly RoleMatch[]) {}

  /** How many declarations of `name` start inside [start, end). */
  countWithin(name: string, start: number, end: number): number {
    const starts = this.index().get(name) ?? [];
    let count = 0;
    for (const at of starts) if (at >= start && at < end) count++;
    return count;
  }

  private index(): Map<string, number[]> {
    if (this.starts) return this.starts;
    const starts = new Map<string, number[]>();
    for (const match of this.matches) {
      if (!DECLARING_ROLES.has(match.role)) continue;
      const name = match.parts.get('name');
      if (name?.type !== 'identifier' && name?.type !== 'type_identifier') continue;
      const list = starts.get(name.text);
      if (list) list.push(name.startIndex);
      else starts.set(name.text, [name.startIndex]);
    }
    this.starts = starts;
    return starts;
  }
}

/**
 * The scope whose symbol a function declared in `scope` is named under when `scope` lies
 * in an anonymous function: the nearest enclosing function that names its locals
 * (`outer`, `C.m`, a held `f`, a test's callback), or a symbol holding the anonymous
 * function in its value (`const x = wrap(() => ...)`, `export default defineConfig(...)`,
 * a test called with it). Undefined outside anonymous functions (the usual prefixes
 * apply) and where no symbol encloses them (a module-level callback, a class body).
 */
export function ownerOfCallbackLocals(scope: Scope): Scope | undefined {
  let inAnonymous = false;
  for (let at: Scope | undefined = scope; at; at = at.parent) {
    if (WITHIN_BODY.has(at.kind)) continue;
    if (at.nestedPrefix !== undefined) return inAnonymous ? at : undefined;
    if (isAnonymousFunction(at)) {
      inAnonymous = true;
      continue;
    }
    const holds = at.kind === 'holder' || (at.kind === 'test' && at.hostsLocalSymbols);
    return inAnonymous && holds && at.symbol !== undefined ? at : undefined;
  }
  return undefined;
}

function isAnonymousFunction(scope: Scope): boolean {
  return (scope.kind === 'arrow' || scope.kind === 'function' || scope.kind === 'method') && scope.symbol === undefined;
}

/** `outer>` for a function declared in a callback of `outer`, when `outer`'s body declares `name` once; else undefined. */
export function callbackLocalPrefix(scope: Scope, name: string, declared: DeclaredNames): string | undefined {
  const owner = ownerOfCallbackLocals(scope);
  if (!owner || declared.countWithin(name, owner.start, owner.end) !== 1) return undefined;
  return owner.nestedPrefix ?? `${owner.symbol}${NESTED_SEPARATOR}`;
}
