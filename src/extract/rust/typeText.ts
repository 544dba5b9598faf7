import { collapseWhitespace } from '../common';
import type { SyntaxNode } from '../extractor';

/**
 * Types as written, for facts the resolver reads in the declaring file's scope
 * (`results`, `fields`, a local's `named` type). A type that mentions a generic
 * parameter names no real type: it is left unknown rather than looked up by the
 * parameter's name.
 */

/** Items whose `<...>` parameters are in scope inside them. */
const GENERIC_ITEMS = new Set([
  'function_item', 'function_signature_item', 'impl_item', 'trait_item', 'struct_item', 'enum_item', 'union_item', 'type_item',
]);

/** The generic type parameters in scope at a node: its function's, impl's, trait's or type's. */
export function typeParametersAround(node: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (let at: SyntaxNode | null = node; at; at = at.parent) {
    if (!GENERIC_ITEMS.has(at.type)) continue;
    for (const parameter of at.childForFieldName('type_parameters')?.namedChildren ?? []) {
      if (!parameter) continue;
      const name = parameter.type === 'type_identifier' ? parameter : parameter.childForFieldName('name') ?? parameter.childForFieldName('left');
      if (name && (name.type === 'type_identifier' || name.type === 'identifier')) names.add(name.text);
    }
  }
  return names;
}

/**
 * A type node's text, whitespace collapsed, with `Self` written as `selfType` (the
 * impl's type by its local name): undefined when it mentions a generic parameter, or
 * `Self` where no type stands for it (a trait's own body).
 */
export function writtenType(node: SyntaxNode, selfType: string | undefined): string | undefined {
  const names = node.type === 'type_identifier' || node.type === 'identifier'
    ? [node]
    : [...node.descendantsOfType('type_identifier'), ...node.descendantsOfType('identifier')];
  const selves: SyntaxNode[] = [];
  let parameters: Set<string> | undefined;
  for (const name of names) {
    if (!name) continue;
    if (name.text === 'Self') {
      if (!selfType) return undefined;
      selves.push(name);
      continue;
    }
    parameters ??= typeParametersAround(node);
    if (parameters.has(name.text)) return undefined;
  }
  let text = node.text;
  // Replaced from the end, so earlier offsets stay valid.
  for (const self of selves.sort((a, b) => b.startIndex - a.startIndex)) {
    const start = self.startIndex - node.startIndex;
    // Offsets are bytes: a type with non-ASCII text before `Self` is left unknown.
    if (text.slice(start, start + 4) !== 'Self') return undefined;
    text = `${text.slice(0, start)}${selfType}${text.slice(start + self.text.length)}`;
  }
  return collapseWhitespace(text);
}
