import type { SyntaxNode } from '../extractor';
import type { TypeExpr } from '../facts';
import { unionMembers, withoutQualifiers } from './annotationSyntax';
import { signatureParameters } from './arguments';
import type { BindingMatch, SelfAssignmentMatch } from './collect';
import { isDottedName, stringLiteralValue } from './literals';
import { type BindingSource, NONE, type Scope, type ScopeTree, type TypeParameters, UNTYPED, addBinding, basesOf } from './scopes';

/**
 * Records every binding of every name in the scope that binds it, as written; the types
 * are computed later, on demand (expressionTypes.ts). A use inside the function that
 * binds the name reads the binding that reaches it when the code settles which one
 * (reachingBindings.ts); otherwise a name has a type only when every binding of it in
 * its scope shows the same one.
 */

/** Longer annotations are never read: a type that long names no single class. */
const MAX_ANNOTATION_LENGTH = 200;
const OPTIONAL = /^(?:typing\.|t\.)?Optional\[(.+)\]$/;
const TYPE_VARIABLES = /^(?:[\w.]+\.)?(?:TypeVar|ParamSpec|TypeVarTuple)$/;
const UNION_WITH_NONE = /^(?:None\s*\|\s*(.+)|(.+?)\s*\|\s*None)$/;

export function inferBindings(
  tree: ScopeTree, bindings: readonly BindingMatch[], selfAssignments: readonly SelfAssignmentMatch[],
): void {
  for (const binding of bindings) {
    if (binding.form === 'assignment' && isTypeVariable(binding.value) && tree.ownerAt(binding.offset) === tree.module) {
      tree.typeVariables.set(binding.name, typeVariableBound(binding.value!));
    }
  }
  const globals = new GlobalNames(tree, bindings);
  // Comprehensions last: whether their scope's own bindings hold the name decides what they record there.
  for (const binding of bindings) if (binding.form !== 'comprehended') bindName(tree, binding, globals);
  for (const binding of bindings) if (binding.form === 'comprehended') bindName(tree, binding, globals);
  globals.bindUnknown();
  for (const assignment of selfAssignments) bindAttribute(tree, assignment);
}

/**
 * The names each function declares `global`: its bindings of them bind the module's
 * name. A declared name the function binds in no way recorded here (`del`, `import`, a
 * nested `def`) is bound in the module to something of unknown type.
 */
class GlobalNames {
  private readonly declared = new Map<Scope, Map<string, boolean>>();

  constructor(private readonly tree: ScopeTree, bindings: readonly BindingMatch[]) {
    for (const binding of bindings) {
      if (binding.form !== 'global') continue;
      const scope = tree.ownerAt(binding.offset);
      if (!this.declared.has(scope)) this.declared.set(scope, new Map());
      this.declared.get(scope)!.set(binding.name, false);
    }
  }

  /** The scope a binding in `scope` binds `name` in: the module when `scope` declares it global. */
  binderFor(scope: Scope, name: string): Scope {
    const names = this.declared.get(scope);
    if (!names?.has(name)) return scope;
    names.set(name, true);
    return this.tree.module;
  }

  bindUnknown(): void {
    for (const names of this.declared.values()) {
      for (const [name, bound] of names) if (!bound) addBinding(this.tree.module.bindings, name, UNTYPED);
    }
  }
}

/**
 * The class named by an annotation: `Foo`, `"Foo"`, `models.Foo`, `Optional[Foo]`,
 * `Foo | None`, `ClassVar[Foo]`. Other generics and unions name no single class.
 */
export function typeFromAnnotation(text: string): string | undefined {
  const annotation = text.trim();
  if (annotation.length > MAX_ANNOTATION_LENGTH) return undefined;
  if (isDottedName(annotation)) return annotation === 'None' ? undefined : annotation;
  const quoted = stringLiteralValue(annotation);
  if (quoted !== undefined && quoted !== annotation) return typeFromAnnotation(quoted);
  const declared = withoutQualifiers(annotation);
  if (declared !== annotation) return typeFromAnnotation(declared);
  const optional = OPTIONAL.exec(annotation) ?? UNION_WITH_NONE.exec(annotation);
  const inner = optional?.slice(1).find((group) => group !== undefined);
  return inner !== undefined && isDottedName(inner.trim()) ? typeFromAnnotation(inner) : undefined;
}

