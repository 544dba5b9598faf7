import { unquote } from '../common';
import type { SyntaxNode } from '../extractor';

/** Reading annotations as written: `@Name`, `@a.b.Name(value)`, `@Name(key = value, ...)`. */

/** The simple name of an annotation: `Test` for `@org.junit.jupiter.api.Test`. */
export function annotationName(annotation: SyntaxNode): string {
  // Read from the text: a child lookup costs a round trip to the wasm side, per annotation.
  const name = /^@\s*([\w$.\s]*?)\s*(?:\(|$)/.exec(annotation.text)?.[1] ?? '';
  return name.slice(name.lastIndexOf('.') + 1).trim();
}

/** An annotation's element values: the single unnamed one under `value`, the others by key. */
export function annotationElements(annotation: SyntaxNode): Map<string, SyntaxNode> {
  const elements = new Map<string, SyntaxNode>();
  const list = annotation.childForFieldName('arguments');
  for (const argument of list?.namedChildren ?? []) {
    if (!argument || argument.type === 'line_comment' || argument.type === 'block_comment') continue;
    if (argument.type === 'element_value_pair') {
      const key = argument.childForFieldName('key');
      const value = argument.childForFieldName('value');
      if (key && value) elements.set(key.text, value);
    } else {
      elements.set('value', argument);
    }
  }
  return elements;
}

/**
 * The strings an element value holds: one literal, a `+` of literals, or an array of
 * them. Undefined when any part is not a literal (a constant, a method call): the value
 * is then unknown, not empty.
 */
export function stringValues(value: SyntaxNode): string[] | undefined {
  if (value.type === 'element_value_array_initializer') {
    const values: string[] = [];
    for (const item of value.namedChildren) {
      if (!item || item.type === 'line_comment' || item.type === 'block_comment') continue;
      const text = stringValue(item);
      if (text === undefined) return undefined;
      values.push(text);
    }
    return values;
  }
  const text = stringValue(value);
  return text === undefined ? undefined : [text];
}

function stringValue(node: SyntaxNode): string | undefined {
  if (node.type === 'string_literal') {
    return node.text.startsWith('"""') ? undefined : unquote(node.text);
  }
  if (node.type === 'binary_expression' && node.childForFieldName('operator')?.text === '+') {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    const leftText = left && stringValue(left);
    const rightText = right && stringValue(right);
    return leftText === undefined || leftText === null || rightText === undefined || rightText === null ? undefined : leftText + rightText;
  }
  return undefined;
}

/** Enum constants named in an element value: `RequestMethod.GET` or `{GET, POST}` -> names. */
export function enumConstants(value: SyntaxNode): string[] {
  const items = value.type === 'element_value_array_initializer' ? value.namedChildren : [value];
  return items.flatMap((item) => {
    if (!item || (item.type !== 'identifier' && item.type !== 'field_access')) return [];
    const text = item.text.replace(/\s+/g, '');
    return [text.slice(text.lastIndexOf('.') + 1)];
  });
}
