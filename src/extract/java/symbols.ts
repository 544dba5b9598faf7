import { bodyHashOf, collapseWhitespace, leadingComment, positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { SymbolFact } from '../facts';
import type { NodeKind } from '../../model/kinds';
import { annotationName } from './annotations';
import type { FieldCapture } from './captures';
import type { Scope, ScopeTree } from './scopes';

/**
 * Symbols: types (`Outer.Inner`), methods and constructors (`Type.m`, overloads with a
 * parameter-type suffix, `Type.constructor`), constants (static final fields, interface
 * fields, enum constants) and other fields. Methods annotated as tests are kind `test`.
 * When a field and a method share a name, the method keeps it.
 */

const COMMENT_TYPES: ReadonlySet<string> = new Set(['line_comment', 'block_comment']);
/** JUnit 4/5 and TestNG test annotations (TestNG's is also `@Test`). */
const TEST_ANNOTATIONS = new Set(['Test', 'ParameterizedTest', 'RepeatedTest', 'TestFactory', 'TestTemplate']);
const MAX_SIGNATURE = 300;

export function symbolFacts(tree: ScopeTree, fields: readonly FieldCapture[]): SymbolFact[] {
  const symbols: SymbolFact[] = [];
  const taken = new Set<string>();
  const add = (symbol: SymbolFact): void => {
    if (taken.has(symbol.name)) return;
    taken.add(symbol.name);
    symbols.push(symbol);
  };
  for (const scope of tree.scopes) {
    if (scope.symbolName === undefined) continue;
    add(scope.kind === 'type' ? typeSymbol(scope) : memberSymbol(scope));
  }
  for (const field of fields) {
    const owner = tree.scopeAt(field.name.startIndex);
    if (owner?.kind === 'type' && owner.symbolName) add(fieldSymbol(owner, field));
  }
  return symbols.sort((a, b) => a.line - b.line || a.col - b.col);
}

function typeSymbol(scope: Scope): SymbolFact {
  const capture = scope.type!;
  const isInterface = capture.kind === 'interface' || capture.kind === 'annotation';
  const methods = isInterface ? [...scope.methods.values()].flat().map((o) => o.member) : undefined;
  return {
    ...declaration(scope.node, capture.name, capture.body, scope),
    name: scope.symbolName!,
    kind: isInterface ? 'interface' : 'type',
    ...(methods ? { methods } : {}),
    ...(scope.bases.length > 0 ? { bases: scope.bases } : {}),
  };
}

function memberSymbol(scope: Scope): SymbolFact {
  const capture = scope.member!;
  const isTest = scope.annotations.some((a) => TEST_ANNOTATIONS.has(annotationName(a)));
  return {
    ...declaration(scope.node, capture.name, capture.body, scope),
    name: scope.symbolName!,
    kind: isTest ? 'test' : 'method',
  };
}

function fieldSymbol(owner: Scope, field: FieldCapture): SymbolFact {
  const modifiers = modifierKeywords(field.node);
  const isConstant = field.kind !== 'field' || owner.type?.kind === 'interface' || (modifiers.has('static') && modifiers.has('final'));
  const kind: NodeKind = isConstant ? 'constant' : 'field';
  const inInterface = owner.type?.kind === 'interface' || owner.type?.kind === 'annotation';
  return {
    ...positionOf(field.name),
    name: `${owner.symbolName}.${field.name.text}`,
    kind,
    endLine: field.node.endPosition.row + 1,
    signature: field.kind === 'enum_constant' ? field.name.text : fieldSignature(field),
    bodyHash: bodyHashOf(field.node),
    doc: leadingComment(field.node, COMMENT_TYPES),
    exported: field.kind === 'enum_constant' || inInterface || modifiers.has('public') || modifiers.has('protected'),
  };
}

/** Position, extent, header, hash, doc and visibility of a type or member declaration. */
function declaration(node: SyntaxNode, name: SyntaxNode, body: SyntaxNode | undefined, scope: Scope): Omit<SymbolFact, 'name' | 'kind'> {
  const modifiers = modifierKeywords(node);
  const owner = scope.parent;
  const inInterface = owner?.type?.kind === 'interface' || owner?.type?.kind === 'annotation';
  return {
    ...positionOf(name),
    endLine: node.endPosition.row + 1,
    signature: headerOf(node, body),
    bodyHash: bodyHashOf(node),
    doc: leadingComment(node, COMMENT_TYPES),
    exported: !modifiers.has('private') && (inInterface || modifiers.has('public') || modifiers.has('protected')),
  };
}

/** The modifier keywords of a declaration (`public`, `static`, `final`...), annotations aside. */
function modifierKeywords(node: SyntaxNode): Set<string> {
  const keywords = new Set<string>();
  const modifiers = node.namedChild(0)?.type === 'modifiers' ? node.namedChild(0) : null;
  for (const child of modifiers?.children ?? []) if (child && !child.isNamed) keywords.add(child.type);
  return keywords;
}

/** The declaration from its first keyword to its body: annotations and body left out. */
function headerOf(node: SyntaxNode, body: SyntaxNode | undefined): string {
  const end = body ? body.startIndex : node.endIndex;
  let start = node.startIndex;
  const modifiers = node.namedChild(0)?.type === 'modifiers' ? node.namedChild(0) : null;
  if (modifiers) {
    const keyword = modifiers.children.find((child) => child && child.type !== 'annotation' && child.type !== 'marker_annotation');
    start = keyword ? keyword.startIndex : modifiers.endIndex;
  }
  return clip(collapseWhitespace(node.text.slice(start - node.startIndex, end - node.startIndex)).replace(/;$/, ''));
}

/** `private static final int MAX`: the field's header without initializer or other declarators. */
function fieldSignature(field: FieldCapture): string {
  const header = headerOf(field.node, field.node.childForFieldName('declarator') ?? undefined);
  return clip(`${header} ${field.name.text}`);
}

function clip(text: string): string {
  return text.length > MAX_SIGNATURE ? `${text.slice(0, MAX_SIGNATURE - 1)}…` : text;
}
