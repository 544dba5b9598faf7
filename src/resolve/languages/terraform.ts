import { type RepoLayout, joinPath, parentDir } from '../layout';
import type { ImportTarget, LanguageResolver } from './languageResolver';

/**
 * Terraform: a module is a directory, so the package path is the file's directory (`.`
 * for the repository root) and all .tf files of a directory share one scope. A module
 * `source` that is a relative path names the module directory it points at, when that
 * directory holds .tf files; registry, git and URL sources are outside the repo.
 */
export function terraformResolver(layout: RepoLayout): LanguageResolver {
  const moduleDirs = new Set<string>();
  for (const file of layout.files) if (file.endsWith('.tf')) moduleDirs.add(parentDir(file));

  return {
    packageScope: true,
    packagePath: (filePath) => moduleDirOf(parentDir(filePath)),
    moduleNodePath: (filePath) => filePath,
    resolveImport(source, fromFile): ImportTarget {
      if (source.startsWith('./') || source.startsWith('../')) {
        const dir = joinPath(parentDir(fromFile), source).replace(/\/$/, '');
        const normalised = dir === '.' ? '' : dir;
        if (!normalised.startsWith('..') && moduleDirs.has(normalised)) return { inRepo: true, packagePath: moduleDirOf(normalised) };
      }
      return { inRepo: false, module: source };
    },
    isBuiltin: () => false,
  };
}

function moduleDirOf(dir: string): string {
  return dir === '' ? '.' : dir;
}
