import { collapseWhitespace } from '../common';
import type { SyntaxNode } from '../extractor';
import { ScopeIndex, type SourceRange } from '../scopeIndex';
import type { RustMatches } from './collect';

/**
 * Types as written, for facts the resolver reads in the declaring file's scope
 * (`results`, `fields`, a local's `named` type). A type that mentions a generic
 * parameter names no real type: it is left unknown rather than looked up by the
 * parameter's name.
 */

/**
 * The generic type parameters in scope at each offset: those of the functions, impls,
 * traits and types around it, found by source range (walking `parent` is slow in
 * web-tree-sitter).
 */
export class GenericParameters {
  private readonly scopes: ScopeIndex<SourceRange<ReadonlySet<string>>>;

  constructor(matches: RustMatches) {
    const spans: SourceRange<ReadonlySet<string>>[] = [];
    for (const item of [...matches.definitions.map((d) => d.node), ...matches.impls.map((i) => i.node)]) {
      const own = parameterNames(item);
      if (own.size > 0) spans.push({ start: item.startIndex, end: item.endIndex, value: own });
    }
    // Each scope holds its own parameters and those of the items around it.
    this.scopes = ScopeIndex.nest(spans, (span, parent: SourceRange<ReadonlySet<string>> | undefined) => (
      parent ? { ...span, value: new Set([...parent.value, ...span.value]) } : span
    ));
  }

  /** The parameters in scope at a node. */
  around(node: SyntaxNode): ReadonlySet<string> {
    return this.scopes.at(node.startIndex)?.value ?? NONE;
  }

  /** Whether a single-segment path names a parameter in scope (`T` of `T::new()`). */
  names(path: SyntaxNode): boolean {
    return (path.type === 'identifier' || path.type === 'type_identifier') && this.around(path).has(path.text);
  }
}

const NONE: ReadonlySet<string> = new Set();

function parameterNames(item: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (const parameter of item.childForFieldName('type_parameters')?.namedChildren ?? []) {
    if (!parameter) continue;
    const name = parameter.type === 'type_identifier' ? parameter : parameter.childForFieldName('name') ?? parameter.childForFieldName('left');
    if (name && (name.type === 'type_identifier' || name.type === 'identifier')) names.add(name.text);
  }
  return names;
}

/**
 * A type node's text, whitespace collapsed, with `Self` written as `selfType` (the
 * impl's type by its local name): undefined when it mentions a generic parameter, or
 * `Self` where no type stands for it (a trait's own body).
 */
export function writtenType(node: SyntaxNode, selfType: string | undefined, generics: GenericParameters): string | undefined {
  const names = node.type === 'type_identifier' || node.type === 'identifier'
    ? [node]
    : [...node.descendantsOfType('type_identifier'), ...node.descendantsOfType('identifier')];
  const selves: SyntaxNode[] = [];
  let parameters: ReadonlySet<string> | undefined;
  for (const name of names) {
    if (!name) continue;
    if (name.text === 'Self') {
      if (!selfType) return undefined;
      selves.push(name);
      continue;
    }
    parameters ??= generics.around(node);
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
