import type { RepoLayout } from '../layout';
import { joinPath, parentDir } from '../layout';
import type { ImportTarget, LanguageResolver } from './languageResolver';

/**
 * Protocol Buffers: a file's package path is its `package` (DESIGN §4), or the file path
 * without `.proto` when it declares none. Its module node is the file itself, since an
 * import names a file: `import "a/b.proto"` is looked up from the repo root, then next to
 * the importing file, then as the unique repo file ending in `/a/b.proto` (protoc include
 * paths are rarely the repo root); otherwise it is outside the repo.
 */
export function protoResolver(layout: RepoLayout): LanguageResolver {
  const bySuffix = new Map<string, string | null>();
  for (const file of layout.files) {
    if (!file.endsWith('.proto')) continue;
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) {
      const suffix = parts.slice(i).join('/');
      bySuffix.set(suffix, bySuffix.has(suffix) ? null : file);
    }
  }

  return {
    packageScope: false,
    packagePath: (filePath, facts) => facts?.packageName || filePath.replace(/\.proto$/, ''),
    moduleNodePath: (filePath) => filePath,
    resolveImport(source, fromFile): ImportTarget {
      const fromRoot = joinPath('', source);
      if (layout.files.has(fromRoot)) return { inRepo: true, packagePath: fromRoot };
      const besides = joinPath(parentDir(fromFile), source);
      if (layout.files.has(besides)) return { inRepo: true, packagePath: besides };
      const bySuffixMatch = bySuffix.get(fromRoot);
      return bySuffixMatch ? { inRepo: true, packagePath: bySuffixMatch } : { inRepo: false, module: source };
    },
    isBuiltin: () => false,
  };
}
