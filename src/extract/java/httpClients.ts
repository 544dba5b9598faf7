import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { HttpCallFact, ImportFact } from '../facts';
import { type UrlPart, concatenationParts, textWithHoles, urlTemplate } from '../httpUrls';
import { declarationOfName, fieldTypeAt, typeOfName } from './bindings';
import type { BindingMatch, FieldMatch, JavaMatches } from './collect';
import type { ScopeTree } from './scopes';

/**
 * HTTP requests to URLs the code writes, through Spring's clients (docs/extractors/java.md,
 * HTTP requests): `RestTemplate` verbs (`getForObject(url, ...)`, `postForEntity`, `put`,
 * `delete`, `exchange(url, HttpMethod.X, ...)`...) and `WebClient` chains
 * (`webClient.get().uri(url)`, `.method(HttpMethod.X).uri(url)`), each on a name the file
 * declares with that type (field, parameter or local) in a file importing it. The URL is
 * read from string literals, `+` joins, `String.format` (each specifier computed) and names
 * the file binds to one value; Spring expands `{name}` placeholders, so each is a computed
 * segment. Anything else in it is computed (httpUrls.ts).
 */

const REST_TEMPLATE = 'RestTemplate';
const WEB_CLIENT = 'WebClient';
/** The packages declaring the clients, by class. */
const CLIENT_PACKAGES: Readonly<Record<string, string>> = {
  [REST_TEMPLATE]: 'org.springframework.web.client',
  [WEB_CLIENT]: 'org.springframework.web.reactive.function.client',
};

