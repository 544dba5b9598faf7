import type { SyntaxNode } from '../extractor';
import { ScopeIndex } from '../scopeIndex';
import type { DecoratorMatch, DefinitionMatch } from './collect';

/**
 * Python scopes built from the definition matches alone: a module scope plus one per
 * function and class, nested by source range. Lookups go by source offset (binary
 * search, then up the parent chain) so no tree node is walked per call site.
 */

/** What a name is bound to in one scope: a type name, or one of two markers. */
export type Binding = string | typeof UNTYPED | typeof NEUTRAL;
/** Bound to something whose type the local syntax does not show. */
export const UNTYPED = Symbol('untyped');
/** Bound to `None`: neither shows a type nor contradicts one. */
export const NEUTRAL = Symbol('neutral');

export interface Scope {
  readonly kind: 'module' | 'function' | 'class';
  readonly name: string;
  readonly start: number;
  readonly end: number;
  /** Offsets before this (parameters, bases, annotations) belong to the parent scope. */
  readonly bodyStart: number;
  readonly parent: Scope | undefined;
  readonly children: Scope[];
  /** The symbol name (`f`, `C`, `C.m`, `Outer.Inner`, `f>inner`); undefined inside local classes. */
  symbolName: string | undefined;
  /** The nearest symbol at or above this scope, '' for the module: a caller's name. */
  enclosingSymbol: string;
  readonly definition: DefinitionMatch | undefined;
  /** The decorated_definition around the definition, if any. */
  wrapper: SyntaxNode | undefined;
  readonly decorators: string[];
  /** Classes: base class names as written, read on first use. */
  bases: string[] | undefined;
  readonly bindings: Map<string, Binding>;
  /** Classes: instance attributes assigned through `self` in their methods. */
  readonly attributes: Map<string, Binding>;
}

export class ScopeTree {
  readonly module: Scope;
  private readonly index: ScopeIndex<Scope>;
  private readonly byStart = new Map<number, Scope>();

  constructor(definitions: readonly DefinitionMatch[], decorators: readonly DecoratorMatch[], sourceLength: number) {
    this.module = newScope('module', '', 0, sourceLength, 0, undefined, undefined);
    this.index = nestScopes(definitions, this.module);
    for (const scope of this.scopes) this.byStart.set(scope.start, scope);
    for (const { wrapper, decorator, definitionStart } of decorators) {
      const scope = this.byStart.get(definitionStart);
      if (!scope) continue;
      scope.wrapper = wrapper;
      scope.decorators.push(decoratorName(decorator.text));
    }
    for (const scope of this.scopes) {
      scope.symbolName = symbolNameOf(scope);
      scope.enclosingSymbol = scope.symbolName ?? scope.parent?.enclosingSymbol ?? '';
    }
  }

  /** The function or class defined by the node starting at `offset`. */
  definedAt(offset: number): Scope | undefined {
    return this.byStart.get(offset);
  }

  /** Function and class scopes in source order. */
  get scopes(): readonly Scope[] {
    return this.index.all;
  }

  /** The innermost scope whose definition spans `offset` (parameters included). */
  scopeAt(offset: number): Scope {
    return this.index.at(offset) ?? this.module;
  }

  /** The scope that evaluates code at `offset`: defaults and decorators run outside. */
  ownerAt(offset: number): Scope {
    let scope = this.scopeAt(offset);
    while (scope.parent && offset < scope.bodyStart) scope = scope.parent;
    return scope;
  }

  /** The enclosing symbol's name, '' at module scope. */
  symbolAt(offset: number): string {
    return this.ownerAt(offset).enclosingSymbol;
  }

  /** The class whose method (or a function nested in one) holds `scope`. */
  methodClassOf(scope: Scope): Scope | undefined {
    for (let current: Scope | undefined = scope; current?.parent; current = current.parent) {
      if (current.kind === 'function' && current.parent.kind === 'class') return current.parent;
    }
    return undefined;
  }

  /**
   * What `name` is bound to as seen from `scope`, with Python's rule that class bodies
   * are not visible from the functions inside them.
   */
  lookup(name: string, scope: Scope): Binding | undefined {
    for (let current: Scope | undefined = scope; current; current = current.parent) {
      if (current.kind === 'class' && current !== scope) continue;
      const binding = current.bindings.get(name);
      if (binding !== undefined) return binding;
    }
    return undefined;
  }
}

/** Class bases as written: `Base`, `models.Model`, `Generic` for `Generic[T]`. */
export function basesOf(scope: Scope): string[] {
  scope.bases ??= readBases(scope.definition?.bases);
  return scope.bases;
}

function readBases(argumentList: SyntaxNode | undefined): string[] {
  const bases: string[] = [];
  for (const base of argumentList?.namedChildren ?? []) {
    const named = base?.type === 'subscript' ? base.childForFieldName('value') : base;
    if (named && (named.type === 'identifier' || named.type === 'attribute')) bases.push(named.text.replace(/\s+/g, ''));
  }
  return bases;
}

export function mergeBinding(table: Map<string, Binding>, name: string, binding: Binding): void {
  const previous = table.get(name);
  if (previous === undefined || previous === NEUTRAL) table.set(name, binding);
  else if (binding !== NEUTRAL && previous !== binding) table.set(name, UNTYPED);
}

export function typeOf(binding: Binding | undefined): string | undefined {
  return typeof binding === 'string' ? binding : undefined;
}

function newScope(
  kind: Scope['kind'], name: string, start: number, end: number, bodyStart: number,
  parent: Scope | undefined, definition: DefinitionMatch | undefined,
): Scope {
  return {
    kind, name, start, end, bodyStart, parent, children: [], definition, symbolName: undefined, enclosingSymbol: '',
    wrapper: undefined,
    decorators: [], bases: undefined, bindings: new Map(), attributes: new Map(),
  };
}

function nestScopes(definitions: readonly DefinitionMatch[], module: Scope): ScopeIndex<Scope> {
  // Node.endIndex asks the wasm side each time: read it once per definition.
  const spans = definitions.map((definition) => ({ definition, start: definition.node.startIndex, end: definition.node.endIndex }));
  return ScopeIndex.nest(spans, ({ definition, start, end }, outer: Scope | undefined) => {
    const parent = outer ?? module;
    const scope = newScope(definition.kind, definition.name, start, end, definition.body.startIndex, parent, definition);
    parent.children.push(scope);
    return scope;
  });
}

/** Separates a nested function from the function whose body defines it: `outer>inner`. */
export const NESTED_SEPARATOR = '>';

/**
 * Functions and classes at module level or inside such classes are symbols, and so are
 * functions defined in the body of a function symbol (`outer>inner`, `C.m>helper`);
 * classes defined inside functions, and their methods, are not.
 */
function symbolNameOf(scope: Scope): string | undefined {
  const parent = scope.parent;
  if (!parent || parent.kind === 'module') return scope.name;
  if (parent.symbolName === undefined) return undefined;
  if (parent.kind === 'class') return `${parent.symbolName}.${scope.name}`;
  return scope.kind === 'function' ? `${parent.symbolName}${NESTED_SEPARATOR}${scope.name}` : undefined;
}

/** `@app.route('/x')` -> `app.route`; `@ staticmethod` -> `staticmethod`. */
function decoratorName(text: string): string {
  const withoutAt = text.replace(/^@/, '');
  const call = withoutAt.indexOf('(');
  return (call >= 0 ? withoutAt.slice(0, call) : withoutAt).replace(/\s+/g, '');
}
