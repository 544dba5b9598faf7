import type { CalleeExpr, TypeExpr } from '../extract/facts';
import type { FileScope } from './scope';
import type { SymbolEntry } from './symbolTable';
import { alternativesOf } from './unionTypes';
import { fieldTypeOf } from './partTypes';
import { type WrittenType, agreedType, receiverTypeOf, resultTypeOf, typeSymbolOf, underlyingOf } from './valueTypes';

/**
 * Types read from how a function can be called (TypeScript `callable` facts): the types
 * callback parameters get from the call they are passed to, as the compiler types them
 * from context (in `app.get('/', (c) => c.text('hi'))`, get's declaration, a method or a
 * property whose interface has call signatures, says what its second argument is called
 * with), what calling a property that holds such a function gives, and what calling an
 * instance of a class with a call operator (Python's `__call__`) gives. Overloads are
 * read together: a type is known only when every signature that could be the one called
 * gives one, since which one the compiler picks depends on the arguments' types, which
 * are not read here.
 */

type CallbackExpr = Extract<TypeExpr, { t: 'callback' }>;

/** Aliases, unions and interfaces followed deeper than this leave a callback's parameter unknown. */
const MAX_HOPS = 6;

export function callbackParameterOf(expr: CallbackExpr, scope: FileScope, depth: number): WrittenType | undefined {
  const signatures = signaturesOfCallee(expr, scope, depth);
  if (!signatures) return undefined;
  // Every handler passed to one callee reads the same signatures the same way: read once.
  const key = `${expr.argument}/${expr.arguments}/${expr.property ?? ''}/${expr.index}`;
  const type = readOnce(signatures, key, () => callbackParameterFrom(signatures, expr));
  // `where((qb: this) => …)` declared by a method: `this` is the type the method is called on.
  return type?.text === 'this' ? receiverTypeOf(expr.call, scope, depth + 1) : type;
}

/** What each list of signatures (one per callee and symbol-table version) gave each reading: a callback position, a result. */
const readings = new WeakMap<readonly WrittenType[], Map<string, WrittenType | null>>();

/** `read()` of one list of signatures, once per key. */
function readOnce(signatures: readonly WrittenType[], key: string, read: () => WrittenType | undefined): WrittenType | undefined {
  let known = readings.get(signatures);
  if (!known) readings.set(signatures, (known = new Map()));
  if (!known.has(key)) known.set(key, read() ?? null);
  return known.get(key) ?? undefined;
}

function callbackParameterFrom(signatures: readonly WrittenType[], expr: CallbackExpr): WrittenType | undefined {
  return agreedType(signatures, (signature) => {
    const accepted = signature.scope.typeSyntax.argument?.(signature.text, expr.argument, expr.arguments);
    // A function or object passed where a string goes is not this signature's call (`app.get(path)`).
    if (accepted === null || (accepted !== undefined && signature.scope.typeSyntax.primitive?.(accepted))) return 'skip';
    if (accepted === undefined) return undefined;
    const passed: WrittenType = { text: accepted, scope: signature.scope };
    const fn = expr.property === undefined ? passed : propertyTypeOf(passed, expr.property);
    return fn && parameterOfFunctionType(fn, expr.index, 0);
  });
}

/**
 * The type of an object's property (`onError` of `{ onError?: OnError }`), or the one
 * signature of a method it declares (`onError(c: Context): Response`).
 */
function propertyTypeOf(type: WrittenType, name: string): WrittenType | undefined {
  const field = fieldTypeOf(type, name, 0);
  if (field) return field;
  const symbol = typeSymbolOf(type);
  const member = symbol?.kind === 'symbol' ? type.scope.memberOfType(symbol, name, 0) : undefined;
  const callable = member?.kind === 'symbol' && member.entry.kind === 'method' ? member.entry.fact.callable : undefined;
  const declaring = callable?.length === 1 && member?.kind === 'symbol' ? type.scope.scopeOfEntry(member.entry, member.packagePath) : undefined;
  return declaring && { text: callable![0]!, scope: declaring };
}

