import { unquote } from '../common';
import type { SyntaxNode } from '../extractor';
import type { Bindings } from './bindings';
import type { GoFileContext } from './context';
import type { Scope } from './scopes';

/**
 * The string a path expression spells when this file alone fixes it: literals, `+`
 * concatenations, and names bound once to such a value (`const base = "/api"`, `prefix :=
 * base + "/v1"`) and never assigned again. A name declared twice, assigned with `=`, or
 * declared in another file has no value here, so a computed path is either exact or absent.
 */
export class StringConstants {
  private readonly evaluating = new Set<number>();

  constructor(private readonly context: GoFileContext, private readonly bindings: Bindings) {}

  /** The string value of an expression at its place, undefined when this file does not fix it. */
  valueOf(node: SyntaxNode, scope: Scope): string | undefined {
    switch (node.type) {
      case 'interpreted_string_literal':
      case 'raw_string_literal':
        return unquote(node.text);
      case 'parenthesized_expression': {
        const inner = node.namedChild(0);
        return inner ? this.valueOf(inner, scope) : undefined;
      }
      case 'binary_expression': {
        if (node.childForFieldName('operator')?.text !== '+') return undefined;
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        const a = left ? this.valueOf(left, scope) : undefined;
        const b = right ? this.valueOf(right, scope) : undefined;
        return a !== undefined && b !== undefined ? a + b : undefined;
      }
      case 'identifier':
        return this.nameValue(node, scope);
      default:
        return undefined;
    }
  }

  private nameValue(name: SyntaxNode, scope: Scope): string | undefined {
    const local = scope.lookup(name.text, name.startIndex);
    const value = local ? this.bindings.locals.get(local)
      : this.context.importPaths.has(name.text) ? undefined : this.bindings.packageNames.get(name.text);
    if (!value || this.evaluating.has(value.id)) return undefined;
    // A value is read where it was written: `const b = a + "/x"` sees the a of its own place.
    this.evaluating.add(value.id);
    try {
      return this.valueOf(value, this.context.scopeAt(value.startIndex));
    } finally {
      this.evaluating.delete(value.id);
    }
  }
}
