import { positionOf, unquote } from '../common';
import type { SyntaxNode } from '../extractor';
import type { HttpCallFact } from '../facts';
import { type UrlPart, concatenationParts, interpolatedParts, urlTemplate } from '../httpUrls';
import type { Scope } from './scope';
import { elementsOf } from './syntax';
import type { FileState } from './types';

/**
 * HTTP requests to URLs the code writes: `fetch(url, { method })` (the global, when the
 * file binds no `fetch` of its own) and the verb methods of an imported HTTP client
 * (`axios.get(url)`, `got.post(url)`, `ky.delete(url)`). The URL is read from string and
 * template literals and `+` joins; anything computed in it (a base URL variable, an id)
 * is marked so (httpUrls.ts). A URL the code does not fix, or a method it computes, is
 * still a request, to an unknown place: no fact.
 */

const CLIENT_PACKAGES = new Set(['axios', 'got', 'ky']);
const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

export function httpCallFacts(state: FileState): HttpCallFact[] {
  const facts: HttpCallFact[] = [];
  // At the name called, as a call site is: `fetch`, or the verb of `axios.get`.
  const add = (at: SyntaxNode, scope: Scope, method: string | undefined, url: SyntaxNode | undefined, client: string): void => {
    const template = url && urlTemplate(urlParts(url));
    if (template && method) facts.push({ ...positionOf(at), caller: scope.callerName, method, url: template, client });
  };
  if (!state.modules.sourceOfBinding('fetch') && !state.symbols.facts().some((s) => s.name === 'fetch')) {
    for (const { call, scope } of state.fetchCalls) {
      const [url, init] = elementsOf(call.childForFieldName('arguments') ?? undefined);
      add(call, scope, fetchMethod(init), url, 'fetch');
    }
  }
  for (const route of state.routes.calls) {
    if (route.object.type !== 'identifier' || !VERBS.has(route.verb.text)) continue;
    const source = state.modules.sourceOfBinding(route.object.text);
    if (!source || !CLIENT_PACKAGES.has(source)) continue;
    add(route.verb, route.scope, route.verb.text.toUpperCase(), elementsOf(route.argumentsNode)[0], source);
  }
  return facts.sort((a, b) => a.line - b.line || a.col - b.col);
}

/** `fetch`'s method: GET without an init or a `method` in it, the literal when written, unknown otherwise. */
function fetchMethod(init: SyntaxNode | undefined): string | undefined {
  if (!init) return 'GET';
  if (init.type !== 'object') return undefined;
  for (const pair of elementsOf(init)) {
    if (pair.type !== 'pair' || pair.childForFieldName('key')?.text.replace(/['"]/g, '') !== 'method') continue;
    const value = pair.childForFieldName('value');
    return value?.type === 'string' ? unquote(value.text).toUpperCase() : undefined;
  }
  return elementsOf(init).some((child) => child.type === 'spread_element') ? undefined : 'GET';
}

/** A URL expression as literal text and computed parts. */
function urlParts(node: SyntaxNode): UrlPart[] {
  switch (node.type) {
    case 'string':
      return [{ text: unquote(node.text) }];
    case 'template_string':
      return interpolatedParts(node, 'string_fragment', 'template_substitution');
    case 'binary_expression':
      return concatenationParts(node, urlParts);
    case 'parenthesized_expression':
      return node.namedChildren[0] ? urlParts(node.namedChildren[0]) : [{ computed: true }];
    default:
      return [{ computed: true }];
  }
}