/** How the callee can be called: a function's or method's declared signatures, or those of the type a called property holds. */
function signaturesOfCallee(expr: CallbackExpr, scope: FileScope, depth: number): readonly WrittenType[] | undefined {
  const target = scope.callTarget(expr.call, depth + 1);
  if (target?.kind === 'symbol') {
    const declaring = target.entry.fact.callable && scope.scopeOfEntry(target.entry, target.packagePath);
    return declaring ? signaturesOfSymbol(target.entry, declaring) : undefined;
  }
  return target === undefined ? heldSignaturesOf(expr.call, scope, depth) : undefined;
}

/** The signatures of the function a called property holds (`get: HandlerInterface`). */
function heldSignaturesOf(call: CalleeExpr, scope: FileScope, depth: number): readonly WrittenType[] | undefined {
  // Only languages whose types say how a function is called (TypeScript) hold callables.
  if (call.form !== 'member' || !scope.typeSyntax.argument) return undefined;
  const owner = receiverTypeOf(call, scope, depth + 1);
  const held = owner && fieldTypeOf(owner, call.property, depth + 1);
  return held && signaturesOfType(held, 0);
}

/**
 * What calling a property that holds a function gives (`new Hono().get('/', h)` is the
 * HonoBase every signature of get returns), when every signature returns one type. In a
 * language whose function types write only results (Go's `retriever func(context.Context)
 * Retriever`, Python's `make: Callable[[], Store]`), the field's type's result at `index`.
 */
export function heldCallableResultOf(call: CalleeExpr, index: number, scope: FileScope, depth: number): WrittenType | undefined {
  if (call.form === 'member' && !scope.typeSyntax.argument) return fieldFunctionResultOf(call, index, scope, depth);
  const signatures = index === 0 ? heldSignaturesOf(call, scope, depth) : undefined;
  return signatures && readOnce(signatures, 'result', () => resultOfAll(signatures));
}

function fieldFunctionResultOf(call: Extract<CalleeExpr, { form: 'member' }>, index: number, scope: FileScope, depth: number): WrittenType | undefined {
  if (!scope.typeSyntax.result) return undefined;
  const owner = receiverTypeOf(call, scope, depth + 1);
  const field = owner && fieldTypeOf(owner, call.property, depth + 1);
  const result = field && field.scope.typeSyntax.result?.(field.text, index);
  return result ? { text: result, scope: field.scope } : undefined;
}

/**
 * What calling an overloaded function or method gives when its signatures write their
 * results differently (`SelectQueryBuilder<Entity>`, `SelectQueryBuilder<any>`): the
 * type every signature that may be the one called names, compared by declaration. The
 * compiler takes the first signature the arguments fit, so one that repeats an earlier
 * one's parameters is never called, unless the call writes type arguments an earlier
 * one does not take (`z.string<"a">()`).
 */
export function overloadedResultOf(entry: SymbolEntry, declaring: FileScope, typeArguments: boolean): WrittenType | undefined {
  if ((entry.fact.callable?.length ?? 0) < 2) return undefined;
  const signatures = signaturesOfSymbol(entry, declaring)!;
  return typeArguments
    ? readOnce(signatures, 'result', () => resultOfAll(signatures))
    : readOnce(signatures, 'result of reachable', () => resultOfAll(reachableOverloads(signatures)));
}

/** The signatures whose parameters, as written, no earlier signature already has. */
function reachableOverloads(signatures: readonly WrittenType[]): WrittenType[] {
  const seen = new Set<string>();
  return signatures.filter((signature) => {
    const result = signature.scope.typeSyntax.result?.(signature.text, 0) ?? '';
    const parameters = signature.text.slice(0, signature.text.length - result.length);
    if (seen.has(parameters)) return false;
    seen.add(parameters);
    return true;
  });
}