/**
 * Who reads an annotation's type parameters. Inside the generic function or class that
 * declares them (a parameter's or local's annotation, a cast) each is only known by its
 * bound, whose members are all a use may call (`TypeVar('T', bound=Accept)`: `cls:
 * type[T]` calls Accept's classmethods, as the checker reads it). Callers and subclasses
 * read a result, a field or a declared parameter with each parameter solved for
 * themselves (a subclass of the bound, which may override), so there none is known.
 */
export type TypeParameterReader = 'inside' | 'outside';

/**
 * An annotation as a type written in this file, whitespace collapsed and a quoted
 * forward reference unquoted; undefined for `None` or an overlong annotation. A type
 * parameter reads as its bound inside (TypeParameterReader), else as UNKNOWN_TYPE, so
 * that no class of its name is looked up while the rest still reads (`list[MultiDict[K,
 * V]]` holds MultiDicts); a type one of whose alternatives reads as unknown gives undefined.
 */
export function annotationText(
  annotation: SyntaxNode, typeParameters: TypeParameters, reader: TypeParameterReader = 'outside',
): string | undefined {
  let text = annotation.text.replace(/\s+/g, ' ').trim();
  if (text.length > MAX_ANNOTATION_LENGTH) return undefined;
  const quoted = stringLiteralValue(text);
  if (quoted !== undefined && quoted !== text) text = quoted.trim();
  if (text === '' || text === 'None') return undefined;
  if (typeParameters.size === 0) return text;
  const substituted = text.replace(WORD, (word, offset: number) => {
    if (text[offset - 1] === '.' || !typeParameters.has(word)) return word;
    return (reader === 'inside' ? typeParameters.get(word) : undefined) ?? UNKNOWN_TYPE;
  });
  // `T`, `T | None`, `Item | T`: a value that may be of any type has no type to read.
  return unionMembers(substituted).includes(UNKNOWN_TYPE) ? undefined : substituted;
}

/** A name in an annotation. */
const WORD = /[A-Za-z_][A-Za-z0-9_]*/g;

/** What a type parameter without a bound reads as: no name, so the resolver looks up nothing for it. */
export const UNKNOWN_TYPE = '?';

/** `TypeVar('T', bound=Accept)`, `bound="ds.Accept"`: the bound as a dotted name; undefined for none or another form. */
function typeVariableBound(call: SyntaxNode): string | undefined {
  for (const argument of call.childForFieldName('arguments')?.namedChildren ?? []) {
    if (argument?.type !== 'keyword_argument' || argument.childForFieldName('name')?.text !== 'bound') continue;
    const value = argument.childForFieldName('value');
    const written = value?.type === 'string' ? stringLiteralValue(value.text) : value?.text.replace(/\s+/g, '');
    return written !== undefined && isDottedName(written.trim()) ? written.trim() : undefined;
  }
  return undefined;
}

