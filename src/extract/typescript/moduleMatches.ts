import { positionOf, unquote } from '../common';
import type { SyntaxNode } from '../extractor';
import { Scope } from './scope';
import type { FileState, MatchHandler } from './types';
import { isFunctionValue } from './syntax';

/** Handlers for import and export matches; ModuleFacts keeps what they find. */

function nameText(node: SyntaxNode | undefined): string | undefined {
  if (!node) return undefined;
  return node.type === 'string' ? unquote(node.text) : node.text;
}

export const onImport: MatchHandler = (match, state) => {
  const source = match.parts.get('source');
  if (!source) return;
  const draft = state.modules.openImport(match.node, unquote(source.text), false);
  const requireName = match.parts.get('import.require_name');
  if (requireName) draft.bindings.push({ imported: '*', local: requireName.text, at: requireName.startIndex });
};

export const onImportDefault: MatchHandler = (match, state) => {
  state.modules.addSpecifier(match.node, 'default', match.node.text);
};

/** `import * as ns`, `export * as ns from`. */
export const onNamespaceBinding: MatchHandler = (match, state) => {
  state.modules.addSpecifier(match.node, '*', match.node.text);
};

export const onSpecifier: MatchHandler = (match, state) => {
  const name = nameText(match.parts.get('import.name') ?? match.parts.get('export.name'));
  const alias = nameText(match.parts.get('import.alias') ?? match.parts.get('export.alias'));
  if (name !== undefined) state.modules.addSpecifier(match.node, name, alias ?? name);
};

export const onDynamicImport: MatchHandler = (match, state) => {
  const source = match.parts.get('source');
  if (source) state.modules.addUnboundImport(match.node, unquote(source.text));
};

export const onExport: MatchHandler = (match, state) => {
  const { parts } = match;
  const source = parts.get('source');
  if (source) {
    const draft = state.modules.openImport(match.node, unquote(source.text), true);
    if (parts.has('export.star')) draft.bindings.push({ imported: '*', local: '*', at: 0 });
    return undefined;
  }
  state.modules.openLocalExports(match.node);
  const declaration = parts.get('export.declaration');
  if (declaration) {
    state.exportStatements.set(declaration.startIndex, match.node);
    // `export declare function f()`: the function sits inside the `declare`.
    const declared = declaration.type === 'ambient_declaration' ? declaration.firstNamedChild : null;
    if (declared) state.exportStatements.set(declared.startIndex, match.node);
    if (parts.has('export.default')) exportDefaultDeclaration(state, declaration, match.node);
    return undefined;
  }
  const value = parts.get('export.value');
  return value && parts.has('export.default') ? exportDefaultValue(state, value, match.node) : undefined;
};

/** `export default function foo() {}`, `export default class Foo {}`. */
function exportDefaultDeclaration(state: FileState, declaration: SyntaxNode, statement: SyntaxNode): void {
  const name = declaration.childForFieldName('name')?.text;
  state.modules.defaultExport = { name: name ?? null, position: positionOf(statement) };
  if (name !== undefined) state.modules.addLocalExport(name, 'default', statement);
}

/** The identifier a call wraps: `withA(withB(handler), options)` -> handler. */
function wrappedName(value: SyntaxNode): string | undefined {
  let current: SyntaxNode | null = value;
  for (let depth = 0; current?.type === 'call_expression' && depth < 8; depth++) {
    current = current.childForFieldName('arguments')?.firstNamedChild ?? null;
  }
  return current?.type === 'identifier' && current !== value ? current.text : undefined;
}

/**
 * `export default foo` exports a name; an anonymous function or class is the symbol
 * `default`, the name importers reach it by.
 */
function exportDefaultValue(state: FileState, value: SyntaxNode, statement: SyntaxNode): Scope | undefined {
  const position = positionOf(statement);
  if (value.type === 'identifier') {
    state.modules.defaultExport = { name: value.text, position };
    state.modules.addLocalExport(value.text, 'default', statement);
    return undefined;
  }
  const isClass = value.type === 'class';
  if (!state.scope.isModuleLevel || (!isClass && !isFunctionValue(value))) {
    state.modules.defaultExport = { name: null, position };
    state.modules.defaultExportWraps = wrappedName(value);
    return undefined;
  }
  state.modules.defaultExport = { name: 'default', position };
  state.modules.addLocalExport('default', 'default', statement);
  state.symbols.add({
    name: 'default',
    kind: isClass ? 'type' : 'function',
    declaration: value,
    body: value.childForFieldName('body') ?? undefined,
    docAnchor: statement,
    exported: true,
  });
  return new Scope('holder', statement.endIndex, state.scope, 'default');
}

/** `module.exports = { a, b: impl }`. */
export const onCommonJsExports: MatchHandler = (match, state) => {
  const value = match.parts.get('value');
  if (!state.scope.isModuleLevel || value?.type !== 'object') return;
  for (const property of value.namedChildren) {
    if (property?.type === 'shorthand_property_identifier') {
      state.modules.addLocalExport(property.text, property.text, match.node);
    } else if (property?.type === 'pair') {
      const key = nameText(property.childForFieldName('key') ?? undefined);
      const local = property.childForFieldName('value');
      if (key !== undefined && local?.type === 'identifier') state.modules.addLocalExport(local.text, key, match.node);
    }
  }
};

/** `exports.a = impl`, or `exports.a = function () {}`: then `a` is a function symbol. */
export const onCommonJsMember: MatchHandler = (match, state) => {
  const nameNode = match.parts.get('name');
  const value = match.parts.get('value');
  if (!state.scope.isModuleLevel || !nameNode || !value) return undefined;
  if (value.type === 'identifier') {
    state.modules.addLocalExport(value.text, nameNode.text, match.node);
    return undefined;
  }
  if (!isFunctionValue(value)) return undefined;
  state.symbols.add({
    name: nameNode.text,
    kind: 'function',
    declaration: match.node,
    nameNode,
    body: value.childForFieldName('body') ?? undefined,
    docAnchor: match.node.parent ?? match.node,
    exported: true,
  });
  return new Scope('holder', match.node.endIndex, state.scope, nameNode.text);
};
