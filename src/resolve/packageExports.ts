import type { ImportBinding } from '../extract/facts';
import type { ImportTarget, LanguageResolver } from './languages/languageResolver';
import type { Resolution } from './scope';
import type { SymbolTable } from './symbolTable';

/** Re-exports and base types followed at most this deep. */
export const MAX_HOPS = 6;

/** What looking up a package's exports needs of the file scope asking. */
export interface ExportLookupHost {
  readonly table: SymbolTable;
  readonly resolver: LanguageResolver;
  /** The asking file's language family: a name is looked up only as that family declares it. */
  readonly family: string;
  /** An import of a module another repository of the graph provides (FileScope's). */
  resolveForeign(module: string, imported: string): Resolution | undefined;
}

/**
 * `lookupExport` answers by (resolver, package, name), kept while the table is unchanged:
 * computed receiver types ask for the same exported names over and over, and following a
 * barrel's re-exports each time was most of the link phase on a 300k-line TypeScript repo.
 */
interface ExportAnswers {
  version: number;
  readonly byResolver: WeakMap<LanguageResolver, Map<string, Resolution | undefined>>;
}
const exportAnswers = new WeakMap<SymbolTable, ExportAnswers>();

/** `name` as exported by a package: declared there, imported and re-exported, or a submodule. */
export function lookupExport(host: ExportLookupHost, packagePath: string, name: string, hops: number): Resolution | undefined {
  if (hops > 0) return findExport(host, packagePath, name, hops);
  const answers = answersOf(host);
  const key = `${packagePath}\0${name}`;
  if (answers.has(key)) return answers.get(key);
  const found = findExport(host, packagePath, name, 0);
  answers.set(key, found);
  return found;
}

function answersOf({ table, resolver }: ExportLookupHost): Map<string, Resolution | undefined> {
  let cache = exportAnswers.get(table);
  if (!cache || cache.version !== table.version) {
    cache = { version: table.version, byResolver: new WeakMap() };
    exportAnswers.set(table, cache);
  }
  let answers = cache.byResolver.get(resolver);
  if (!answers) cache.byResolver.set(resolver, (answers = new Map()));
  return answers;
}

function findExport(host: ExportLookupHost, packagePath: string, name: string, hops: number): Resolution | undefined {
  if (hops > MAX_HOPS) return undefined;
  const { table } = host;
  const files = table.filesOfPackage(packagePath);
  const entry = table.lookupInFamily(packagePath, name === 'default' ? defaultExportOf(table, files) ?? name : name, host.family);
  if (entry) return { kind: 'symbol', packagePath, entry };
  // Python exports whatever a module imports, and the last import binding a name wins.
  // TS/JS exports only what it re-exports, a name once: a name it exports itself
  // (`export { renderApp as render }`) before any `export * from` that also offers it, as
  // ES modules resolve an export, so star re-exports are read in a second pass; there a
  // module of the repo that exports the name wins over a package outside it, which may
  // offer any name.
  let outside: Resolution | undefined;
  for (const stars of [false, true]) {
    for (const file of files) {
      const facts = table.factsOf(file);
      if (!facts) continue;
      const importsAreExports = facts.language === 'python';
      if (importsAreExports && stars) continue;
      const imports = importsAreExports ? [...facts.imports].reverse() : facts.imports;
      const inThisPass = (b: ImportBinding): boolean => importsAreExports || isWildcard(b) === stars;
      for (const fact of imports) {
        if (!fact.reexport && !importsAreExports) continue;
        const binding = fact.bindings.find((b) => inThisPass(b) && (b.local === name || (isWildcard(b) && (fact.reexport || importsAreExports))));
        if (!binding) continue;
        const target = host.resolver.resolveImport(fact.source, file);
        // A Python star import binds only what the module offers it (starImportBinds), and
        // from outside the repository nothing we can know.
        if (importsAreExports && isWildcard(binding) && !(target.inRepo && starImportBinds(table, target.packagePath, name))) continue;
        const found = followBinding(host, target, binding, name, hops);
        if (found && stars && !target.inRepo) outside ??= found;
        else if (found) return found;
      }
    }
  }
  if (outside) return outside;
  // Python: `from pkg import sub` names a submodule when the package does not define it.
  const submodule = `${packagePath}.${name}`;
  if (table.hasPackage(submodule)) return { kind: 'module', packagePath: submodule };
  return undefined;
}

function followBinding(host: ExportLookupHost, target: ImportTarget, binding: ImportBinding, name: string, hops: number): Resolution | undefined {
  if (!target.inRepo) {
    const imported = binding.local === '*' ? name : binding.imported;
    return host.resolveForeign(target.module, imported) ?? { kind: 'external', name: `${target.module}.${binding.imported === '*' ? name : binding.imported}` };
  }
  if (binding.local === '*') return lookupExport(host, target.packagePath, name, hops + 1);
  if (binding.imported === '*') return { kind: 'module', packagePath: target.packagePath };
  return lookupExport(host, target.packagePath, binding.imported, hops + 1);
}

function isWildcard(binding: ImportBinding): boolean {
  return binding.local === '*' && binding.imported === '*';
}

/**
 * Whether Python's `from <packagePath> import *` binds `name`: a name the module's
 * `__all__` lists, or, without `__all__`, any name not starting with an underscore. A
 * module whose `__all__` cannot be read binds nothing we know of.
 */
export function starImportBinds(table: SymbolTable, packagePath: string, name: string): boolean {
  for (const file of table.filesOfPackage(packagePath)) {
    const exported = table.factsOf(file)?.starExports;
    if (exported === null) return false;
    if (exported !== undefined) return exported.includes(name);
  }
  return !name.startsWith('_');
}

function defaultExportOf(table: SymbolTable, files: ReadonlySet<string>): string | undefined {
  for (const file of files) {
    const name = table.factsOf(file)?.defaultExport;
    if (name) return name;
  }
  return undefined;
}