/** `TypeVar('T')`, `typing.ParamSpec('P')`, `TypeVarTuple('Ts')`. */
export function isTypeVariable(value: SyntaxNode | undefined): boolean {
  return value?.type === 'call' && TYPE_VARIABLES.test(value.childForFieldName('function')?.text ?? '');
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

function bindName(tree: ScopeTree, binding: BindingMatch, globals: GlobalNames): void {
  const binderOf = () => globals.binderFor(tree.ownerAt(binding.offset), binding.name);
  switch (binding.form) {
    case 'parameter': {
      const scope = tree.scopeAt(binding.offset);
      if (scope.kind !== 'function') return;
      bind(tree, scope, binding, annotated(tree, binding.annotation, binding.offset, 'inside') ?? inherited(scope, binding.offset) ?? UNTYPED);
      return;
    }
    case 'assignment': {
      // A class body's annotations are its fields, which instances of any type arguments read.
      const binder = binderOf();
      const reader = binder.kind === 'function' ? 'inside' : 'outside';
      const { position, value } = binding;
      const source = position !== undefined && value
        ? { form: 'value' as const, node: value, scope: tree.ownerAt(binding.offset), position }
        : assigned(tree, binding.annotation, value, binding.offset, reader);
      bind(tree, binder, binding, source);
      return;
    }
    case 'iterated':
    case 'entered': {
      // The value is evaluated where it is written, whichever scope the name belongs to.
      const scope = tree.ownerAt(binding.offset);
      const position = binding.position !== undefined ? { position: binding.position } : {};
      bind(tree, binderOf(), binding, binding.value ? { form: binding.form, node: binding.value, scope, ...position } : UNTYPED);
      return;
    }
    case 'comprehended': {
      // Inside the comprehension, its scope in Python 3, the name is an element of the
      // iterable. Around it the name keeps the scope's own bindings; where the scope has
      // none, it is recorded as bound to something unknown there, so that no use is read
      // as a global or an import of that name.
      const binder = binderOf();
      if (!binder.bindings.has(binding.name)) bind(tree, binder, binding, UNTYPED);
      // A tuple target's name sits one level deeper (`for k, v in pairs`), in the pattern.
      const clause = binding.position === undefined ? binding.node.parent : binding.node.parent?.parent;
      const comprehension = clause?.parent;
      const position = binding.position !== undefined ? { position: binding.position } : {};
      if (binding.value && clause && comprehension) {
        tree.comprehensions.add(binding.name, comprehension, firstIterableOf(comprehension), { form: 'iterated', node: binding.value, scope: tree.ownerAt(binding.offset), ...position });
      }
      return;
    }
    case 'global':
      return;
    case 'rebinding':
      bind(tree, binderOf(), binding, UNTYPED);
  }
}

/** The iterable of a comprehension's first `for` clause: evaluated outside it, before any of its names is bound. */
function firstIterableOf(comprehension: SyntaxNode): SyntaxNode | undefined {
  return comprehension.namedChildren.find((c) => c?.type === 'for_in_clause')?.childForFieldName('right') ?? undefined;
}

/**
 * Records the binding in its binder, and, when that is the function the binding is
 * written in, where it holds from: after the value it binds (reachingBindings.ts).
 */
function bind(tree: ScopeTree, binder: Scope, binding: BindingMatch, source: BindingSource): void {
  addBinding(binder.bindings, binding.name, source);
  if (binder.kind !== 'function' || (binding.form !== 'parameter' && tree.ownerAt(binding.offset) !== binder)) return;
  const effective = binding.value?.endIndex ?? binding.node.endIndex;
  tree.reaching.record(binder, binding.name, source, binding.offset, effective, binding.form === 'iterated');
}

/** `self.f = Foo()`, `self.f: Foo`, or `self.f = f` where the parameter `f: Foo`. */
function bindAttribute(tree: ScopeTree, assignment: SelfAssignmentMatch): void {
  const owner = tree.methodClassOf(tree.ownerAt(assignment.offset));
  if (!owner) return;
  addBinding(owner.attributes, assignment.attribute, assigned(tree, assignment.annotation, assignment.value, assignment.offset, 'outside'));
}

function annotated(
  tree: ScopeTree, annotation: SyntaxNode | undefined, offset: number, reader: TypeParameterReader,
): BindingSource | undefined {
  if (!annotation) return undefined;
  const text = annotationText(annotation, tree.typeParametersAt(offset), reader);
  const type: TypeExpr | undefined = text === undefined ? undefined : { t: 'named', name: text };
  return { form: 'typed', type };
}

/**
 * An override's unannotated parameter (not its first, `self` or `cls`) has the type the
 * overridden method's parameter at the same place has, as pyright infers it: the
 * resolver finds that method along the class's bases.
 */
function inherited(method: Scope, offset: number): BindingSource | undefined {
  const owner = method.parent;
  if (owner?.kind !== 'class' || !owner.symbolName || basesOf(owner).length === 0) return undefined;
  const index = parameterOffsets(method).findIndex((range) => range.start <= offset && offset < range.end);
  return index > 0 ? { form: 'typed', type: { t: 'inherited', owner: owner.symbolName, method: method.name, index } } : undefined;
}

const parameterRanges = new WeakMap<Scope, { start: number; end: number }[]>();

/** Where each parameter of a function is written, counted as its SymbolFact's params are. */
function parameterOffsets(method: Scope): { start: number; end: number }[] {
  let ranges = parameterRanges.get(method);
  if (!ranges) {
    const parameters = method.definition ? signatureParameters(method.definition.node) : [];
    ranges = parameters.map((parameter) => ({ start: parameter.startIndex, end: parameter.endIndex }));
    parameterRanges.set(method, ranges);
  }
  return ranges;
}

function assigned(
  tree: ScopeTree, annotation: SyntaxNode | undefined, value: SyntaxNode | undefined, offset: number, reader: TypeParameterReader,
): BindingSource {
  const declared = annotated(tree, annotation, offset, reader);
  if (declared) return declared;
  if (!value) return UNTYPED;
  if (value.type === 'none') return NONE;
  return { form: 'value', node: value, scope: tree.ownerAt(offset) };
}
