import { callbackParameterType, typeOfExpression, writtenTypeOf } from './expressionTypes';
import type { MatchHandler } from './types';
import { namedType } from './syntax';

/**
 * Names bound in a scope. A parameter carries its annotated type and a `for...of`
 * variable the element of what it iterates; destructured names, `for...in` keys and
 * catch parameters are bound without one, so they hide an outer binding of the same
 * name instead of letting a member call borrow its type.
 */

export const onParameter: MatchHandler = (match, state) => {
  const name = match.parts.get('name');
  if (!name) return;
  const annotation = match.parts.get('type');
  state.scope.bind(name.text, annotation ? namedType(writtenTypeOf(annotation)) : callbackParameterType(name, state.scope));
};

/** `for (const x of xs)` binds x to an element of xs; other bindings say nothing of the type. */
export const onBinding: MatchHandler = (match, state) => {
  const loop = match.node.parent;
  const iterated = loop?.type === 'for_in_statement' && loop.childForFieldName('operator')?.text === 'of' ? loop.childForFieldName('right') : null;
  const container = iterated ? typeOfExpression(iterated, state.scope) : undefined;
  state.scope.bind(match.node.text, container ? { t: 'element', of: container } : callbackParameterType(match.node, state.scope));
};
