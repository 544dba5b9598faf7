import type { NodeKind } from '../../model/kinds';
import { hashBytes } from '../../model/hash';
import type { SyntaxNode } from '../extractor';
import type { SymbolFact } from '../facts';
import type { CSharpFile } from './context';
import type { MemberSpan, TypeInfo, TypeSpan } from './scopes';
import { GLOBAL_NAMESPACE, NESTED_SEPARATOR } from './syntax';

/** xUnit, NUnit and MSTest attributes that make a method a test. */
const TEST_ATTRIBUTES = new Set(['Fact', 'Theory', 'Test', 'TestCase', 'TestCaseSource', 'TestMethod', 'DataTestMethod']);
const ACCESS_MODIFIERS = ['public', 'protected', 'internal', 'private'];

/**
 * Types (class, struct, record, enum, delegate as `type`; interfaces), methods and
 * constructors (`Type.Method`, `Type.constructor`), local functions (top-level `F`,
 * inside members `Type.Member>Local`), and
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

  for (const info of file.types.values()) add(typeSymbol(file, info, packageOf(info.namespace)));
  for (const span of file.spans.all) {
    if (span.kind !== 'member') continue;
    const packagePath = packageOf(span.type?.namespace ?? GLOBAL_NAMESPACE);
    for (const symbol of memberSymbols(file, span, packagePath)) add(symbol);
  }
  return symbols;
}

function typeSymbol(file: CSharpFile, info: TypeInfo, packagePath: string | undefined): SymbolFact {
  const reader = file.declarations;
  const { match } = info.declaration;
  const isInterface = match.role === 'interface';
  const methods = isInterface ? [...info.methods.keys()].filter((name) => !name.includes('.')) : undefined;
  const fields = info.fieldFacts.writtenTypes();
  return {
    ...file.positionOf(match.name),
    name: info.fullName,
    kind: isInterface ? 'interface' : 'type',
    ...extentOf(file, info.declaration),
    signature: reader.header(match.node, match.body),
    doc: reader.doc(match.node),
    exported: isExported(reader.modifiers(match.node), info.fullName.includes('.')),
    ...(methods ? { methods } : {}),
    ...(info.bases.length > 0 ? { bases: info.bases } : {}),
    ...(fields.length > 0 ? { fields } : {}),
    ...(packagePath ? { packagePath } : {}),
  };
}

/** A method's parameter and result types as written ('' for a type parameter); constructors have no result. */
function memberTypes(file: CSharpFile, span: MemberSpan): Pick<SymbolFact, 'params' | 'results'> {
  const { match } = span;
  if (match.role !== 'method' && match.role !== 'constructor' && match.role !== 'function') return {};
  const params: string[] = [];
  for (const param of match.parameters?.namedChildren ?? []) {
    const type = param?.type === 'parameter' ? param.childForFieldName('type') : undefined;
    if (param?.type === 'parameter') params.push(type ? file.written(type, param.startIndex) : '');
  }
  const returns = match.returns && match.returns.text !== 'void' ? [file.written(match.returns, match.node.startIndex)] : undefined;
  return { params, ...(returns ? { results: returns } : {}) };
}

function memberSymbols(file: CSharpFile, span: MemberSpan, packagePath: string | undefined): SymbolFact[] {
  const reader = file.declarations;
  const { match } = span;
  if (match.role === 'field') return constantSymbols(file, span, packagePath);
  if (!span.symbolName || !match.name) return [];
  const isTest = match.role === 'method' && reader.attributes(match.node).some((a) => TEST_ATTRIBUTES.has(a.name));
  const kind: NodeKind = isTest ? 'test' : match.role === 'function' ? 'function' : 'method';
  const inInterface = span.type?.matches.some((m) => m.role === 'interface') ?? false;
  // A local function inside a member is reachable only through it; a top-level one is the program's.
  const exported = match.role === 'function' ? !span.symbolName.includes(NESTED_SEPARATOR) : inInterface || isExported(reader.modifiers(match.node), true);
  const symbol = symbolFact(file, span, match.name, span.symbolName, kind, reader.header(match.node, match.body), packagePath, exported);
  return [{ ...symbol, ...memberTypes(file, span) }];
}

/** `const` and `static readonly` fields, one symbol per declarator. */
function constantSymbols(file: CSharpFile, span: MemberSpan, packagePath: string | undefined): SymbolFact[] {
  const reader = file.declarations;
  const modifiers = reader.modifiers(span.match.node);
  if (!span.type || !(modifiers.has('const') || (modifiers.has('static') && modifiers.has('readonly')))) return [];
  const signature = reader.header(span.match.node, null);
  const exported = isExported(modifiers, true);
  return span.match.declared.map(({ name, type }) => {
    const symbol = symbolFact(file, span, name, `${span.type!.fullName}.${name.text}`, 'constant', signature, packagePath, exported);
    const written = file.written(type, name.startIndex);
    return written ? { ...symbol, valueType: { t: 'named', name: written } } : symbol;
  });
}

function symbolFact(
  file: CSharpFile, span: MemberSpan, name: SyntaxNode, symbolName: string, kind: NodeKind, signature: string,
  packagePath: string | undefined, exported: boolean,
): SymbolFact {
  return {
    ...file.positionOf(name),
    name: symbolName,
    kind,
    ...extentOf(file, span),
    signature,
    doc: file.declarations.doc(span.match.node),
    exported,
    ...(packagePath ? { packagePath } : {}),
  };
}

/** End line and body hash from the span, read from the source rather than the tree. */
function extentOf(file: CSharpFile, span: TypeSpan | MemberSpan): { endLine: number; bodyHash: string } {
  return { endLine: file.lineAt(Math.max(span.start, span.end - 1)), bodyHash: hashBytes(file.textOf(span)) };
}

/**
 * Visible outside its type: any access modifier but `private`. Members and nested types
 * default to private; top-level types to internal, which other files of the assembly see.
 */
function isExported(modifiers: ReadonlySet<string>, defaultsToPrivate: boolean): boolean {
  const access = ACCESS_MODIFIERS.filter((m) => modifiers.has(m));
  if (access.length === 0) return !defaultsToPrivate;
  return !(access.length === 1 && access[0] === 'private');
}

