import type { SyntaxNode } from '../extractor';
import type { HttpCallFact } from '../facts';
import { type UrlPart, concatenationParts, interpolatedParts, textWithHoles, urlTemplate } from '../httpUrls';
import type { CSharpFile } from './context';
import { type Enclosing, localsDeclaring } from './scopes';
import { stringValue } from './syntax';

/**
 * HTTP requests to URLs the code writes, through `System.Net.Http.HttpClient`
 * (docs/extractors/csharp.md, HTTP requests): `GetAsync(url)` and the other verb methods
 * (the `...AsJsonAsync`/`...FromJsonAsync` extensions too), and
 * `SendAsync(new HttpRequestMessage(HttpMethod.X, url))`, on a name the file declares
 * `HttpClient` (field, property, parameter, local, `var c = new HttpClient()`). The URL is
 * read from string literals, `+` joins, interpolated strings and `string.Format` (each
 * hole computed), `new Uri(...)` and names the file binds to one value. A relative URL
 * (`"orders/1"`, resolved against a BaseAddress the code sets elsewhere) fixes no path: no fact.
 */

const HTTP_CLIENT = new Set(['HttpClient', 'System.Net.Http.HttpClient']);

/** HttpClient methods (and System.Net.Http.Json extensions) whose first argument is the URL, and the method they send. */
const VERBS: ReadonlyMap<string, string> = new Map([
  ['GetAsync', 'GET'], ['GetStringAsync', 'GET'], ['GetStreamAsync', 'GET'], ['GetByteArrayAsync', 'GET'], ['GetFromJsonAsync', 'GET'],
  ['PostAsync', 'POST'], ['PostAsJsonAsync', 'POST'], ['PutAsync', 'PUT'], ['PutAsJsonAsync', 'PUT'], ['PatchAsync', 'PATCH'],
  ['PatchAsJsonAsync', 'PATCH'], ['DeleteAsync', 'DELETE'], ['DeleteFromJsonAsync', 'DELETE'],
]);
/** Beyond this many names followed to their values the URL is computed. */
const MAX_DEPTH = 8;

/** The file's HttpClient requests whose URL the code fixes a path of, each at the method called. */
export function httpCallFacts(file: CSharpFile, root: SyntaxNode): HttpCallFact[] {
  // A type of the file's own named HttpClient is not the framework's.
  if (file.typeNamed('HttpClient')) return [];
  let urls: CSharpUrls | undefined;
  const facts: HttpCallFact[] = [];
  for (const match of file.matches.calls) {
    if (match.role !== 'invoke' || !match.object || !match.property) continue;
    const name = file.name(match.property);
    if (!VERBS.has(name) && name !== 'SendAsync') continue;
    const enclosing = file.enclosing(match.node.startIndex);
    if (!isHttpClient(file, match.object, enclosing)) continue;
    const first = argumentsOf(match.arguments)[0];
    const request = name === 'SendAsync' ? requestMessage(file, first, enclosing) : { method: VERBS.get(name), url: first };
    if (!request?.method || !request.url) continue;
    urls ??= new CSharpUrls(file, root);
    const url = urlTemplate(urls.partsOf(request.url, enclosing));
    if (url) facts.push({ ...file.positionOf(match.property), caller: file.callerName(enclosing), method: request.method, url, client: 'HttpClient' });
  }
  return facts;
}

/** `client`, `_client`, `this.client`: declared HttpClient in the file. */
function isHttpClient(file: CSharpFile, receiver: SyntaxNode, enclosing: Enclosing): boolean {
  if (receiver.type === 'identifier') return HTTP_CLIENT.has(file.variable(file.name(receiver), enclosing).type ?? '');
  if (receiver.type !== 'member_access_expression' || receiver.childForFieldName('expression')?.type !== 'this') return false;
  const field = receiver.childForFieldName('name');
  const type = field && enclosing.type?.fields.typeOf(file.name(field));
  return HTTP_CLIENT.has(type ?? '');
}

/** `new HttpRequestMessage(HttpMethod.Get, url)`, directly or through a local bound to it once. */
function requestMessage(file: CSharpFile, node: SyntaxNode | undefined, enclosing: Enclosing): { method?: string; url?: SyntaxNode } | undefined {
  const created = node?.type === 'identifier' ? file.initializerOf(file.name(node), enclosing) : node;
  if (created?.type !== 'object_creation_expression' || file.typeName(created.childForFieldName('type')) !== 'HttpRequestMessage') return undefined;
  const [method, url] = argumentsOf(created.childForFieldName('arguments') ?? undefined);
  return { method: httpMethodOf(method), url };
}

/** `HttpMethod.Get`, `new HttpMethod("PATCH")`; a computed method is no fact. */
function httpMethodOf(node: SyntaxNode | undefined): string | undefined {
  if (node?.type === 'member_access_expression' && node.childForFieldName('expression')?.text === 'HttpMethod') {
    return node.childForFieldName('name')?.text.toUpperCase();
  }
  if (node?.type === 'object_creation_expression' && node.childForFieldName('type')?.text === 'HttpMethod') {
    return stringValue(argumentsOf(node.childForFieldName('arguments') ?? undefined)[0])?.toUpperCase();
  }
  return undefined;
}

