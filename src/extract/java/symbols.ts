import { hashBytes } from '../../model/hash';
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
    ...declaration(scope.node, capture.name, capture.body, capture.modifiers, scope),
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
    ...declaration(scope.node, capture.name, capture.body, capture.modifiers, scope),
    name: scope.symbolName!,
    kind: isTest ? 'test' : 'method',
  };
}

function fieldSymbol(owner: Scope, field: FieldCapture): SymbolFact {
  const modifiers = modifierKeywords(field.modifiers);
  const inInterface = owner.type?.kind === 'interface' || owner.type?.kind === 'annotation';
  const isConstant = field.kind !== 'field' || inInterface || (modifiers.has('static') && modifiers.has('final'));
  const kind: NodeKind = isConstant ? 'constant' : 'field';
  return {
    ...positionOf(field.name),
    name: `${owner.symbolName}.${field.name.text}`,
    kind,
    endLine: field.node.endPosition.row + 1,
    signature: field.kind === 'enum_constant' || !field.type ? field.name.text : fieldSignature(field, field.type),
    bodyHash: bodyHashOf(field.node),
    doc: leadingComment(field.node, COMMENT_TYPES),
    exported: field.kind === 'enum_constant' || inInterface || modifiers.has('public') || modifiers.has('protected'),
  };
}

/** Position, extent, header, hash, doc and visibility of a type or member declaration. */
function declaration(
  node: SyntaxNode, name: SyntaxNode, body: SyntaxNode | undefined, modifierNode: SyntaxNode | undefined, scope: Scope,
): Omit<SymbolFact, 'name' | 'kind'> {
  const modifiers = modifierKeywords(modifierNode);
  const owner = scope.parent;
  const inInterface = owner?.type?.kind === 'interface' || owner?.type?.kind === 'annotation';
  const text = node.text;
  return {
    ...positionOf(name),
    endLine: node.endPosition.row + 1,
    signature: headerOf(text, body ? body.startIndex - node.startIndex : text.length),
    bodyHash: hashBytes(text),
    doc: leadingComment(node, COMMENT_TYPES),
    exported: !modifiers.has('private') && (inInterface || modifiers.has('public') || modifiers.has('protected')),
  };
}

/**
 * The modifier keywords of a declaration (`public`, `static`, `final`...), read from the
 * text: keywords are reserved words, so outside string literals they are never names.
 */
function modifierKeywords(modifiers: SyntaxNode | undefined): Set<string> {
  const keywords = new Set<string>();
  if (!modifiers) return keywords;
  const text = modifiers.text.replace(/"(?:\\.|[^"\\])*"/g, '');
  for (const match of text.matchAll(/\b(public|protected|private|static|final|abstract|default)\b/g)) keywords.add(match[1]!);
  return keywords;
}

/** The declaration from its first keyword to its body: annotations and body left out. */
function headerOf(text: string, bodyOffset: number): string {
  const header = text.slice(skipAnnotations(text), Math.max(0, bodyOffset));
  return clip(collapseWhitespace(header).replace(/;$/, ''));
}

/** `private static final int MAX`: the field's header without initializer or other declarators. */
function fieldSignature(field: FieldCapture, type: SyntaxNode): string {
  const text = field.node.text;
  const typeEnd = type.startIndex - field.node.startIndex + type.text.length;
  return clip(`${headerOf(text, typeEnd)} ${field.name.text}`);
}

/** Offset of the first character after the leading annotations (`@A`, `@a.B(x = "(")`) of a declaration. */
function skipAnnotations(text: string): number {
  let at = skipSpace(text, 0);
  while (text[at] === '@' && !text.startsWith('@interface', at)) {
    at++;
    while (at < text.length && /[\w$.]/.test(text[at]!)) at++;
    at = skipSpace(text, at);
    if (text[at] === '(') at = skipParenthesised(text, at);
    at = skipSpace(text, at);
  }
  return at;
}

function skipParenthesised(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    const char = text[at];
    if (char === '"' || char === "'") {
      for (at++; at < text.length && text[at] !== char; at++) if (text[at] === '\\') at++;
    } else if (char === '(') {
      depth++;
    } else if (char === ')' && --depth === 0) {
      return at + 1;
    }
  }
  return text.length;
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

function clip(text: string): string {
  return text.length > MAX_SIGNATURE ? `${text.slice(0, MAX_SIGNATURE - 1)}…` : text;
}
