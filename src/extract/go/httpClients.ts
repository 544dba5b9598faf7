import { positionOf, unquote } from '../common';
import type { SyntaxNode } from '../extractor';
import type { HttpCallFact } from '../facts';
import { type UrlPart, concatenationParts, textWithHoles, urlTemplate } from '../httpUrls';
import { singleBindings } from './bindings';
import type { GoFileContext } from './context';
import { argumentsOf } from './routerValues';
import type { Scope } from './scopes';
import { StringConstants } from './stringConstants';

/**
 * HTTP requests to URLs the code writes, through net/http: `http.Get(url)`, `http.Head`,
 * `http.Post`, `http.PostForm`, and `http.NewRequest(method, url, body)` /
 * `NewRequestWithContext(ctx, method, url, body)` with a literal or `http.Method*` method.
 * The URL is read from literals, `+` joins, `fmt.Sprintf` formats (each verb computed) and
 * names this file binds once to a string; anything else in it is computed (httpUrls.ts).
 */

const NET_HTTP = 'net/http';
const SHORTHANDS: ReadonlyMap<string, string> = new Map([['Get', 'GET'], ['Head', 'HEAD'], ['Post', 'POST'], ['PostForm', 'POST']]);
const VERB = /%[-+# 0-9.*]*[a-zA-Z%]/g;

export function httpCallFacts(context: GoFileContext): HttpCallFact[] {
  const netHttp = [...context.importPaths].filter(([, importPath]) => importPath === NET_HTTP).map(([local]) => local);
  if (netHttp.length === 0) return [];
  const fmt = [...context.importPaths].filter(([, importPath]) => importPath === 'fmt').map(([local]) => local);
  let constants: StringConstants | undefined;
  const facts: HttpCallFact[] = [];
  for (const call of context.matches.calls) {
    if (call.object?.type !== 'identifier' || !netHttp.includes(call.object.text) || !call.property) continue;
    const args = argumentsOf(call.arguments);
    const name = call.property.text;
    const request = SHORTHANDS.has(name)
      ? { method: SHORTHANDS.get(name), url: args[0] }
      : name === 'NewRequest' ? { method: methodOf(args[0], netHttp), url: args[1] }
        : name === 'NewRequestWithContext' ? { method: methodOf(args[1], netHttp), url: args[2] } : undefined;
    if (!request?.method || !request.url) continue;
    const scope = context.scopeAt(call.node.startIndex);
    constants ??= new StringConstants(context, singleBindings(context));
    const url = urlTemplate(urlParts(request.url, scope, constants, fmt));
    if (url) facts.push({ ...positionOf(call.property), caller: scope.symbol, method: request.method, url, client: NET_HTTP });
  }
  return facts;
}

/** `"POST"` or `http.MethodPost`; a computed method is no fact. */
function methodOf(node: SyntaxNode | undefined, netHttp: readonly string[]): string | undefined {
  if (node?.type === 'interpreted_string_literal' || node?.type === 'raw_string_literal') return unquote(node.text).toUpperCase();
  if (node?.type !== 'selector_expression') return undefined;
  const operand = node.childForFieldName('operand')?.text;
  const field = node.childForFieldName('field')?.text ?? '';
  return operand !== undefined && netHttp.includes(operand) && field.startsWith('Method') ? field.slice('Method'.length).toUpperCase() : undefined;
}

function urlParts(node: SyntaxNode, scope: Scope, constants: StringConstants, fmt: readonly string[]): UrlPart[] {
  const fixed = constants.valueOf(node, scope);
  if (fixed !== undefined) return [{ text: fixed }];
  if (node.type === 'binary_expression' && node.childForFieldName('operator')?.text === '+') {
    return concatenationParts(node, (side) => urlParts(side, scope, constants, fmt));
  }
  if (node.type === 'parenthesized_expression' && node.namedChild(0)) return urlParts(node.namedChild(0)!, scope, constants, fmt);
  if (node.type === 'call_expression') {
    const callee = node.childForFieldName('function');
    const format = argumentsOf(node.childForFieldName('arguments'))[0];
    const formatText = format && constants.valueOf(format, scope);
    if (callee?.type === 'selector_expression' && fmt.includes(callee.childForFieldName('operand')?.text ?? '')
      && callee.childForFieldName('field')?.text === 'Sprintf' && formatText !== undefined) {
      return textWithHoles(formatText, VERB);
    }
  }
  return [{ computed: true }];
}
