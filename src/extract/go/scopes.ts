/**
 * Scopes of functions and of the blocks in them: which names inside a function are its
 * own (parameters, receivers, results, locals, type parameters) and which types local
 * syntax shows for them. A name is local from its declaration to the end of its block,
 * as in Go: two loops that each declare `p` give each its own type, and after a block
 * its names refer to the outer ones again. A name declared again in its block is the
 * same variable, of its first declaration's type.
 */

import type { CalleeExpr, TypeExpr } from '../facts';

export type LocalKind = 'param' | 'name' | 'var' | 'typeparam' | 'typename';

export interface LocalName {
  readonly kind: LocalKind;
  /** Offset of the first declaration; earlier uses refer to an outer name. */
  declaredAt: number;
  /** The type its first declaration in its block gives it; undefined when unknown. */
  type: TypeExpr | undefined;
  /** The router framework that built it (`mux := http.NewServeMux()`), when one did. */
  router: string | undefined;
  /** The function or method it holds (`f := s.handle`), when every declaration binds the same one. */
  callee: CalleeExpr | undefined;
  /** A local type (`type testCase struct {...}` in a function): its type as written, package names only; undefined when unknown. */
  underlying?: string;
}

export class Scope {
  readonly locals = new Map<string, LocalName>();
  parent: Scope | undefined;
  /** Whether a type parameter or a local type was declared here. */
  private declaresTypeNames = false;

  constructor(
    readonly start: number,
    readonly end: number,
    /** The enclosing symbol's name; undefined for function literals, which inherit it. */
    private readonly ownSymbol: string | undefined,
  ) {}

  get symbol(): string {
    return this.ownSymbol ?? this.parent?.symbol ?? '';
  }

  /**
   * Declares a name here. Declared again in the same block (`x, err := f()` after `err`),
   * it is the same variable (Go spec, "Short variable declarations"): its type stays the
   * first declaration's, and the value it holds may have changed.
   */
  declare(name: string, at: number, kind: LocalKind, type?: TypeExpr, router?: string, callee?: CalleeExpr, underlying?: string): void {
    if (kind === 'typeparam' || kind === 'typename') this.declaresTypeNames = true;
    const existing = this.locals.get(name);
    if (!existing) {
      this.locals.set(name, { kind, declaredAt: at, type, router, callee, ...(underlying !== undefined ? { underlying } : {}) });
      return;
    }
    if (at < existing.declaredAt) {
      existing.declaredAt = at;
      existing.type = type;
    }
    if (existing.router !== router) existing.router = undefined;
    if (JSON.stringify(existing.callee) !== JSON.stringify(callee)) existing.callee = undefined;
  }

  /**
   * Whether a name here may denote a type parameter or a local type: when not, every type
   * name written here is the package's, and a type needs no look at the names in it.
   */
  mayShadowTypeNames(): boolean {
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
      if (scope.declaresTypeNames) return true;
    }
    return false;
  }

  /** The local a use at `at` refers to, searching enclosing function scopes outwards. */
  lookup(name: string, at: number): LocalName | undefined {
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
      const local = scope.locals.get(name);
      if (local && local.declaredAt <= at) return local;
    }
    return undefined;
  }
}

/**
 * The items in document order: the first declaration of a local fixes its kind, and
 * package-level definitions are listed as written. Query matches come almost sorted,
 * so the check usually saves the sort.
 */
export function inDocumentOrder<T>(items: readonly T[], startOf: (item: T) => number): readonly T[] {
  for (let i = 1; i < items.length; i++) {
    if (startOf(items[i]) < startOf(items[i - 1])) return [...items].sort((a, b) => startOf(a) - startOf(b));
  }
  return items;
}

