import { positionOf, unquote } from '../common';
import type { SyntaxNode } from '../extractor';
import { Scope } from './scope';
import type { FileState, MatchHandler } from './state';
import { isFunctionValue } from './syntax';

/** Handlers for import and export matches; ModuleFacts keeps what they find. */

function nameText(node: SyntaxNode | undefined): string | undefined {
  if (!node) return undefined;
  return node.type === 'string' ? unquote(node.text) : node.text;
}

export const onImport: MatchHandler = (event, state) => {
  const source = event.captures.get('source');
  if (!source) return;
  const draft = state.modules.openImport(event.node, unquote(source.text), false);
  const requireName = event.captures.get('import.require_name');
  if (requireName) draft.bindings.push({ imported: '*', local: requireName.text, at: requireName.startIndex });
};

export const onImportDefault: MatchHandler = (event, state) => {
  state.modules.addSpecifier(event.node, 'default', event.node.text);
};

/** `import * as ns`, `export * as ns from`. */
export const onNamespaceBinding: MatchHandler = (event, state) => {
  state.modules.addSpecifier(event.node, '*', event.node.text);
};

export const onSpecifier: MatchHandler = (event, state) => {
  const name = nameText(event.captures.get('import.name') ?? event.captures.get('export.name'));
  const alias = nameText(event.captures.get('import.alias') ?? event.captures.get('export.alias'));
  if (name !== undefined) state.modules.addSpecifier(event.node, name, alias ?? name);
};

export const onDynamicImport: MatchHandler = (event, state) => {
  const source = event.captures.get('source');
  if (source) state.modules.addUnboundImport(event.node, unquote(source.text));
};

export const onExport: MatchHandler = (event, state) => {
  const { captures } = event;
  const source = captures.get('source');
  if (source) {
    const draft = state.modules.openImport(event.node, unquote(source.text), true);
    if (captures.has('export.star')) draft.bindings.push({ imported: '*', local: '*', at: 0 });
    return undefined;
  }
  state.modules.openLocalExports(event.node);
  const declaration = captures.get('export.declaration');
  if (declaration) {
    state.exportStatements.set(declaration.startIndex, event.node);
    // `export declare function f()`: the function sits inside the `declare`.
    const declared = declaration.type === 'ambient_declaration' ? declaration.firstNamedChild : null;
    if (declared) state.exportStatements.set(declared.startIndex, event.node);
    if (captures.has('export.default')) exportDefaultDeclaration(state, declaration, event.node);
    return undefined;
  }
  const value = captures.get('export.value');
  return value && captures.has('export.default') ? exportDefaultValue(state, value, event.node) : undefined;
};

/** `export default function foo() {}`, `export default class Foo {}`. */
function exportDefaultDeclaration(state: FileState, declaration: SyntaxNode, statement: SyntaxNode): void {
  const name = declaration.childForFieldName('name')?.text;
  state.modules.defaultExport = { name: name ?? null, position: positionOf(statement) };
  if (name !== undefined) state.modules.addLocalExport(name, 'default', statement);
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
export const onCommonJsExports: MatchHandler = (event, state) => {
  const value = event.captures.get('value');
  if (!state.scope.isModuleLevel || value?.type !== 'object') return;
  for (const property of value.namedChildren) {
    if (property?.type === 'shorthand_property_identifier') {
      state.modules.addLocalExport(property.text, property.text, event.node);
    } else if (property?.type === 'pair') {
      const key = nameText(property.childForFieldName('key') ?? undefined);
      const local = property.childForFieldName('value');
      if (key !== undefined && local?.type === 'identifier') state.modules.addLocalExport(local.text, key, event.node);
    }
  }
};

/** `exports.a = impl`, or `exports.a = function () {}`: then `a` is a function symbol. */
export const onCommonJsMember: MatchHandler = (event, state) => {
  const nameNode = event.captures.get('name');
  const value = event.captures.get('value');
  if (!state.scope.isModuleLevel || !nameNode || !value) return undefined;
  if (value.type === 'identifier') {
    state.modules.addLocalExport(value.text, nameNode.text, event.node);
    return undefined;
  }
  if (!isFunctionValue(value)) return undefined;
  state.symbols.add({
    name: nameNode.text,
    kind: 'function',
    declaration: event.node,
    nameNode,
    body: value.childForFieldName('body') ?? undefined,
    docAnchor: event.node.parent ?? event.node,
    exported: true,
  });
  return new Scope('holder', event.node.endIndex, state.scope, nameNode.text);
};
