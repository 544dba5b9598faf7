import { type RepoLayout, joinPath, parentDir } from '../layout';
import type { ImportTarget, LanguageResolver } from './languageResolver';
import { matchingPattern, moduleOptionsByFile, parseJsonc } from './tsconfig';
import { typescriptTypeSyntax } from './typescriptTypes';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const JS_BUILTINS = new Set([
  'require', 'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'setTimeout', 'clearTimeout', 'setInterval',
  'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'structuredClone', 'encodeURIComponent',
  'decodeURIComponent', 'encodeURI', 'decodeURI', 'String', 'Number', 'Boolean', 'Symbol', 'BigInt', 'Object',
  'Array', 'Promise', 'Error', 'TypeError', 'RangeError', 'Date', 'RegExp', 'Map', 'Set', 'WeakMap', 'WeakSet',
  'JSON', 'Math', 'fetch', 'atob', 'btoa', 'eval', 'Proxy', 'Reflect', 'URL', 'URLSearchParams',
  'Response', 'Request', 'Headers', 'FormData', 'Blob', 'AbortController', 'TextEncoder', 'TextDecoder', 'Buffer',
  'Uint8Array', 'ArrayBuffer', 'DataView', 'WeakRef', 'Intl', 'Function', 'Event', 'EventTarget', 'CustomEvent',
  'SyntaxError', 'ReferenceError', 'EvalError', 'URIError', 'AggregateError', 'MutationObserver', 'ResizeObserver',
  'IntersectionObserver', 'requestAnimationFrame', 'cancelAnimationFrame', 'getComputedStyle', 'alert', 'confirm',
  'prompt', 'WebSocket', 'Worker', 'XMLHttpRequest',
  // Test-runner globals (Jest, Vitest, Mocha, Jasmine) when not imported: the runner's, never the repo's.
  'expect', 'beforeEach', 'afterEach', 'beforeAll', 'afterAll', 'before', 'after', 'vi', 'jest',
]);

/**
 * TypeScript/JavaScript: a module is its file; the package path is the repo-relative path
 * without extension. Imports resolve like the compiler would for relative paths, the
 * `paths` and `baseUrl` of the tsconfig governing the importing file (tsconfig.ts), and
 * workspace packages named in package.json files.
 */
export function typescriptResolver(layout: RepoLayout): LanguageResolver {
  const workspacePackages = readWorkspacePackages(layout);
  const moduleOptionsOf = moduleOptionsByFile(layout, (name) => workspacePackages.get(name));
  const modulePaths = uniqueModulePaths(layout);
  const modulePathOf = (file: string): string => modulePaths.get(file) ?? stripExtension(file);

  function resolveFile(base: string): string | undefined {
    // `../src/`: a folder, its index file only.
    if (base.endsWith('/')) return resolveIndex(base.replace(/\/+$/, ''));
    const stripped = base.replace(/\.(m|c)?js$/, '');
    const candidates = [base, ...SOURCE_EXTENSIONS.map((e) => stripped + e)];
    return candidates.find((c) => layout.files.has(c) && !c.endsWith('.d.ts')) ?? resolveIndex(base);
  }

  function resolveIndex(folder: string): string | undefined {
    const candidates = SOURCE_EXTENSIONS.map((e) => (folder === '' || folder === '.' ? `index${e}` : `${folder}/index${e}`));
    return candidates.find((c) => layout.files.has(c) && !c.endsWith('.d.ts'));
  }

  function resolveNonRelative(source: string, fromFile: string): string | undefined {
    const options = moduleOptionsOf(fromFile);
    const match = matchingPattern(options.paths, source);
    for (const target of match?.pattern.targets ?? []) {
      const file = resolveFile(target.replace('*', match!.matched));
      if (file) return file;
    }
    const underBaseUrl = options.baseUrl !== undefined ? resolveFile(joinPath(options.baseUrl, source)) : undefined;
    if (underBaseUrl) return underBaseUrl;
    const packageName = source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0];
    const packageDir = workspacePackages.get(packageName);
    if (packageDir === undefined) return undefined;
    const subpath = source.slice(packageName.length);
    if (subpath) return resolveFile(joinPath(packageDir, `src${subpath}`)) ?? resolveFile(joinPath(packageDir, subpath.slice(1)));
    return resolveFile(joinPath(packageDir, 'src/index')) ?? resolveFile(joinPath(packageDir, 'index'));
  }

  return {
    packageScope: false,
    packagePath: modulePathOf,
    moduleNodePath: modulePathOf,
    resolveImport(source, fromFile): ImportTarget {
      const file = source.startsWith('.') ? resolveFile(joinPath(parentDir(fromFile), source)) : resolveNonRelative(source, fromFile);
      return file ? { inRepo: true, packagePath: modulePathOf(file) } : { inRepo: false, module: source };
    },
    isBuiltin: (name) => JS_BUILTINS.has(name),
    typeSyntax: typescriptTypeSyntax,
  };
}

function stripExtension(file: string): string {
  return file.replace(/\.(d\.)?[mc]?[jt]sx?$/, '');
}

/**
 * The module path of every source file: the path without extension, except that when two
 * files differ only in extension (`a.ts` and `a.js`), the later one keeps its extension.
 */
function uniqueModulePaths(layout: RepoLayout): Map<string, string> {
  const taken = new Set<string>();
  const paths = new Map<string, string>();
  for (const file of [...layout.files].sort()) {
    if (!SOURCE_EXTENSIONS.some((e) => file.endsWith(e)) || file.endsWith('.d.ts')) continue;
    const stripped = stripExtension(file);
    const modulePath = taken.has(stripped) ? file : stripped;
    taken.add(modulePath);
    paths.set(file, modulePath);
  }
  return paths;
}

function readWorkspacePackages(layout: RepoLayout): Map<string, string> {
  const packages = new Map<string, string>();
  for (const file of layout.files) {
    if (!file.endsWith('package.json') || file.includes('node_modules/')) continue;
    if (file !== 'package.json' && !file.endsWith('/package.json')) continue;
    const name = parseJsonc(layout.readText(file))?.name;
    if (typeof name === 'string' && !packages.has(name)) packages.set(name, parentDir(file));
  }
  return packages;
}
