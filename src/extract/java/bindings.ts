import type { SyntaxNode } from '../extractor';
import type { BindingMatch, FieldMatch } from './collect';
import { type BoundType, type LocalDeclaration, type Scope, type ScopeTree, classOf } from './scopes';
import { createdTypeName, referenceTypeName } from './types';

/**
 * Local type inference from declarations alone: `Foo x`, `var x = new Foo()`, typed
 * parameters, catch/for/resource/pattern variables and fields. Lambda parameters and
 * anything else bound without a written type make the name unknown. Each declaration
 * also keeps what shows its type to the expression typer: its written type, its `var`
 * initializer, or the collection a `for (var x : xs)` iterates.
 */
export function bindNames(tree: ScopeTree, bindings: readonly BindingMatch[], fields: readonly FieldMatch[]): void {
  for (const field of fields) {
    const owner = tree.scopeAt(field.name.startIndex);
    if (!owner || owner.kind === 'callable') continue;
    const type = field.kind === 'enum_constant' ? owner.type?.name.text : field.type && referenceTypeName(field.type);
    merge(owner.fields, field.name.text, type ?? null);
    const written = field.kind === 'enum_constant' ? owner.symbolName : field.type && tree.written(field.type, field.name.startIndex);
    merge(owner.writtenFields, field.name.text, written || null);
  }
  for (const binding of bindings) {
    const scope = tree.scopeAt(binding.name.startIndex);
    if (!scope) continue;
    const type = boundType(binding);
    if (scope.kind === 'type' && isRecordComponent(scope, binding.name)) {
      merge(scope.fields, binding.name.text, type);
      merge(scope.writtenFields, binding.name.text, (binding.type && tree.written(binding.type, binding.name.startIndex)) || null);
      continue;
    }
    const previous = scope.locals.get(binding.name.text);
    scope.locals.set(binding.name.text, {
      type: previous && previous.type !== type ? null : type,
      from: Math.min(previous?.from ?? Infinity, binding.name.startIndex),
      declarations: [...(previous?.declarations ?? []), declarationOf(tree, binding)],
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

/**
 * The declaration a name refers to at `offset`: a local (the one whose block holds the
 * offset, when the method declares the name more than once), a field of an enclosing
 * class as written, or nothing when the name is not declared in the file.
 */
export function declarationOfName(tree: ScopeTree, name: string, offset: number): { readonly bound: boolean; readonly local?: LocalDeclaration; readonly field?: string } {
  const start = tree.scopeAt(offset);
  for (let scope = start; scope; scope = scope.parent) {
    const local = scope.kind === 'callable' || scope === start ? scope.locals.get(name) : undefined;
    if (local && local.from <= offset) return { bound: true, local: visibleDeclaration(local.declarations, offset) };
    const field = scope.kind === 'callable' ? undefined : scope.writtenFields.get(name);
    if (field !== undefined) return { bound: true, field: field ?? undefined };
  }
  return { bound: false };
}

/** The type of `this.name` at `offset`: a field of the innermost class. */
export function fieldTypeAt(tree: ScopeTree, name: string, offset: number): string | undefined {
  return classOf(tree.scopeAt(offset))?.fields.get(name) ?? undefined;
}

/** `this.name` as written in the innermost class: undefined when the class does not declare it. */
export function writtenFieldAt(tree: ScopeTree, name: string, offset: number): { readonly declared: boolean; readonly type?: string } {
  const written = classOf(tree.scopeAt(offset))?.writtenFields.get(name);
  return { declared: written !== undefined, type: written ?? undefined };
}

function declarationOf(tree: ScopeTree, binding: BindingMatch): LocalDeclaration {
  const typeText = binding.type?.text;
  if (!binding.type || typeText === 'var') return { name: binding.name, value: binding.value, iterated: binding.iterated };
  return { name: binding.name, written: tree.written(binding.type, binding.name.startIndex) || undefined };
}

/**
 * Java forbids a local to shadow another in its method, so among several declarations
 * of one name at most one has a block holding the offset. The block is asked of the tree
 * only here, for names declared more than once.
 */
function visibleDeclaration(declarations: readonly LocalDeclaration[], offset: number): LocalDeclaration | undefined {
  if (declarations.length === 1) return declarations[0];
  const visible = declarations.filter((d) => d.name.startIndex <= offset && holds(blockOf(d.name), offset));
  return visible.length === 1 ? visible[0] : undefined;
}

/** The statement or block a local's declaration is visible in. */
function blockOf(name: SyntaxNode): SyntaxNode | null {
  let node = name.parent;
  // A declarator's declaration sits in a block; a for, catch, resource or pattern variable is visible in its statement.
  if (node?.type === 'variable_declarator') node = node.parent;
  if (node?.type === 'local_variable_declaration') return node.parent;
  while (node && !/_statement$|^catch_clause$|^lambda_expression$|^method_declaration$|^constructor_declaration$/.test(node.type)) node = node.parent;
  return node;
}

function holds(node: SyntaxNode | null, offset: number): boolean {
  return node !== null && node.startIndex <= offset && offset < node.endIndex;
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

function merge<T>(table: Map<string, T | null>, name: string, type: T | null): void {
  const previous = table.get(name);
  table.set(name, previous === undefined || previous === type ? type : null);
}
