import { type RepoLayout, parentDir } from '../layout';
import { javaTypeSyntax } from './javaTypes';
import type { FileFactsHeader, ImportTarget, LanguageResolver } from './languageResolver';

/** java.lang: visible everywhere without an import, so never a placeholder of its own. */
const JAVA_LANG = new Set([
  'Object', 'String', 'StringBuilder', 'StringBuffer', 'CharSequence', 'Boolean', 'Byte', 'Character', 'Short',
  'Integer', 'Long', 'Float', 'Double', 'Number', 'Void', 'Math', 'StrictMath', 'System', 'Runtime', 'Thread',
  'ThreadLocal', 'Runnable', 'Iterable', 'Comparable', 'AutoCloseable', 'Class', 'ClassLoader', 'Enum', 'Record',
  'Process', 'ProcessBuilder', 'Throwable', 'StackWalker', 'Module', 'Override', 'Deprecated', 'SuppressWarnings',
  'FunctionalInterface', 'SafeVarargs',
]);

/**
 * Java: the package path is the `package` declaration (`com.example.users`); a file in
 * the default package takes its directory instead. Files of one package see each other's
 * classes without imports. The resolver sees the file list, not the files, so a package
 * counts as part of the repo when some directory holding .java files ends with its path
 * (`src/main/java/com/example/users` holds `com.example.users`), the layout every Java
 * build tool uses.
 */
export function javaResolver(layout: RepoLayout): LanguageResolver {
  const repoPackages = new Set<string>();
  for (const file of layout.files) {
    if (!file.endsWith('.java')) continue;
    const segments = parentDir(file).split('/').filter(Boolean);
    for (let start = 0; start < segments.length; start++) repoPackages.add(segments.slice(start).join('.'));
  }

  function packagePath(filePath: string, facts?: FileFactsHeader): string {
    return facts?.packageName || parentDir(filePath) || '.';
  }

  return {
    packageScope: true,
    packagePath,
    moduleNodePath: (filePath, facts) => `${packagePath(filePath, facts)}/${filePath.slice(filePath.lastIndexOf('/') + 1)}`,
    resolveImport(source): ImportTarget {
      return repoPackages.has(source) ? { inRepo: true, packagePath: source } : { inRepo: false, module: source };
    },
    // Exceptions and errors not found in the file's package or imports are java.lang's.
    isBuiltin: (name) => JAVA_LANG.has(name) || /^[A-Z]\w*(Exception|Error)$/.test(name),
    typeSyntax: javaTypeSyntax,
    // protoc-gen-grpc-java writes `GreeterGrpc` into the proto's package, which the
    // repository's own sources often share (src/main/java/hipstershop/AdService.java).
    packagesExtendOutsideRepo: true,
  };
}
