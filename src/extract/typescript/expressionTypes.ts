import { collapseWhitespace } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, TypeExpr } from '../facts';
import { Scope } from './scope';
import { FUNCTION_NODES, dottedNameOf, memberName } from './syntax';
import { writtenTypeOf } from './writtenTypes';

/**
 * The types of TypeScript expressions as far as one file shows them, written as TypeExprs
 * for the resolver to finish with the repo's declarations: `const s = createStore()` is
 * "the result of createStore", `for (const u of users)` "the element of users' type",
 * `await repo.find()` "what the promise find returns resolves to". A form not read here
 * has no type, and a member call on it makes no edge.
 */

/** Functions and classes: a return inside one belongs to it, not to the body around it. */
const NESTED_BODIES: ReadonlySet<string> = new Set([...FUNCTION_NODES, 'class_declaration', 'class']);

/**
 * The type an unannotated function returns when its own return statements show it, as the
 * compiler infers it: every one returns `new X(...)` of one class X, or `this` (`this`);
 * an async function returns a promise of it, a generator nothing we name. An arrow
 * function's expression body counts as its one return.
 */
export function inferredReturnType(fn: SyntaxNode, body: SyntaxNode | undefined | null): string | undefined {
  if (!body || fn.type.startsWith('generator') || fn.children.some((c) => c?.type === '*')) return undefined;
  const returned = returnsOf(body);
  return returned !== undefined && fn.children.some((c) => c?.type === 'async') ? `Promise<${returned}>` : returned;
}

function returnsOf(body: SyntaxNode): string | undefined {
  if (body.type !== 'statement_block') return returnedType(body);
  let type: string | undefined;
  for (const statement of body.descendantsOfType('return_statement')) {
    if (!statement || insideNestedFunction(statement, body)) continue;
    const returned = returnedType(statement.namedChild(0));
    if (returned === undefined || (type !== undefined && type !== returned)) return undefined;
    type = returned;
  }
  return type;
}

function returnedType(value: SyntaxNode | null): string | undefined {
  if (value?.type === 'this') return 'this';
  if (value?.type !== 'new_expression') return undefined;
  const constructor = value.childForFieldName('constructor');
  return constructor ? dottedNameOf(constructor) : undefined;
}

function insideNestedFunction(node: SyntaxNode, body: SyntaxNode): boolean {
  for (let at = node.parent; at && at.id !== body.id; at = at.parent) if (NESTED_BODIES.has(at.type)) return true;
  return false;
}

/**
 * Expressions nested deeper than this get no type: a call chain costs about 3 a link, so
 * a builder chain (`qb.select().where().andWhere()…`) is typed for its first 13 links,
 * and each call's receiver holds the chain before it, so a chain's facts grow with the
 * square of its length: a generated chain thousands of links long stays small.
 */
const MAX_DEPTH = 40;

/** The type of the value an expression yields. */
export function typeOfExpression(node: SyntaxNode, scope: Scope, depth = 0): TypeExpr | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (scope.root.awaitedChains?.has(node.id)) {
    // `await a.b<T>(x).c()`: the await is the whole chain's, though the grammar put it at a.b.
    const chain = typeOfNode(node, scope, depth);
    return chain && { t: 'element', of: chain };
  }
  return typeOfNode(node, scope, depth);
}

/**
 * The call or member chain whose last link an `await` takes, from a call that
 * tree-sitter-typescript reads as `(await a.b)<T>(x)`: JavaScript's precedence makes it
 * `await (a.b<T>(x)…)`, whatever follows in the chain.
 */
export function awaitedChainOf(misread: SyntaxNode): SyntaxNode {
  let top = misread;
  for (let parent = top.parent; parent; top = parent, parent = parent.parent) {
    const continues = parent.type === 'member_expression' || parent.type === 'subscript_expression'
      ? parent.childForFieldName('object')?.id === top.id
      : parent.type === 'call_expression' ? parent.childForFieldName('function')?.id === top.id : parent.type === 'non_null_expression';
    if (!continues) break;
  }
  return top;
}

