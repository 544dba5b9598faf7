import type { TypeExpr } from '../facts';
import type { SymbolDraft } from './symbols';

/**
 * Lexical scopes as the extractor replays matches in source order. A scope knows the
 * names bound in it (with the type local syntax shows, if any), the symbol that calls
 * inside it are attributed to, and for classes the declared field types.
 *
 * Block scopes are folded into their function: two bindings of one name in a function
 * with different types make the name unknown there, which costs recall, never precision.
 * The one block with a scope of its own is an `if (x instanceof C)` consequence, where x
 * is a C (narrowing.ts).
 */
export type ScopeKind =
  | 'program'
  /** `function` declarations and expressions: they rebind `this`. */
  | 'function'
  | 'arrow'
  | 'method'
  | 'class'
  | 'interface'
  /** `namespace N`, `declare module`, `declare global`. */
  | 'namespace'
  /** function types and signatures: their parameters bind nothing. */
  | 'type'
  /** A `describe`/`it`/`test` call: its callbacks' calls belong to the test. */
  | 'test'
  /** A named symbol without a scope of its own: `const f = ...`, a class field, `p: () => ...`. */
  | 'holder'
  /** An object literal bound to a name (`const api = {...}`): its members are `api.m`. */
  | 'object'
  /** The consequence of `if (x instanceof C)`: x is a C there, and all else is the enclosing scope's. */
  | 'narrowing'
  /** A block inside a function (`if`, loops, `try`): its `let`, `const`, functions and classes are its own. */
  | 'block';

/** What a name is bound to: its type, or null when nothing (or conflicting) is known. */
type BoundType = TypeExpr | null;

/** Scopes `this` passes through on its way to the class. */
const THIS_TRANSPARENT: ReadonlySet<ScopeKind> = new Set(['arrow', 'holder', 'method', 'test', 'object', 'narrowing', 'block']);
/** Scopes that only narrow or block a part of their function's body: its `var`s and returns are the function's. */
export const WITHIN_BODY: ReadonlySet<ScopeKind> = new Set(['narrowing', 'block']);
/** Separates a function-local symbol from the symbol whose body declares it: `outer>inner`. */
export const NESTED_SEPARATOR = '>';


/** A function's `const` bound to an object literal: the symbol its methods are named under, and their names. */
export interface LocalLiteral {
  readonly symbol: string;
  readonly methods: ReadonlySet<string>;
}

export class Scope {
  // Most scopes bind nothing: the maps are made on first use.
  private bindings: Map<string, BoundType> | undefined;
  private fieldTypes: Map<string, string | null> | undefined;
  /** Classes only: the first `extends` base as written. */
  baseClass: string | undefined;
  /** Classes and interfaces that are symbols: where their bases and methods are listed. */
  declaration: SymbolDraft | undefined;
  /**
   * Where declarations become symbols, and the prefix of their names: '' at module
   * level, 'N.' directly inside `namespace N`; undefined everywhere else.
   */
  declarationPrefix: string | undefined;
  /**
   * Where function declarations local to a symbol's body become symbols, and the prefix
   * of their names: 'outer>' in the body of `outer` (or of the function value `outer`
   * holds, or of the test `outer` whose callback it is); undefined where the body belongs
   * to no symbol (an anonymous callback).
   */
  nestedPrefix: string | undefined;
  /** Test scopes: whether the callback's local functions become symbols under the title (false for a repeated title). */
  hostsLocalSymbols = true;
  /** Function values held by a name (`const f = () => ...`, a class field, `p: () => ...`): that symbol. */
  heldBy: string | undefined;
  /** Object scopes: the name the literal is bound to (`api`, `outer>api`, `api.nested`). */
  objectName: string | undefined;
  /** Names bound here that are symbols: the name as written to the symbol's name. */
  private declared: Map<string, string> | undefined;
  private literals: Map<string, LocalLiteral> | undefined;

  /** Where the match that opened this scope starts (replay.ts); 0 for the module. */
  start = 0;
  /** The name calls in this scope are attributed to: '' at module scope. */
  readonly callerName: string;
  /** The module scope. */
  readonly root: Scope;
  /** Module scope: the ids of the chains an `await` the grammar misreads takes (expressionTypes.ts awaitedChainOf). */
  awaitedChains: ReadonlySet<number> | undefined;

