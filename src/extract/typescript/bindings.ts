import type { MatchHandler } from './types';
import { namedType, typeNameOf } from './syntax';

/**
 * Names bound in a scope. A parameter carries its annotated type; destructured names,
 * loop variables and catch parameters are bound without one, so they hide an outer
 * binding of the same name instead of letting a member call borrow its type.
 */

export const onParameter: MatchHandler = (match, state) => {
  const name = match.parts.get('name');
  if (name) state.scope.bind(name.text, namedType(typeNameOf(match.parts.get('type'))));
};

export const onBinding: MatchHandler = (match, state) => {
  state.scope.bind(match.node.text, undefined);
};
