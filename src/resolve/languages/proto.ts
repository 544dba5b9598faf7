import type { RepoLayout } from '../layout';
import { joinPath, parentDir } from '../layout';
import type { ImportTarget, LanguageResolver } from './languageResolver';

/**
 * Protocol Buffers: a file's package path is its `package` (DESIGN §4), or the file path
 * without `.proto` when it declares none. Its module node is the file itself, since an
 * import names a file. protoc resolves `import "a/b.proto"` against its include roots;
 * the repo does not say which they are, so the plausible ones are tried nearest first:
 * the importing file's directory, then each ancestor up to the repo root (a schema
 * vendored into `svc-a/protos/` imports its siblings, never another service's copy),
 * then the one repo file ending in `/a/b.proto` when exactly one does (a root such as
 * `third_party/googleapis` outside the file's ancestry); otherwise it is outside the repo.
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
      for (let root = parentDir(fromFile); ; root = parentDir(root)) {
        const candidate = joinPath(root, source);
        if (layout.files.has(candidate)) return { inRepo: true, packagePath: candidate };
        if (root === '') break;
      }
      const bySuffixMatch = bySuffix.get(joinPath('', source));
      return bySuffixMatch ? { inRepo: true, packagePath: bySuffixMatch } : { inRepo: false, module: source };
    },
    isBuiltin: () => false,
  };
}
