import { collapseWhitespace } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, TypeExpr } from '../facts';
import type { GoFileContext } from './context';
import { BUILTIN_FUNCTIONS, BUILTIN_TYPES, isBuiltin, isDottedPath, namedTypeText } from './names';
import type { Scope } from './scopes';
import { goTypeText, isLocalTypeName, writtenType } from './writtenTypes';

/**
 * The types of Go expressions as far as one file shows them, written as TypeExprs for the
 * resolver to finish with the repo's declarations: `x := store.Open()` is "the first
 * result of store.Open", `for _, it := range s.items` "the element of field items of s's
 * type". Nothing here guesses: a form it does not know has no type.
 */

const MAX_OBJECT_TEXT = 80;
/**
 * Expressions nested deeper than this get no type: a call chain costs about 3 a link, so
 * a builder chain (`db.Where(…).Order(…).Find(…)`) is typed for its first 13 links; each
 * call's receiver holds the chain before it, so a chain's facts grow with the square of
 * its length, and a generated chain thousands of links long stays small.
 */
const MAX_DEPTH = 40;

function named(node: SyntaxNode | null, scope: Scope): TypeExpr | undefined {
  const text = node ? writtenType(node, scope) : undefined;
  return text ? { t: 'named', name: text } : undefined;
}

/** The type of the value an expression yields. */
export function typeOfExpression(node: SyntaxNode, scope: Scope, context: GoFileContext, depth = 0): TypeExpr | undefined {
  if (depth > MAX_DEPTH) return undefined;
  switch (node.type) {
    case 'identifier': {
      const name = node.text;
      const local = scope.lookup(name, node.startIndex);
      if (local) return isLocalTypeName(local) ? undefined : local.type;
      if (isBuiltin(name) || context.importPaths.has(name)) return undefined;
      return { t: 'value', of: { form: 'name', name } };
    }
    case 'selector_expression': {
      const operand = node.childForFieldName('operand');
      const field = node.childForFieldName('field');
      if (!operand || !field) return undefined;
      const packageName = packageNameOf(operand, scope, context);
      if (packageName !== undefined) return { t: 'value', of: { form: 'member', object: packageName, property: field.text } };
      const owner = typeOfExpression(operand, scope, context, depth + 1);
      return owner && { t: 'field', of: owner, name: field.text };
    }
    case 'call_expression':
      return resultTypeOf(node, 0, scope, context, depth + 1);
    case 'type_conversion_expression':
      return instanceResultOf(node.childForFieldName('type'), scope);
    case 'composite_literal':
      return named(node.childForFieldName('type'), scope);
    case 'func_literal': {
      // Its type is its signature as written: calling the local that holds it returns its results.
      const parameters = node.childForFieldName('parameters');
      const result = node.childForFieldName('result');
      const written = result ? writtenType(result, scope) : '';
      return parameters && written !== undefined ? { t: 'named', name: goTypeText(`func${parameters.text} ${written}`.trim()) } : undefined;
    }
    case 'type_assertion_expression':
      return named(node.childForFieldName('type'), scope);
    case 'parenthesized_expression': {
      const inner = node.namedChild(0);
      return inner ? typeOfExpression(inner, scope, context, depth + 1) : undefined;
    }
    case 'unary_expression': {
      const operand = node.childForFieldName('operand');
      const operator = node.childForFieldName('operator')?.text;
      if (!operand) return undefined;
      if (operator === '&' || operator === '*') return typeOfExpression(operand, scope, context, depth + 1);
      if (operator === '<-') return elementOf(typeOfExpression(operand, scope, context, depth + 1));
      return undefined;
    }
    case 'index_expression': {
      const operand = node.childForFieldName('operand');
      return operand ? elementOf(typeOfExpression(operand, scope, context, depth + 1)) : undefined;
    }
    case 'slice_expression': {
      const operand = node.childForFieldName('operand');
      return operand ? typeOfExpression(operand, scope, context, depth + 1) : undefined;
    }
    default:
      return undefined;
  }
}

/** What indexing, ranging over or receiving from a value of this type yields. */
export function elementOf(container: TypeExpr | undefined): TypeExpr | undefined {
  return container && { t: 'element', of: container };
}

/**
 * `G[T](x)` as the grammar reads it with one argument: a generic function's result, or a
 * conversion to the generic type G; the resolver tells which by what G denotes.
 */
function instanceResultOf(type: SyntaxNode | null, scope: Scope): TypeExpr | undefined {
  if (type?.type !== 'generic_type') return undefined;
  const base = type.childForFieldName('type');
  if (base?.type === 'type_identifier') {
    return scope.lookup(base.text, base.startIndex) ? undefined : { t: 'result', call: { form: 'name', name: base.text, instantiated: true }, index: 0 };
  }
  const pkg = base?.type === 'qualified_type' ? base.childForFieldName('package') : null;
  const name = base?.childForFieldName('name');
  return pkg && name ? { t: 'result', call: { form: 'member', object: pkg.text, property: name.text, instantiated: true }, index: 0 } : undefined;
}

