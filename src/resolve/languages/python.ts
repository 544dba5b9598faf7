import type { RepoLayout } from '../layout';
import type { ImportTarget, LanguageResolver } from './languageResolver';
import { pythonTypeSyntax } from './pythonTypes';

const PYTHON_BUILTINS = new Set([
  'abs', 'aiter', 'all', 'anext', 'any', 'ascii', 'bin', 'bool', 'breakpoint', 'bytearray', 'bytes', 'callable',
  'chr', 'classmethod', 'compile', 'complex', 'delattr', 'dict', 'dir', 'divmod', 'enumerate', 'eval', 'exec',
  'filter', 'float', 'format', 'frozenset', 'getattr', 'globals', 'hasattr', 'hash', 'help', 'hex', 'id', 'input',
  'int', 'isinstance', 'issubclass', 'iter', 'len', 'list', 'locals', 'map', 'max', 'memoryview', 'min', 'next',
  'object', 'oct', 'open', 'ord', 'pow', 'print', 'property', 'range', 'repr', 'reversed', 'round', 'set',
  'setattr', 'slice', 'sorted', 'staticmethod', 'str', 'sum', 'super', 'tuple', 'type', 'vars', 'zip', '__import__',
  // The built-in exceptions and warnings (Python 3.13).
  'BaseException', 'BaseExceptionGroup', 'GeneratorExit', 'KeyboardInterrupt', 'SystemExit', 'Exception',
  'ArithmeticError', 'FloatingPointError', 'OverflowError', 'ZeroDivisionError', 'AssertionError', 'AttributeError',
  'BufferError', 'EOFError', 'ExceptionGroup', 'ImportError', 'ModuleNotFoundError', 'LookupError', 'IndexError',
  'KeyError', 'MemoryError', 'NameError', 'UnboundLocalError', 'OSError', 'IOError', 'EnvironmentError',
  'BlockingIOError', 'ChildProcessError', 'ConnectionError', 'BrokenPipeError', 'ConnectionAbortedError',
  'ConnectionRefusedError', 'ConnectionResetError', 'FileExistsError', 'FileNotFoundError', 'InterruptedError',
  'IsADirectoryError', 'NotADirectoryError', 'PermissionError', 'ProcessLookupError', 'TimeoutError',
  'ReferenceError', 'RuntimeError', 'NotImplementedError', 'PythonFinalizationError', 'RecursionError',
  'StopAsyncIteration', 'StopIteration', 'SyntaxError', 'IndentationError', 'TabError', 'SystemError', 'TypeError',
  'ValueError', 'UnicodeError', 'UnicodeDecodeError', 'UnicodeEncodeError', 'UnicodeTranslateError',
  'Warning', 'BytesWarning', 'DeprecationWarning', 'EncodingWarning', 'FutureWarning', 'ImportWarning',
  'PendingDeprecationWarning', 'ResourceWarning', 'RuntimeWarning', 'SyntaxWarning', 'UnicodeWarning', 'UserWarning',
]);

/**
 * Python: the dotted module path from the repository root (`app/api/routes.py` is
 * `app.api.routes`, `app/__init__.py` is `app`), with a leading `src.` dropped when src/
 * is not itself a package (the src layout). Absolute imports match a module exactly, or
 * else by a unique dotted suffix, so code run from a subdirectory (`backend/app/...`
 * imported as `app...`) still links.
 */
export function pythonResolver(layout: RepoLayout): LanguageResolver {
  const srcIsPackage = layout.files.has('src/__init__.py');
  const moduleOf = new Map<string, string>();
  const fileOfModule = new Map<string, string>();
  const bySuffix = new Map<string, string | null>();

  for (const file of [...layout.files].filter((f) => f.endsWith('.py') || f.endsWith('.pyi')).sort()) {
    let dotted = dottedPath(file);
    if (!srcIsPackage && dotted.startsWith('src.')) dotted = dotted.slice(4);
    if (fileOfModule.has(dotted)) continue;
    moduleOf.set(file, dotted);
    fileOfModule.set(dotted, file);
    const parts = dotted.split('.');
    for (let i = 1; i < parts.length; i++) {
      const suffix = parts.slice(i).join('.');
      bySuffix.set(suffix, bySuffix.has(suffix) ? null : dotted);
    }
  }

  function packagePath(filePath: string): string {
    return moduleOf.get(filePath) ?? dottedPath(filePath);
  }

  function findModule(dotted: string): string | undefined {
    if (fileOfModule.has(dotted)) return dotted;
    return bySuffix.get(dotted) ?? undefined;
  }

  return {
    packageScope: false,
    packagePath,
    moduleNodePath: packagePath,
    resolveImport(source, fromFile): ImportTarget {
      const absolute = source.startsWith('.') ? relativeModule(source, fromFile, packagePath(fromFile)) : source;
      const found = absolute === undefined ? undefined : findModule(absolute);
      return found ? { inRepo: true, packagePath: found } : { inRepo: false, module: absolute ?? source };
    },
    isBuiltin: (name) => PYTHON_BUILTINS.has(name),
    typeSyntax: pythonTypeSyntax,
  };
}

function dottedPath(file: string): string {
  const withoutExtension = file.replace(/\.pyi?$/, '');
  const parts = withoutExtension.split('/');
  if (parts[parts.length - 1] === '__init__' && parts.length > 1) parts.pop();
  return parts.join('.');
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
