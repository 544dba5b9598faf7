import type { SyntaxNode } from '../extractor';
import { collapseWhitespace, unquote } from '../common';
import type { TypeExpr } from '../facts';

/** Small readers of TypeScript syntax nodes shared by the extractor's parts. */

const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'generator_function']);

/** Every node that is a function with a body of its own: declarations, expressions, arrows and methods. */
export const FUNCTION_NODES: ReadonlySet<string> = new Set([
  ...FUNCTION_VALUES, 'function_declaration', 'generator_function_declaration', 'method_definition',
]);

export function isFunctionValue(node: SyntaxNode | undefined): boolean {
  return node !== undefined && FUNCTION_VALUES.has(node.type);
}

/** A name or a dotted path of names, nothing else (no call, index or spacing). */
const NAME_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/**
 * What each property of an object literal holds, in source order: its key (`...` for a
 * spread, undefined for a computed key) and the name or dotted path its value is as written
 * (`{ sign }`, `{ check: verify }`, `{ iso: ns.iso }`, `...schemas`), undefined when the
 * value is anything else (a function, a call, a method).
 */
export function literalProperties(literal: SyntaxNode): Array<{ readonly key: string | undefined; readonly path: string | undefined }> {
  const properties: Array<{ key: string | undefined; path: string | undefined }> = [];
  for (const property of literal.namedChildren) {
    if (property?.type === 'shorthand_property_identifier') {
      properties.push({ key: property.text, path: property.text });
    } else if (property?.type === 'spread_element') {
      const spread = property.namedChild(0);
      properties.push({ key: '...', path: spread && NAME_PATH.test(spread.text) ? spread.text : undefined });
    } else if (property?.type === 'pair') {
      const value = property.childForFieldName('value');
      properties.push({ key: memberName(property.childForFieldName('key')), path: value && NAME_PATH.test(value.text) ? value.text : undefined });
    } else if (property?.type === 'method_definition') {
      properties.push({ key: memberName(property.childForFieldName('name')), path: undefined });
    }
  }
  return properties;
}

/** Member names as written: `m`, `#m`, `'m'`; computed names (`[k]`) are not symbols. */
export function memberName(nameNode: SyntaxNode | undefined | null): string | undefined {
  if (!nameNode || nameNode.type === 'computed_property_name') return undefined;
  return nameNode.type === 'string' ? unquote(nameNode.text) : nameNode.text;
}

/**
 * The type a `: T` annotation names, when it is a plain reference: `Foo`, `ns.Foo`, or
 * `Foo<T>` as `Foo`. Unions, arrays, literals and predefined types name no single class.
 */
export function typeNameOf(type: SyntaxNode | undefined | null): string | undefined {
  if (!type) return undefined;
  switch (type.type) {
    case 'type_identifier':
      return type.text;
    case 'nested_type_identifier':
      return type.text.replace(/\s+/g, '');
    case 'generic_type':
      return typeNameOf(type.childForFieldName('name'));
    default:
      return undefined;
  }
}

/** A type name as a TypeExpr. */
export function namedType(name: string | undefined): TypeExpr | undefined {
  return name === undefined ? undefined : { t: 'named', name };
}

/** The class a `new` expression constructs, when written as a name or a dotted name. */
export function constructedTypeOf(value: SyntaxNode | undefined): string | undefined {
  if (value?.type !== 'new_expression') return undefined;
  const constructor = value.childForFieldName('constructor');
  return constructor ? dottedNameOf(constructor) : undefined;
}

const IDENTIFIER = String.raw`[\p{L}\p{Nl}$_#][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$_\u200c\u200d]*`;
const DOTTED_CHAIN = new RegExp(String.raw`^${IDENTIFIER}(?:\s*\??\.\s*${IDENTIFIER})*$`, 'u');
const MAX_OBJECT_TEXT = 120;

/**
 * `a`, `this`, `a.b.c`, `this.store` (optional chaining and line breaks dropped), or
 * undefined when the expression is not a chain of plain names.
 */
export function dottedNameOf(node: SyntaxNode): string | undefined {
  if (node.endIndex - node.startIndex > 4 * MAX_OBJECT_TEXT) return undefined;
  const text = node.text;
  return DOTTED_CHAIN.test(text) ? text.replace(/[\s?]/g, '') : undefined;
}

/** An expression's text for display, whitespace collapsed and shortened. */
export function shortText(node: SyntaxNode): string {
  const text = collapseWhitespace(node.text.slice(0, 4 * MAX_OBJECT_TEXT));
  return text.length > MAX_OBJECT_TEXT ? `${text.slice(0, MAX_OBJECT_TEXT - 1)}…` : text;
}

/** The value of a string literal, or of a template literal without substitutions. */
export function stringValueOf(node: SyntaxNode | undefined | null): string | undefined {
  if (!node) return undefined;
  if (node.type === 'string') return unquote(node.text);
  if (node.type === 'template_string' && !node.text.includes('${')) return unquote(node.text);
  return undefined;
}

/** The elements of an argument list or an array, comments left out. */
export function elementsOf(list: SyntaxNode | undefined): SyntaxNode[] {
  if (!list) return [];
  return list.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== 'comment');
}

/** `require('x')` with a literal module name: its source. */
export function requireSourceOf(node: SyntaxNode): string | undefined {
  if (node.type !== 'call_expression') return undefined;
  const callee = node.childForFieldName('function');
  if (callee?.type !== 'identifier' || callee.text !== 'require') return undefined;
  const [first] = elementsOf(node.childForFieldName('arguments') ?? undefined);
  return first?.type === 'string' ? unquote(first.text) : undefined;
}

/**
 * The function a handler value names once `.bind(...)` is peeled off: `h.bind(this)` and
 * `Server.onCharge.bind(this)` register `h` and `Server.onCharge`, not the call to bind.
 */
export function unboundFunction(node: SyntaxNode | undefined): SyntaxNode | undefined {
  if (node?.type !== 'call_expression') return node;
  const callee = node.childForFieldName('function');
  const property = callee?.type === 'member_expression' ? callee.childForFieldName('property') : null;
  return property?.text === 'bind' ? callee?.childForFieldName('object') ?? undefined : node;
}
