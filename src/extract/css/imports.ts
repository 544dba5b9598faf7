import type { ImportBinding } from '../facts';

/**
 * `@import`, `@use` and `@forward` preludes. Each names its sources as written
 * (`'theme'`, `url(reset.css)`); `@use` also binds a namespace, the module's last path
 * segment without `_` and extension unless `as` renames it (`as *`: no namespace).
 */

export interface StyleImport {
  readonly source: string;
  /** Offset of the source inside the prelude. */
  readonly offset: number;
  readonly bindings: readonly ImportBinding[];
  readonly reexport: boolean;
}

const IMPORT_SOURCE = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)|"([^"]*)"|'([^']*)'/g;
const USE_AS = /\bas\s+([\w-]+|\*)/;

export function importsOf(prelude: string): StyleImport[] {
  const rule = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase();
  if (rule === 'import') return importSources(prelude).map((s) => ({ ...s, bindings: [], reexport: false }));
  if (rule !== 'use' && rule !== 'forward') return [];
  const first = importSources(prelude)[0];
  if (!first) return [];
  if (rule === 'forward') return [{ ...first, bindings: [], reexport: true }];
  const alias = USE_AS.exec(prelude.slice(first.offset + first.source.length))?.[1];
  const namespace = alias ?? moduleName(first.source);
  return [{ ...first, bindings: [{ imported: '*', local: namespace }], reexport: false }];
}

/** The namespace Sass gives a module path: `src/_corners.scss` and `corners/_index.scss` are `corners`. */
export function moduleName(modulePath: string): string {
  const segments = modulePath.replace(/^[a-z]+:/i, '').split('/').filter((s) => s !== '');
  let last = (segments.pop() ?? '').replace(/\.(s[ac]ss|css)$/, '').replace(/^_/, '');
  if (last === 'index' && segments.length > 0) last = segments.pop()!.replace(/^_/, '');
  return last;
}

function importSources(prelude: string): { source: string; offset: number }[] {
  const sources: { source: string; offset: number }[] = [];
  for (const match of prelude.matchAll(IMPORT_SOURCE)) {
    const group = [1, 2, 3, 4, 5].find((g) => match[g] !== undefined)!;
    const source = match[group]!;
    if (source === '') continue;
    sources.push({ source, offset: match.index! + match[0].indexOf(source) });
  }
  return sources;
}
