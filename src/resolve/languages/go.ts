import { type RepoLayout, joinPath, parentDir } from '../layout';
import { goTypeSyntax } from './goTypes';
import type { ImportTarget, LanguageResolver } from './languageResolver';

const GO_BUILTINS = new Set([
  'append', 'cap', 'clear', 'close', 'complex', 'copy', 'delete', 'imag', 'len', 'make', 'max', 'min', 'new',
  'panic', 'print', 'println', 'real', 'recover',
  // conversions that look like calls
  'bool', 'byte', 'complex64', 'complex128', 'error', 'float32', 'float64', 'int', 'int8', 'int16', 'int32',
  'int64', 'rune', 'string', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'any',
]);

/**
 * Go: the package path is the module path from the nearest go.mod plus the directory.
 * A module path several go.mod files declare (copies of a sample, a template) names no
 * single package: those copies' packages are named by their directories, and an import
 * of that path means the copy the importing file is in; from outside every copy it stays
 * unresolved rather than pick one.
 */
export function goResolver(layout: RepoLayout): LanguageResolver {
  const packageOfDir = new Map<string, string>();
  const inRepoPackages = new Set<string>();
  const modulePathIn = (goMod: string): string | undefined => /^\s*module\s+(\S+)/m.exec(layout.readText(goMod) ?? '')?.[1];
  const declarations = new Map<string, number>();
  for (const file of layout.files) {
    const modulePath = file === 'go.mod' || file.endsWith('/go.mod') ? modulePathIn(file) : undefined;
    if (modulePath) declarations.set(modulePath, (declarations.get(modulePath) ?? 0) + 1);
  }
  const duplicated = (modulePath: string): boolean => (declarations.get(modulePath) ?? 0) > 1;

  function moduleAround(dir: string): { dir: string; path: string } | undefined {
    const goMod = layout.nearest(dir, 'go.mod');
    const path = goMod && modulePathIn(goMod);
    return goMod && path ? { dir: parentDir(goMod), path } : undefined;
  }

  function packageOfDirectory(dir: string): string {
    let cached = packageOfDir.get(dir);
    if (cached === undefined) {
      const module = moduleAround(dir);
      if (module && !duplicated(module.path)) {
        const rest = module.dir === '' ? dir : dir.slice(module.dir.length + 1);
        cached = rest ? `${module.path}/${rest}` : module.path;
      } else {
        cached = dir || '.';
      }
      packageOfDir.set(dir, cached);
    }
    return cached;
  }

  for (const file of layout.files) if (file.endsWith('.go')) inRepoPackages.add(packageOfDirectory(parentDir(file)));

  return {
    packageScope: true,
    packagePath: (filePath) => packageOfDirectory(parentDir(filePath)),
    moduleNodePath: (filePath) => joinPath(packageOfDirectory(parentDir(filePath)), filePath.slice(filePath.lastIndexOf('/') + 1)),
    resolveImport(source, fromFile): ImportTarget {
      if (inRepoPackages.has(source)) return { inRepo: true, packagePath: source };
      const own = moduleAround(parentDir(fromFile));
      if (own && duplicated(own.path) && (source === own.path || source.startsWith(`${own.path}/`))) {
        const packagePath = joinPath(own.dir, source.slice(own.path.length + 1)) || '.';
        if (inRepoPackages.has(packagePath)) return { inRepo: true, packagePath };
      }
      return { inRepo: false, module: source };
    },
    isBuiltin: (name) => GO_BUILTINS.has(name),
    typeSyntax: goTypeSyntax,
  };
}
