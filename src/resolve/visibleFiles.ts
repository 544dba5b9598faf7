import type { FileFacts } from '../extract/facts';
import type { LanguageResolver } from './languages/languageResolver';
import type { SymbolTable } from './symbolTable';

/**
 * The files whose declarations a file sees by its imports: itself, each file it imports,
 * and what those re-export (`reexport` imports: proto `import public`), transitively.
 * Protobuf scoping: a type named in a file must be declared there or in a file it imports,
 * never merely somewhere in the repository (a vendored copy of the same schema elsewhere
 * is another file the importer does not see). Imports outside the repo add nothing.
 */
export function visibleFiles(facts: FileFacts, resolver: LanguageResolver, table: SymbolTable): Set<string> {
  const visible = new Set([facts.path]);
  const pending: string[] = [];
  const follow = (source: string, from: string): void => {
    const target = resolver.resolveImport(source, from);
    if (target.inRepo && !visible.has(target.packagePath)) pending.push(target.packagePath);
  };
  for (const fact of facts.imports) follow(fact.source, facts.path);
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (visible.has(file)) continue;
    visible.add(file);
    for (const fact of table.factsOf(file)?.imports ?? []) if (fact.reexport) follow(fact.source, file);
  }
  return visible;
}
