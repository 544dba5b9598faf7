import type { LanguageId } from '../extract/facts';
import type { RouteServer } from './httpRoutes';
import type { SymbolTable } from './symbolTable';

/** A package of another repository of the graph: its table (home set) and package path there. */
export interface ForeignPackage {
  readonly table: SymbolTable;
  readonly packagePath: string;
}

/**
 * What the repository being linked sees of the other repositories in the graph: the
 * package an import the language resolver found outside the repository loads, when a
 * repository that provides that module (a Go module path, an npm package, a Python
 * package) is in the graph. Undefined keeps the import outside (a placeholder).
 */
export interface ForeignModules {
  packageOf(module: string, fromLanguage: LanguageId): ForeignPackage | undefined;
  /**
   * The other repositories of the graph that run a service (lower case: its service name
   * or one of its declared folder services), whose routes a request to a host naming that
   * service may land on. Empty when none does.
   */
  serversOf(service: string): readonly RouteServer[];
}
