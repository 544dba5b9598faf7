import type { ExtractInput, SyntaxNode } from '../extractor';
import type { PendingCall } from './calls';
import { ModuleFacts } from './modules';
import type { RouteCandidates } from './routes';
import { Scope } from './scope';
import { SymbolTable } from './symbols';
import { isTestFile } from './tests';

/** One query match, named by its primary capture. */
export interface MatchEvent {
  readonly primary: string;
  readonly node: SyntaxNode;
  readonly captures: ReadonlyMap<string, SyntaxNode>;
}

/** Reads one match; returns the scope it opens, if any. */
export type MatchHandler = (event: MatchEvent, state: FileState) => Scope | void;

/** Everything learned about one file while its matches are replayed in source order. */
export class FileState {
  /** The innermost scope at the match being read. */
  scope: Scope;
  readonly symbols = new SymbolTable();
  readonly modules: ModuleFacts;
  readonly calls: PendingCall[] = [];
  readonly routes: RouteCandidates = { calls: [], decorators: [] };
  /** Module-level class names: `Foo.create()` is a static call on Foo. */
  readonly moduleClasses = new Set<string>();
  /** `export <declaration>`: the declaration's start index to its export statement. */
  readonly exportStatements = new Map<number, SyntaxNode>();
  readonly isTestFile: boolean;

  constructor(readonly input: ExtractInput) {
    this.scope = new Scope('program', Number.POSITIVE_INFINITY, undefined);
    this.modules = new ModuleFacts(input.path);
    this.isTestFile = isTestFile(input.path);
  }

  /** The export statement around a declaration, if it is exported where it is declared. */
  exportStatementOf(declaration: SyntaxNode): SyntaxNode | undefined {
    return this.exportStatements.get(declaration.startIndex);
  }
}
