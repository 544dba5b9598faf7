import type { SyntaxNode } from '../extractor';
import type { ImportFact, TypeExpr } from '../facts';
import { ScopeIndex, type SourceSpan } from '../scopeIndex';
import type { DecoratorMatch, DefinitionMatch } from './collect';
import { ComprehensionNames } from './comprehensions';
import { ReachingBindings } from './reachingBindings';

/**
 * Python scopes built from the definition matches alone: a module scope plus one per
 * function and class, nested by source range. Lookups go by source offset (binary
 * search, then up the parent chain) so no tree node is walked per call site.
 */

/**
 * One way a name (or a `self` attribute) is bound, kept as written and typed only when a
 * call site asks: `x = f(y)` needs y's type, which later bindings of y may still change.
 * - `untyped`: a binding whose type the syntax does not show (a tuple target, `+=`, ...);
 * - `none`: `= None`, which neither shows a type nor contradicts one;
 * - `typed`: an annotation, known at once;
 * - `value`: `= <expression>`, typed in `scope`;
 * - `iterated`: `for x in <iterable>`;
 * - `entered`: `with <manager> as x`.
 */
export type BindingSource =
  | { readonly form: 'untyped' | 'none' }
  | { readonly form: 'typed'; readonly type: TypeExpr | undefined }
  | {
      readonly form: 'value' | 'iterated' | 'entered';
      readonly node: SyntaxNode;
      readonly scope: Scope;
      /** Unpacked by a tuple target: the element at this position of the value (or of the iterated element). */
      readonly position?: number;
    };

/** Bound to something whose type the local syntax does not show. */
export const UNTYPED: BindingSource = { form: 'untyped' };
/** Bound to `None`. */
export const NONE: BindingSource = { form: 'none' };

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
  /** Every binding of each name bound in this scope, in source order. */
  readonly bindings: Map<string, BindingSource[]>;
  /** Classes: instance attributes assigned through `self` in their methods. */
  readonly attributes: Map<string, BindingSource[]>;
}

/** Type parameters by name, each with its upper bound as written, if it has one. */
export type TypeParameters = ReadonlyMap<string, string | undefined>;

export class ScopeTree {
  readonly module: Scope;
  private readonly index: ScopeIndex<Scope>;
  private readonly byStart = new Map<number, Scope>();

  /** Which binding of a function's local reaches a use (reachingBindings.ts). */
  readonly reaching: ReachingBindings;
  /** The names comprehensions bind, each held inside its comprehension only. */
  readonly comprehensions = new ComprehensionNames();

