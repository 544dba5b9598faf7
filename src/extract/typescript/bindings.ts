import type { MatchHandler } from './state';
import { typeNameOf } from './syntax';

/**
 * Names bound in a scope. A parameter carries its annotated type; destructured names,
 * loop variables and catch parameters are bound without one, so they hide an outer
 * binding of the same name instead of letting a member call borrow its type.
 */

export const onParameter: MatchHandler = (event, state) => {
  const name = event.captures.get('name');
  if (name) state.scope.bind(name.text, typeNameOf(event.captures.get('type')));
};

export const onBinding: MatchHandler = (event, state) => {
  state.scope.bind(event.node.text, undefined);
};
