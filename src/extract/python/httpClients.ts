import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { HttpCallFact, ImportFact } from '../facts';
import { type UrlPart, interpolatedParts, textWithHoles, urlTemplate } from '../httpUrls';
import { keywordArguments, positionalArguments } from './arguments';
import type { BindingMatch, CallMatch } from './collect';
import { stringNodeValue } from './literals';
import type { ScopeTree } from './scopes';

/**
 * HTTP requests to URLs the code writes, through `requests` or `httpx` imported as a
 * module: `requests.get(url)` and the other verbs, and `requests.request(method, url)`, on
 * the module or on a client it makes (`requests.Session()`, `httpx.Client()`,
 * `httpx.AsyncClient()`, bound once in the scope, by assignment or `with ... as`). The
 * URL (first argument or `url=`) is read from string literals, f-strings (each
 * replacement field computed), `+` joins and `%` formats, or from the one value a local
 * name is bound to in the scope; anything else is computed (httpUrls.ts).
 */

const CLIENT_MODULES = new Set(['requests', 'httpx']);
const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
const CLIENT_CLASSES = new Set(['Session', 'Client', 'AsyncClient']);

export function httpCallFacts(
  scopes: ScopeTree, calls: readonly CallMatch[], bindings: readonly BindingMatch[], imports: readonly ImportFact[],
): HttpCallFact[] {
  const clients = new Map<string, string>();
  for (const fact of imports) {
    for (const binding of fact.bindings) if (CLIENT_MODULES.has(fact.source) && binding.imported === '*') clients.set(binding.local, fact.source);
  }
  if (clients.size === 0) return [];
  const facts: HttpCallFact[] = [];
  const valueOf = (name: SyntaxNode): SyntaxNode | undefined => onlyValue(name, scopes, bindings);
  for (const { nameNode, object } of calls) {
    const client = object?.type === 'identifier' ? clients.get(object.text) ?? clientMadeBy(valueOf(object), clients) : undefined;
    const verb = nameNode.text;
    const args = nameNode.parent?.parent?.type === 'call' ? nameNode.parent.parent.childForFieldName('arguments') : null;
    if (!client || !args || (!VERBS.has(verb) && verb !== 'request')) continue;
    const positional = positionalArguments(args);
    const keywords = keywordArguments(args);
    const method = verb === 'request' ? stringNodeValue(positional[0] ?? keywords.get('method'))?.toUpperCase() : verb.toUpperCase();
    const urlNode = (verb === 'request' ? positional[1] : positional[0]) ?? keywords.get('url');
    const url = urlNode && urlTemplate(urlParts(urlNode.type === 'identifier' ? valueOf(urlNode) ?? urlNode : urlNode));
    if (method && url) facts.push({ ...positionOf(nameNode), caller: scopes.symbolAt(nameNode.startIndex), method, url, client });
  }
  return facts;
}

/** The value a name is bound to where it is used, when its scope binds it exactly once. */
function onlyValue(name: SyntaxNode, scopes: ScopeTree, bindings: readonly BindingMatch[]): SyntaxNode | undefined {
  const scope = scopes.binderOf(name.text, scopes.ownerAt(name.startIndex));
  const bound = bindings.filter((b) => b.name === name.text && scopes.ownerAt(b.offset) === scope);
  const [only] = bound;
  return bound.length === 1 && (only!.form === 'assignment' || only!.form === 'entered') ? only!.value : undefined;
}

/** The client module whose client class a value constructs: `httpx` for `httpx.AsyncClient(timeout=5)`. */
function clientMadeBy(value: SyntaxNode | undefined, clients: ReadonlyMap<string, string>): string | undefined {
  const callee = value?.type === 'call' ? value.childForFieldName('function') : null;
  if (callee?.type !== 'attribute') return undefined;
  const module = callee.childForFieldName('object');
  const attribute = callee.childForFieldName('attribute')?.text ?? '';
  return module?.type === 'identifier' && CLIENT_CLASSES.has(attribute) ? clients.get(module.text) : undefined;
}

function urlParts(node: SyntaxNode): UrlPart[] {
  if (node.type === 'string') {
    if (!node.namedChildren.some((child) => child?.type === 'interpolation')) {
      const value = stringNodeValue(node);
      return value === undefined ? [{ computed: true }] : [{ text: value }];
    }
    return interpolatedParts(node, 'string_content', 'interpolation');
  }
  if (node.type === 'binary_operator') {
    const operator = node.childForFieldName('operator')?.text;
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (operator === '+' && left && right) return [...urlParts(left), ...urlParts(right)];
    const format = operator === '%' ? stringNodeValue(left) : undefined;
    if (format !== undefined) return textWithHoles(format, /%[-+# 0-9.*]*[a-zA-Z]/);
  }
  if (node.type === 'parenthesized_expression' && node.namedChildren[0]) return urlParts(node.namedChildren[0]);
  return [{ computed: true }];
}
