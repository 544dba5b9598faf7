import type { CallFact } from '../facts';
import type { CallMatch } from './collect';
import type { ExpressionTypes } from './expressionTypes';
import { LOCAL, functionLocal, nameCallee } from './localNames';
import type { ScopeTree } from './scopes';

/** Call sites, with the object's type where the file's declarations show it. */

export function callFacts(tree: ScopeTree, types: ExpressionTypes, calls: readonly CallMatch[]): CallFact[] {
  const facts: CallFact[] = [];
  for (const { nameNode, object } of calls) {
    const name = nameNode.text;
    // `super()` itself is never a call into user code; the member call on it is.
    if (!object && name === 'super') continue;
    const scope = tree.ownerAt(nameNode.startIndex);
    const local = object ? undefined : functionLocal(tree, scope, name, nameNode.startIndex);
    if (local === LOCAL) continue;
    const { row, column } = nameNode.startPosition;
    facts.push({
      line: row + 1,
      col: column,
      caller: scope.enclosingSymbol,
      callee: object ? types.memberCallee(object, name, scope) : nameCallee(name, local),
    });
  }
  return isInSourceOrder(facts) ? facts : facts.sort((a, b) => a.line - b.line || a.col - b.col);
}

/** Matches mostly arrive in source order already; checking is cheaper than sorting. */
function isInSourceOrder(facts: readonly CallFact[]): boolean {
  for (let i = 1; i < facts.length; i++) {
    const previous = facts[i - 1] as CallFact;
    const current = facts[i] as CallFact;
    if (previous.line > current.line || (previous.line === current.line && previous.col > current.col)) return false;
  }
  return true;
}
