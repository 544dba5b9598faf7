import type { SyntaxNode } from '../extractor';
import type { BindingMatch, SelfAssignmentMatch } from './collect';
import { isDottedName, stringLiteralValue } from './literals';
import { type Binding, NEUTRAL, type Scope, type ScopeTree, UNTYPED, mergeBinding, typeOf } from './scopes';

/**
 * Local type inference, flow-insensitive and deliberately narrow: a name gets a type
 * only when every binding of it in its scope shows the same one (a plain annotation or
 * a `Capitalised(...)` instantiation). Any other binding makes it untyped, so a wrong
 * objectType is never reported.
 */

/** Longer annotations are never a single class name; skip them unread. */
const MAX_ANNOTATION_LENGTH = 200;
const OPTIONAL = /^(?:typing\.|t\.)?Optional\[(.+)\]$/;
const UNION_WITH_NONE = /^(?:None\s*\|\s*(.+)|(.+?)\s*\|\s*None)$/;

export function inferBindings(
  tree: ScopeTree, bindings: readonly BindingMatch[], selfAssignments: readonly SelfAssignmentMatch[],
): void {
  for (const binding of bindings) bindName(tree, binding);
  for (const assignment of selfAssignments) bindAttribute(tree, assignment);
}

/**
 * The class named by an annotation: `Foo`, `"Foo"`, `models.Foo`, `Optional[Foo]`,
 * `Foo | None`. Other generics and unions name no single class.
 */
export function typeFromAnnotation(text: string): string | undefined {
  const annotation = text.trim();
  if (annotation.length > MAX_ANNOTATION_LENGTH) return undefined;
  if (isDottedName(annotation)) return annotation === 'None' ? undefined : annotation;
  const quoted = stringLiteralValue(annotation);
  if (quoted !== undefined && quoted !== annotation) return typeFromAnnotation(quoted);
  const optional = OPTIONAL.exec(annotation) ?? UNION_WITH_NONE.exec(annotation);
  const inner = optional?.slice(1).find((group) => group !== undefined);
  return inner !== undefined && isDottedName(inner.trim()) ? typeFromAnnotation(inner) : undefined;
}

/** `Foo(...)` or `models.Foo(...)`: a class instantiation by naming convention. */
export function typeFromConstructor(value: SyntaxNode): string | undefined {
  if (value.type !== 'call') return undefined;
  const callee = value.childForFieldName('function');
  if (!callee || (callee.type !== 'identifier' && callee.type !== 'attribute')) return undefined;
  const name = callee.text.replace(/\s+/g, '');
  const lastSegment = name.slice(name.lastIndexOf('.') + 1);
  return isDottedName(name) && /^[A-Z]/.test(lastSegment) ? name : undefined;
}

function bindName(tree: ScopeTree, binding: BindingMatch): void {
  switch (binding.form) {
    case 'parameter': {
      const scope = tree.scopeAt(binding.offset);
      if (scope.kind !== 'function') return;
      mergeBinding(scope.bindings, binding.name, annotatedType(binding.annotation) ?? UNTYPED);
      return;
    }
    case 'assignment':
      mergeBinding(tree.ownerAt(binding.offset).bindings, binding.name, assignedType(binding.annotation, binding.value));
      return;
    case 'global':
      mergeBinding(tree.module.bindings, binding.name, UNTYPED);
      mergeBinding(tree.ownerAt(binding.offset).bindings, binding.name, UNTYPED);
      return;
    case 'rebinding':
      mergeBinding(tree.ownerAt(binding.offset).bindings, binding.name, UNTYPED);
  }
}

/** `self.f = Foo()`, `self.f: Foo`, or `self.f = f` where the parameter `f: Foo`. */
function bindAttribute(tree: ScopeTree, assignment: SelfAssignmentMatch): void {
  const scope = tree.ownerAt(assignment.offset);
  const owner = tree.methodClassOf(scope);
  if (!owner) return;
  let binding = assignedType(assignment.annotation, assignment.value);
  if (binding === UNTYPED && !assignment.annotation && assignment.value?.type === 'identifier') {
    binding = typeOf(tree.lookup(assignment.value.text, scope)) ?? UNTYPED;
  }
  mergeBinding(owner.attributes, assignment.attribute, binding);
}

/** The type of `self.<attribute>` in methods of `owner`, from its body and methods. */
export function attributeType(owner: Scope, attribute: string): string | undefined {
  const fromMethods = owner.attributes.get(attribute);
  const fromBody = owner.bindings.get(attribute);
  if (fromMethods === undefined || fromBody === undefined) return typeOf(fromMethods ?? fromBody);
  const merged = new Map<string, Binding>([[attribute, fromBody]]);
  mergeBinding(merged, attribute, fromMethods);
  return typeOf(merged.get(attribute));
}

function annotatedType(annotation: SyntaxNode | undefined): string | undefined {
  return annotation ? typeFromAnnotation(annotation.text) : undefined;
}

function assignedType(annotation: SyntaxNode | undefined, value: SyntaxNode | undefined): Binding {
  if (annotation) return typeFromAnnotation(annotation.text) ?? UNTYPED;
  if (!value) return UNTYPED;
  if (value.type === 'none') return NEUTRAL;
  return typeFromConstructor(value) ?? UNTYPED;
}
