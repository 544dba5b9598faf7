import type { SyntaxNode } from '../extractor';
import type { TypeExpr } from '../facts';

/**
 * Builtins whose result ranges over other iterables' elements, by their typeshed
 * signatures: `enumerate(xs)` gives `tuple[int, T]`, `zip(a, b)` a tuple of each one's
 * element, and the rest the elements of their one iterable (`sorted(xs)`, `filter(f, xs)`).
 */
export const RANGE_BUILTINS: ReadonlySet<string> = new Set([
  'enumerate', 'zip', 'reversed', 'sorted', 'list', 'tuple', 'set', 'frozenset', 'iter', 'filter',
]);

/**
 * What `for target in builtin(...)` binds, for a call of one of RANGE_BUILTINS (the caller
 * has checked the name is the builtin): the target at `position` of a tuple target, or the
 * whole element when there is none. `typeOf` types an argument. Undefined where the element
 * is not one of the arguments' (an `enumerate` index, a `zip` tuple taken whole) or the
 * arguments are spread (`zip(*rows)`).
 */
export function builtinRangeType(call: SyntaxNode, position: number | undefined, typeOf: (argument: SyntaxNode) => TypeExpr | undefined): TypeExpr | undefined {
  const builtin = call.childForFieldName('function')?.text;
  const args = call.childForFieldName('arguments')?.namedChildren.filter((a): a is SyntaxNode => a !== null && a.type !== 'comment') ?? [];
  if (args.some((a) => a.type === 'list_splat' || a.type === 'dictionary_splat')) return undefined;
  const positional = args.filter((a) => a.type !== 'keyword_argument');
  const elementOf = (argument: SyntaxNode | undefined): TypeExpr | undefined => {
    const iterable = argument && typeOf(argument);
    return iterable && { t: 'element', of: iterable };
  };
  const unpacked = (element: TypeExpr | undefined): TypeExpr | undefined => (
    position === undefined || !element ? element : { t: 'element', of: element, position }
  );
  switch (builtin) {
    case 'enumerate':
      return position === 1 ? elementOf(positional[0]) : undefined;
    case 'zip':
      return position === undefined ? undefined : elementOf(positional[position]);
    case 'filter':
      return positional.length === 2 ? unpacked(elementOf(positional[1])) : undefined;
    default:
      // `iter(f, sentinel)` calls f until it returns the sentinel: not its argument's elements.
      return positional.length === 1 ? unpacked(elementOf(positional[0])) : undefined;
  }
}