function typeOfNode(node: SyntaxNode, scope: Scope, depth: number): TypeExpr | undefined {
  switch (node.type) {
    case 'identifier':
      return typeOfName(node.text, scope);
    case 'this': {
      const owner = scope.thisClass()?.symbol;
      return owner === undefined ? undefined : { t: 'named', name: owner };
    }
    case 'member_expression': {
      const object = node.childForFieldName('object');
      const property = memberName(node.childForFieldName('property'));
      if (!object || property === undefined) return undefined;
      if (object.type === 'this') {
        const field = scope.thisClass()?.fieldType(property);
        if (field !== undefined) return { t: 'named', name: field };
      }
      if (object.type === 'identifier' && !scope.typeOf(object.text).bound) {
        return { t: 'value', of: { form: 'member', object: object.text, property } };
      }
      const owner = typeOfExpression(object, scope, depth + 1);
      return owner && { t: 'field', of: owner, name: property };
    }
    case 'call_expression': {
      const mapped = mappedArrayOf(node, scope, depth);
      if (mapped) return mapped;
      const callee = calleeOf(node.childForFieldName('function'), scope, depth + 1);
      if (!callee) return undefined;
      return node.childForFieldName('type_arguments') ? { t: 'result', call: callee, typeArguments: true } : { t: 'result', call: callee };
    }
    case 'new_expression': {
      const constructor = node.childForFieldName('constructor');
      const name = constructor?.type === 'identifier' ? localClassName(constructor.text, scope) : constructor ? dottedNameOf(constructor) : undefined;
      const typeArguments = node.childForFieldName('type_arguments');
      const written = typeArguments ? writtenTypeOf(typeArguments) : '';
      if (name === undefined || written === undefined) return name === undefined ? undefined : { t: 'named', name };
      return { t: 'named', name: `${name}${written}` };
    }
    case 'await_expression': {
      const awaited = node.namedChild(0);
      const promise = awaited ? typeOfExpression(awaited, scope, depth + 1) : undefined;
      return promise && { t: 'element', of: promise };
    }
    case 'subscript_expression': {
      const object = node.childForFieldName('object');
      const container = object ? typeOfExpression(object, scope, depth + 1) : undefined;
      return container && { t: 'element', of: container, indexed: true };
    }
    case 'as_expression': {
      // `x as const` is x, its literal types kept (`const` is a keyword, no type node).
      if (isConstAssertion(node)) {
        const inner = node.namedChild(0);
        return inner ? typeOfExpression(inner, scope, depth + 1) : undefined;
      }
      const type = node.childForFieldName('type') ?? node.lastNamedChild;
      // `x as typeof Impl`: the value Impl itself.
      const queried = type?.type === 'type_query' ? type.namedChild(0) : null;
      if (queried) return queried.type === 'identifier' ? { t: 'value', of: { form: 'name', name: queried.text } } : undefined;
      const written = writtenTypeOf(type);
      return written === undefined ? undefined : { t: 'named', name: written };
    }
    case 'ternary_expression':
      return either([node.childForFieldName('consequence'), node.childForFieldName('alternative')], scope, depth + 1);
    case 'binary_expression': {
      const operator = node.childForFieldName('operator')?.text;
      if (operator !== '??' && operator !== '||') return undefined;
      return either([node.childForFieldName('left'), node.childForFieldName('right')], scope, depth + 1);
    }
    case 'parenthesized_expression':
    case 'non_null_expression':
    case 'satisfies_expression': {
      const inner = node.namedChild(0);
      return inner ? typeOfExpression(inner, scope, depth + 1) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * `xs.map((x) => f(x))`: an array of what the callback's expression body gives, read
 * with its parameters typed as the call types them (x an element of xs). Whether xs is an
 * array the resolver decides (`mapped`): another type's own `map` gives what it declares.
 * A callback with a block body, or with parameters other than plain names, gives none.
 */
function mappedArrayOf(call: SyntaxNode, scope: Scope, depth: number): TypeExpr | undefined {
  const fn = call.childForFieldName('function');
  if (fn?.type !== 'member_expression' || memberName(fn.childForFieldName('property')) !== 'map') return undefined;
  const callback = call.childForFieldName('arguments')?.namedChild(0);
  const body = callback?.type === 'arrow_function' ? callback.childForFieldName('body') : null;
  const object = fn.childForFieldName('object');
  if (!callback || !body || body.type === 'statement_block' || !object) return undefined;
  const single = callback.childForFieldName('parameter');
  const listed = single ? [single] : (callback.childForFieldName('parameters')?.namedChildren ?? []).map((p) => p?.childForFieldName('pattern'));
  if (listed.some((p) => p?.type !== 'identifier')) return undefined;
  const of = typeOfExpression(object, scope, depth + 1);
  if (!of) return undefined;
  const inner = new Scope('arrow', callback.endIndex, scope);
  for (const parameter of listed as SyntaxNode[]) inner.bind(parameter.text, callbackParameterType(parameter, scope));
  const to = typeOfExpression(body, inner, depth + 1);
  return to && { t: 'mapped', of, to, call: memberCallee(object, 'map', scope, depth + 1) };
}

/** A class name as the resolver finds it: a class declared in a function is `outer>Local`. */
function localClassName(name: string, scope: Scope): string | undefined {
  const binder = scope.binderOf(name);
  return !binder || binder.isModuleLevel ? name : binder.symbolOf(name);
}

/** `x as const`. */
export function isConstAssertion(node: SyntaxNode): boolean {
  return node.type === 'as_expression' && node.lastChild?.type === 'const';
}

/** One of several values: typed when each is. */
function either(options: readonly (SyntaxNode | null)[], scope: Scope, depth: number): TypeExpr | undefined {
  const types: TypeExpr[] = [];
  for (const option of options) {
    const type = option ? typeOfExpression(option, scope, depth) : undefined;
    if (!type) return undefined;
    types.push(type);
  }
  return { t: 'either', of: types, branches: true };
}

/**
 * A name's type: its local binding's, or for a name bound nowhere in the file's scopes
 * (an import, a global) the declared type of what it names, for the resolver to find.
 */
function typeOfName(name: string, scope: Scope): TypeExpr | undefined {
  const binding = scope.typeOf(name);
  if (binding.bound) {
    if (binding.type) return binding.type;
    return scope.binderOf(name)?.isModuleLevel ? { t: 'value', of: { form: 'name', name } } : undefined;
  }
  return { t: 'value', of: { form: 'name', name } };
}

/**
 * Array, Set and Map methods whose callback gets an element of the receiver, and which
 * parameter: the first, or for `reduce((total, item) => …)` the second.
 */
const ELEMENT_CALLBACKS = new Map([
  ...['forEach', 'map', 'flatMap', 'filter', 'find', 'findLast', 'findIndex', 'findLastIndex', 'some', 'every'].map((m) => [m, 0] as const),
  ['reduce', 1], ['reduceRight', 1],
]);

/**
 * The type a callback's parameter gets from the call it is passed to, as the compiler
 * types it from context: `items.forEach((item) => ...)` gives item an element of items;
 * `app.get('/', (c) => ...)` gives c the type get's declaration gives the first parameter
 * of its second argument, for the resolver to read, and `f({ onError: (c) => … })` the
 * type of the first parameter of that argument's property onError. Undefined for a
 * parameter of no function passed to a call, or a call whose arguments it cannot count
 * (a spread).
 */
export function callbackParameterType(parameter: SyntaxNode, scope: Scope): TypeExpr | undefined {
  const position = parameterPosition(parameter);
  if (!position) return undefined;
  const { fn } = position;
  // `f({ onError: (c) => … })`, `f({ setup(props) { … } })`: a property of an object passed.
  const pair = fn.parent?.type === 'pair' && fn.parent.childForFieldName('value')?.id === fn.id ? fn.parent : null;
  const property = pair ? memberName(pair.childForFieldName('key')) : fn.type === 'method_definition' ? memberName(fn.childForFieldName('name')) : undefined;
  const literal = pair ? pair.parent : fn.type === 'method_definition' ? fn.parent : null;
  if (literal && (literal.type !== 'object' || property === undefined)) return undefined;
  const value = literal ?? fn;
  const args = value.parent;
  const call = args?.type === 'arguments' ? args.parent : null;
  if (call?.type !== 'call_expression' || !args) return undefined;
  const passed = args.namedChildren.filter((a) => a !== null && a.type !== 'comment');
  const argument = passed.findIndex((a) => a?.id === value.id);
  const callee = call.childForFieldName('function');
  const receiver = callee?.type === 'member_expression' ? callee.childForFieldName('object') : null;
  const method = callee?.type === 'member_expression' ? memberName(callee.childForFieldName('property')) : undefined;
  if (!literal && receiver && method !== undefined && argument === 0 && ELEMENT_CALLBACKS.get(method) === position.index) {
    const container = typeOfExpression(receiver, scope);
    if (container) return { t: 'element', of: container };
  }
  if (argument < 0 || passed.some((a) => a?.type === 'spread_element')) return undefined;
  const called = calleeOf(callee, scope);
  if (!called || called.form === 'new') return undefined;
  const callback = { t: 'callback', call: called, argument, arguments: passed.length, index: position.index } as const;
  return literal ? { ...callback, property } : callback;
}

/**
 * Which function value a parameter name belongs to, and its place in the list: the
 * name of `(a, b) => …`, `function (a) {…}` or an object literal's method `m(a) {…}` (a
 * `required_parameter` or, for `a => …`, the function's own parameter).
 */
function parameterPosition(parameter: SyntaxNode): { fn: SyntaxNode; index: number } | undefined {
  const holder = parameter.parent?.type === 'required_parameter' ? parameter.parent : parameter;
  const list = holder.parent;
  const fn = list?.type === 'formal_parameters' ? list.parent : list;
  const objectMethod = fn?.type === 'method_definition' && fn.parent?.type === 'object';
  if (!fn || (fn.type !== 'arrow_function' && fn.type !== 'function_expression' && !objectMethod)) return undefined;
  if (list?.type !== 'formal_parameters') return { fn, index: 0 };
  const index = list.namedChildren.findIndex((p) => p?.id === holder.id);
  return index < 0 ? undefined : { fn, index };
}

/**
 * A parameter typed by the function type its function value is declared with, as the
 * compiler types it from context: `const setup: SetupFn = (instance) => …` gives instance
 * SetupFn's first parameter type (also for a class field `handle: Fn = (x) => …`), and a
 * function returned from one declared to return a function type, `(): Handler => { return
 * (c) => … }`, that type's.
 */
export function declaredParameterType(parameter: SyntaxNode): TypeExpr | undefined {
  const position = parameterPosition(parameter);
  const holder = position?.fn.parent;
  if (!position || !holder) return undefined;
  let declared: string | undefined;
  if (holder.type === 'variable_declarator' || holder.type === 'public_field_definition') {
    if (holder.childForFieldName('value')?.id !== position.fn.id) return undefined;
    declared = writtenTypeOf(holder.childForFieldName('type'));
  } else {
    const returning = returningFunctionOf(position.fn);
    declared = returning ? writtenTypeOf(returning.childForFieldName('return_type')) : undefined;
  }
  return declared === undefined ? undefined : { t: 'param', of: { t: 'named', name: declared }, index: position.index };
}

/**
 * The function a function value is the returned value of: `return fn` in its body (not in
 * a function nested there), or an arrow function's expression body. An async or
 * generator function returns a promise or an iterator of it, not it: none.
 */
function returningFunctionOf(value: SyntaxNode): SyntaxNode | undefined {
  const parent = value.parent;
  let returning: SyntaxNode | null | undefined;
  if (parent?.type === 'arrow_function' && parent.childForFieldName('body')?.id === value.id) returning = parent;
  else if (parent?.type === 'return_statement') {
    returning = parent.parent;
    while (returning && !NESTED_BODIES.has(returning.type)) returning = returning.parent;
  }
  if (!returning || returning.type === 'class_declaration' || returning.type === 'class') return undefined;
  if (returning.type.startsWith('generator') || returning.children.some((c) => c?.type === 'async' || c?.type === '*')) return undefined;
  return returning;
}

/** The callee of a call whose result is typed: a function by name, or a method of a typed object. */
export function calleeOf(fn: SyntaxNode | null, scope: Scope, depth = 0): CalleeExpr | undefined {
  if (!fn || depth > MAX_DEPTH) return undefined;
  if (fn.type === 'identifier') {
    const binder = scope.binderOf(fn.text);
    if (!binder || binder.isModuleLevel) return { form: 'name', name: fn.text };
    const symbol = binder.symbolOf(fn.text);
    return symbol === undefined ? undefined : { form: 'name', name: symbol };
  }
  if (fn.type === 'member_expression') {
    const object = fn.childForFieldName('object');
    const property = memberName(fn.childForFieldName('property'));
    return object && property !== undefined ? memberCallee(object, property, scope, depth + 1) : undefined;
  }
  if (fn.type === 'parenthesized_expression' || fn.type === 'non_null_expression') return calleeOf(fn.namedChild(0), scope, depth + 1);
  // `(await a.b)<T>(x)` as the grammar misreads `await a.b<T>(x)` (awaitedChainOf).
  if (fn.type === 'await_expression' && fn.parent?.type === 'call_expression') return calleeOf(fn.namedChild(0), scope, depth + 1);
  return undefined;
}

/**
 * `object.property(...)` with its receiver: a type name when this file shows one
 * (objectType), else an expression for the resolver (receiverType). For a name bound
 * nowhere in the file (an import, a global) that is a `value`, which the resolver first
 * reads as a namespace or a class (`ns.f()`, `Foo.create()`), then as a value.
 */
export function memberCallee(object: SyntaxNode, property: string, scope: Scope, depth = 0): Extract<CalleeExpr, { form: 'member' }> {
  const written = dottedNameOf(object) ?? collapseWhitespace(object.text).slice(0, 120);
  const objectType = objectTypeName(object, scope);
  if (objectType !== undefined) return { form: 'member', object: written, property, objectType };
  const receiverType = typeOfExpression(object, scope, depth + 1);
  return receiverType ? { form: 'member', object: written, property, receiverType } : { form: 'member', object: written, property };
}

const PLAIN_TYPE_NAME = /^[\p{L}$_][\p{L}\p{N}$_]*(?:\.[\p{L}$_][\p{L}\p{N}$_]*)*$/u;

/** The object's type as a plain name when this file alone shows it: `this`, `super`, a typed binding, `this.field`. */
function objectTypeName(object: SyntaxNode, scope: Scope): string | undefined {
  switch (object.type) {
    case 'this':
      return scope.thisClass()?.symbol;
    case 'super':
      return scope.thisClass()?.baseClass;
    case 'identifier':
      return plainTypeName(scope.typeOf(object.text).type);
    case 'member_expression': {
      const owner = object.childForFieldName('object');
      const property = memberName(object.childForFieldName('property'));
      return owner?.type === 'this' && property !== undefined ? scope.thisClass()?.fieldType(property) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * A named type written `Foo` or `ns.Foo`; anything else (type arguments, arrays, unions)
 * is no plain name and goes to the resolver whole, which reads what a container holds.
 */
export function plainTypeName(type: TypeExpr | undefined): string | undefined {
  return type?.t === 'named' && PLAIN_TYPE_NAME.test(type.name) ? type.name : undefined;
}