/** The expressions of an argument list (`name: value` arguments: the value). */
function argumentsOf(list: SyntaxNode | undefined): SyntaxNode[] {
  const expressions: SyntaxNode[] = [];
  for (const argument of list?.namedChildren ?? []) {
    const value = argument?.type === 'argument' ? argument.namedChild(argument.namedChildCount - 1) : null;
    if (value) expressions.push(value);
  }
  return expressions;
}

/** URL expressions as parts (text or computed), following names the file binds to one value. */
class CSharpUrls {
  /** `const` and `static readonly` fields with an initializer, by name; null when declared twice. */
  private readonly constants = new Map<string, SyntaxNode | null>();
  private readonly assigned = new Set<string>();

  constructor(private readonly file: CSharpFile, root: SyntaxNode) {
    for (const member of file.matches.members) {
      if (member.role !== 'field') continue;
      const modifiers = file.declarations.modifiers(member.node);
      const fixed = modifiers.has('const') || modifiers.has('readonly');
      for (const { name } of member.declared) {
        const value = fixed && name.parent?.type === 'variable_declarator' ? lastValue(name.parent, name) : undefined;
        const key = file.name(name);
        this.constants.set(key, this.constants.has(key) ? null : value ?? null);
      }
    }
    for (const assignment of root.descendantsOfType('assignment_expression')) {
      const left = assignment?.childForFieldName('left');
      const target = left?.type === 'member_access_expression' ? left.childForFieldName('name') : left;
      if (target?.type === 'identifier') this.assigned.add(file.name(target));
    }
  }

  partsOf(node: SyntaxNode, enclosing: Enclosing, depth = 0): UrlPart[] {
    if (depth > MAX_DEPTH) return [{ computed: true }];
    const text = stringValue(node);
    if (text !== undefined) return [{ text }];
    switch (node.type) {
      case 'interpolated_string_expression':
        return interpolatedParts(node, 'string_content', 'interpolation');
      case 'binary_expression':
        return concatenationParts(node, (side) => this.partsOf(side, enclosing, depth + 1));
      case 'parenthesized_expression':
        return node.namedChild(0) ? this.partsOf(node.namedChild(0)!, enclosing, depth + 1) : [{ computed: true }];
      case 'identifier':
        return this.valueOfName(this.file.name(node), enclosing, depth);
      case 'object_creation_expression': {
        // `new Uri("http://...")`; `new Uri(base, "x")` joins in ways the text does not show.
        const args = argumentsOf(node.childForFieldName('arguments') ?? undefined);
        return this.file.typeName(node.childForFieldName('type')) === 'Uri' && args.length === 1 ? this.partsOf(args[0]!, enclosing, depth + 1) : [{ computed: true }];
      }
      case 'invocation_expression':
        return this.formatted(node, enclosing, depth) ?? [{ computed: true }];
      default:
        return [{ computed: true }];
    }
  }

  /** A local declared once with a value and never assigned, or a `const`/`readonly` field of the file. */
  private valueOfName(name: string, enclosing: Enclosing, depth: number): UrlPart[] {
    if (this.assigned.has(name)) return [{ computed: true }];
    const local = localsDeclaring(name, enclosing) !== undefined || (!enclosing.type && this.file.topLevel.has(name));
    const value = local ? this.file.initializerOf(name, enclosing)
      : enclosing.types.some((type) => type.fields.has(name)) ? this.constants.get(name) : undefined;
    return value ? this.partsOf(value, this.file.enclosing(value.startIndex), depth + 1) : [{ computed: true }];
  }

  /** `string.Format("{0}/orders/{1}", base, id)`: each format item computed. */
  private formatted(call: SyntaxNode, enclosing: Enclosing, depth: number): UrlPart[] | undefined {
    const callee = call.childForFieldName('function');
    if (callee?.type !== 'member_access_expression' || !/^(string|String|System\.String)$/.test(callee.childForFieldName('expression')?.text ?? '')
      || callee.childForFieldName('name')?.text !== 'Format') return undefined;
    const format = argumentsOf(call.childForFieldName('arguments') ?? undefined)[0];
    const parts = format ? this.partsOf(format, enclosing, depth + 1) : [];
    if (parts.length !== 1 || !('text' in parts[0]!)) return undefined;
    return textWithHoles(parts[0].text, /\{\d+[^{}]*\}/, (text) => text.replace(/\{\{/g, '{').replace(/\}\}/g, '}'));
  }
}

/** The value a declarator assigns: its last named child when that is not the name. */
function lastValue(declarator: SyntaxNode, name: SyntaxNode): SyntaxNode | undefined {
  const last = declarator.namedChild(declarator.namedChildCount - 1);
  return last && last.id !== name.id ? last : undefined;
}
