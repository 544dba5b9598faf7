import type { SyntaxNode } from '../extractor';
import type { TypeExpr } from '../facts';
import type { ExpressionTypes } from './expressionTypes';
import type { Scope, ScopeTree } from './scopes';

/**
 * What an unannotated function returns, as pyright infers it from the body: the type its
 * return statements agree on (SymbolFact.returned, which the resolver reads as it reads
 * TypeScript's: `def _create(): progress = click.progressbar(...); return progress` makes
 * `_create().update()` a ProgressBar's). `return self` in a method returns the type the
 * method was called on, a subclass too. None for a function that yields (a generator), an
 * `async def` (a coroutine), one under a decorator other than `staticmethod` or
 * `classmethod` (the decorator decides what a call gives), `__init__`, and one with a
 * return whose value is missing or of no type we read.
 */

const TRANSPARENT_DECORATORS = /(?:^|\.)(?:staticmethod|classmethod)$/;

/** The `returned` type of each unannotated function of the file whose returns agree on one. */
export function returnedTypes(exits: readonly SyntaxNode[], tree: ScopeTree, types: ExpressionTypes): Map<Scope, TypeExpr> {
  const returnsByFunction = new Map<Scope, SyntaxNode[] | null>();
  for (const exit of exits) {
    const scope = tree.scopeAt(exit.startIndex);
    if (scope.kind !== 'function') continue;
    const known = returnsByFunction.get(scope);
    if (exit.type === 'yield') returnsByFunction.set(scope, null);
    else if (known) known.push(exit);
    else if (known === undefined) returnsByFunction.set(scope, [exit]);
  }
  const returned = new Map<Scope, TypeExpr>();
  for (const [scope, returns] of returnsByFunction) {
    if (!returns || !isInferable(scope)) continue;
    const found = returns.map((statement) => returnedValueType(statement, scope, tree, types));
    if (found.some((type) => type === undefined)) continue;
    returned.set(scope, found.length === 1 ? found[0]! : { t: 'either', of: found as TypeExpr[] });
  }
  return returned;
}

function isInferable(scope: Scope): boolean {
  const node = scope.definition?.node;
  if (!node || scope.name === '__init__' || node.childForFieldName('return_type')) return false;
  if (node.firstChild?.type === 'async') return false;
  return scope.decorators.every((name) => TRANSPARENT_DECORATORS.test(name));
}

function returnedValueType(statement: SyntaxNode, scope: Scope, tree: ScopeTree, types: ExpressionTypes): TypeExpr | undefined {
  const value = statement.namedChild(0);
  if (!value || value.type === 'comment') return undefined;
  if (value.type === 'identifier' && value.text === 'self' && tree.methodClassOf(scope)) return { t: 'named', name: 'this' };
  return types.ofExpression(value, scope);
}
