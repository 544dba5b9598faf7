import { GLOBAL_NAMESPACE } from '../../extract/csharp/syntax';
import type { RepoLayout } from '../layout';
import { csharpTypeSyntax } from './csharpTypes';
import type { ImportTarget, LanguageResolver } from './languageResolver';

/** `namespace A.B` at the start of a line, block or file-scoped. */
const NAMESPACE_DECLARATION = /^[ \t]*namespace[ \t]+([A-Za-z_][\w.]*)/gm;

/**
 * C#: the package path is the namespace the file declares (its first one; symbols of
 * other namespaces in the file carry their own), `global` outside every namespace. A
 * namespace spans files, so a file's top-level names are visible to the others of its
 * namespace. `using A.B;` imports the namespace when some file of the repo declares it,
 * else it is external. The module node of a file is its path.
 */
export function csharpResolver(layout: RepoLayout): LanguageResolver {
  let declared: { namespaces: Set<string>; firstOfFile: Map<string, string> } | undefined;

  /** Read lazily, once: only imports and facts-less lookups need the repo's namespaces. */
  function scan(): { namespaces: Set<string>; firstOfFile: Map<string, string> } {
    if (declared) return declared;
    declared = { namespaces: new Set(), firstOfFile: new Map() };
    for (const file of layout.files) {
      if (!file.endsWith('.cs')) continue;
      for (const match of (layout.readOnce(file) ?? '').matchAll(NAMESPACE_DECLARATION)) {
        const namespace = match[1]!.replace(/\.+$/, '');
        declared.namespaces.add(namespace);
        if (!declared.firstOfFile.has(file)) declared.firstOfFile.set(file, namespace);
      }
    }
    return declared;
  }

  return {
    packageScope: true,
    packagePath: (filePath, facts) => (facts ? facts.packageName : scan().firstOfFile.get(filePath)) ?? GLOBAL_NAMESPACE,
    moduleNodePath: (filePath) => filePath,
    resolveImport(source): ImportTarget {
      return scan().namespaces.has(source) ? { inRepo: true, packagePath: source } : { inRepo: false, module: source };
    },
    isBuiltin: (name) => name === 'nameof',
    typeSyntax: csharpTypeSyntax,
  };
}
