import type { Node } from 'yaml';
import { normaliseRoutePath } from '../common';
import type { FactsCollector } from '../manifests/collector';
import type { YamlDoc } from '../yaml/nodes';

/** An HTTP event of a function, as written. */
export interface HttpEvent {
  readonly method: string;
  readonly path: string;
  /** Where the route is written: its path (or the whole `GET /path` string). */
  readonly at: Node;
}

/** `get`, `ANY`, `*` → `GET`, `ANY`, `ANY`. */
export function httpMethod(text: string): string {
  const method = text.trim().toUpperCase();
  return method === '*' || method === '' ? 'ANY' : method;
}

/** API Gateway paths: greedy `{proxy+}` is a parameter like any other, and a leading slash is implied. */
export function routePath(text: string): string {
  return normaliseRoutePath(text.trim().replace(/\{([A-Za-z_][\w-]*)\+\}/g, '{$1}'));
}

/** A route served by a function of this file: the handler is the function node by name. */
export function addFunctionRoute(yaml: YamlDoc, out: FactsCollector, functionName: string, event: HttpEvent, framework: string): void {
  out.addRoute({
    ...yaml.position(event.at),
    method: httpMethod(event.method),
    path: routePath(event.path),
    mappingType: 'http_route',
    handler: { form: 'name', name: functionName },
    registeredIn: functionName,
    framework,
  });
}
