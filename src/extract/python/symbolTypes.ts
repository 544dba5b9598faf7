import { bodyHashOf, leadingComment, positionOf, signatureOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { FieldFact, SymbolFact, TypeExpr } from '../facts';
import { unionMembers } from './annotationSyntax';
import { signatureParameters } from './arguments';
import { annotationText } from './bindings';
import type { BindingMatch } from './collect';
import type { ExpressionTypes } from './expressionTypes';
import { isDottedName } from './literals';
import { type Scope, type ScopeTree, type TypeParameters, isProperty } from './scopes';

/**
 * The type facts of Python declarations, as written in the file: parameter and return
 * annotations, the fields a class declares (class-body annotations, `self.x = ...` in its
 * methods, properties), and the type of a module-level instance. The resolver reads them
 * in this file's scope to type receivers in other files.
 */

const CONTEXT_MANAGER_DECORATORS = /(?:^|\.)(?:async)?contextmanager$/;
/** `UserId = NewType(...)`, `T = TypeVar(...)`: types, not instances. */
const TYPE_FACTORIES = /(?:^|\.)(?:TypeVar|ParamSpec|TypeVarTuple|NewType|TypeAliasType)$/;

/** A function's or method's `params` and `results`, for the fields of its SymbolFact. */
export function signatureTypes(scope: Scope, tree: ScopeTree): Pick<SymbolFact, 'params' | 'results'> {
  const definition = scope.definition;
  if (!definition || scope.kind !== 'function') return {};
  const typeParameters = tree.typeParametersAt(definition.body.startIndex);
  const params: string[] = [];
  for (const parameter of signatureParameters(definition.node)) {
    const annotation = parameter.childForFieldName('type');
    params.push((annotation && annotationText(annotation, typeParameters)) ?? '');
  }
  const result = returnType(scope, tree);
  return { ...(params.length > 0 ? { params } : {}), ...(result ? { results: [result] } : {}) };
}

/**
 * An `@overload` stub as SymbolFact.overloads writes it: each parameter by its name, with
 * `=` when it has a default, `*name`/`**name` for splats and `*`/`/` for the separators,
 * then `->` and the result as `results` writes it ('' for none or a type variable):
 * `(name, cls=, *, key) -> t.Callable[[F], Group]`. A parameter annotated to take only
 * functions says so (`__func: callable`): a string or number literal is not passed there;
 * other annotations are left out, and a call is matched by its arguments' shape. A method's receiver is
 * left out too: a classmethod's `cls` is always bound; an instance method's `self` is
 * bound when it is called on an instance, and its stub starts `bound ` because a call on
 * the class passes `self` as its first argument. A staticmethod has no receiver.
 */
export function overloadSignature(stub: Scope, tree: ScopeTree): string | undefined {
  const parameters = stub.definition?.node.childForFieldName('parameters');
  if (!parameters) return undefined;
  const written: string[] = [];
  for (const parameter of parameters.namedChildren) {
    if (!parameter || parameter.type === 'comment') continue;
    const shown = parameterShape(parameter);
    if (shown === undefined) return undefined;
    const annotation = parameter.childForFieldName('type');
    written.push(annotation && takesOnlyCallables(annotation.text, tree) ? `${shown}: callable` : shown);
  }
  const receiver = stub.parent?.kind !== 'class' ? 'none' : stub.decorators.some((d) => /(?:^|\.)staticmethod$/.test(d))
    ? 'none' : stub.decorators.some((d) => /(?:^|\.)classmethod$/.test(d)) ? 'class' : 'instance';
  if (receiver !== 'none' && (written.length === 0 || /^[*/]/.test(written[0]!))) return undefined;
  const own = receiver === 'none' ? written : written.slice(1);
  return `${receiver === 'instance' ? 'bound ' : ''}(${own.join(', ')}) -> ${returnType(stub, tree) ?? ''}`;
}

/**
 * Whether an annotation admits only functions (and perhaps None): `Callable[...]` of
 * typing or collections.abc, optional or not, or a module-level alias of one
 * (`_AnyCallable = t.Callable[..., t.Any]`). A string or number literal cannot be passed there.
 */
function takesOnlyCallables(annotation: string, tree: ScopeTree, hops = 0): boolean {
  const text = annotation.replace(/\s+/g, '');
  const optional = /^(?:typing\.|t\.)?Optional\[(.*)\]$/.exec(text)?.[1] ?? /^(.*)\|None$/.exec(text)?.[1] ?? /^None\|(.*)$/.exec(text)?.[1];
  const bare = optional ?? text;
  if (CALLABLE_TYPE.test(bare)) return true;
  if (hops > 0 || !/^[A-Za-z_]\w*$/.test(bare)) return false;
  const [only, ...more] = tree.module.bindings.get(bare) ?? [];
  return more.length === 0 && only?.form === 'value' && takesOnlyCallables(only.node.text, tree, hops + 1);
}

const CALLABLE_TYPE = /^(?:typing\.|t\.|collections\.abc\.|abc\.)?Callable(?:\[.*\])?$/;

/** `name`, `name=`, `*name`, `**name`, `*` or `/`; undefined for a form not read (a tuple parameter). */
function parameterShape(parameter: SyntaxNode): string | undefined {
  switch (parameter.type) {
    case 'identifier':
      return parameter.text;
    case 'keyword_separator':
      return '*';
    case 'positional_separator':
      return '/';
    case 'list_splat_pattern':
    case 'dictionary_splat_pattern': {
      const name = parameter.namedChild(0)?.text;
      return name ? `${parameter.type === 'list_splat_pattern' ? '*' : '**'}${name}` : undefined;
    }
    case 'typed_parameter': {
      const inner = parameter.namedChild(0);
      return inner ? parameterShape(inner) : undefined;
    }
    case 'default_parameter':
    case 'typed_default_parameter': {
      const name = parameter.childForFieldName('name')?.text;
      return name ? `${name}=` : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * What calling the function gives, as its annotation writes it: `Self`, and a type
 * variable that also annotates the first parameter (`def __enter__(self: T) -> T`, `def
 * create(cls: type[T]) -> T`: PEP 484's self-types), are the type the method is called on
 * (`this`, which the resolver reads as the receiver's type, a subclass too) or, for a
 * property read as a field, the class; `__init__` (the resolver makes its call the class)
 * and context-manager generators (a call gives a manager, not the annotated iterator)
 * have none.
 */
function returnType(scope: Scope, tree: ScopeTree, self: 'this' | 'class' = 'this'): string | undefined {
  const annotation = scope.definition?.node.childForFieldName('return_type');
  if (!annotation || scope.name === '__init__') return undefined;
  if (scope.decorators.some((name) => CONTEXT_MANAGER_DECORATORS.test(name))) return undefined;
  const typeParameters = tree.typeParametersAt(annotation.startIndex);
  const owner = scope.parent?.kind === 'class' ? scope.parent.symbolName : undefined;
  const selfType = owner === undefined ? undefined : self === 'this' ? 'this' : owner;
  if (isSelfTypeVariable(scope, withoutNone(annotation.text.replace(/\s+/g, ' ').trim()), typeParameters)) return selfType;
  const text = annotationText(annotation, typeParameters);
  return text !== undefined && tree.selfTypeNames.has(withoutNone(text)) ? selfType : text;
}

/**
 * `X | None`, `None | X`, `Optional[X]` as X: a call that may give None gives the type it
 * names otherwise, as a receiver's `Store | None` is read as Store (a self-type too:
 * `def from_header(cls, value) -> te.Self | None`).
 */
function withoutNone(type: string): string {
  const optional = /^(?:typing\.|t\.)?Optional\[(.*)\]$/.exec(type)?.[1];
  const union = /^(.*?)\s*\|\s*None$/.exec(type)?.[1] ?? /^None\s*\|\s*(.*)$/.exec(type)?.[1];
  return (optional ?? union ?? type).trim();
}

/** Whether `name` is a type variable that annotates the method's first parameter (`self: T`, `cls: type[T]`). */
function isSelfTypeVariable(scope: Scope, name: string, typeParameters: TypeParameters): boolean {
  if (!typeParameters.has(name) || scope.parent?.kind !== 'class') return false;
  const first = scope.definition?.node.childForFieldName('parameters')?.namedChild(0);
  const written = first?.type === 'typed_parameter' ? first.childForFieldName('type')?.text.replace(/\s+/g, '') : undefined;
  return written === name || written === `type[${name}]` || written === `Type[${name}]`;
}

/** A class's fields whose type is written as a type: annotated, instantiated, or a property's return annotation. */
export function classFields(scope: Scope, tree: ScopeTree, types: ExpressionTypes): FieldFact[] {
  const fields: FieldFact[] = [];
  const names = new Set([...scope.bindings.keys(), ...scope.attributes.keys()]);
  for (const name of names) {
    const type = writtenType(types.attributeType(scope, name));
    if (type !== undefined) {
      fields.push({ name, type });
      continue;
    }
    const held = referenceHeld(scope, name);
    if (held) fields.push({ name, type: `type[${held}]` });
  }
  for (const method of scope.children) {
    if (names.has(method.name) || !isProperty(method)) continue;
    const type = returnType(method, tree, 'class');
    if (type) fields.push({ name: method.name, type });
    names.add(method.name);
  }
  return fields;
}

/**
 * A type as the text a field declares: a named type as written; several named types
 * (`self.h = headers or Headers()`, `self.body = Body()` and `self.body = Other()` in
 * two methods) as their union, each member once (`Headers | None`, `Body | Other`), as
 * pyright declares an attribute assigned in several places: a method called on it is
 * each member's (the resolver's `alternatives`).
 */
function writtenType(type: TypeExpr | undefined): string | undefined {
  if (type?.t === 'named') return type.name;
  if (type?.t !== 'either') return undefined;
  const named = type.of.filter((option): option is NamedType => option.t === 'named');
  if (named.length !== type.of.length) return undefined;
  const union = [...new Set(named.flatMap((option) => unionMembers(option.name)))].join(' | ');
  return union.length <= MAX_FIELD_TYPE_LENGTH ? union : undefined;
}

/** A longer union names no class a call could be read by. */
const MAX_FIELD_TYPE_LENGTH = 200;

type NamedType = Extract<TypeExpr, { t: 'named' }>;

/**
 * What a class-body `name = Other` holds, Other a name or dotted path (no call), when
 * that is the attribute's one binding: written as the class object `type[Other]`, which
 * the resolver constructs when Other is a class (`self.storage_class(...)`) and reads as
 * nothing otherwise.
 */
function referenceHeld(scope: Scope, name: string): string | undefined {
  const sources = scope.bindings.get(name);
  if (sources?.length !== 1 || scope.attributes.has(name)) return undefined;
  const only = sources[0]!;
  if (only.form !== 'value' || (only.node.type !== 'identifier' && only.node.type !== 'attribute')) return undefined;
  const text = only.node.text.replace(/\s+/g, '');
  return isDottedName(text) ? text : undefined;
}

/** A module-level value's type when it is an instance (`client = Client()`, `store: Store = make()`). */
export function moduleValueType(name: string, tree: ScopeTree, types: ExpressionTypes): TypeExpr | undefined {
  if (tree.typeVariables.has(name) || !tree.module.bindings.has(name)) return undefined;
  return types.nameType(name, tree.module);
}

/**
 * Module-level instances that are no constant: `variable` symbols carrying their
 * valueType, so `from m import client; client.get()` types its receiver. Aliases
 * (`x = other.x`) and untyped names stay out.
 */
export function moduleVariables(
  tree: ScopeTree, types: ExpressionTypes, bindings: readonly BindingMatch[], taken: ReadonlySet<string>, exported: (name: string) => boolean,
): SymbolFact[] {
  const symbols: SymbolFact[] = [];
  const seen = new Set<string>();
  for (const binding of bindings) {
    const { name } = binding;
    if (binding.form !== 'assignment' || seen.has(name) || taken.has(name) || tree.ownerAt(binding.offset) !== tree.module) continue;
    seen.add(name);
    const statement = assignmentStatement(binding.node);
    const valueType = statement && moduleValueType(name, tree, types);
    if (!statement || !valueType || (valueType.t !== 'named' && valueType.t !== 'result')) continue;
    if (valueType.t === 'named' && TYPE_FACTORIES.test(valueType.name)) continue;
    symbols.push({
      name,
      kind: 'variable',
      ...positionOf(binding.node),
      endLine: statement.endPosition.row + 1,
      signature: signatureOf(statement, null),
      bodyHash: bodyHashOf(statement),
      doc: leadingComment(statement),
      exported: exported(name),
      valueType,
    });
  }
  return symbols;
}

/** The `x = ...` statement a module-level name is bound by, when it is a plain one. */
function assignmentStatement(name: SyntaxNode): SyntaxNode | undefined {
  const assignment = name.parent;
  const statement = assignment?.parent;
  return assignment?.type === 'assignment' && statement?.type === 'expression_statement' ? statement : undefined;
}
