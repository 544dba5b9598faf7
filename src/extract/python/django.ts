import { normaliseRoutePath, positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, ImportFact, RouteFact } from '../facts';
import type { DjangoRouteMatch } from './collect';
import { isDottedName, stringNodeValue } from './literals';
import { positionalArguments } from './arguments';
import type { ScopeTree } from './scopes';

/** Django routes: `path(...)`, `re_path(...)` and `url(...)` entries of `urlpatterns`. */

const NAMED_GROUP = /\(\?P<([A-Za-z_][A-Za-z0-9_]*)>/y;

export function djangoRouteFacts(
  tree: ScopeTree, entries: readonly DjangoRouteMatch[], imports: readonly ImportFact[], path: string,
): RouteFact[] {
  if (entries.length === 0 || !isUrlConf(path, imports)) return [];
  const facts: RouteFact[] = [];
  for (const entry of entries) {
    const [route, view] = positionalArguments(entry.arguments);
    const pattern = stringNodeValue(route);
    if (pattern === undefined || !view || isInclude(view)) continue;
    facts.push({
      ...positionOf(entry.registration),
      method: 'ANY',
      path: entry.function === 'path' ? normaliseRoutePath(pattern) : normaliseRoutePath(regexToPath(pattern)),
      mappingType: 'http_route',
      handler: viewHandler(view),
      registeredIn: tree.symbolAt(entry.registration.startIndex),
      framework: 'django',
      router: { name: 'urlpatterns', prefix: '' },
    });
  }
  return facts;
}

/**
 * `^articles/(?P<year>[0-9]{4})/$` -> `articles/{year}/`: anchors dropped, each named
 * group replaced by its name. Unnamed groups stay as written.
 */
export function regexToPath(pattern: string): string {
  let path = '';
  let index = pattern.startsWith('^') ? 1 : 0;
  const end = pattern.endsWith('$') && !pattern.endsWith('\\$') ? pattern.length - 1 : pattern.length;
  while (index < end) {
    NAMED_GROUP.lastIndex = index;
    const group = NAMED_GROUP.exec(pattern);
    if (!group) {
      path += pattern[index];
      index++;
      continue;
    }
    path += `{${group[1]}}`;
    index = closingParenthesis(pattern, index) + 1;
  }
  return path;
}

function closingParenthesis(pattern: string, open: number): number {
  let depth = 0;
  for (let index = open; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') index++;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return index;
  }
  return pattern.length;
}

/** A URLconf: a `urls.py`, or a module importing Django's URL helpers. */
export function isUrlConf(path: string, imports: readonly ImportFact[]): boolean {
  if (path === 'urls.py' || path.endsWith('/urls.py')) return true;
  return imports.some(({ source }) => source === 'django.urls' || source === 'django.conf.urls');
}

function isInclude(view: SyntaxNode): boolean {
  if (view.type !== 'call') return false;
  const callee = view.childForFieldName('function')?.text ?? '';
  return callee === 'include' || callee.endsWith('.include');
}

/** `views.detail` -> member; `detail` -> name; `DetailView.as_view()` -> the class. */
function viewHandler(view: SyntaxNode): CalleeExpr | null {
  let target: SyntaxNode | null = view;
  if (view.type === 'call') {
    const callee = view.childForFieldName('function');
    const isAsView = callee?.type === 'attribute' && callee.childForFieldName('attribute')?.text === 'as_view';
    target = isAsView ? callee.childForFieldName('object') : null;
    if (!target) return null;
  }
  const text = target.text.replace(/\s+/g, '');
  if (!isDottedName(text)) return null;
  const lastDot = text.lastIndexOf('.');
  if (lastDot < 0) return { form: 'name', name: text };
  return { form: 'member', object: text.slice(0, lastDot), property: text.slice(lastDot + 1) };
}
