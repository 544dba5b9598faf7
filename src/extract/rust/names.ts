import { collapseWhitespace } from '../common';
import type { SyntaxNode } from '../extractor';

/** Small readers of Rust syntax shared by the other modules: type names, paths, strings. */

/** Smart pointers that auto-deref: a method call on `Arc<T>` calls `T`'s method. */
const DEREF_WRAPPERS = new Set(['Box', 'Rc', 'Arc']);

/**
 * The type a type expression names, as the resolver reads type names (`Foo`,
 * `models.User` for `models::User`): references, `dyn`/`impl` trait types and smart
 * pointers are seen through; primitives, tuples, arrays and function types name none.
 */
export function typeNameOf(node: SyntaxNode | null | undefined, selfType?: string): string | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'type_identifier':
      return node.text === 'Self' ? selfType : node.text;
    case 'identifier':
      return /^[A-Z]/.test(node.text) ? (node.text === 'Self' ? selfType : node.text) : undefined;
    case 'reference_type':
    case 'pointer_type':
      return typeNameOf(node.childForFieldName('type'), selfType);
    case 'dynamic_type':
    case 'abstract_type':
      return typeNameOf(node.childForFieldName('trait'), selfType);
    case 'generic_type':
    case 'generic_type_with_turbofish': {
      const base = typeNameOf(node.childForFieldName('type'), selfType);
      if (base && DEREF_WRAPPERS.has(base)) return typeNameOf(node.childForFieldName('type_arguments')?.namedChildren[0], selfType);
      return base;
    }
    case 'scoped_type_identifier':
    case 'scoped_identifier': {
      const name = node.childForFieldName('name');
      const path = node.childForFieldName('path');
      if (!name || !path || !/^[A-Z]/.test(name.text)) return undefined;
      const prefix = pathSegments(path);
      return prefix ? [...prefix, name.text].join('.') : undefined;
    }
    default:
      return undefined;
  }
}

/** `a::b::c` as segments; undefined for paths with generics, `<T as X>` or a leading `::`. */
export function pathSegments(node: SyntaxNode): string[] | undefined {
  switch (node.type) {
    case 'identifier':
    case 'type_identifier':
    case 'crate':
    case 'self':
    case 'super':
      return [node.text];
    case 'scoped_identifier':
    case 'scoped_type_identifier': {
      const path = node.childForFieldName('path');
      const name = node.childForFieldName('name');
      if (!path || !name) return undefined;
      const head = pathSegments(path);
      return head ? [...head, name.text] : undefined;
    }
    default:
      return undefined;
  }
}

/** The value of a string literal (escapes left as written), or undefined. */
export function stringValue(node: SyntaxNode | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'string_literal') return /^"([\s\S]*)"$/.exec(node.text)?.[1];
  if (node.type === 'raw_string_literal') return /^r#*"([\s\S]*)"#*$/.exec(node.text)?.[1];
  return undefined;
}

const MAX_OBJECT_LENGTH = 80;

/**
 * A receiver as the call shows it, short enough to read: chained calls keep their
 * callee names (`Router::new().route()`), other expressions their collapsed text.
 */
export function renderObject(node: SyntaxNode): string {
  const rendered = render(node, 0);
  return rendered.length > MAX_OBJECT_LENGTH ? `${rendered.slice(0, MAX_OBJECT_LENGTH - 1)}…` : rendered;
}

function render(node: SyntaxNode, depth: number): string {
  if (depth > 50) return '…';
  switch (node.type) {
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      return fn ? `${render(fn, depth + 1)}()` : collapseWhitespace(node.text);
    }
    case 'field_expression': {
      const value = node.childForFieldName('value');
      const field = node.childForFieldName('field');
      return value && field ? `${render(value, depth + 1)}.${field.text}` : collapseWhitespace(node.text);
    }
    case 'generic_function': {
      const fn = node.childForFieldName('function');
      return fn ? render(fn, depth + 1) : collapseWhitespace(node.text);
    }
    case 'identifier':
    case 'self':
      return node.text;
    default: {
      const text = node.text;
      return collapseWhitespace(text.length > MAX_OBJECT_LENGTH * 2 ? text.slice(0, MAX_OBJECT_LENGTH * 2) : text);
    }
  }
}

export function startsUpperCase(name: string): boolean {
  return /^[A-Z]/.test(name);
}
