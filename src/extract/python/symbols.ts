import { bodyHashOf, lambdaHandlerKey, leadingComment, positionOf, signatureOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { SymbolFact, TypeExpr } from '../facts';
import type { NodeKind } from '../../model/kinds';
import type { ConstantMatch, PythonMatches } from './collect';
import type { ExpressionTypes } from './expressionTypes';
import { decoratedFunction } from './localNames';
import { docstringOf, stringNodeValue } from './literals';
import { NESTED_SEPARATOR, type Scope, type ScopeTree, basesOf } from './scopes';
import { classFields, moduleValueType, moduleVariables, overloadSignature, signatureTypes } from './symbolTypes';
import { returnedTypes } from './returns';

/** Symbols: functions, classes (types or interfaces), methods, tests and constants. */

const INTERFACE_BASES = new Set(['Protocol', 'ABC']);
const TYPE_FACTORIES = /(?:^|\.)(?:TypeVar|ParamSpec|TypeVarTuple|NewType)$/;

export function symbolFacts(
  tree: ScopeTree, types: ExpressionTypes, matches: Pick<PythonMatches, 'constants' | 'exportList' | 'bindings' | 'exits'>, path: string,
): SymbolFact[] {
  const listed = namesIn(matches.exportList);
  const returned = returnedTypes(matches.exits, tree, types);
  const inTestFile = isTestFile(path);
  const chosen = chooseDefinitions(tree.scopes);
  const stubs = overloadStubs(tree.scopes, chosen);
  const symbols: SymbolFact[] = [];
  for (const scope of chosen.values()) {
    const symbol = withReturned(withOverloads(definitionSymbol(scope, tree, types, listed, inTestFile), stubs.get(scope), tree), returned.get(scope));
    // A Lambda runtime imports the module and calls a function of it by name.
    const isModuleFunction = scope.kind === 'function' && scope.parent === tree.module;
    symbols.push(isModuleFunction ? { ...symbol, keys: [lambdaHandlerKey(path.replace(/\.pyi?$/, ''), symbol.name)] } : symbol);
  }
  for (const constant of matches.constants) {
    if (chosen.has(constant.name) || isTypeFactory(constant.value)) continue;
    chosen.set(constant.name, tree.module);
    symbols.push(constantSymbol(constant, listed, moduleValueType(constant.name, tree, types)));
  }
  const taken = new Set(chosen.keys());
  symbols.push(...moduleVariables(tree, types, matches.bindings, taken, (name) => isExported(name, listed)));
  return symbols.sort((a, b) => a.line - b.line || a.col - b.col);
}

export function isTestFile(path: string): boolean {
  const segments = path.split('/');
  const file = segments[segments.length - 1] ?? '';
  return /^test_.*\.py$/.test(file) || /_test\.py$/.test(file) || segments.slice(0, -1).some((s) => s === 'tests' || s === 'test');
}

/**
 * One scope per symbol name. Python keeps the last binding, but a repeated name is
 * mostly a property setter or an `if`/`else` variant, so the first one stands; only
 * `@overload` stubs give way to the implementation after them.
 */
function chooseDefinitions(scopes: readonly Scope[]): Map<string, Scope> {
  const chosen = new Map<string, Scope>();
  for (const scope of scopes) {
    if (scope.symbolName === undefined) continue;
    const previous = chosen.get(scope.symbolName);
    if (!previous || isOverloadStub(previous)) chosen.set(scope.symbolName, scope);
  }
  return chosen;
}

/** The `@overload` stubs before each chosen implementation, in source order. */
function overloadStubs(scopes: readonly Scope[], chosen: ReadonlyMap<string, Scope>): Map<Scope, Scope[]> {
  const stubs = new Map<Scope, Scope[]>();
  for (const scope of scopes) {
    const implementation = scope.symbolName === undefined ? undefined : chosen.get(scope.symbolName);
    if (!implementation || implementation === scope || !isOverloadStub(scope) || isOverloadStub(implementation)) continue;
    stubs.set(implementation, [...stubs.get(implementation) ?? [], scope]);
  }
  return stubs;
}

/** The implementation with its stubs' signatures: all of them or, when one cannot be written, none (a subset could match the wrong one). */
function withOverloads(symbol: SymbolFact, stubs: readonly Scope[] | undefined, tree: ScopeTree): SymbolFact {
  const overloads = stubs?.map((stub) => overloadSignature(stub, tree));
  return overloads?.length && overloads.every((text) => text !== undefined) ? { ...symbol, overloads: overloads as string[] } : symbol;
}

/** What an unannotated function's returns agree on (returns.ts), unless its annotation or overloads say what a call gives. */
function withReturned(symbol: SymbolFact, returned: TypeExpr | undefined): SymbolFact {
  return returned && !symbol.results?.length && !symbol.overloads ? { ...symbol, returned } : symbol;
}

function isOverloadStub(scope: Scope): boolean {
  return scope.decorators.some((name) => name === 'overload' || name.endsWith('.overload'));
}

function definitionSymbol(scope: Scope, tree: ScopeTree, types: ExpressionTypes, listed: ReadonlySet<string>, inTestFile: boolean): SymbolFact {
  const definition = scope.definition as NonNullable<Scope['definition']>;
  const outer = scope.wrapper ?? definition.node;
  const name = scope.symbolName as string;
  const bases = scope.kind === 'class' ? basesOf(scope) : undefined;
  const kind = symbolKind(scope, bases, inTestFile);
  return {
    name,
    kind,
    ...positionOf(definition.node.childForFieldName('name') ?? definition.node),
    endLine: definition.node.endPosition.row + 1,
    signature: signatureOf(definition.node, definition.body),
    bodyHash: bodyHashOf(outer),
    doc: docstringOf(definition.body) || leadingComment(outer),
    exported: isExported(name, listed),
    ...(kind === 'interface' ? { methods: requiredMethods(scope) } : {}),
    ...(bases && bases.length > 0 ? { bases } : {}),
    ...(scope.kind === 'function' ? signatureTypes(scope, tree) : fieldsOf(scope, tree, types)),
    ...decoratedValue(scope, tree, types),
  };
}

/** A module-level function under a decorator holds what the decorator made of it (ExpressionTypes.decoratedType). */
function decoratedValue(scope: Scope, tree: ScopeTree, types: ExpressionTypes): Pick<SymbolFact, 'valueType'> {
  if (scope.kind !== 'function' || scope.parent !== tree.module || decoratedFunction(tree.module, scope.name) !== scope) return {};
  const valueType = types.decoratedType(scope);
  return valueType ? { valueType } : {};
}

function fieldsOf(scope: Scope, tree: ScopeTree, types: ExpressionTypes): Pick<SymbolFact, 'fields' | 'underlying'> {
  const fields = classFields(scope, tree, types);
  const tuple = namedTupleOf(scope);
  return { ...(fields.length > 0 ? { fields } : {}), ...(tuple ? { underlying: tuple } : {}) };
}

const NAMED_TUPLE = /^(?:typing\.|t\.)?NamedTuple$/;

/**
 * A `class Segment(NamedTuple)` is a tuple of its annotated fields in order (`text: str`,
 * `style: Optional[Style] = None`): written as that tuple, its type's `underlying`, so
 * unpacking one (`for text, style, control in segments`) types each target by position.
 * A field whose annotation is not read leaves every position unknown.
 */
function namedTupleOf(scope: Scope): string | undefined {
  if (!basesOf(scope).some((base) => NAMED_TUPLE.test(base))) return undefined;
  const fields: string[] = [];
  for (const sources of scope.bindings.values()) {
    const annotated = sources.find((source) => source.form === 'typed');
    if (!annotated) continue;
    if (annotated.form !== 'typed' || annotated.type?.t !== 'named') return undefined;
    fields.push(annotated.type.name);
  }
  return fields.length > 0 ? `tuple[${fields.join(', ')}]` : undefined;
}

function symbolKind(scope: Scope, bases: readonly string[] | undefined, inTestFile: boolean): NodeKind {
  if (scope.kind === 'class') return bases?.some(isInterfaceBase) || hasAbstractMetaclass(scope) ? 'interface' : 'type';
  const owner = scope.parent;
  const isMethod = owner?.kind === 'class';
  if (inTestFile && /^test(?:_|[A-Z]|$)/.test(scope.name) && (!isMethod || isTestClass(owner))) return 'test';
  return isMethod ? 'method' : 'function';
}

function isInterfaceBase(base: string): boolean {
  return INTERFACE_BASES.has(base.slice(base.lastIndexOf('.') + 1));
}

function hasAbstractMetaclass(scope: Scope): boolean {
  for (const argument of scope.definition?.bases?.namedChildren ?? []) {
    if (argument?.type !== 'keyword_argument') continue;
    if (argument.childForFieldName('name')?.text === 'metaclass' && /(?:^|\.)ABCMeta$/.test(argument.childForFieldName('value')?.text ?? '')) {
      return true;
    }
  }
  return false;
}

function isTestClass(scope: Scope): boolean {
  return /^Test/.test(scope.name) || basesOf(scope).some((base) => /TestCase$/.test(base));
}

/** Abstract methods when the class marks any, else every method but the constructor. */
function requiredMethods(owner: Scope): string[] {
  const methods = new Map<string, boolean>();
  for (const scope of owner.children) {
    if (scope.kind !== 'function' || scope.name === '__init__' || methods.has(scope.name)) continue;
    methods.set(scope.name, scope.decorators.some((name) => /(?:^|\.)abstract(?:method|property)$/.test(name)));
  }
  const abstract = [...methods].filter(([, isAbstract]) => isAbstract).map(([name]) => name);
  return abstract.length > 0 ? abstract : [...methods.keys()];
}

function constantSymbol(constant: ConstantMatch, listed: ReadonlySet<string>, valueType: TypeExpr | undefined): SymbolFact {
  return {
    name: constant.name,
    kind: 'constant',
    ...positionOf(constant.statement),
    endLine: constant.statement.endPosition.row + 1,
    signature: signatureOf(constant.assignment, null),
    bodyHash: bodyHashOf(constant.statement),
    doc: leadingComment(constant.statement),
    exported: isExported(constant.name, listed),
    ...(valueType ? { valueType } : {}),
  };
}

function isTypeFactory(value: SyntaxNode | undefined): boolean {
  return value?.type === 'call' && TYPE_FACTORIES.test(value.childForFieldName('function')?.text ?? '');
}

/** Private when any part of the name starts with `_`, dunders (`__init__`) excepted. */
function isExported(name: string, listed: ReadonlySet<string>): boolean {
  if (listed.has(name)) return true;
  // A nested function is reachable only through its enclosing function.
  if (name.includes(NESTED_SEPARATOR)) return false;
  return name.split('.').every((part) => !part.startsWith('_') || /^__\w+__$/.test(part));
}

function namesIn(exportLists: readonly SyntaxNode[]): Set<string> {
  const names = new Set<string>();
  for (const list of exportLists) {
    for (const item of list.namedChildren) {
      const value = stringNodeValue(item);
      if (value) names.add(value);
    }
  }
  return names;
}
