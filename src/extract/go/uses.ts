import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CallFact, CalleeExpr, ReferenceFact } from '../facts';
import type { CallMatch, ReferenceMatch } from './collect';
import type { GoFileContext } from './context';
import { instantiated, memberExpression } from './expressionTypes';
import { isBuiltin } from './names';
import { inDocumentOrder, type Scope } from './scopes';

/** Calls and references: uses of names, read against the scopes of GoFileContext. */

export function callFacts(context: GoFileContext): CallFact[] {
  const facts: CallFact[] = [];
  const calls = [...context.matches.calls, ...context.matches.instantiatedCalls];
  for (const call of inDocumentOrder(calls, (c) => c.node.startIndex)) {
    const scope = context.scopeAt(call.node.startIndex);
    const fact = call.name ? nameCall(call.name, scope, context, call.instantiated) : memberCall(call, scope, context);
    if (fact) facts.push(fact);
  }
  return facts;
}

function nameCall(nameNode: SyntaxNode, scope: Scope, context: GoFileContext, isIndexed: boolean): CallFact | undefined {
  const name = nameNode.text;
  // A local function value is not the package function of the same name; one bound to a
  // method or function value (`f := s.handle`) calls it. Indexed, a local is a slice or
  // map of functions: a function literal has no type parameters to instantiate.
  const local = scope.lookup(name, nameNode.startIndex);
  if (local) return local.callee && !isIndexed ? { ...positionOf(nameNode), caller: scope.symbol, callee: local.callee } : undefined;
  // Builtins and conversions to types declared here are not calls of package symbols.
  if (isBuiltin(name) && !context.declaredFunctions.has(name)) return undefined;
  if (context.declaredTypes.has(name)) return undefined;
  return { ...positionOf(nameNode), caller: scope.symbol, callee: isIndexed ? { form: 'name', name, instantiated: true } : { form: 'name', name } };
}

function memberCall(call: CallMatch, scope: Scope, context: GoFileContext): CallFact | undefined {
  if (!call.object || !call.property) return undefined;
  const callee = memberExpression(call.object, call.property.text, scope, context);
  if (!callee) return undefined;
  return { ...positionOf(call.property), caller: scope.symbol, callee: call.instantiated ? instantiated(callee) : callee };
}

export function referenceFacts(context: GoFileContext): ReferenceFact[] {
  const facts: ReferenceFact[] = [];
  for (const reference of inDocumentOrder(context.matches.references, (r) => r.node.startIndex)) {
    const fact = referenceFact(reference, context);
    if (fact) facts.push(fact);
  }
  return facts;
}

function referenceFact(reference: ReferenceMatch, context: GoFileContext): ReferenceFact | undefined {
  if (context.isExcluded(reference.node.id)) return undefined;
  const at = reference.node.startIndex;
  const scope = context.scopeAt(at);
  switch (reference.role) {
    case 'value':
    case 'type': {
      const name = reference.node.text;
      if (isBuiltin(name) || scope.lookup(name, at)) return undefined;
      return { ...positionOf(reference.node), from: scope.symbol, target: { form: 'name', name } };
    }
    case 'selector':
    case 'qualified': {
      const object = reference.object.text;
      if (reference.role === 'selector' && (isBuiltin(object) || scope.lookup(object, at))) return undefined;
      const target: CalleeExpr = { form: 'member', object, property: reference.property.text };
      return { ...positionOf(reference.property), from: scope.symbol, target };
    }
  }
}
