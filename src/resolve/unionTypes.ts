import type { CalleeExpr } from '../extract/facts';
import type { FileScope } from './scope';
import { type WrittenType, receiverTypeOf, typeOf, underlyingOf } from './valueTypes';

/**
 * The types a value of a union type may hold (`A | B`, or an alias of one): each member's
 * call may be the one made, so a member call links to the method of each that declares
 * it. Undefined when the type is no union.
 */
export function alternativesOf(type: WrittenType): WrittenType[] | undefined {
  const direct = type.scope.typeSyntax.alternatives?.(type.text);
  if (direct) return direct.map((text) => ({ text, scope: type.scope }));
  const underlying = underlyingOf(type);
  const viaAlias = underlying && underlying.scope.typeSyntax.alternatives?.(underlying.text);
  return viaAlias?.map((text) => ({ text, scope: underlying!.scope }));
}

/**
 * The types a member call's receiver may hold: its union type's members, or, when the
 * receiver is whichever branch ran (`a ?? b`, `c ? a : b`) and the branches name
 * different types, each branch's (its union's members). Undefined when it is one type, or
 * a branch's type is unknown.
 */
export function receiverAlternativesOf(call: CalleeExpr, scope: FileScope): WrittenType[] | undefined {
  const written = receiverTypeOf(call, scope, 0);
  if (written) return alternativesOf(written);
  const branches = call.form === 'member' && call.receiverType?.t === 'either' && call.receiverType.branches ? call.receiverType.of : [];
  const types: WrittenType[] = [];
  for (const branch of branches) {
    const type = typeOf(branch, scope, 1);
    if (!type) return undefined;
    types.push(...(alternativesOf(type) ?? [type]));
  }
  return types.length > 0 ? types : undefined;
}
