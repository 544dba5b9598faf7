import type { ExtractInput, SyntaxNode } from '../extractor';
import type { Position } from '../facts';
import type { ModuleFacts } from './modules';
import type { Scope } from './scope';
import type { SymbolTable } from './symbols';
import type { DeclaredNames } from './callbackLocals';

/**
 * The types the TypeScript extractor's modules share: the role matches replayed in
 * source order, the state their handlers write into, and the calls and route
 * candidates kept for the end of the file. Types only, importing no handler module, so
 * the handlers and the state import this and never each other.
 */

/** One query match, named by its role capture, with the match's other captures. */
export interface RoleMatch {
  readonly role: string;
  readonly node: SyntaxNode;
  readonly parts: ReadonlyMap<string, SyntaxNode>;
}

/** Reads one match; returns the scope it opens, if any. */
export type MatchHandler = (match: RoleMatch, state: FileState) => Scope | void;

/** What the object of a member call is, for typing it later. */
export type ObjectRef =
  | { readonly kind: 'this' | 'super' | 'opaque' }
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'field'; readonly field: string };

export type CalleeDraft =
  | { readonly form: 'name'; readonly name: string }
  | { readonly form: 'new'; readonly name: string; readonly object?: string }
  | {
    readonly form: 'member';
    readonly object: string;
    readonly property: string;
    readonly ref: ObjectRef;
    /** The object expression, typed at the end of the file when `ref` does not name its type. */
    readonly node?: SyntaxNode;
  };

/** A call as read in source order, typed once the file's bindings are all known. */
export interface PendingCall {
  readonly position: Position;
  readonly scope: Scope;
  readonly callee: CalleeDraft;
  /** `describe`/`it`/`test` in a test file: a call only where a function of the test's own declares the name. */
  readonly testFramework?: true;
}

/** A function's return, typed at the end of the file (returns.ts); no value: not one we type. */
export interface PendingReturn {
  /** The symbol returned from. */
  readonly owner: string;
  readonly value: SyntaxNode | undefined;
  readonly scope: Scope;
}

/** `app.get('/p', h)`: a registration call, kept until the file's imports name its router. */
export interface RouteCall {
  readonly call: SyntaxNode;
  readonly verb: SyntaxNode;
  readonly object: SyntaxNode;
  readonly argumentsNode: SyntaxNode;
  readonly scope: Scope;
}

/** `@Get('/p')`: a decorator, kept until the file's imports show NestJS. */
export interface RouteDecorator {
  readonly decorator: SyntaxNode;
  readonly name: SyntaxNode;
  readonly argumentsNode: SyntaxNode;
}

export interface RouteCandidates {
  readonly calls: RouteCall[];
  readonly decorators: RouteDecorator[];
}

/** Everything learned about one file while its matches are replayed in source order. */
export interface FileState {
  readonly input: ExtractInput;
  /** The innermost scope at the match being read. */
  scope: Scope;
  readonly symbols: SymbolTable;
  readonly modules: ModuleFacts;
  readonly calls: PendingCall[];
  readonly returns: PendingReturn[];
  readonly routes: RouteCandidates;
  /** `fetch(url, init)` calls, read as HTTP requests once the file's bindings are known (httpClients.ts). */
  readonly fetchCalls: Array<{ readonly call: SyntaxNode; readonly scope: Scope }>;
  /** Module-level class names: `Foo.create()` is a static call on Foo. */
  readonly moduleClasses: Set<string>;
  /** Module-level functions the file implements (`function f() {…}`, `const f = () => …`): not ambient declarations. */
  readonly moduleFunctions: Set<string>;
  /** `export <declaration>`: the declaration's start index to its export statement. */
  readonly exportStatements: Map<number, SyntaxNode>;
  readonly isTestFile: boolean;
  /** Where the file declares each name: callback-local functions are symbols only under a name declared once (callbackLocals.ts). */
  readonly declaredNames: DeclaredNames;
  /** The export statement around a declaration, if it is exported where it is declared. */
  exportStatementOf(declaration: SyntaxNode): SyntaxNode | undefined;
}