/** RestTemplate methods whose first argument is the URL, and the method they send. */
const REST_VERBS: ReadonlyMap<string, string> = new Map([
  ['getForObject', 'GET'], ['getForEntity', 'GET'], ['headForHeaders', 'HEAD'], ['postForObject', 'POST'], ['postForEntity', 'POST'],
  ['postForLocation', 'POST'], ['put', 'PUT'], ['delete', 'DELETE'], ['patchForObject', 'PATCH'], ['optionsForAllow', 'OPTIONS'],
]);
/** RestTemplate methods taking (url, HttpMethod, ...). */
const REST_WITH_METHOD = new Set(['exchange', 'execute']);
/** WebClient's verb methods, which `.uri(...)` follows. */
const WEB_CLIENT_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
/** A `String.format` specifier; `%%` and `%n` stand for text. */
const FORMAT_SPECIFIER = /%(?:\d+\$)?[-#+ 0,(<]*\d*(?:\.\d+)?[a-zA-Z%]/g;
/** Beyond this many names followed to their values (`a = b + x; b = c + y; ...`) the URL is computed. */
const MAX_DEPTH = 8;

/** The file's Spring client requests whose URL the code fixes a path of, each at the method called. */
export function httpCallFacts(root: SyntaxNode, tree: ScopeTree, matches: JavaMatches, imports: readonly ImportFact[]): HttpCallFact[] {
  const clients = new Set(Object.keys(CLIENT_PACKAGES).filter((client) => imports.some((i) => i.source === CLIENT_PACKAGES[client]
    && i.bindings.some((b) => b.imported === client || b.imported === '*'))));
  if (clients.size === 0) return [];
  const urls = new JavaUrls(tree, matches, assignedNames(root));
  const clientOf = (receiver: SyntaxNode | undefined, offset: number): string | undefined => {
    const type = receiverType(tree, receiver, offset);
    return type !== undefined && clients.has(type) ? type : undefined;
  };
  const facts: HttpCallFact[] = [];
  for (const call of matches.calls) {
    if (call.form !== 'method') continue;
    const offset = call.name.startIndex;
    const name = call.name.text;
    const args = argumentsOf(call.args);
    let request: { at: SyntaxNode; method: string | undefined; url: SyntaxNode | undefined; client: string } | undefined;
    if ((REST_VERBS.has(name) || REST_WITH_METHOD.has(name)) && clientOf(call.object, offset) === REST_TEMPLATE) {
      const method = REST_VERBS.get(name) ?? httpMethodOf(args[1]);
      request = { at: call.name, method, url: args[0], client: 'RestTemplate' };
    } else if (name === 'uri' && call.object?.type === 'method_invocation') {
      // `client.get().uri(url)`: the request is named where its method is, at the verb.
      const verb = call.object.childForFieldName('name');
      const verbName = verb?.text ?? '';
      const receiver = call.object.childForFieldName('object') ?? undefined;
      if (!verb || !(WEB_CLIENT_VERBS.has(verbName) || verbName === 'method') || clientOf(receiver, offset) !== WEB_CLIENT) continue;
      const method = verbName === 'method' ? httpMethodOf(argumentsOf(call.object.childForFieldName('arguments'))[0]) : verbName.toUpperCase();
      request = { at: verb, method, url: args[0], client: 'WebClient' };
    }
    if (!request?.method || !request.url) continue;
    const url = urlTemplate(urls.partsOf(request.url, offset));
    if (url) facts.push({ ...positionOf(request.at), caller: tree.callerAt(offset), method: request.method, url, client: request.client });
  }
  return facts;
}

/** The simple type name a receiver (`name`, `this.name`) is declared with in the file. */
function receiverType(tree: ScopeTree, receiver: SyntaxNode | undefined, offset: number): string | undefined {
  if (receiver?.type === 'identifier') return simpleName(typeOfName(tree, receiver.text, offset).type);
  const field = receiver?.type === 'field_access' && receiver.childForFieldName('object')?.type === 'this' ? receiver.childForFieldName('field') : undefined;
  return field ? simpleName(fieldTypeAt(tree, field.text, offset)) : undefined;
}

function simpleName(type: string | undefined): string | undefined {
  if (type === undefined) return undefined;
  const dot = type.lastIndexOf('.');
  // `org.springframework.web.client.RestTemplate` written in full names the class too.
  if (dot >= 0 && !Object.values(CLIENT_PACKAGES).includes(type.slice(0, dot))) return undefined;
  return type.slice(dot + 1);
}

/** `HttpMethod.GET` (or `GET` alone, statically imported); a computed method is no fact. */
function httpMethodOf(node: SyntaxNode | undefined): string | undefined {
  if (node?.type === 'field_access' && node.childForFieldName('object')?.text === 'HttpMethod') return node.childForFieldName('field')?.text;
  if (node?.type === 'method_invocation' && node.childForFieldName('object')?.text === 'HttpMethod' && node.childForFieldName('name')?.text === 'valueOf') {
    const [value] = argumentsOf(node.childForFieldName('arguments'));
    return value && literalText(value)?.toUpperCase();
  }
  return undefined;
}

function argumentsOf(list: SyntaxNode | null | undefined): SyntaxNode[] {
  return (list?.namedChildren ?? []).filter((n): n is SyntaxNode => n !== null && n.type !== 'line_comment' && n.type !== 'block_comment');
}

/** A string literal's value, undefined when it holds an escape the reader does not decode. */
function literalText(node: SyntaxNode): string | undefined {
  if (node.type !== 'string_literal' || node.namedChildren.some((c) => c?.type !== 'string_fragment')) return undefined;
  return node.namedChildren.map((c) => c?.text ?? '').join('');
}

/** Names assigned anywhere in the file after their declaration (`url = ...`, `url += ...`): their value is not fixed. */
function assignedNames(root: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (const assignment of root.descendantsOfType(['assignment_expression', 'update_expression'])) {
    const target = assignment?.type === 'assignment_expression' ? assignment.childForFieldName('left') : assignment?.namedChild(0);
    const name = target?.type === 'field_access' ? target.childForFieldName('field') : target;
    if (name?.type === 'identifier') names.add(name.text);
  }
  return names;
}

/** URL expressions as parts (text or computed), following names the file binds to one value. */
class JavaUrls {
  private readonly locals = new Map<number, BindingMatch>();
  private readonly fields = new Map<string, FieldMatch | null>();

  constructor(private readonly tree: ScopeTree, matches: JavaMatches, private readonly assigned: ReadonlySet<string>) {
    for (const binding of matches.bindings) this.locals.set(binding.name.startIndex, binding);
    for (const field of matches.fields) this.fields.set(field.name.text, this.fields.has(field.name.text) ? null : field);
  }

  partsOf(node: SyntaxNode, offset: number, depth = 0): UrlPart[] {
    return this.read(node, offset, depth).flatMap(expandPlaceholders);
  }

  private read(node: SyntaxNode, offset: number, depth: number): UrlPart[] {
    if (depth > MAX_DEPTH) return [{ computed: true }];
    const text = literalText(node);
    if (text !== undefined) return [{ text }];
    switch (node.type) {
      case 'binary_expression':
        return concatenationParts(node, (side) => this.read(side, offset, depth + 1));
      case 'parenthesized_expression':
        return node.namedChild(0) ? this.read(node.namedChild(0)!, offset, depth + 1) : [{ computed: true }];
      case 'identifier':
        return this.valueOfName(node.text, offset, depth);
      case 'method_invocation':
        return this.formatted(node, offset, depth) ?? [{ computed: true }];
      default:
        return [{ computed: true }];
    }
  }

  /** A local declared once with a value and never assigned, or a `final` field of the file with one. */
  private valueOfName(name: string, offset: number, depth: number): UrlPart[] {
    if (this.assigned.has(name)) return [{ computed: true }];
    const found = declarationOfName(this.tree, name, offset);
    if ('local' in found) {
      const value = found.local && this.locals.get(found.local.name.startIndex)?.value;
      return value ? this.read(value, value.startIndex, depth + 1) : [{ computed: true }];
    }
    const field = found.bound ? this.fields.get(name) : undefined;
    const final = field?.kind === 'constant' || /\bfinal\b/.test(field?.modifiers?.text ?? '');
    return field?.value && final ? this.read(field.value, field.value.startIndex, depth + 1) : [{ computed: true }];
  }

  /** `String.format("%s/orders/%d", base, id)` and `"...".formatted(...)`: each specifier computed. */
  private formatted(call: SyntaxNode, offset: number, depth: number): UrlPart[] | undefined {
    const object = call.childForFieldName('object');
    const name = call.childForFieldName('name')?.text;
    const format = name === 'format' && object?.text === 'String' ? argumentsOf(call.childForFieldName('arguments'))[0]
      : name === 'formatted' ? object : undefined;
    if (!format) return undefined;
    const parts = this.read(format, offset, depth + 1);
    if (parts.length !== 1 || !('text' in parts[0]!)) return undefined;
    const pattern = parts[0].text;
    const specifiers = [...pattern.matchAll(FORMAT_SPECIFIER)].map((m) => m[0]);
    return pattern.split(FORMAT_SPECIFIER).flatMap((text, i): UrlPart[] => {
      const specifier = specifiers[i - 1];
      if (specifier === undefined) return [{ text }];
      return specifier === '%%' ? [{ text: `%${text}` }] : specifier === '%n' ? [{ text: `\n${text}` }] : [{ computed: true }, { text }];
    });
  }
}

/** Spring's URI templates: `{id}` in the text is a value filled in at run time. */
function expandPlaceholders(part: UrlPart): UrlPart[] {
  if (!('text' in part) || !part.text.includes('{')) return [part];
  return textWithHoles(part.text, /\{[^{}]*\}/);
}
