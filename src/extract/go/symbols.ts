import { bodyHashOf, collapseWhitespace, leadingComment, positionOf, signatureOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { SymbolFact } from '../facts';
import type { NodeKind } from '../../model/kinds';
import type { DefinitionMatch, OwnedNode } from './collect';
import type { GoFileContext } from './context';
import { isExported, isTestFunctionName, namedTypeOf, symbolNameOf } from './names';

/** Package-level declarations as symbols: functions, methods, types, constants, variables. */

const MAX_SIGNATURE = 300;

export function buildSymbols(context: GoFileContext, isTestFile: boolean): SymbolFact[] {
  const { matches } = context;
  const bases = namesByOwner(context.packageParts([...matches.structEmbedded, ...matches.interfaceEmbedded]), namedTypeOf);
  const interfaceMethods = context.packageParts(matches.interfaceMethods);
  const methods = namesByOwner(interfaceMethods, (node) => node.text);
  const methodSignatures = namesByOwner(interfaceMethods, (node) => collapseWhitespace(node.parent?.text ?? node.text));
  const symbols: SymbolFact[] = [];
  const seen = new Set<string>();
  for (const definition of context.definitions) {
    const symbol = symbolOf(definition, { isTestFile, bases, methods, methodSignatures });
    // Several `func init()` may share a file; the first stands for them all.
    if (!symbol || seen.has(symbol.name)) continue;
    seen.add(symbol.name);
    symbols.push(symbol);
  }
  return symbols;
}

interface SymbolContext {
  readonly isTestFile: boolean;
  readonly bases: ReadonlyMap<string, string[]>;
  readonly methods: ReadonlyMap<string, string[]>;
  readonly methodSignatures: ReadonlyMap<string, string[]>;
}

function symbolOf(definition: DefinitionMatch, context: SymbolContext): SymbolFact | undefined {
  const name = definition.name.text;
  if (name === '_' || name === '') return undefined;
  switch (definition.role) {
    case 'function':
      return functionSymbol(definition, name, context.isTestFile);
    case 'method':
      return methodSymbol(definition, name);
    case 'type':
      return typeSymbol(definition, name, context);
    case 'constant':
      return valueSymbol(definition, name, 'constant', 'const');
    case 'variable':
      return valueSymbol(definition, name, 'variable', 'var');
  }
}

function functionSymbol(definition: DefinitionMatch, name: string, isTestFile: boolean): SymbolFact {
  const kind = isTestFile && isTestFunctionName(name) ? 'test' : 'function';
  return fact(definition, name, kind, signatureOf(definition.node, definition.body, MAX_SIGNATURE), leadingComment(definition.node), isExported(name));
}

function methodSymbol(definition: DefinitionMatch, name: string): SymbolFact | undefined {
  const qualified = symbolNameOf(definition);
  if (!qualified) return undefined;
  const signature = signatureOf(definition.node, definition.body, MAX_SIGNATURE);
  return fact(definition, qualified, 'method', signature, leadingComment(definition.node), isExported(name));
}

function typeSymbol(definition: DefinitionMatch, name: string, context: SymbolContext): SymbolFact {
  const isInterface = definition.type?.type === 'interface_type';
  const symbol = fact(definition, name, isInterface ? 'interface' : 'type', typeSignature(definition), specDoc(definition), isExported(name));
  const bases = context.bases.get(name);
  return {
    ...symbol,
    ...(isInterface ? { methods: context.methods.get(name) ?? [], methodSignatures: context.methodSignatures.get(name) ?? [] } : {}),
    ...(bases && bases.length > 0 ? { bases } : {}),
  };
}

/** `type Server struct`, `type Store interface`, `type ID string`: the header, no body. */
function typeSignature(definition: DefinitionMatch): string {
  const spec = definition.node;
  const typeNode = definition.type;
  if (typeNode?.type === 'struct_type') return `type ${signatureOf(spec, typeNode.namedChild(0) ?? typeNode, MAX_SIGNATURE)}`;
  if (typeNode?.type === 'interface_type') return `type ${signatureOf(spec, typeNode, MAX_SIGNATURE)} interface`;
  return `type ${signatureOf(spec, null, MAX_SIGNATURE)}`;
}

function valueSymbol(definition: DefinitionMatch, name: string, kind: NodeKind, keyword: string): SymbolFact {
  const text = collapseWhitespace(definition.node.text);
  const signature = `${keyword} ${text.length > MAX_SIGNATURE ? `${text.slice(0, MAX_SIGNATURE - 1)}…` : text}`;
  return fact(definition, name, kind, signature, specDoc(definition), isExported(name));
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