/** The callee of `F[T](x)`: see CalleeExpr.instantiated. */
export function instantiated(callee: CalleeExpr): CalleeExpr {
  return callee.form === 'new' ? callee : { ...callee, instantiated: true };
}

/** The `index`-th result of a call expression: a conversion's type, `new(T)`, or the callee's declared result. */
export function resultTypeOf(call: SyntaxNode, index: number, scope: Scope, context: GoFileContext, depth = 0): TypeExpr | undefined {
  const fn = call.childForFieldName('function');
  if (!fn || depth > MAX_DEPTH) return undefined;
  if (fn.type === 'identifier') {
    const name = fn.text;
    const local = scope.lookup(name, fn.startIndex);
    // A local holding a function: what the function it is bound to returns, else what its
    // function type does (`view, done := testView(t); out := done(t)`, a func parameter).
    if (local) {
      if (local.callee) return { t: 'result', call: local.callee, index };
      return local.type && !isLocalTypeName(local) ? { t: 'returns', of: local.type, index } : undefined;
    }
    if (name === 'new' || name === 'make') {
      const first = call.childForFieldName('arguments')?.namedChild(0);
      return index === 0 && first ? named(first, scope) : undefined;
    }
    if (BUILTIN_FUNCTIONS.has(name) || BUILTIN_TYPES.has(name)) return undefined;
    return { t: 'result', call: { form: 'name', name }, index };
  }
  if (fn.type === 'selector_expression') {
    const operand = fn.childForFieldName('operand');
    const field = fn.childForFieldName('field');
    const callee = operand && field ? memberExpression(operand, field.text, scope, context, depth + 1) : undefined;
    return callee && { t: 'result', call: callee, index };
  }
  if (fn.type === 'parenthesized_type' || fn.type === 'qualified_type' || fn.type === 'pointer_type') {
    return index === 0 ? named(fn, scope) : undefined;
  }
  // `F[T](x)`: an instance of a generic function returns what F declares (a local indexed is a slice or map of functions).
  if (fn.type === 'index_expression') {
    const operand = fn.childForFieldName('operand');
    if (operand?.type === 'identifier' && !scope.lookup(operand.text, operand.startIndex) && !isBuiltin(operand.text)) {
      return { t: 'result', call: { form: 'name', name: operand.text, instantiated: true }, index };
    }
    const field = operand?.type === 'selector_expression' ? operand.childForFieldName('field') : null;
    const object = operand?.childForFieldName('operand');
    const callee = object && field ? memberExpression(object, field.text, scope, context, depth + 1) : undefined;
    return callee && { t: 'result', call: instantiated(callee), index };
  }
  return undefined;
}

/**
 * The type a declared name gets from its declaration: a parameter's or `var`'s written
 * type, or the value assigned to it (`x := T{}`, `x, err := f()`, `for _, v := range xs`).
 * Read in the scope where the declaration sits, before the name itself is declared.
 */