  constructor(
    readonly kind: ScopeKind,
    readonly end: number,
    readonly parent: Scope | undefined,
    /** The symbol calls inside are attributed to; undefined inherits the parent's. */
    readonly symbol?: string,
  ) {
    this.callerName = symbol ?? parent?.callerName ?? '';
    this.root = parent?.root ?? this;
    if (WITHIN_BODY.has(kind)) {
      this.declarationPrefix = parent?.declarationPrefix;
      this.nestedPrefix = parent?.nestedPrefix;
    }
    if (kind === 'program') this.declarationPrefix = '';
    if ((kind === 'function' || kind === 'method') && symbol !== undefined) this.nestedPrefix = `${symbol}${NESTED_SEPARATOR}`;
  }

  /**
   * Makes this anonymous function's body the body of the holder it is the value of
   * (`const f = () => ...`, a class field, `p: () => ...`), or of the test it is the
   * callback of (`it('parses', () => ...)`): its local functions are `f>g`, `parses>g`.
   */
  nestUnder(holder: Scope): void {
    if (holder.symbol === undefined || (holder.kind === 'test' && !holder.hostsLocalSymbols)) return;
    if (holder.kind === 'holder' || holder.kind === 'test') this.nestedPrefix = `${holder.symbol}${NESTED_SEPARATOR}`;
  }

  get isModuleLevel(): boolean {
    return this.kind === 'program';
  }

  bind(name: string, type: TypeExpr | undefined): void {
    this.bindings = withBinding(this.bindings, name, type);
  }

  /** Records that a name bound here is the symbol `symbol`: calls to the name reach it. */
  declare(name: string, symbol: string): void {
    (this.declared ??= new Map()).set(name, symbol);
  }

  /** The symbol a name bound here was declared as; undefined for plain locals. */
  symbolOf(name: string): string | undefined {
    return this.declared?.get(name);
  }

  /** Records that a `const` bound here holds an object literal whose methods are symbols (`outer>ctx.close`). */
  declareLiteral(name: string, literal: LocalLiteral): void {
    (this.literals ??= new Map()).set(name, literal);
  }

  /** The literal a `const` bound here holds; undefined for any other local. */
  literalOf(name: string): LocalLiteral | undefined {
    return this.literals?.get(name);
  }

  declareField(name: string, type: string | undefined): void {
    const fields = (this.fieldTypes ??= new Map());
    const previous = fields.get(name);
    fields.set(name, previous !== undefined && previous !== (type ?? null) ? null : type ?? null);
  }

  fieldType(name: string): string | undefined {
    return this.fieldTypes?.get(name) ?? undefined;
  }

  /** The type of the nearest binding of `name`; undefined when unbound or unknown. */
  typeOf(name: string): { readonly bound: boolean; readonly type?: TypeExpr } {
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
      const bound = scope.bindings?.get(name);
      if (bound !== undefined) return { bound: true, type: bound ?? undefined };
    }
    return { bound: false };
  }

  /** The nearest scope that binds the name. */
  binderOf(name: string): Scope | undefined {
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
      if (scope.bindings?.has(name)) return scope;
    }
    return undefined;
  }

  /** The class `this` refers to here, if the scopes show it. */
  thisClass(): Scope | undefined {
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
      if (scope.kind === 'class') return scope;
      if (!THIS_TRANSPARENT.has(scope.kind)) return undefined;
    }
    return undefined;
  }

  /** The scope a `var` declared here binds in: the function's, past any block. */
  get functionLevel(): Scope {
    let scope: Scope = this;
    while (WITHIN_BODY.has(scope.kind) && scope.parent) scope = scope.parent;
    return scope;
  }

  /** The innermost enclosing scope of a kind, this one included. */
  nearest(kind: ScopeKind): Scope | undefined {
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
      if (scope.kind === kind) return scope;
    }
    return undefined;
  }
}

/** Binds a name; a second binding with another type leaves it unknown (null). */
function withBinding(bindings: Map<string, BoundType> | undefined, name: string, type: TypeExpr | undefined): Map<string, BoundType> {
  const map = bindings ?? new Map<string, BoundType>();
  const bound = type ?? null;
  const previous = map.get(name);
  map.set(name, previous !== undefined && !sameType(previous, bound) ? null : bound);
  return map;
}

function sameType(a: BoundType, b: BoundType): boolean {
  return a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
}
