import type { CallArguments, CalleeExpr, TypeExpr } from '../extract/facts';
import { callOperatorResultOf, callbackParameterOf, heldCallableResultOf, overloadedResultOf } from './callableTypes';
import type { TypeSyntax } from './languages/languageResolver';
import type { FileScope, Resolution } from './scope';
import { languageFamily } from './languageFamily';
import { accessedTypeOf, elementTypeOf, fieldTypeOf, positionalTypeOf } from './partTypes';
import type { SymbolEntry } from './symbolTable';

/**
 * The types of values, computed at link time from the declarations of the whole repo: a
 * local's `x := pkg.New()` needs the result type `New` declares in another file, and
 * `x.store.Get()` the field types of that result. Every step either lands on a type the
 * source declares or gives up: an unknown type makes no edge, never a guess.
 */

/** A type as written, with the scope of the file it is written in (where its names resolve). */
export interface WrittenType {
  readonly text: string;
  readonly scope: FileScope;
}

type SymbolResolution = Extract<Resolution, { kind: 'symbol' }>;

/** Declarations followed deeper than this (or in a cycle such as `var a = b; var b = a`) leave a type unknown. */
export const MAX_TYPE_DEPTH = 16;

const CONSTRUCTOR_NAMES = new Set(['constructor', '__init__', 'new']);

