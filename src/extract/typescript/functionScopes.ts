import { unwrapped } from './objects';
import { Scope } from './scope';
import { FUNCTION_NODES } from './syntax';
import type { MatchHandler } from './types';

/**
 * The scopes functions, arrows and blocks open: a function held by a name nests its local
 * symbols under that name and returns for it; a block inside a function binds its own.
 */

const FUNCTION_SCOPES: ReadonlySet<string> = new Set(['function', 'arrow', 'method']);
const OUTSIDE_FUNCTIONS: ReadonlySet<string> = new Set(['program', 'namespace', 'class', 'interface', 'object', 'type']);

/**
 * A block inside a function (`if`, loops, `try`): what `let`, `const`, `function` and
 * `class` declare in it is its own, as the compiler scopes it, so a `const qb = ...` in
 * each branch of an `if` has that branch's type. Blocks outside functions bind as
 * before: what a module-level block declares is read as the module's.
 */
export const onBlock: MatchHandler = (match, state) => {
  // A function's (or a static block's) own body is the function's scope, not a block in it.
  const owner = match.node.parent?.type ?? '';
  if (FUNCTION_NODES.has(owner) || owner === 'class_static_block' || !insideFunction(state.scope)) return undefined;
  return new Scope('block', match.node.endIndex, state.scope);
};

function insideFunction(scope: Scope): boolean {
  for (let at: Scope | undefined = scope; at; at = at.parent) {
    if (FUNCTION_SCOPES.has(at.kind)) return true;
    if (OUTSIDE_FUNCTIONS.has(at.kind)) return false;
  }
  return false;
}

/** Where a function is the value a holder scope names: `const f = () => ...`, `p = () => ...`, `p: () => ...`. */
const HELD_VALUE_PARENTS = new Set(['variable_declarator', 'public_field_definition', 'pair']);

export function scopeOf(kind: 'function' | 'arrow' | 'namespace' | 'type'): MatchHandler {
  return (match, state) => {
    const scope = new Scope(kind, match.node.endIndex, state.scope);
    const parent = match.node.parent;
    if ((kind === 'function' || kind === 'arrow') && parent && HELD_VALUE_PARENTS.has(parent.type)) {
      scope.nestUnder(state.scope);
      if (state.scope.kind === 'holder') scope.heldBy = state.scope.symbol;
    } else if ((kind === 'function' || kind === 'arrow') && parent?.type === 'parenthesized_expression') {
      // `p: (() => ...)`, `const f = (() => ...) as T`, also behind `satisfies T` (queries.scm);
      // behind `as T` the holder's calls give what T says (objects.ts), not the returns.
      const { holder, cast } = unwrapped(match.node);
      if (holder && HELD_VALUE_PARENTS.has(holder.type)) {
        scope.nestUnder(state.scope);
        if (state.scope.kind === 'holder' && !cast) scope.heldBy = state.scope.symbol;
      }
    }
    // A test's callback is the test's body: its local functions are `title>helper`. Only
    // an argument of the test call itself (it ends where the test scope does), not of a
    // call inside its arguments (`it('t', wrap(() => ...))`).
    if ((kind === 'function' || kind === 'arrow') && parent?.type === 'arguments' && state.scope.kind === 'test'
      && parent.parent?.endIndex === state.scope.end) scope.nestUnder(state.scope);
    return scope;
  };
}
