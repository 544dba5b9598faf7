import { type RepoLayout, joinPath, parentDir } from '../layout';
import type { ImportTarget, LanguageResolver } from './languageResolver';

const GO_BUILTINS = new Set([
  'append', 'cap', 'clear', 'close', 'complex', 'copy', 'delete', 'imag', 'len', 'make', 'max', 'min', 'new',
  'panic', 'print', 'println', 'real', 'recover',
  // conversions that look like calls
  'bool', 'byte', 'complex64', 'complex128', 'error', 'float32', 'float64', 'int', 'int8', 'int16', 'int32',
  'int64', 'rune', 'string', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'any',
]);

/** Go: the package path is the module path from the nearest go.mod plus the directory. */
export function goResolver(layout: RepoLayout): LanguageResolver {
  const packageOfDir = new Map<string, string>();
  const inRepoPackages = new Set<string>();

  function packageOfDirectory(dir: string): string {
    let cached = packageOfDir.get(dir);
    if (cached === undefined) {
      const goMod = layout.nearest(dir, 'go.mod');
      const modulePath = goMod ? /^\s*module\s+(\S+)/m.exec(layout.readText(goMod) ?? '')?.[1] : undefined;
      if (goMod && modulePath) {
        const modDir = parentDir(goMod);
        const rest = modDir === '' ? dir : dir.slice(modDir.length + 1);
        cached = rest ? `${modulePath}/${rest}` : modulePath;
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
    resolveImport(source): ImportTarget {
      return inRepoPackages.has(source) ? { inRepo: true, packagePath: source } : { inRepo: false, module: source };
    },
    isBuiltin: (name) => GO_BUILTINS.has(name),
  };
}
