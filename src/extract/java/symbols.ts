import { hashBytes } from '../../model/hash';
import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { SymbolFact } from '../facts';
import type { NodeKind } from '../../model/kinds';
import { annotationName } from './annotations';
import type { FieldMatch } from './collect';
import { clip, docAbove, endLineOf, headerOf, modifierKeywords } from './declarationText';
import type { Scope, ScopeTree } from './scopes';

/**
 * Symbols: types (`Outer.Inner`), methods and constructors (`Type.m`, overloads with a
 * parameter-type suffix, `Type.constructor`), constants (static final fields, interface
 * fields, enum constants) and other fields. Methods annotated as tests are kind `test`.
 * When a field and a method share a name, the method keeps it.
 */

/** JUnit 4/5 and TestNG test annotations (TestNG's is also `@Test`). */
const TEST_ANNOTATIONS = new Set(['Test', 'ParameterizedTest', 'RepeatedTest', 'TestFactory', 'TestTemplate']);

export function symbolFacts(tree: ScopeTree, fields: readonly FieldMatch[], source: string): SymbolFact[] {
  const symbols: SymbolFact[] = [];
  const taken = new Set<string>();
  const add = (symbol: SymbolFact): void => {
    if (taken.has(symbol.name)) return;
    taken.add(symbol.name);
    symbols.push(symbol);
  };
  for (const scope of tree.scopes) {
    if (scope.symbolName === undefined) continue;
    add(scope.kind === 'type' ? typeSymbol(scope, source) : { ...memberSymbol(scope, source), ...memberTypes(tree, scope) });
  }
  for (const field of fields) {
    const owner = tree.scopeAt(field.name.startIndex);
    if (owner?.kind === 'type' && owner.symbolName) add(fieldSymbol(owner, field, source));
  }
  return symbols.sort((a, b) => a.line - b.line || a.col - b.col);
}

function typeSymbol(scope: Scope, source: string): SymbolFact {
  const match = scope.type!;
  const isInterface = match.kind === 'interface' || match.kind === 'annotation';
  const methods = isInterface ? [...scope.methods.values()].flat().map((o) => o.member) : undefined;
  return {
    ...declaration(scope.node, match.name, match.body, match.modifiers, scope, source),
    name: scope.symbolName!,
    kind: isInterface ? 'interface' : 'type',
    ...(methods ? { methods } : {}),
    ...(scope.bases.length > 0 ? { bases: scope.bases } : {}),
    ...(scope.writtenFields.size > 0 ? { fields: [...scope.writtenFields].map(([name, type]) => ({ name, type: type ?? '' })) } : {}),
  };
}

/** A method's parameter and result types as written ('' for a type parameter); a constructor has no result. */
function memberTypes(tree: ScopeTree, scope: Scope): Pick<SymbolFact, 'params' | 'results'> {
  const match = scope.member!;
  const params: string[] = [];
  for (const param of match.params?.namedChildren ?? []) {
    if (param?.type !== 'formal_parameter' && param?.type !== 'spread_parameter') continue;
    const type = param.type === 'formal_parameter' ? param.childForFieldName('type') : param.namedChildren.find((c) => c && c.type !== 'modifiers' && c.type !== 'variable_declarator');
    const text = type ? tree.written(type, param.startIndex) : '';
    params.push(text && param.type === 'spread_parameter' ? `${text}[]` : text);
  }
  const result = match.result && match.result.text !== 'void' ? [tree.written(match.result, match.name.startIndex)] : undefined;
  return { ...(match.params ? { params } : {}), ...(result ? { results: result } : {}) };
}

function memberSymbol(scope: Scope, source: string): SymbolFact {
  const match = scope.member!;
  const isTest = scope.annotations.some((a) => TEST_ANNOTATIONS.has(annotationName(a)));
  return {
    ...declaration(scope.node, match.name, match.body, match.modifiers, scope, source),
    name: scope.symbolName!,
    kind: isTest ? 'test' : 'method',
  };
}

function fieldSymbol(owner: Scope, field: FieldMatch, source: string): SymbolFact {
  const valueType = owner.writtenFields.get(field.name.text);
  const modifiers = modifierKeywords(field.modifiers);
  const inInterface = owner.type?.kind === 'interface' || owner.type?.kind === 'annotation';
  const isConstant = field.kind !== 'field' || inInterface || (modifiers.has('static') && modifiers.has('final'));
  const kind: NodeKind = isConstant ? 'constant' : 'field';
  const text = field.node.text;
  return {
    ...positionOf(field.name),
    name: `${owner.symbolName}.${field.name.text}`,
    kind,
    endLine: endLineOf(field.node, text),
    signature: field.kind === 'enum_constant' || !field.type ? field.name.text : fieldSignature(field, field.type, text),
    bodyHash: hashBytes(text),
    doc: docAbove(field.node, source),
    exported: field.kind === 'enum_constant' || inInterface || modifiers.has('public') || modifiers.has('protected'),
    ...(valueType ? { valueType: { t: 'named', name: valueType } } : {}),
  };
}

/** Position, extent, header, hash, doc and visibility of a type or member declaration. */
function declaration(
  node: SyntaxNode, name: SyntaxNode, body: SyntaxNode | undefined, modifierNode: SyntaxNode | undefined, scope: Scope, source: string,
): Omit<SymbolFact, 'name' | 'kind'> {
  const modifiers = modifierKeywords(modifierNode);
  const owner = scope.parent;
  const inInterface = owner?.type?.kind === 'interface' || owner?.type?.kind === 'annotation';
  const text = node.text;
  return {
    ...positionOf(name),
    endLine: endLineOf(node, text),
    signature: headerOf(text, body ? body.startIndex - node.startIndex : text.length),
    bodyHash: hashBytes(text),
    doc: docAbove(node, source),
    exported: !modifiers.has('private') && (inInterface || modifiers.has('public') || modifiers.has('protected')),
  };
}

/** `private static final int MAX`: the field's header without initializer or other declarators. */
function fieldSignature(field: FieldMatch, type: SyntaxNode, text: string): string {
  const typeEnd = type.startIndex - field.node.startIndex + type.text.length;
  return clip(`${headerOf(text, typeEnd)} ${field.name.text}`);
}
