import { callbackParameterType, declaredParameterType, typeOfExpression } from './expressionTypes';
import { constraintOf, writtenTypeOf } from './writtenTypes';
import type { SyntaxNode } from '../extractor';
import type { TypeExpr } from '../facts';
import type { FileState, MatchHandler } from './types';
import { memberName, namedType } from './syntax';

/**
 * Names bound in a scope. A parameter carries its annotated type, a `for...of` variable
 * the element of what it iterates, and a name destructured from an object (`const { a } =
 * x`) the field of x's type it takes; `for...in` keys, catch parameters and names with a
 * default value are bound without one, so they hide an outer binding of the same name
 * instead of letting a member call borrow its type.
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
  state.scope.bind(match.node.text, container ? { t: 'element', of: container } : destructuredType(match.node, state) ?? contextualType(match.node, state));
};

/**
 * `const { a, b: { c } } = x`, `({ a }: Options) => ...` or `for (const { a } of xs)`:
 * the field the name takes from the destructured value's type (x's, the annotation's, an
 * element of xs's), along the properties that lead to it.
 */
function destructuredType(name: SyntaxNode, state: FileState): TypeExpr | undefined {
  const fields: string[] = [];
  let pattern: SyntaxNode | null;
  if (name.type === 'shorthand_property_identifier_pattern') {
    fields.push(name.text);
    pattern = name.parent;
  } else {
    const pair = name.parent?.type === 'pair_pattern' && name.parent.childForFieldName('value')?.id === name.id ? name.parent : null;
    const key = pair ? memberName(pair.childForFieldName('key')) : undefined;
    if (!pair || key === undefined) return undefined;
    fields.push(key);
    pattern = pair.parent;
  }
  while (pattern?.type === 'object_pattern' && pattern.parent?.type === 'pair_pattern' && pattern.parent.childForFieldName('value')?.id === pattern.id) {
    const key = memberName(pattern.parent.childForFieldName('key'));
    if (key === undefined) return undefined;
    fields.unshift(key);
    pattern = pattern.parent.parent;
  }
  const holder = pattern?.type === 'object_pattern' ? pattern.parent : null;
  let type: TypeExpr | undefined;
  if (holder?.type === 'for_in_statement' && holder.childForFieldName('left')?.id === pattern!.id) {
    const iterated = holder.childForFieldName('operator')?.text === 'of' ? holder.childForFieldName('right') : null;
    const container = iterated ? typeOfExpression(iterated, state.scope) : undefined;
    type = container && { t: 'element', of: container };
  } else if (holder?.type === 'variable_declarator' || holder?.type === 'required_parameter') {
    if (holder.childForFieldName(holder.type === 'variable_declarator' ? 'name' : 'pattern')?.id !== pattern!.id) return undefined;
    const annotation = holder.childForFieldName('type')?.namedChild(0);
    const value = holder.type === 'variable_declarator' ? holder.childForFieldName('value') : null;
    type = annotation ? namedType(writtenTypeOf(annotation)) : value ? typeOfExpression(value, state.scope) : undefined;
  }
  for (const field of fields) type = type && { t: 'field', of: type, name: field };
  return type;
}

/** An unannotated parameter's type from its context: the call it is a callback of, or its variable's function type. */
function contextualType(name: SyntaxNode, state: FileState): TypeExpr | undefined {
  return callbackParameterType(name, state.scope) ?? declaredParameterType(name);
}
