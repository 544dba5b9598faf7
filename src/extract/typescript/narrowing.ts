import { Scope } from './scope';
import type { MatchHandler } from './types';

/**
 * `if (x instanceof C) { x.m() }`: in the consequence x is a C, as the compiler narrows
 * it, so `x.m()` calls C's m. Only a local of the enclosing function (a `const`, a
 * parameter, a caught error): a module-level name may be a function or import called in
 * the block. And only while nothing in the consequence assigns x again, after which the
 * compiler reads x's declared type.
 */
export const onNarrow: MatchHandler = (match, state) => {
  const name = match.parts.get('narrow.name')?.text;
  const type = match.parts.get('narrow.type')?.text.replace(/\s+/g, '');
  if (!name || !type || !/^[\w$]+(?:\.[\w$]+)*$/.test(type)) return undefined;
  const binder = state.scope.binderOf(name);
  if (!binder || binder.isModuleLevel || binder.symbolOf(name) !== undefined) return undefined;
  if (assigns(match.node.text, name)) return undefined;
  const narrowed = new Scope('narrowing', match.node.endIndex, state.scope);
  narrowed.bind(name, { t: 'named', name: type });
  return narrowed;
};

/** Whether the text assigns the name (`x = ...`, `x += ...`, `x ??= ...`), not only compares or reads it. */
function assigns(text: string, name: string): boolean {
  const escaped = name.replace(/\$/g, '\\$');
  return new RegExp(`(?:^|[^.\\w$])${escaped}\\s*(?:[-+*/%&|^]|\\?\\?|&&|\\|\\||<<|>>>?|\\*\\*)?=(?![=>])`).test(text);
}
