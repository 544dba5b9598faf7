import type { SyntaxNode } from '../extractor';
import type { BindingMatch, FieldMatch } from './collect';
import { type BoundType, type Scope, type ScopeTree, classOf } from './scopes';
import { createdTypeName, referenceTypeName } from './types';

/**
 * Local type inference from declarations alone: `Foo x`, `var x = new Foo()`, typed
 * parameters, catch/for/resource/pattern variables and fields. Lambda parameters and
 * anything else bound without a written type make the name unknown.
 */
export function bindNames(tree: ScopeTree, bindings: readonly BindingMatch[], fields: readonly FieldMatch[]): void {
  for (const field of fields) {
    const owner = tree.scopeAt(field.name.startIndex);
    if (!owner || owner.kind === 'callable') continue;
    const type = field.kind === 'enum_constant' ? owner.type?.name.text : field.type && referenceTypeName(field.type);
    merge(owner.fields, field.name.text, type ?? null);
  }
  for (const binding of bindings) {
    const scope = tree.scopeAt(binding.name.startIndex);
    if (!scope) continue;
    const type = boundType(binding);
    if (scope.kind === 'type' && isRecordComponent(scope, binding.name)) {
      merge(scope.fields, binding.name.text, type);
      continue;
    }
    const previous = scope.locals.get(binding.name.text);
    scope.locals.set(binding.name.text, {
      type: previous && previous.type !== type ? null : type,
      from: Math.min(previous?.from ?? Infinity, binding.name.startIndex),
    });
  }
}

/** What a name means at `offset`: bound to a known type, bound to an unknown one, or not bound here. */
export function typeOfName(tree: ScopeTree, name: string, offset: number): { readonly bound: boolean; readonly type?: string } {
  const start = tree.scopeAt(offset);
  for (let scope = start; scope; scope = scope.parent) {
    // Locals of a type body (initializer blocks, field-initializer lambdas) are not seen by its methods.
    const local = scope.kind === 'callable' || scope === start ? scope.locals.get(name) : undefined;
    if (local && local.from <= offset) return { bound: true, type: local.type ?? undefined };
    const field = scope.kind === 'callable' ? undefined : scope.fields.get(name);
    if (field !== undefined) return { bound: true, type: field ?? undefined };
  }
  return { bound: false };
}

/** The type of `this.name` at `offset`: a field of the innermost class. */
export function fieldTypeAt(tree: ScopeTree, name: string, offset: number): string | undefined {
  return classOf(tree.scopeAt(offset))?.fields.get(name) ?? undefined;
}

function boundType(binding: BindingMatch): BoundType {
  if (!binding.type) return null;
  if (binding.type.text === 'var') {
    return (binding.value && createdTypeName(binding.value)) ?? null;
  }
  return referenceTypeName(binding.type) ?? null;
}

function isRecordComponent(scope: Scope, name: SyntaxNode): boolean {
  const params = scope.type?.params;
  return params !== undefined && name.startIndex >= params.startIndex && name.endIndex <= params.endIndex;
}

function merge(table: Map<string, BoundType>, name: string, type: BoundType): void {
  const previous = table.get(name);
  table.set(name, previous === undefined || previous === type ? type : null);
}
