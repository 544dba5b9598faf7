import { type RepoLayout, joinPath, parentDir } from '../layout';
import type { ImportTarget, LanguageResolver } from './languageResolver';

/**
 * Languages whose package path is the file path (DESIGN §4: SQL, CSS, YAML manifests),
 * and the fallback for a language without a resolver of its own. An import names a file
 * relative to the importing one, or from the repo root; anything else is outside the repo.
 */
export function fileResolver(layout: RepoLayout): LanguageResolver {
  return {
    packageScope: false,
    packagePath: (filePath) => filePath,
    moduleNodePath: (filePath) => filePath,
    resolveImport(source, fromFile): ImportTarget {
      for (const candidate of [joinPath(parentDir(fromFile), source), joinPath('', source)]) {
        if (layout.files.has(candidate)) return { inRepo: true, packagePath: candidate };
      }
      return { inRepo: false, module: source };
    },
    isBuiltin: () => false,
  };
}
