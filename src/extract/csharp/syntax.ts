import { collapseWhitespace, leadingComment } from '../common';
import type { SyntaxNode } from '../extractor';

/** Small readers of C# syntax nodes shared by the interpreters. */

/** The package path of code outside every namespace (C# spells it `global::`). */
export const GLOBAL_NAMESPACE = 'global';

const MAX_SIGNATURE = 300;
const MAX_OBJECT_TEXT = 200;

/**
 * The type a declaration names, as resolve can look it up: `Repo`, `Repo<T>` as
 * `Repo`, `App.Models.User`, `IRepo?` as `IRepo`. Undefined for built-in types, arrays,
 * tuples, pointers and `var`: a method called on them is not a method of a named type.
 */
export function namedTypeOf(type: SyntaxNode | null | undefined): string | undefined {
  if (!type) return undefined;
  switch (type.type) {
    case 'identifier':
      return type.text;
    case 'generic_name':
      return type.namedChild(0)?.text;
    case 'nullable_type':
      return namedTypeOf(type.childForFieldName('type'));
    case 'qualified_name': {
      const qualifier = namedTypeOf(type.childForFieldName('qualifier'));
      const name = namedTypeOf(type.childForFieldName('name'));
      return qualifier && name ? `${qualifier}.${name}` : undefined;
    }
    case 'alias_qualified_name':
      return namedTypeOf(type.childForFieldName('name'));
    default:
      return undefined;
  }
}

/** The last segment of a dotted type name: `App.Models.User` -> `User`. */
export function simpleName(dotted: string): string {
  return dotted.slice(dotted.lastIndexOf('.') + 1);
}

/** A namespace name as written, whitespace removed: `App.Services`. */
export function dottedName(node: SyntaxNode): string {
  return node.text.replace(/\s+/g, '').replace(/^global::/, '');
}

/** The value of a plain, verbatim or raw string literal; undefined for anything else (interpolation). */
export function stringValue(node: SyntaxNode | null | undefined): string | undefined {
  if (!node) return undefined;
  const text = node.text;
  switch (node.type) {
    case 'string_literal':
      return text.length >= 2 ? text.slice(1, -1) : undefined;
    case 'verbatim_string_literal':
      return text.length >= 3 ? text.slice(2, -1).replace(/""/g, '"') : undefined;
    case 'raw_string_literal': {
      const quotes = /^"+/.exec(text)?.[0].length ?? 0;
      return quotes >= 3 && text.length >= 2 * quotes ? text.slice(quotes, text.length - quotes).trim() : undefined;
    }
    default:
      return undefined;
  }
}

export interface Attribute {
  /** The attribute's name without namespace or `Attribute` suffix: `HttpGet`. */
  readonly name: string;
  readonly node: SyntaxNode;
  /** The positional string arguments, in order. */
  readonly strings: readonly string[];
}

/** The attributes written on a declaration, in source order. */
export function attributesOf(declaration: SyntaxNode): Attribute[] {
  const attributes: Attribute[] = [];
  for (const list of declaration.namedChildren) {
    if (list?.type !== 'attribute_list') continue;
    for (const attribute of list.namedChildren) {
      if (attribute?.type !== 'attribute') continue;
      const nameNode = attribute.childForFieldName('name');
      if (!nameNode) continue;
      const name = simpleName(nameNode.text.replace(/\s+/g, '')).replace(/Attribute$/, '');
      attributes.push({ name, node: nameNode, strings: positionalStrings(attribute) });
    }
  }
  return attributes;
}

function positionalStrings(attribute: SyntaxNode): string[] {
  const strings: string[] = [];
  const argumentList = attribute.namedChildren.find((child) => child?.type === 'attribute_argument_list');
  for (const argument of argumentList?.namedChildren ?? []) {
    // `Name = "x"` arguments set properties; only positional ones are templates.
    if (!argument || argument.namedChildCount !== 1) continue;
    const value = stringValue(argument.namedChild(0));
    if (value !== undefined) strings.push(value);
  }
  return strings;
}

export function modifiersOf(declaration: SyntaxNode): Set<string> {
  const modifiers = new Set<string>();
  for (const child of declaration.namedChildren) if (child?.type === 'modifier') modifiers.add(child.text);
  return modifiers;
}

/** The declaration header without attributes or body, whitespace collapsed. */
export function headerOf(declaration: SyntaxNode, body: SyntaxNode | null | undefined): string {
  let start = declaration.startIndex;
  for (const child of declaration.namedChildren) {
    if (child?.type !== 'attribute_list') break;
    start = child.endIndex;
  }
  const end = body ? body.startIndex : declaration.endIndex;
  const header = collapseWhitespace(declaration.text.slice(start - declaration.startIndex, Math.max(start, end) - declaration.startIndex))
    .replace(/\s*[;{]$/, '');
  return header.length > MAX_SIGNATURE ? `${header.slice(0, MAX_SIGNATURE - 1)}…` : header;
}

/** `///` XML doc comments read as text: tags dropped, lines kept. */
export function docOf(declaration: SyntaxNode): string {
  return leadingComment(declaration)
    .replace(/<\/?(summary|remarks|returns|value|para)>/g, '')
    .replace(/<(?:see|seealso) cref="([^"]*)"\s*\/>/g, '$1')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** An expression's text as a callee object: whitespace collapsed, long chains cut. */
export function objectText(node: SyntaxNode): string {
  const text = node.text.length > MAX_OBJECT_TEXT * 4 ? node.text.slice(0, MAX_OBJECT_TEXT * 4) : node.text;
  const collapsed = text.replace(/\s+/g, '').replace(/^global::/, '');
  return collapsed.length > MAX_OBJECT_TEXT ? `${collapsed.slice(0, MAX_OBJECT_TEXT - 1)}…` : collapsed;
}

/** The arguments of an argument list (named ones count: they still fill a parameter). */
export function argumentCount(argumentList: SyntaxNode | null | undefined): number {
  let count = 0;
  for (const child of argumentList?.namedChildren ?? []) if (child?.type === 'argument') count++;
  return count;
}
