import type { FileFacts, RouteFact } from '../../../src/extract/facts';
import { extractSource, sourceLines } from '../../helpers/extractSource';

/** Extracts inline Go source through the real parser and queries. */
export function extractGo(source: string, path = 'pkg/a.go'): Promise<FileFacts> {
  return extractSource(source, path);
}

/** Joins lines so tests can show Go source with tabs as gofmt writes it. */
export const go = sourceLines;

/** A route fact on one line: position, framework, method, path, handler and where it is registered. */
export function showRoute(route: RouteFact): string {
  const { handler } = route;
  const target = !handler ? 'null'
    : handler.form === 'member' ? `${handler.object}.${handler.property}${handler.objectType ? ` <${handler.objectType}>` : ''}`
      : handler.form === 'new' ? `new ${handler.object ? `${handler.object}.` : ''}${handler.name}` : handler.name;
  const condition = route.handlerMust ? ` if a ${route.handlerMust}` : '';
  return `${route.line}:${route.col} ${route.framework} ${route.method} ${route.path} -> ${target}${condition} in ${route.registeredIn || '(package)'}`;
}

/** The routes of inline Go source, one line each. */
export async function routesOf(...lines: string[]): Promise<string[]> {
  return (await extractGo(go(...lines))).routes.map(showRoute);
}
