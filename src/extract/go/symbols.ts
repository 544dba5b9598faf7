import { bodyHashOf, collapseWhitespace, leadingComment, positionOf, signatureOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { FieldFact, SymbolFact } from '../facts';
import type { NodeKind } from '../../model/kinds';
import type { DefinitionMatch, OwnedNode } from './collect';
import type { GoFileContext } from './context';
import { declaredTypeOf } from './expressionTypes';
import { writtenType } from './writtenTypes';
import { isExported, isTestFunctionName, namedTypeOf, symbolNameOf } from './names';

/** Package-level declarations as symbols: functions, methods, types, constants, variables. */

const MAX_SIGNATURE = 300;

export function buildSymbols(context: GoFileContext, isTestFile: boolean): SymbolFact[] {
  const { matches } = context;
  const bases = namesByOwner(context.packageParts([...matches.structEmbedded, ...matches.interfaceEmbedded]), namedTypeOf);
  const interfaceMethods = context.packageParts(matches.interfaceMethods);
  const methods = namesByOwner(interfaceMethods, (node) => node.text);
  const methodSignatures = namesByOwner(interfaceMethods, (node) => collapseWhitespace(node.parent?.text ?? node.text));
  const fields = fieldsByOwner(context);
  const symbols: SymbolFact[] = [];
  const seen = new Set<string>();
  const add = (symbol: SymbolFact | undefined): void => {
    // Several `func init()` may share a file; the first stands for them all.
    if (!symbol || seen.has(symbol.name)) return;
    seen.add(symbol.name);
    symbols.push(symbol);
  };
  for (const definition of context.definitions) add(symbolOf(definition, { isTestFile, bases, methods, methodSignatures, fields, file: context }));
  for (const method of interfaceMethods) add(interfaceMethodSymbol(method, context));
  return symbols;
}

interface SymbolContext {
  readonly isTestFile: boolean;
  readonly bases: ReadonlyMap<string, string[]>;
  readonly methods: ReadonlyMap<string, string[]>;
  readonly methodSignatures: ReadonlyMap<string, string[]>;
  readonly fields: ReadonlyMap<string, FieldFact[]>;
  readonly file: GoFileContext;
}

function symbolOf(definition: DefinitionMatch, context: SymbolContext): SymbolFact | undefined {
  const name = definition.name.text;
  if (name === '_' || name === '') return undefined;
  switch (definition.role) {
    case 'function':
      return functionSymbol(definition, name, context);
    case 'method':
      return methodSymbol(definition, name, context.file);
    case 'type':
      return typeSymbol(definition, name, context);
    case 'constant':
      return valueSymbol(definition, name, 'constant', 'const', context.file);
    case 'variable':
      return valueSymbol(definition, name, 'variable', 'var', context.file);
  }
}

function functionSymbol(definition: DefinitionMatch, name: string, context: SymbolContext): SymbolFact {
  const kind = isTestFunctionName(name) && context.isTestFile ? 'test' : 'function';
  const symbol = fact(definition, name, kind, signatureOf(definition.node, definition.body, MAX_SIGNATURE), leadingComment(definition.node), isExported(name));
  return { ...symbol, ...signatureTypes(definition.node, context.file) };
}

function methodSymbol(definition: DefinitionMatch, name: string, file: GoFileContext): SymbolFact | undefined {
  const qualified = symbolNameOf(definition);
  if (!qualified) return undefined;
  const signature = signatureOf(definition.node, definition.body, MAX_SIGNATURE);
  return { ...fact(definition, qualified, 'method', signature, leadingComment(definition.node), isExported(name)), ...signatureTypes(definition.node, file) };
}

/** A method an interface requires, as its own symbol at its own line, with its parameter and result types. */
function interfaceMethodSymbol(method: OwnedNode, file: GoFileContext): SymbolFact | undefined {
  const spec = method.node.parent;
  if (!spec || spec.type !== 'method_elem') return undefined;
  return {
    ...positionOf(method.node),
    name: `${method.owner}.${method.node.text}`,
    kind: 'method',
    endLine: spec.endPosition.row + 1,
    signature: collapseWhitespace(spec.text),
    bodyHash: bodyHashOf(spec),
    doc: leadingComment(spec),
    exported: isExported(method.node.text),
    ...signatureTypes(spec, file),
  };
}

/** Parameter and result types as written, one per name (`a, b int` is two). */
function signatureTypes(node: SyntaxNode, file: GoFileContext): Pick<SymbolFact, 'params' | 'results'> {
  const params = typesOfList(node.childForFieldName('parameters'), file);
  const result = node.childForFieldName('result');
  const results = !result ? [] : result.type === 'parameter_list' ? typesOfList(result, file) : [typeText(result, file)];
  return { params, results };
}

function typesOfList(list: SyntaxNode | null, file: GoFileContext): string[] {
  const types: string[] = [];
  for (const parameter of list?.namedChildren ?? []) {
    if (!parameter || (parameter.type !== 'parameter_declaration' && parameter.type !== 'variadic_parameter_declaration')) continue;
    const typeNode = parameter.childForFieldName('type');
    const written = typeNode ? typeText(typeNode, file) : '';
    const type = parameter.type === 'variadic_parameter_declaration' && written ? `...${written}` : written;
    const names = Math.max(1, parameter.childrenForFieldName('name').filter((n) => n !== null).length);
    for (let i = 0; i < names; i++) types.push(type);
  }
  return types;
}

function typeText(node: SyntaxNode, file: GoFileContext): string {
  return writtenType(node, file.scopeAt(node.startIndex)) ?? '';
}

function typeSymbol(definition: DefinitionMatch, name: string, context: SymbolContext): SymbolFact {
  const isInterface = definition.type?.type === 'interface_type';
  const symbol = fact(definition, name, isInterface ? 'interface' : 'type', typeSignature(definition), specDoc(definition), isExported(name));
  const aliased = definition.node.type === 'type_alias' && definition.type ? namedTypeOf(definition.type) : undefined;
  const bases = aliased ? [aliased] : context.bases.get(name);
  const fields = context.fields.get(name);
  const composite = definition.type && !isInterface && definition.type.type !== 'struct_type' ? typeText(definition.type, context.file) : '';
  return {
    ...symbol,
    ...(isInterface ? { methods: context.methods.get(name) ?? [], methodSignatures: context.methodSignatures.get(name) ?? [] } : {}),
    ...(bases && bases.length > 0 ? { bases } : {}),
    ...(fields && fields.length > 0 ? { fields } : {}),
    ...(composite ? { underlying: composite } : {}),
    ...(aliased ? { aliasOf: aliased } : {}),
  };
}

/** Named fields of the package-level structs, with their types as written ('' for a type parameter). */
function fieldsByOwner(file: GoFileContext): Map<string, FieldFact[]> {
  const byOwner = new Map<string, FieldFact[]>();
  for (const field of file.packageParts(file.matches.structFields)) {
    if (!field.name) continue;
    const fields = byOwner.get(field.owner) ?? [];
    fields.push({ name: field.name, type: typeText(field.node, file) });
    byOwner.set(field.owner, fields);
  }
  return byOwner;
}

/** `type Server struct`, `type Store interface`, `type ID string`: the header, no body. */
function typeSignature(definition: DefinitionMatch): string {
  const spec = definition.node;
  const typeNode = definition.type;
  if (typeNode?.type === 'struct_type') return `type ${signatureOf(spec, typeNode.namedChild(0) ?? typeNode, MAX_SIGNATURE)}`;
  if (typeNode?.type === 'interface_type') return `type ${signatureOf(spec, typeNode, MAX_SIGNATURE)} interface`;
  return `type ${signatureOf(spec, null, MAX_SIGNATURE)}`;
}

function valueSymbol(definition: DefinitionMatch, name: string, kind: NodeKind, keyword: string, file: GoFileContext): SymbolFact {
  const text = collapseWhitespace(definition.node.text);
  const signature = `${keyword} ${text.length > MAX_SIGNATURE ? `${text.slice(0, MAX_SIGNATURE - 1)}…` : text}`;
  const valueType = declaredTypeOf(definition.name, file.scopeAt(definition.name.startIndex), file);
  return { ...fact(definition, name, kind, signature, specDoc(definition), isExported(name)), ...(valueType ? { valueType } : {}) };
}

/** A spec's own comment inside a group; the declaration's when the spec starts on its line. */
function specDoc(definition: DefinitionMatch): string {
  const declaration = definition.declaration;
  const alone = declaration && declaration.startPosition.row === definition.node.startPosition.row;
  return leadingComment(alone ? declaration : definition.node);
}

function fact(definition: DefinitionMatch, name: string, kind: NodeKind, signature: string, doc: string, exported: boolean): SymbolFact {
  return {
    ...positionOf(definition.name),
    name,
    kind,
    endLine: definition.node.endPosition.row + 1,
    signature,
    bodyHash: bodyHashOf(definition.node),
    doc,
    exported,
  };
}

function namesByOwner(parts: readonly OwnedNode[], nameOf: (node: SyntaxNode) => string | undefined): Map<string, string[]> {
  const byOwner = new Map<string, string[]>();
  for (const part of parts) {
    const name = nameOf(part.node);
    if (!name) continue;
    const names = byOwner.get(part.owner);
    if (names) names.push(name);
    else byOwner.set(part.owner, [name]);
  }
  return byOwner;
}
