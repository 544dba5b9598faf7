import { normaliseRoutePath } from '../common';
import type { RouteFact } from '../facts';
import type { FileState } from './types';

/**
 * Next.js routes follow from where a file sits: `app/**\/route.ts` exports one handler
 * per HTTP method, `pages/api/**` default-exports one handler for every method.
 */

const APP_ROUTE_FILE = /(?:^|\/)app\/(?:(.*)\/)?route\.[cm]?[jt]sx?$/;
const PAGES_API_FILE = /(?:^|\/)pages\/api\/(.*)\.[cm]?[jt]sx?$/;
const APP_ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const EXPORTABLE_HANDLER_KINDS = new Set(['function', 'constant']);

/** Route groups `(group)` and parallel-route slots `@slot` are not part of the URL. */
function urlPathOf(directory: string): string {
  const segments = directory
    .split('/')
    .filter((segment) => segment !== '' && !/^\(.*\)$/.test(segment) && !segment.startsWith('@'))
    .map((segment) => segment.replace(/^\[\[(\.\.\.[^\]]+)\]\]$/, '[$1]'));
  return normaliseRoutePath(`/${segments.join('/')}`);
}

function appRoutes(state: FileState, directory: string): RouteFact[] {
  const path = urlPathOf(directory);
  const routes: RouteFact[] = [];
  for (const method of APP_ROUTE_METHODS) {
    const handlers = state.symbols
      .named(method)
      .filter((symbol) => symbol.exported && EXPORTABLE_HANDLER_KINDS.has(symbol.kind))
      .map((symbol) => ({ local: method, position: { line: symbol.line, col: symbol.col } }));
    handlers.push(...state.modules.localNamesExportedAs(method));
    const reexported = state.modules.reexportOf(method);
    if (reexported) handlers.push({ local: method, position: reexported });
    const [handler] = handlers;
    if (!handler) continue;
    routes.push({
      method,
      path,
      mappingType: 'http_route',
      handler: { form: 'name', name: handler.local },
      registeredIn: '',
      framework: 'nextjs',
      ...handler.position,
    });
  }
  return routes;
}

function pagesApiRoute(state: FileState, file: string): RouteFact[] {
  const reexported = state.modules.reexportOf('default');
  const defaultExport = state.modules.defaultExport ?? (reexported && { name: 'default', position: reexported });
  if (!defaultExport) return [];
  const directory = file.replace(/(?:^|\/)index$/, '');
  // `export default withMiddleware(handler)`: the wrapper's result calls the handler.
  const handlerName = defaultExport.name ?? state.modules.defaultExportWraps;
  return [{
    method: 'ANY',
    path: urlPathOf(`api/${directory}`),
    mappingType: 'http_route',
    handler: handlerName === undefined ? null : { form: 'name', name: handlerName },
    registeredIn: '',
    framework: 'nextjs',
    ...defaultExport.position,
  }];
}

export function nextRoutes(state: FileState): RouteFact[] {
  if (state.isTestFile) return [];
  const { path } = state.input;
  const appRoute = APP_ROUTE_FILE.exec(path);
  if (appRoute) return appRoutes(state, appRoute[1] ?? '');
  const pagesApi = PAGES_API_FILE.exec(path);
  return pagesApi ? pagesApiRoute(state, pagesApi[1] ?? '') : [];
}
