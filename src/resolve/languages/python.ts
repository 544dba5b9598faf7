import { type RepoLayout, parentDir } from '../layout';
import type { ImportTarget, LanguageResolver } from './languageResolver';

const PYTHON_BUILTINS = new Set([
  'abs', 'aiter', 'all', 'anext', 'any', 'ascii', 'bin', 'bool', 'breakpoint', 'bytearray', 'bytes', 'callable',
  'chr', 'classmethod', 'compile', 'complex', 'delattr', 'dict', 'dir', 'divmod', 'enumerate', 'eval', 'exec',
  'filter', 'float', 'format', 'frozenset', 'getattr', 'globals', 'hasattr', 'hash', 'help', 'hex', 'id', 'input',
  'int', 'isinstance', 'issubclass', 'iter', 'len', 'list', 'locals', 'map', 'max', 'memoryview', 'min', 'next',
  'object', 'oct', 'open', 'ord', 'pow', 'print', 'property', 'range', 'repr', 'reversed', 'round', 'set',
  'setattr', 'slice', 'sorted', 'staticmethod', 'str', 'sum', 'super', 'tuple', 'type', 'vars', 'zip', '__import__',
  'Exception', 'ValueError', 'TypeError', 'KeyError', 'IndexError', 'RuntimeError', 'NotImplementedError',
  'AttributeError', 'StopIteration', 'AssertionError', 'OSError', 'IOError', 'PermissionError', 'FileNotFoundError',
]);

/**
 * Python: the dotted module path from the nearest source root, the first ancestor
 * directory that is not a package (has no __init__.py). `app/api/routes.py` with
 * app/ and app/api/ packages is `app.api.routes`; `src/app/x.py` is `app.x`.
 * When two files would get the same module name, the later one (by path) keeps its full
 * dotted path from the repo root, so module names stay unique.
 */
export function pythonResolver(layout: RepoLayout): LanguageResolver {
  const isPackageDir = (dir: string): boolean => dir !== '' && layout.files.has(`${dir}/__init__.py`);
  const moduleOf = new Map<string, string>();
  const fileOfModule = new Map<string, string>();

  const pythonFiles = [...layout.files].filter((f) => f.endsWith('.py') || f.endsWith('.pyi')).sort();
  for (const file of pythonFiles) {
    let dotted = dottedFromRoot(file, isPackageDir);
    if (fileOfModule.has(dotted)) dotted = dottedPath(file);
    if (fileOfModule.has(dotted)) continue;
    moduleOf.set(file, dotted);
    fileOfModule.set(dotted, file);
  }

  function packagePath(filePath: string): string {
    return moduleOf.get(filePath) ?? dottedPath(filePath);
  }

  return {
    packageScope: false,
    packagePath,
    moduleNodePath: packagePath,
    resolveImport(source, fromFile): ImportTarget {
      const absolute = source.startsWith('.') ? relativeModule(source, fromFile, packagePath(fromFile)) : source;
      if (absolute !== undefined && fileOfModule.has(absolute)) return { inRepo: true, packagePath: absolute };
      return { inRepo: false, module: absolute ?? source };
    },
    isBuiltin: (name) => PYTHON_BUILTINS.has(name),
  };
}

function dottedPath(file: string): string {
  const withoutExtension = file.replace(/\.pyi?$/, '');
  const parts = withoutExtension.split('/');
  if (parts[parts.length - 1] === '__init__' && parts.length > 1) parts.pop();
  return parts.join('.');
}

function dottedFromRoot(file: string, isPackageDir: (dir: string) => boolean): string {
  let root = parentDir(file);
  while (isPackageDir(root)) root = parentDir(root);
  return dottedPath(root === '' ? file : file.slice(root.length + 1));
}

/** `.x` / `..x` against the importing module: one dot is its own package. */
function relativeModule(source: string, fromFile: string, fromModule: string): string | undefined {
  const dots = /^\.+/.exec(source)?.[0].length ?? 0;
  const rest = source.slice(dots);
  const isInit = /(^|\/)__init__\.pyi?$/.test(fromFile);
  const parts = fromModule.split('.');
  const packageParts = isInit ? parts : parts.slice(0, -1);
  if (dots - 1 > packageParts.length) return undefined;
  const base = packageParts.slice(0, packageParts.length - (dots - 1));
  return [...base, ...(rest ? rest.split('.') : [])].join('.');
}