function resultOfAll(signatures: readonly WrittenType[]): WrittenType | undefined {
  return agreedType(signatures, (signature) => {
    const written = signature.scope.typeSyntax.result?.(signature.text, 0);
    return written === undefined ? undefined : { text: written, scope: signature.scope };
  });
}

/** The signatures a symbol declares, one list per symbol-table version (so readings of it are kept with it). */
function signaturesOfSymbol(entry: SymbolEntry, declaring: FileScope): readonly WrittenType[] | undefined {
  const known = symbolSignatures.get(entry);
  if (known && known.scope === declaring && known.version === declaring.tableVersion) return known.signatures;
  const signatures = entry.fact.callable?.map((text) => ({ text, scope: declaring }));
  symbolSignatures.set(entry, { scope: declaring, version: declaring.tableVersion, signatures });
  return signatures;
}

const symbolSignatures = new WeakMap<SymbolEntry, { scope: FileScope; version: number; signatures?: readonly WrittenType[] }>();

/** An array, or a class or an interface declaring no call signature of this repository: no value of it can be called. */
function neverCalled(type: WrittenType): boolean {
  if (type.scope.typeSyntax.isArray?.(type.text)) return true;
  const symbol = typeSymbolOf(type);
  if (symbol?.kind !== 'symbol') return false;
  const { kind, fact } = symbol.entry;
  return (kind === 'type' || kind === 'interface') && !fact.callable?.length && fact.underlying === undefined && fact.aliasOf === undefined;
}

/** The signatures of a function type, written as one or named (an alias of one, an interface with call signatures). */
function signaturesOfType(type: WrittenType, hops: number): readonly WrittenType[] | undefined {
  if (hops > MAX_HOPS) return undefined;
  if (type.scope.typeSyntax.argument?.(type.text, 0, 0) !== undefined) return [type];
  const symbol = typeSymbolOf(type);
  if (symbol?.kind !== 'symbol') return undefined;
  const declaring = symbol.entry.fact.callable && type.scope.scopeOfEntry(symbol.entry, symbol.packagePath);
  if (declaring) return signaturesOfSymbol(symbol.entry, declaring);
  const underlying = underlyingOf(type);
  return underlying && signaturesOfType(underlying, hops + 1);
}

/**
 * The type of the `index`-th parameter of a function type: written as one, or named by an
 * alias, an interface with one call signature, or a union whose members all give one type.
 */
function parameterOfFunctionType(type: WrittenType, index: number, hops: number): WrittenType | undefined {
  if (hops > MAX_HOPS) return undefined;
  const direct = type.scope.typeSyntax.parameter?.(type.text, index);
  if (direct !== undefined) return { text: direct, scope: type.scope };
  const alternatives = alternativesOf(type);
  // A function passed where a union is expected is typed by the union's function types
  // alone (`Brackets | ((qb: this) => string) | ObjectLiteral`): a class or an interface
  // with no call signature cannot be what it is.
  if (alternatives) {
    return agreedType(alternatives, (alternative) => (neverCalled(alternative) ? 'skip' : parameterOfFunctionType(alternative, index, hops + 1)));
  }
  const signatures = signaturesOfType(type, hops + 1);
  if (signatures?.length === 1 && signatures[0]!.text !== type.text) return parameterOfFunctionType(signatures[0]!, index, hops + 1);
  return undefined;
}

/** What calling an instance of a class gives when the class declares its call operator (`__call__`), as that method returns. */
export function callOperatorResultOf(instance: WrittenType, index: number, depth: number): WrittenType | undefined {
  const operator = instance.scope.typeSyntax.callOperator;
  const type = operator === undefined ? undefined : typeSymbolOf(instance);
  if (operator === undefined || type?.kind !== 'symbol') return undefined;
  return resultTypeOf(instance.scope.memberOfType(type, operator, 0), index, instance.scope, depth + 1);
}
