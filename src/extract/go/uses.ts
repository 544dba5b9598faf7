import { collapseWhitespace, positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CallFact, CalleeExpr, ReferenceFact } from '../facts';
import type { CallMatch, ReferenceMatch } from './collect';
import type { GoFileContext } from './context';
import { isBuiltin, isDottedPath } from './names';
import { inDocumentOrder, type Scope } from './scopes';

/** Calls and references: uses of names, read against the scopes of GoFileContext. */

const MAX_OBJECT_TEXT = 80;

export function callFacts(context: GoFileContext): CallFact[] {
  const facts: CallFact[] = [];
  for (const call of inDocumentOrder(context.matches.calls, (c) => c.node.startIndex)) {
    const scope = context.scopeAt(call.node.startIndex);
    const fact = call.name ? nameCall(call.name, scope, context) : memberCall(call, scope, context);
    if (fact) facts.push(fact);
  }
  return facts;
}

function nameCall(nameNode: SyntaxNode, scope: Scope, context: GoFileContext): CallFact | undefined {
  const name = nameNode.text;
  // A local function value is not the package function of the same name.
  if (scope.lookup(name, nameNode.startIndex)) return undefined;
  // Builtins and conversions to types declared here are not calls of package symbols.
  if (isBuiltin(name) && !context.declaredFunctions.has(name)) return undefined;
  if (context.declaredTypes.has(name)) return undefined;
  return { ...positionOf(nameNode), caller: scope.symbol, callee: { form: 'name', name } };
}

function memberCall(call: CallMatch, scope: Scope, context: GoFileContext): CallFact | undefined {
  if (!call.object || !call.property) return undefined;
  const callee = memberExpression(call.object, call.property.text, scope, context);
  return callee ? { ...positionOf(call.property), caller: scope.symbol, callee } : undefined;
}

/**
 * `object.property` as a callee: the object as written, with objectType when local
 * syntax shows it. Undefined when the object is a local of unknown type that shadows an
 * import name: the resolver would take it for the package.
 */
export function memberExpression(objectNode: SyntaxNode, property: string, scope: Scope, context: GoFileContext): CalleeExpr | undefined {
  const object = objectNode.text;
  if (!isDottedPath(object)) return { form: 'member', object: abbreviate(object), property };
  const at = objectNode.startIndex;
  const root = object.split('.', 1)[0];
  const local = scope.lookup(root, at);
  if (local && local.type === undefined && context.importPaths.has(root)) return undefined;
  const objectType = objectTypeOf(object, scope, at, context);
  return objectType ? { form: 'member', object, property, objectType } : { form: 'member', object, property };
}

/**
 * The type of a dotted object path: its root's declared type (a local, a parameter, a
 * receiver or a package variable of this file), then struct fields declared here.
 */
export function objectTypeOf(path: string, scope: Scope, at: number, context: GoFileContext): string | undefined {
  const [root, ...fields] = path.split('.');
  const local = scope.lookup(root, at);
  let type: string | undefined;
  if (local) type = local.kind === 'typeparam' || local.kind === 'typename' ? undefined : local.type;
  else if (!context.importPaths.has(root)) type = context.packageVarTypes.get(root);
  type = visibleType(type, scope, at);
  for (const field of fields) {
    if (!type) return undefined;
    type = visibleType(context.fieldType(type, field), scope, at);
  }
  return type;
}

/** A bare type name shadowed by a type parameter or a local type is not the package's type. */
function visibleType(type: string | undefined, scope: Scope, at: number): string | undefined {
  if (!type || type.includes('.')) return type;
  return scope.lookup(type, at) ? undefined : type;
}

function abbreviate(text: string): string {
  const collapsed = collapseWhitespace(text);
  return collapsed.length > MAX_OBJECT_TEXT ? `${collapsed.slice(0, MAX_OBJECT_TEXT - 1)}…` : collapsed;
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