/** For languages without a TypeSyntax: a type is a name, perhaps behind `*`/`&` or with type arguments. */
export const NAMED_TYPES_ONLY: TypeSyntax = {
  named: (type) => type.replace(/^[*&]+/, '').replace(/[[<].*$/, '') || undefined,
  element: () => undefined,
};

/**
 * What typeOf found for a TypeExpr object, with the scope and symbol-table version it was
 * read in: the type, or the least depth it was not found at (with more depth left it
 * might be, with less it is not). A chain `a.b().c().d()` nests each call's receiver in
 * the next, and a method returning `this`, or a call whose target is unknown (a builtin's
 * result), reads its receiver a second time: without this, n such links cost 2^n.
 */
const evaluated: TypeCache = new WeakMap();

type TypeCache = WeakMap<TypeExpr, { readonly scope: FileScope; readonly version: number; type?: WrittenType; failedAt?: number }>;

/** `read(expr)` in `scope` once per scope and symbol-table version; a failure is kept with the least depth it failed at. */
function cached(cache: TypeCache, expr: TypeExpr, scope: FileScope, depth: number, read: () => WrittenType | undefined): WrittenType | undefined {
  const version = scope.tableVersion;
  let known = cache.get(expr);
  if (known && (known.scope !== scope || known.version !== version)) known = undefined;
  if (known?.type) return known.type;
  if (known?.failedAt !== undefined && depth >= known.failedAt) return undefined;
  const type = read();
  if (!known) cache.set(expr, (known = { scope, version }));
  if (type) known.type = type;
  else known.failedAt = Math.min(known.failedAt ?? depth, depth);
  return type;
}

/**
 * The type a TypeExpr denotes, read in `scope`, or undefined when the declarations do
 * not say. `depth` counts the declarations followed (a value's, a field's, a result's),
 * which can form cycles; a call chain's receivers are parts of the expression itself and
 * cost nothing, so a chain is as long as its file wrote it (within the extractor's bound).
 */
export function typeOf(expr: TypeExpr, scope: FileScope, depth = 0): WrittenType | undefined {
  if (depth > MAX_TYPE_DEPTH) return undefined;
  return cached(evaluated, expr, scope, depth, () => evaluate(expr, scope, depth));
}

function evaluate(expr: TypeExpr, scope: FileScope, depth: number): WrittenType | undefined {
  switch (expr.t) {
    case 'named':
      return expr.name ? accessedTypeOf({ text: expr.name, scope }, depth) : undefined;
    case 'value':
      return valueTypeOf(scope.resolveValue(expr.of), scope, depth) ?? classFieldTypeOf(expr.of, scope, depth);
    case 'result': {
      const target = scope.callTarget(expr.call, depth);
      const result = resultTypeOf(target, expr.index ?? 0, scope, depth, expr.given, expr.typeArguments);
      // A method declared to return `this` returns whatever it was called on (a subclass too).
      if (result?.text === 'this') return receiverTypeOf(expr.call, scope, depth) ?? ownerOfThis(target, scope);
      return result ?? builtinResultOf(expr.call, scope, depth) ?? generatedGoClientOf(expr.call, target, scope)
        ?? (target ? undefined : classHeldByField(expr.call, scope, depth) ?? heldCallableResultOf(expr.call, expr.index ?? 0, scope, depth)
          ?? functionResultHeldByField(expr.call, expr.index ?? 0, scope, depth));
    }
    case 'field': {
      const owner = typeOf(expr.of, scope, depth + 1);
      return owner && fieldTypeOf(owner, expr.name, depth + 1);
    }
    case 'element': {
      const container = typeOf(expr.of, scope, depth + 1);
      if (!container) return undefined;
      return expr.position === undefined ? elementTypeOf(container, depth + 1, expr.indexed === true) : positionalTypeOf(container, expr.position, depth + 1);
    }
    case 'either':
      return sameTypeOfAll(expr.of, scope, depth);
    case 'mapped': {
      // Array.prototype.map makes an array of what its callback returns; another type's map gives what it declares.
      const array = typeOf(expr.of, scope, depth + 1);
      if (!array?.scope.typeSyntax.isArray?.(array.text)) return evaluate({ t: 'result', call: expr.call }, scope, depth);
      const element = typeOf(expr.to, scope, depth + 1);
      return element && { text: `Array<${element.text}>`, scope: element.scope };
    }
    case 'inherited':
      return inheritedParameterOf(expr.owner, expr.method, expr.index, scope);
    case 'callback':
      return callbackParameterOf(expr, scope, depth);
    case 'param':
    case 'returns': {
      const held = typeOf(expr.of, scope, depth + 1);
      let fn = held;
      // A function type named by an alias or a defined type (`type Handler = (req: Req) => void`) is read through it.
      for (let hops = 0; fn && hops < 4; hops++) {
        const { typeSyntax } = fn.scope;
        const part = expr.t === 'param' ? typeSyntax.parameter?.(fn.text, expr.index) : typeSyntax.result?.(fn.text, expr.index ?? 0);
        if (part) return { text: part, scope: fn.scope };
        fn = underlyingOf(fn);
      }
      return expr.t === 'returns' && held ? callOperatorResultOf(held, expr.index ?? 0, depth) : undefined;
    }
  }
}

/** The type of several values when each one's named type is the same declaration (or the same outside type). */
function sameTypeOfAll(options: readonly TypeExpr[], scope: FileScope, depth: number): WrittenType | undefined {
  return agreedType(options, (option) => typeOf(option, scope, depth + 1));
}

/**
 * The type every item reads as, when all name one declaration (or one outside type):
 * the first as written; undefined when one reads as nothing or as another. An item read
 * as 'skip' does not count (an overload that is not the one called).
 */
export function agreedType<T>(items: Iterable<T>, read: (item: T) => WrittenType | undefined | 'skip'): WrittenType | undefined {
  let first: WrittenType | undefined;
  let identity: string | undefined;
  for (const item of items) {
    const type = read(item);
    if (type === 'skip') continue;
    const key = type && typeIdentityOf(type);
    if (!key || (identity !== undefined && key !== identity)) return undefined;
    identity = key;
    first ??= type;
  }
  return first;
}

/** Which declaration (or outside type) a type names, as a key equal for two types naming the same one. */
function typeIdentityOf(type: WrittenType, depth = 0): string | undefined {
  // `this` in a signature: whatever the method is called on, read by whoever called it.
  if (type.text === 'this') return 'this';
  const symbol = typeSymbolOf(type);
  if (!symbol) {
    // Two arrays are one type when their elements are (`cond ? this.tables : filterTables()`).
    const { typeSyntax } = type.scope;
    const element = typeSyntax.isArray?.(type.text) && depth < MAX_TYPE_DEPTH ? typeSyntax.element(type.text) : undefined;
    const inner = element === undefined ? undefined : typeIdentityOf({ text: element, scope: type.scope }, depth + 1);
    return inner === undefined ? undefined : `${inner}[]`;
  }
  return symbol.kind === 'external'
    ? `@${symbol.name}`
    : `${symbol.entry.foreign?.home?.repoUrl ?? ''}\0${symbol.packagePath}\0${symbol.entry.file}\0${symbol.entry.name}`;
}

/** The declared type (class, struct, interface) whose members a value of this type has, or an external type. */
export function typeSymbolOf(type: WrittenType): SymbolResolution | Extract<Resolution, { kind: 'external' }> | undefined {
  const named = type.scope.typeSyntax.named(type.text);
  if (!named) return undefined;
  const resolved = type.scope.resolveTypeName(named);
  return resolved?.kind === 'symbol' || resolved?.kind === 'external' ? resolved : undefined;
}

function valueTypeOf(value: Resolution | undefined, scope: FileScope, depth: number): WrittenType | undefined {
  if (value?.kind !== 'symbol' || !value.entry.fact.valueType) return undefined;
  const declaring = scope.scopeOfEntry(value.entry, value.packagePath);
  return declaring && typeOf(value.entry.fact.valueType, declaring, depth + 1);
}

/** `LocalData.fileStorage`: a static field read on its class, where the language reads fields so (fieldsOnClass). */
function classFieldTypeOf(value: CalleeExpr, scope: FileScope, depth: number): WrittenType | undefined {
  if (value.form !== 'member' || !scope.typeSyntax.fieldsOnClass) return undefined;
  const owner = scope.resolveTypeName(value.object);
  if (owner?.kind !== 'symbol' || owner.entry.kind !== 'type') return undefined;
  return fieldTypeOf({ text: value.object, scope }, value.property, depth + 1);
}

/**
 * What calling the target gives: a function's declared result, the type itself for a
 * conversion or class instantiation, the class for its constructor.
 */
export function resultTypeOf(
  target: Resolution | undefined, index: number, scope: FileScope, depth: number, given?: CallArguments, typeArguments?: true,
): WrittenType | undefined {
  if (target?.kind !== 'symbol' || depth > MAX_TYPE_DEPTH) return undefined;
  const { entry } = target;
  const declaring = scope.scopeOfEntry(entry, target.packagePath);
  if (!declaring) return undefined;
  if (entry.kind === 'type' || entry.kind === 'interface') return index === 0 ? { text: entry.name, scope: declaring } : undefined;
  if (entry.kind === 'constant') return heldFunctionResultOf(entry, index, declaring, depth);
  if (entry.kind !== 'function' && entry.kind !== 'method') return undefined;
  const dot = entry.name.lastIndexOf('.');
  if (entry.kind === 'method' && dot > 0 && CONSTRUCTOR_NAMES.has(entry.name.slice(dot + 1)) && !entry.fact.results?.length) {
    return index === 0 ? { text: entry.name.slice(0, dot), scope: declaring } : undefined;
  }
  // A function's overloads, not its implementation's signature, say what a call of it gives.
  const overloads = entry.fact.overloads;
  if (given && index === 0 && overloads?.length && declaring.typeSyntax.overloadResult) {
    const chosen = declaring.typeSyntax.overloadResult(overloads, given);
    return chosen === null ? undefined : { text: chosen, scope: declaring };
  }
  const result = entry.fact.results?.[index];
  if (result) return { text: result, scope: declaring };
  if (index !== 0) return undefined;
  return entry.fact.returned ? inferredResultOf(entry.fact.returned, declaring, depth) : overloadedResultOf(entry, declaring, typeArguments === true);
}

/**
 * What an unannotated function's returns agree on (SymbolFact.returned), as the compiler
 * infers it. A return of what a method declared or inferred to return `this` gives when
 * called on `this` is `this` again: called on a subclass's instance, the function gives
 * that subclass, so it reads as `this` (the receiver's type) and never as the class
 * that declares it.
 */
function inferredResultOf(returned: TypeExpr, declaring: FileScope, depth: number): WrittenType | undefined {
  // Read once, as typeOf reads a TypeExpr: each return that calls another unannotated
  // method reads that method's returns in turn.
  return cached(inferred, returned, declaring, depth, () => agreedResultOf(returned, declaring, depth));
}

const inferred: TypeCache = new WeakMap();

function agreedResultOf(returned: TypeExpr, declaring: FileScope, depth: number): WrittenType | undefined {
  const options = returned.t === 'either' ? returned.of : [returned];
  const ofThis = options.filter((option) => returnsThisOfThis(option, declaring, depth));
  if (ofThis.length === options.length) return { text: 'this', scope: declaring };
  return ofThis.length === 0 ? agreedType(options, (option) => typeOf(option, declaring, depth + 1)) : undefined;
}

function returnsThisOfThis(option: TypeExpr, declaring: FileScope, depth: number): boolean {
  if (option.t !== 'result' || option.call.form !== 'member' || option.call.object !== 'this') return false;
  const target = declaring.callTarget(option.call, depth + 1);
  return resultTypeOf(target, option.index ?? 0, declaring, depth + 1, option.given)?.text === 'this';
}

/**
 * The type the nearest base class of `owner` that declares `method` writes for its
 * `index`-th parameter: an override's unannotated parameter has it (Python, as pyright
 * infers it). Bases are searched in order, each with its own bases.
 */
function inheritedParameterOf(owner: string, method: string, index: number, scope: FileScope, hops = 0): WrittenType | undefined {
  const type = hops > 4 ? undefined : scope.resolveTypeName(owner);
  if (type?.kind !== 'symbol') return undefined;
  const declaring = scope.scopeOfEntry(type.entry, type.packagePath);
  for (const base of type.entry.fact.bases ?? []) {
    const baseName = declaring?.typeSyntax.named(base);
    const baseType = baseName === undefined ? undefined : declaring!.resolveTypeName(baseName);
    const found = baseType?.kind === 'symbol' ? declaring!.memberOfType(baseType, method, 0) : undefined;
    if (found?.kind !== 'symbol' || found.entry.kind !== 'method') continue;
    const written = found.entry.fact.params?.[index];
    const home = scope.scopeOfEntry(found.entry, found.packagePath);
    if (written && home) return { text: written, scope: home };
    // Unannotated there too: that method inherits it in turn.
    const dot = found.entry.name.lastIndexOf('.');
    const further = home && dot > 0 ? inheritedParameterOf(found.entry.name.slice(0, dot), method, index, home, hops + 1) : undefined;
    if (further) return further;
  }
  return undefined;
}

/**
 * Calling a JS/TS `const` bound to a function or method (`const date = ZodDate.create`)
 * gives what that function returns: a `const` is never bound again. Elsewhere a constant
 * is a convention, not a guarantee, and its call has no known result.
 */
function heldFunctionResultOf(entry: SymbolEntry, index: number, declaring: FileScope, depth: number): WrittenType | undefined {
  const value = entry.fact.valueType;
  if (value?.t !== 'value' || languageFamily(declaring.language) !== 'typescript') return undefined;
  const held = declaring.callTarget(value.of, depth + 1);
  if (held?.kind === 'symbol' && (held.entry.kind === 'function' || held.entry.kind === 'method')) return resultTypeOf(held, index, declaring, depth + 1);
  return held ? undefined : functionResultHeldByField(value.of, index, declaring, depth + 1);
}

/**
 * Calling a field that holds a function by name (TypeScript `static create =
 * createZodEnum`, a field of type `typeof createZodEnum`) calls that function: the call
 * gives what it returns. The call itself links nothing: the name it is made through is
 * the field, which is no node.
 */
function functionResultHeldByField(call: CalleeExpr, index: number, scope: FileScope, depth: number): WrittenType | undefined {
  if (call.form !== 'member' || !scope.typeSyntax.valueQueried || depth > MAX_TYPE_DEPTH) return undefined;
  // `ZodEnum.create`: a static field, read on the class the object names.
  const owner = receiverTypeOf(call, scope, depth + 1) ?? classNamedBy(call.object, scope);
  const field = owner && fieldTypeOf(owner, call.property, depth + 1);
  const path = field && field.scope.typeSyntax.valueQueried?.(field.text);
  if (path === undefined) return undefined;
  const dot = path.lastIndexOf('.');
  const named: CalleeExpr = dot < 0 ? { form: 'name', name: path } : { form: 'member', object: path.slice(0, dot), property: path.slice(dot + 1) };
  const held = field!.scope.callTarget(named, depth + 1);
  return held?.kind === 'symbol' && (held.entry.kind === 'function' || held.entry.kind === 'method')
    ? resultTypeOf(held, index, field!.scope, depth + 1)
    : undefined;
}

/**
 * Calling a field that holds a class makes an instance of it (Python
 * `self.storage_class(...)` with `storage_class = MultiDict` or `storage_class:
 * type[MultiDict]` in the class): the class, when the name resolves to one. The call
 * itself links nothing: the name it is made through is the attribute, which is no node.
 */
function classHeldByField(call: CalleeExpr, scope: FileScope, depth: number): WrittenType | undefined {
  // The receiver must be one the file names (`self`, `cls`): reading it again from an
  // expression would read a whole chain twice at each link that resolves to nothing.
  if (call.form !== 'member' || call.objectType === undefined || !scope.typeSyntax.classHeld) return undefined;
  const owner: WrittenType = { text: call.objectType, scope };
  const field = fieldTypeOf(owner, call.property, depth + 1);
  const held = field && field.scope.typeSyntax.classHeld?.(field.text);
  const type = held === undefined ? undefined : field!.scope.resolveTypeName(held);
  return type?.kind === 'symbol' && (type.entry.kind === 'type' || type.entry.kind === 'interface') ? { text: held!, scope: field!.scope } : undefined;
}

/** `items.find(...)` on a container the language itself provides: its element, or the same container. */
function builtinResultOf(call: CalleeExpr, scope: FileScope, depth: number): WrittenType | undefined {
  let receiver = receiverTypeOf(call, scope, depth);
  // A named type defined as a container (`type DepMap = Map<any, Dep>`) has its methods.
  for (let hops = 0; receiver && call.form === 'member' && hops < 4; hops++) {
    const result = receiver.scope.typeSyntax.builtinResult?.(receiver.text, call.property);
    if (result) return { text: result, scope: receiver.scope };
    receiver = underlyingOf(receiver);
  }
  return undefined;
}

/**
 * Go: `pb.NewGreeterClient(conn)` of a package outside the graph returns `pb.GreeterClient`,
 * as protoc-gen-go-grpc writes every service's client constructor; so calls on the client
 * reach its methods (and, through grpcServices.ts, the rpcs).
 */
function generatedGoClientOf(call: CalleeExpr, target: Resolution | undefined, scope: FileScope): WrittenType | undefined {
  if (scope.language !== 'go' || target?.kind !== 'external' || call.form !== 'member') return undefined;
  const service = /^New([A-Z]\w*)Client$/.exec(call.property)?.[1];
  return service && /^[A-Za-z_]\w*$/.test(call.object) ? { text: `${call.object}.${service}Client`, scope } : undefined;
}

/** The composite type a named type is defined over, in the scope that declares it. */
export function underlyingOf(type: WrittenType): WrittenType | undefined {
  const symbol = typeSymbolOf(type);
  const underlying = symbol?.kind === 'symbol' ? symbol.entry.fact.underlying : undefined;
  const declaring = underlying && symbol?.kind === 'symbol' ? type.scope.scopeOfEntry(symbol.entry, symbol.packagePath) : undefined;
  return underlying && declaring ? { text: underlying, scope: declaring } : undefined;
}

/** The class a plain name names, as a type this scope resolves it to. */
function classNamedBy(name: string, scope: FileScope): WrittenType | undefined {
  const type = /^[\p{L}$_][\p{L}\p{N}$_]*$/u.test(name) ? scope.resolveTypeName(name) : undefined;
  return type?.kind === 'symbol' && type.entry.kind === 'type' ? { text: name, scope } : undefined;
}

/** The type a member call is made on, as its callee says it: the name its file shows, or its computed receiver type. */
export function receiverTypeOf(call: CalleeExpr, scope: FileScope, depth: number): WrittenType | undefined {
  if (call.form !== 'member' || depth > MAX_TYPE_DEPTH) return undefined;
  if (call.objectType) return { text: call.objectType, scope };
  return call.receiverType ? typeOf(call.receiverType, scope, depth) : undefined;
}

/** The class declaring a method, for a `this` result whose receiver is unknown. */
function ownerOfThis(target: Resolution | undefined, scope: FileScope): WrittenType | undefined {
  if (target?.kind !== 'symbol' || target.entry.kind !== 'method') return undefined;
  const dot = target.entry.name.lastIndexOf('.');
  const declaring = scope.scopeOfEntry(target.entry, target.packagePath);
  return dot > 0 && declaring ? { text: target.entry.name.slice(0, dot), scope: declaring } : undefined;
}
