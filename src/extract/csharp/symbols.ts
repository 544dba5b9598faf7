import type { NodeKind } from '../../model/kinds';
import { bodyHashOf, positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { SymbolFact } from '../facts';
import type { MemberMatch } from './collect';
import type { CSharpFile } from './context';
import type { MemberSpan, TypeInfo } from './scopes';
import { GLOBAL_NAMESPACE, attributesOf, docOf, headerOf, modifiersOf } from './syntax';

/** xUnit, NUnit and MSTest attributes that make a method a test. */
const TEST_ATTRIBUTES = new Set(['Fact', 'Theory', 'Test', 'TestCase', 'TestCaseSource', 'TestMethod', 'DataTestMethod']);
const ACCESS_MODIFIERS = ['public', 'protected', 'internal', 'private'];

/**
 * Types (class, struct, record, enum, delegate as `type`; interfaces), methods and
 * constructors (`Type.Method`, `Type.constructor`), top-level local functions, and
 * constants (`const` and `static readonly` fields). Symbols of a namespace other than
 * the file's first carry it as their packagePath.
 */
export function buildSymbols(file: CSharpFile): SymbolFact[] {
  const symbols: SymbolFact[] = [];
  const seen = new Set<string>();
  const add = (symbol: SymbolFact): void => {
    const id = `${symbol.packagePath ?? ''}\0${symbol.name}`;
    if (seen.has(id)) return;
    seen.add(id);
    symbols.push(symbol);
  };
  const packageOf = (namespace: string): string | undefined =>
    (file.packageName === undefined ? namespace === GLOBAL_NAMESPACE : namespace === file.packageName) ? undefined : namespace;

  for (const info of file.types.values()) add(typeSymbol(info, packageOf(info.namespace)));
  for (const span of file.spans.all) {
    if (span.kind !== 'member') continue;
    const packagePath = packageOf(span.type?.namespace ?? GLOBAL_NAMESPACE);
    for (const symbol of memberSymbols(span, packagePath)) add(symbol);
  }
  return symbols;
}

function typeSymbol(info: TypeInfo, packagePath: string | undefined): SymbolFact {
  const match = info.matches[0]!;
  const isInterface = match.role === 'interface';
  const body = match.node.childForFieldName('body');
  const methods = isInterface ? [...info.methods.keys()].filter((name) => !name.includes('.')) : undefined;
  return {
    ...positionOf(match.name),
    name: info.fullName,
    kind: isInterface ? 'interface' : 'type',
    endLine: match.node.endPosition.row + 1,
    signature: headerOf(match.node, body),
    bodyHash: bodyHashOf(match.node),
    doc: docOf(match.node),
    exported: isExported(match.node, info.fullName.includes('.')),
    ...(methods ? { methods } : {}),
    ...(info.bases.length > 0 ? { bases: info.bases } : {}),
    ...(packagePath ? { packagePath } : {}),
  };
}

function memberSymbols(span: MemberSpan, packagePath: string | undefined): SymbolFact[] {
  const { match } = span;
  if (match.role === 'field') return constantSymbols(span, packagePath);
  if (!span.symbolName || !match.name) return [];
  const isTest = match.role === 'method' && attributesOf(match.node).some((a) => TEST_ATTRIBUTES.has(a.name));
  const kind: NodeKind = isTest ? 'test' : match.role === 'function' ? 'function' : 'method';
  const inInterface = span.type?.matches.some((m) => m.role === 'interface') ?? false;
  return [symbolFact(match, match.name, span.symbolName, kind, headerOf(match.node, match.body), packagePath,
    inInterface || match.role === 'function' || isExported(match.node, true))];
}

/** `const` and `static readonly` fields, one symbol per declarator. */
function constantSymbols(span: MemberSpan, packagePath: string | undefined): SymbolFact[] {
  const modifiers = modifiersOf(span.match.node);
  if (!span.type || !(modifiers.has('const') || (modifiers.has('static') && modifiers.has('readonly')))) return [];
  const signature = headerOf(span.match.node, null);
  const exported = isExported(span.match.node, true);
  return span.match.declared.map(({ name }) =>
    symbolFact(span.match, name, `${span.type!.fullName}.${name.text}`, 'constant', signature, packagePath, exported));
}

function symbolFact(
  match: MemberMatch, name: SyntaxNode, symbolName: string, kind: NodeKind, signature: string,
  packagePath: string | undefined, exported: boolean,
): SymbolFact {
  return {
    ...positionOf(name),
    name: symbolName,
    kind,
    endLine: match.node.endPosition.row + 1,
    signature,
    bodyHash: bodyHashOf(match.node),
    doc: docOf(match.node),
    exported,
    ...(packagePath ? { packagePath } : {}),
  };
}

/**
 * Visible outside its type: any access modifier but `private`. Members and nested types
 * default to private; top-level types to internal, which other files of the assembly see.
 */
function isExported(declaration: SyntaxNode, defaultsToPrivate: boolean): boolean {
  const modifiers = modifiersOf(declaration);
  const access = ACCESS_MODIFIERS.filter((m) => modifiers.has(m));
  if (access.length === 0) return !defaultsToPrivate;
  return !(access.length === 1 && access[0] === 'private');
}

