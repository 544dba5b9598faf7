import { languageForPath } from '../extract/registry';
import { type Hash, hashBytes, hashOf } from '../model';
import { isLayoutFile } from './sourceFiles';

/**
 * A digest of what a repository's resolvers read of its layout: which layout files it
 * holds (sourceFiles.ts's LAYOUT_FILES), and what those that are not sources say
 * (tsconfig.json's `paths`, go.mod's module path, package.json's name). Where a source
 * file marks the layout (`__init__.py`), only its presence counts: its content is the
 * file's own change. Two runs over the same layout give the same digest; an index that
 * finds another re-links every file, since any import may now land elsewhere. `readText`
 * is the run's RepoLayout's, whose cache the resolvers read the same files through.
 */
export function layoutDigest(candidates: readonly string[], readText: (relativePath: string) => string | undefined): Hash {
  const parts: string[] = [];
  for (const path of candidates) {
    if (!isLayoutFile(path)) continue;
    if (languageForPath(path)) {
      parts.push(path);
      continue;
    }
    const text = readText(path);
    parts.push(`${path}\0${text !== undefined ? hashBytes(text) : 'unreadable'}`);
  }
  return hashOf(...[...parts].sort());
}
