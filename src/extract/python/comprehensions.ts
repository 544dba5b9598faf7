import type { SyntaxNode } from '../extractor';
import type { BindingSource } from './scopes';

interface ComprehendedName {
  readonly start: number;
  readonly end: number;
  /** The first clause's iterable: evaluated outside the comprehension, where the name is not yet its own. */
  readonly outside: { readonly start: number; readonly end: number } | undefined;
  readonly source: BindingSource;
}

/**
 * The names comprehensions bind (`[c.header() for c in cookies]`, generator expressions,
 * set and dict comprehensions). In Python 3 a comprehension is a scope of its own: its
 * targets hold inside it and nowhere else, so a use there reads the innermost one around
 * it, and the function's own bindings of the name say nothing of it.
 */
export class ComprehensionNames {
  private readonly byName = new Map<string, ComprehendedName[]>();

  add(name: string, comprehension: SyntaxNode, firstIterable: SyntaxNode | undefined, source: BindingSource): void {
    let entries = this.byName.get(name);
    if (!entries) this.byName.set(name, (entries = []));
    const outside = firstIterable ? { start: firstIterable.startIndex, end: firstIterable.endIndex } : undefined;
    entries.push({ start: comprehension.startIndex, end: comprehension.endIndex, outside, source });
  }

  /** The binding a use of `name` (the identifier `use`) reads, when a comprehension around it binds the name. */
  at(name: string, use: SyntaxNode): BindingSource | undefined {
    const entries = this.byName.get(name);
    if (!entries) return undefined;
    const offset = use.startIndex;
    let innermost: ComprehendedName | undefined;
    for (const entry of entries) {
      if (offset < entry.start || offset >= entry.end) continue;
      if (entry.outside && offset >= entry.outside.start && offset < entry.outside.end) continue;
      if (!innermost || entry.start > innermost.start) innermost = entry;
    }
    if (!innermost) return undefined;
    // A lambda inside the comprehension whose parameter has the name hides it.
    for (let node = use.parent; node && node.startIndex >= innermost.start; node = node.parent) {
      if (node.type === 'lambda' && lambdaBinds(node, name)) return undefined;
    }
    return innermost.source;
  }
}

function lambdaBinds(lambda: SyntaxNode, name: string): boolean {
  const parameters = lambda.childForFieldName('parameters');
  return parameters !== null && parameters.descendantsOfType('identifier').some((p) => p?.text === name);
}