  constructor(
    definitions: readonly DefinitionMatch[], decorators: readonly DecoratorMatch[], sourceLength: number,
    blocks: readonly SourceSpan[] = [], loops: readonly SourceSpan[] = [],
  ) {
    this.reaching = new ReachingBindings(blocks, loops);
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

  /**
   * Module-level `T = TypeVar('T')` names (ParamSpec, TypeVarTuple too): never real types.
   * Each maps to its upper bound as written (`TypeVar('T', bound=Accept)`), if it has one.
   */
  readonly typeVariables = new Map<string, string | undefined>();

  /**
   * How this file writes `typing.Self`: `Self`, and through the names it imports typing
   * and typing_extensions under (`import typing_extensions as te` gives `te.Self`).
   */
  readonly selfTypeNames = new Set(['Self', 'typing.Self', 'typing_extensions.Self']);

  /** The names each function binds by an import statement in its body. */
  private readonly functionImports = new Map<Scope, Set<string>>();

  noteFunctionImport(scope: Scope, name: string): void {
    let names = this.functionImports.get(scope);
    if (!names) this.functionImports.set(scope, (names = new Set()));
    names.add(name);
  }

  /** Whether the function imports `name` in its body: the name is then that import, not the module's own. */
  importsIn(scope: Scope, name: string): boolean {
    return this.functionImports.get(scope)?.has(name) === true;
  }

  /** How this file writes `typing.cast`, which returns its first argument's type: through the names its imports make. */
  readonly castNames = new Set(['typing.cast', 'typing_extensions.cast']);

  /** The first segment of every name the file's imports bind, in any scope (`os` for `import os.path`). */
  readonly importedNames = new Set<string>();
  /** Whether the file has a `from m import *`, which may bind any name. */
  starImported = false;

  /**
   * Notes the names the file's imports bind, and the spellings of `Self` and `cast` that
   * its imports of typing and typing_extensions make.
   */
  noteImports(imports: readonly ImportFact[]): void {
    for (const fact of imports) {
      for (const { local } of fact.bindings) {
        if (local === '*') this.starImported = true;
        else this.importedNames.add(local.split('.')[0]!);
      }
      if (fact.source !== 'typing' && fact.source !== 'typing_extensions') continue;
      for (const { imported, local } of fact.bindings) {
        if (imported === '*' && local !== '*') {
          this.selfTypeNames.add(`${local}.Self`);
          this.castNames.add(`${local}.cast`);
        } else if (imported === 'Self') {
          this.selfTypeNames.add(local);
        } else if (imported === 'cast') {
          this.castNames.add(local);
        }
      }
    }
  }

  /**
   * The type parameters visible at `offset`, each with its bound if known: module type
   * variables and PEP 695 `[T]` of enclosing definitions (read without their bounds).
   */
  typeParametersAt(offset: number): TypeParameters {
    let names: Map<string, string | undefined> | undefined;
    for (let scope: Scope | undefined = this.scopeAt(offset); scope?.definition; scope = scope.parent) {
      const list = scope.definition.node.childForFieldName('type_parameters');
      for (const parameter of list?.namedChildren ?? []) {
        const name = parameter?.descendantsOfType('identifier')[0]?.text;
        if (name) (names ??= new Map(this.typeVariables)).set(name, undefined);
      }
    }
    return names ?? this.typeVariables;
  }

  /** The class whose method (or a function nested in one) holds `scope`. */
  methodClassOf(scope: Scope): Scope | undefined {
    for (let current: Scope | undefined = scope; current?.parent; current = current.parent) {
      if (current.kind === 'function' && current.parent.kind === 'class') return current.parent;
    }
    return undefined;
  }

  /**
   * The scope that binds `name` as seen from `scope`, with Python's rule that class
   * bodies are not visible from the functions inside them.
   */
  binderOf(name: string, scope: Scope): Scope | undefined {
    for (let current: Scope | undefined = scope; current; current = current.parent) {
      if (current.kind === 'class' && current !== scope) continue;
      if (current.bindings.has(name)) return current;
    }
    return undefined;
  }
}

const PROPERTY_DECORATORS = /(?:^|\.)(?:property|cached_property)$/;

/** Whether the scope is a method read as an attribute: `@property`, `@functools.cached_property`. */
export function isProperty(scope: Scope): boolean {
  return scope.kind === 'function' && scope.decorators.some((decorator) => PROPERTY_DECORATORS.test(decorator));
}

/** Whether the class defines a property named `name`. */
export function definesProperty(owner: Scope, name: string): boolean {
  return owner.children.some((child) => child.name === name && isProperty(child));
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

/** Records one more binding of `name`. */
export function addBinding(table: Map<string, BindingSource[]>, name: string, source: BindingSource): void {
  const sources = table.get(name);
  if (sources) sources.push(source);
  else table.set(name, [source]);
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

/** Separates a nested function or class from the function whose body defines it: `outer>inner`. */
export const NESTED_SEPARATOR = '>';

/**
 * Functions and classes at module level or inside such classes are symbols, and so are
 * functions and classes defined in the body of a function symbol (`outer>inner`,
 * `C.m>helper`, `test_stream>Raising` with its methods `test_stream>Raising.read`).
 */
function symbolNameOf(scope: Scope): string | undefined {
  const parent = scope.parent;
  if (!parent || parent.kind === 'module') return scope.name;
  if (parent.symbolName === undefined) return undefined;
  if (parent.kind === 'class') return `${parent.symbolName}.${scope.name}`;
  return `${parent.symbolName}${NESTED_SEPARATOR}${scope.name}`;
}

/** `@app.route('/x')` -> `app.route`; `@ staticmethod` -> `staticmethod`. */
function decoratorName(text: string): string {
  const withoutAt = text.replace(/^@/, '');
  const call = withoutAt.indexOf('(');
  return (call >= 0 ? withoutAt.slice(0, call) : withoutAt).replace(/\s+/g, '');
}
