import type { NodeKind } from '../model/kinds';

/**
 * What an extractor reports about one file: plain data, no hashes and no repo-wide
 * knowledge. Names are local ("Func", "Type.method"); src/resolve turns them into
 * qualified names and links references across files. Facts are stored per file so a
 * later index run can re-resolve an unchanged file without parsing it again; bump
 * FACTS_FORMAT_VERSION whenever their shape or an extractor's output changes.
 */
export const FACTS_FORMAT_VERSION = 2;

export type LanguageId = 'go' | 'typescript' | 'tsx' | 'javascript' | 'python';

/** Positions are 1-based lines and 0-based columns, as editors show them (col + 1). */
export interface Position {
  readonly line: number;
  readonly col: number;
}

/** A declaration. Its position is the name token, where a language server points. */
export interface SymbolFact extends Position {
  /** Name inside the package: `Func`, `Type`, `Type.method`, `Class.method`. */
  readonly name: string;
  readonly kind: NodeKind;
  readonly endLine: number;
  /** The declaration header as written, whitespace collapsed, without the body. */
  readonly signature: string;
  /** Hash of the symbol's full source text. */
  readonly bodyHash: string;
  /** Leading doc comment or docstring, trimmed; empty when none. */
  readonly doc: string;
  readonly exported: boolean;
  /** Interfaces: the method names they require (Go method-set comparison). */
  readonly methods?: readonly string[];
  /** Classes/structs: the types they name as base classes or embed (name as written). */
  readonly bases?: readonly string[];
}

/**
 * One import statement. `source` is the module as written (`./util`, `net/http`,
 * `..models`, `a.b.c`). Each binding maps a local name to what it imports:
 * `*` for the whole module (Go package, `import * as ns`, `import a.b as c`),
 * `default` for a default import, otherwise the exported name.
 */
export interface ImportFact extends Position {
  readonly source: string;
  readonly bindings: readonly ImportBinding[];
  /** `export ... from` re-exports: the bindings become exports of this module. */
  readonly reexport?: boolean;
}

export interface ImportBinding {
  readonly imported: string;
  readonly local: string;
}

/**
 * The callee as the syntax shows it. `objectType` is the type name the extractor could
 * see for the object from local declarations (a typed parameter, `x := T{}`, a Go
 * receiver, `this`/`self` inside a class, an annotated class field); resolve uses it
 * to find `Type.property`. An absent objectType means "unknown": resolve then emits
 * nothing for a member call rather than guess.
 */
export type CalleeExpr =
  | { readonly form: 'name'; readonly name: string }
  | {
      readonly form: 'member';
      /** The object as written: an identifier, `this`, `self`, or a dotted path. */
      readonly object: string;
      readonly property: string;
      readonly objectType?: string;
    }
  | { readonly form: 'new'; readonly name: string; readonly object?: string };

/**
 * A call. Its position is the start of the callee's name token: the identifier in
 * `foo()`, the property in `a.b.foo()`, the class name in `new Foo()`. That position is
 * unique per call (chained calls share a start) and is where a language server's
 * definition query is asked.
 */
export interface CallFact extends Position {
  /** The enclosing symbol's name, or '' for module scope. */
  readonly caller: string;
  readonly callee: CalleeExpr;
}

/** A non-call use of an identifier (Go references). */
export interface ReferenceFact extends Position {
  readonly from: string;
  readonly target: CalleeExpr;
}

export interface RouteFact extends Position {
  /** HTTP method in upper case, `ANY` when the registration does not fix one. */
  readonly method: string;
  /** The path pattern normalised to `{param}` placeholders. */
  readonly path: string;
  readonly mappingType: 'http_route' | 'grpc_method';
  /** The handler: a symbol of this file by name, or a callee to resolve. */
  readonly handler: CalleeExpr | null;
  /** The symbol the registration sits in, '' for module scope. */
  readonly registeredIn: string;
  readonly framework: string;
}

export interface FileFacts {
  readonly path: string;
  readonly language: LanguageId;
  readonly symbols: readonly SymbolFact[];
  readonly imports: readonly ImportFact[];
  readonly calls: readonly CallFact[];
  readonly references: readonly ReferenceFact[];
  readonly routes: readonly RouteFact[];
  /** TS/JS: the local symbol name behind `export default`, when it names one. */
  readonly defaultExport?: string;
  /** Go: the `package` clause name. */
  readonly packageName?: string;
  /** Syntax errors seen; the facts are then partial but still used. */
  readonly syntaxErrors: number;
}
