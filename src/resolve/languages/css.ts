import { type RepoLayout, joinPath, parentDir } from '../layout';
import type { ImportTarget, LanguageResolver } from './languageResolver';

/**
 * CSS and SCSS: a style sheet is its file, so the package path is the file path. An
 * import names a file relative to the importing one (or to the repository root), as
 * written or the way Sass finds modules: `@use 'base'` is `_base.scss`, `base.scss`,
 * `_base.sass`, `base.sass`, `base.css` or `base/_index.scss`. URLs, `sass:` built-in
 * modules and package imports (`~bootstrap/...`) are outside the repository.
 */
export function cssResolver(layout: RepoLayout): LanguageResolver {
  function resolveFile(base: string): string | undefined {
    if (layout.files.has(base)) return base;
    const dir = parentDir(base);
    const name = base.slice(dir === '' ? 0 : dir.length + 1);
    const candidates = [
      ...['.scss', '.sass', '.css'].flatMap((extension) => [joinPath(dir, `_${name}${extension}`), joinPath(dir, `${name}${extension}`)]),
      ...['_index.scss', 'index.scss', '_index.sass', 'index.sass'].map((index) => joinPath(base, index)),
    ];
    return candidates.find((candidate) => layout.files.has(candidate));
  }

  return {
    packageScope: false,
    packagePath: (filePath) => filePath,
    moduleNodePath: (filePath) => filePath,
    resolveImport(source, fromFile): ImportTarget {
      if (isExternal(source)) return { inRepo: false, module: source };
      const path = source.split(/[?#]/)[0]!;
      const bases = path.startsWith('/') ? [joinPath('', path.slice(1))] : [joinPath(parentDir(fromFile), path), joinPath('', path)];
      for (const base of bases) {
        if (base.startsWith('..')) continue;
        const file = resolveFile(base);
        if (file) return { inRepo: true, packagePath: file };
      }
      return { inRepo: false, module: source };
    },
    isBuiltin: () => false,
  };
}

/** `http://...`, `//cdn/...`, `data:...`, `sass:math`, `~package/...`. */
function isExternal(source: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(source) || source.startsWith('//') || source.startsWith('~');
}
