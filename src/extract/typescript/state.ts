import type { ExtractInput, SyntaxNode } from '../extractor';
import { ModuleFacts } from './modules';
import { Scope } from './scope';
import { SymbolTable } from './symbols';
import { isTestFile } from './tests';
import type { FileState, RoleMatch } from './types';
import { DeclaredNames } from './callbackLocals';

/** A file's state before its first match is replayed: the program scope, nothing read yet. */
export function newFileState(input: ExtractInput, matches: readonly RoleMatch[]): FileState {
  const exportStatements = new Map<number, SyntaxNode>();
  return {
    input,
    scope: new Scope('program', Number.POSITIVE_INFINITY, undefined),
    symbols: new SymbolTable(),
    modules: new ModuleFacts(input.path),
    calls: [],
    returns: [],
    routes: { calls: [], decorators: [] },
    fetchCalls: [],
    moduleClasses: new Set(),
    moduleFunctions: new Set(),
    exportStatements,
    isTestFile: isTestFile(input.path),
    declaredNames: new DeclaredNames(matches),
    exportStatementOf: (declaration) => exportStatements.get(declaration.startIndex),
  };
}
