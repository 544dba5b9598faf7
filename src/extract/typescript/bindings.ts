import { callbackParameterType, declaredParameterType, typeOfExpression } from './expressionTypes';
import { constraintOf, writtenTypeOf } from './writtenTypes';
import type { SyntaxNode } from '../extractor';
import type { TypeExpr } from '../facts';
import type { FileState, MatchHandler } from './types';
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
  state.scope.bind(name.text, annotation ? namedType(writtenTypeOf(annotation) ?? constraintOf(annotation)) : contextualType(name, state));
};

/** `for (const x of xs)` binds x to an element of xs; other bindings say nothing of the type. */
export const onBinding: MatchHandler = (match, state) => {
  const loop = match.node.parent;
  const iterated = loop?.type === 'for_in_statement' && loop.childForFieldName('operator')?.text === 'of' ? loop.childForFieldName('right') : null;
  const container = iterated ? typeOfExpression(iterated, state.scope) : undefined;
  state.scope.bind(match.node.text, container ? { t: 'element', of: container } : contextualType(match.node, state));
};

/** An unannotated parameter's type from its context: the call it is a callback of, or its variable's function type. */
function contextualType(name: SyntaxNode, state: FileState): TypeExpr | undefined {
  return callbackParameterType(name, state.scope) ?? declaredParameterType(name);
}
