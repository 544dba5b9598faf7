import { GLOBAL_NAMESPACE } from '../extract/csharp/syntax';
import type { Hash } from '../model';
import type { SymbolTable } from '../resolve/symbolTable';
import type { ProvidedModuleRecord } from '../store';

/**
 * What a repository provides where the language's imports name packages its source
 * declares rather than anything a manifest says: Java packages (`package com.acme.lib;`,
 * imported as `com.acme.lib.Greeter` or `com.acme.lib.*`) as ecosystem `java`, and C#
 * namespaces (`namespace Acme.Lib`, opened by `using Acme.Lib;`) as `dotnet-namespace`.
 * Maven coordinates and RootNamespace never appear in an import, so the declaring
 * source is the only truthful witness. Read from the repository's symbol table: the
 * default Java package and C#'s global namespace cannot be imported and are left out.
 */
export function declaredPackages(table: SymbolTable, repoHash: Hash): ProvidedModuleRecord[] {
  const found = new Map<string, ProvidedModuleRecord>();
  for (const file of table.files()) {
    const facts = table.factsOf(file);
    if (facts?.language === 'java' && facts.packageName) {
      found.set(`java\0${facts.packageName}`, { repoHash, ecosystem: 'java', name: facts.packageName, root: '' });
    } else if (facts?.language === 'csharp') {
      for (const namespace of table.packagesOfFile(file)) {
        if (namespace !== GLOBAL_NAMESPACE) found.set(`dotnet-namespace\0${namespace}`, { repoHash, ecosystem: 'dotnet-namespace', name: namespace, root: '' });
      }
    }
  }
  return [...found.values()];
}
