import type { SyntaxNode } from '../extractor';

/** Small readers of C# syntax nodes shared by the interpreters. */

/** The package path of code outside every namespace (C# spells it `global::`). */
export const GLOBAL_NAMESPACE = 'global';

/** Separates a local function from the member (or local function) whose body declares it: `Type.Member>Local`. */
export const NESTED_SEPARATOR = '>';

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

const PREDEFINED = new Set([
  'bool', 'byte', 'sbyte', 'char', 'decimal', 'double', 'float', 'int', 'uint', 'nint', 'nuint', 'long', 'ulong', 'short', 'ushort',
  'object', 'string', 'dynamic', 'void', 'var',
]);

/**
 * The type a type written as text names, as namedTypeOf reads a node: `Repo<T>` as `Repo`,
 * `IRepo?` as `IRepo`; undefined for built-in types, arrays and tuples.
 */
export function namedTypeIn(text: string): string | undefined {
  const bare = text.replace(/\?$/, '');
  if (bare.endsWith(']') || bare.startsWith('(')) return undefined;
  const name = bare.replace(/<.*$/s, '');
  return /^@?[\p{L}_][\p{L}\p{N}_]*(\.@?[\p{L}_][\p{L}\p{N}_]*)*$/u.test(name) && !PREDEFINED.has(name) ? name : undefined;
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
  readonly nameNode: SyntaxNode;
  /** The first positional argument, when it is a string literal. */
  readonly template?: SyntaxNode;
}

/** `Microsoft.AspNetCore.Mvc.HttpGetAttribute` -> `HttpGet`. */
export function attributeName(written: string): string {
  return simpleName(written.replace(/\s+/g, '')).replace(/Attribute$/, '');
}

/** An expression's text as a callee object: whitespace collapsed, long chains cut. */
export function objectText(node: SyntaxNode): string {
  const text = node.text.length > MAX_OBJECT_TEXT * 4 ? node.text.slice(0, MAX_OBJECT_TEXT * 4) : node.text;
  const collapsed = text.replace(/\s+/g, '').replace(/^global::/, '');
  return collapsed.length > MAX_OBJECT_TEXT ? `${collapsed.slice(0, MAX_OBJECT_TEXT - 1)}…` : collapsed;
}

/** The arguments of an argument list (named ones count: they still fill a parameter; comments would too). */
export function argumentCount(argumentList: SyntaxNode | null | undefined): number {
  return argumentList?.namedChildCount ?? 0;
}