export function declaredTypeOf(name: SyntaxNode, scope: Scope, context: GoFileContext, site = new DeclarationSite(name)): TypeExpr | undefined {
  const { list } = site;
  if (!list) return undefined;
  switch (list.type) {
    case 'parameter_declaration':
      return named(list.childForFieldName('type'), scope);
    case 'variadic_parameter_declaration': {
      const type = list.childForFieldName('type');
      const text = type ? writtenType(type, scope) : undefined;
      return text ? { t: 'named', name: `[]${text}` } : undefined;
    }
    case 'var_spec':
    case 'const_spec': {
      const declared = list.childForFieldName('type');
      if (declared) return named(declared, scope);
      return assignedType(list.childrenForFieldName('name'), name, valuesOf(list.childForFieldName('value')), scope, context);
    }
    case 'expression_list': {
      const { statement } = site;
      if (!statement) return undefined;
      const names = list.namedChildren;
      if (statement.type === 'short_var_declaration') {
        return assignedType(names, name, site.shortVarValues(), scope, context);
      }
      if (statement.type === 'range_clause') {
        const ranged = statement.childForFieldName('right');
        // The second name takes the element; the first is an index or key (or a channel's element: unknown here).
        return ranged && names[1]?.id === name.id ? elementOf(typeOfExpression(ranged, scope, context)) : undefined;
      }
      if (statement.type === 'receive_statement') {
        const received = statement.childForFieldName('right');
        return received && names[0]?.id === name.id ? typeOfExpression(received, scope, context) : undefined;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The function a `name := value` binds when the value names one: a method value
 * (`s.handle`), a package function (`pkg.F`, `F`). Calling the local calls it.
 */
export function functionValueOf(name: SyntaxNode, scope: Scope, context: GoFileContext, site = new DeclarationSite(name)): CalleeExpr | undefined {
  const { list, statement } = site;
  if (statement?.type !== 'short_var_declaration') return undefined;
  const names = list!.namedChildren;
  const values = site.shortVarValues();
  const index = names.findIndex((n) => n?.id === name.id);
  const value = values.length === names.length ? values[index] : undefined;
  if (value?.type === 'identifier') {
    return scope.lookup(value.text, value.startIndex) || isBuiltin(value.text) || context.declaredTypes.has(value.text)
      ? undefined : { form: 'name', name: value.text };
  }
  if (value?.type !== 'selector_expression') return undefined;
  const operand = value.childForFieldName('operand');
  const field = value.childForFieldName('field');
  return operand && field ? memberExpression(operand, field.text, scope, context) : undefined;
}

/**
 * Where a declared name sits: its parent (a parameter, a spec or an expression list) and,
 * in an expression list, the statement. Both are searches from the root in web-tree-sitter:
 * the name's type and the function it holds read them once.
 */
export class DeclarationSite {
  readonly list: SyntaxNode | null;
  readonly statement: SyntaxNode | null;
  private values: SyntaxNode[] | undefined;

  constructor(name: SyntaxNode) {
    this.list = name.parent;
    this.statement = this.list?.type === 'expression_list' ? this.list.parent : null;
  }

  /** The values on the right of the `:=` statement the name is declared in. */
  shortVarValues(): SyntaxNode[] {
    this.values ??= valuesOf(this.statement?.childForFieldName('right') ?? null);
    return this.values;
  }
}

function valuesOf(list: SyntaxNode | null): SyntaxNode[] {
  if (!list) return [];
  return list.type === 'expression_list' ? list.namedChildren.filter((n): n is SyntaxNode => n !== null && n.type !== 'comment') : [list];
}

/** `a, b := x, y` pairs names with values; `a, b := f()` takes f's results in order; `v, ok := m[k]` the element. */
function assignedType(
  names: readonly (SyntaxNode | null)[], name: SyntaxNode, values: readonly SyntaxNode[], scope: Scope, context: GoFileContext,
): TypeExpr | undefined {
  const index = names.findIndex((n) => n?.id === name.id);
  if (index < 0) return undefined;
  if (values.length === names.length) return typeOfExpression(values[index]!, scope, context);
  if (values.length !== 1) return undefined;
  const value = values[0]!;
  if (value.type === 'call_expression') return resultTypeOf(value, index, scope, context);
  // The comma-ok forms: the value comes first.
  return index === 0 ? typeOfExpression(value, scope, context) : undefined;
}

/** An object rooted at a local (a variable, parameter or result) whose type nothing shows. */
function isValueOfUnknownType(node: SyntaxNode, scope: Scope): boolean {
  let root = node;
  while (root.type === 'selector_expression') root = root.childForFieldName('operand') ?? root;
  return root.type === 'identifier' && scope.lookup(root.text, root.startIndex) !== undefined;
}

/** The identifier's name when it names an imported package here (no local shadows it). */
function packageNameOf(node: SyntaxNode, scope: Scope, context: GoFileContext, text?: string): string | undefined {
  if (node.type !== 'identifier') return undefined;
  const name = text ?? node.text;
  return !scope.lookup(name, node.startIndex) && context.importPaths.has(name) ? name : undefined;
}

/**
 * `object.property` as a callee: the object as written, with its type as a name when this
 * file shows it (objectType), else as an expression the resolver evaluates (receiverType).
 * A package name stays a namespace. Undefined when the object is a local of unknown type
 * that shadows an import name: the resolver would take it for the package.
 */
export function memberExpression(objectNode: SyntaxNode, property: string, scope: Scope, context: GoFileContext, depth = 0): CalleeExpr | undefined {
  const object = objectNode.text;
  if (isDottedPath(object)) {
    const at = objectNode.startIndex;
    const root = object.split('.', 1)[0]!;
    const local = scope.lookup(root, at);
    if (local && local.type === undefined && context.importPaths.has(root)) return undefined;
    if (packageNameOf(objectNode, scope, context, object) !== undefined) return { form: 'member', object, property };
    const objectType = objectTypeOf(object, scope, at, context);
    if (objectType) return { form: 'member', object, property, objectType };
  }
  const written = abbreviate(object);
  const receiverType = typeOfExpression(objectNode, scope, context, depth + 1);
  if (receiverType) return { form: 'member', object: written, property, receiverType };
  // A value of unknown type: left bare, the resolver could take a local named like a type for the type.
  return isValueOfUnknownType(objectNode, scope) ? undefined : { form: 'member', object: written, property };
}

/**
 * The named type of a dotted object path when this file alone shows it: its root's
 * declared type (a local, a parameter, a receiver or a package variable of this file),
 * then struct fields declared here.
 */
export function objectTypeOf(path: string, scope: Scope, at: number, context: GoFileContext): string | undefined {
  const [root, ...fields] = path.split('.');
  const local = scope.lookup(root!, at);
  let type: string | undefined;
  if (local) type = local.kind === 'typeparam' || local.kind === 'typename' || local.type?.t !== 'named' ? undefined : namedTypeText(local.type.name);
  else if (!context.importPaths.has(root!)) type = context.packageVarTypes.get(root!);
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
