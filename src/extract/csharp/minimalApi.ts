import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, RouteFact } from '../facts';
import type { CallInterpreter } from './calls';
import type { CSharpFile } from './context';
import { aspNetPath } from './routes';
import type { Enclosing } from './scopes';
import { stringValue } from './syntax';

const MAP_VERBS: ReadonlyMap<string, string> = new Map([
  ['MapGet', 'GET'], ['MapPost', 'POST'], ['MapPut', 'PUT'], ['MapDelete', 'DELETE'], ['MapPatch', 'PATCH'], ['MapMethods', ''],
]);
const MAX_GROUP_DEPTH = 8;
const STRING_TYPES = ['string_literal', 'verbatim_string_literal', 'raw_string_literal'];

/**
 * Minimal APIs: `x.MapGet("/users/{id}", handler)` and its siblings, `MapMethods` with
 * its verb list, under the prefixes of `MapGroup` calls the receiver was built from in
 * the same member (`var api = app.MapGroup("/api"); api.MapGet(...)`, or chained). The
 * handler is a method group (resolved like a call) or null for a lambda.
 */
export function minimalApiRoutes(file: CSharpFile, calls: CallInterpreter): RouteFact[] {
  const routes: RouteFact[] = [];
  for (const match of file.matches.routes) {
    const verb = MAP_VERBS.get(file.name(match.verb));
    const template = stringValue(match.template);
    if (verb === undefined || template === undefined) continue;
    const args = argumentExpressions(match.arguments);
    const methods = verb === '' ? listedVerbs(args[1]) : [verb];
    const handlerArgument = verb === '' ? args[2] : args[1];
    const enclosing = file.enclosing(match.node.startIndex);
    const prefix = groupPrefix(file, match.object, enclosing, 0);
    const handler = handlerArgument ? handlerOf(calls, handlerArgument, enclosing) : null;
    for (const method of methods) {
      routes.push({
        ...file.positionOf(match.verb),
        method,
        path: aspNetPath(prefix ? `${prefix}/${template}` : template),
        mappingType: 'http_route',
        handler,
        registeredIn: file.callerName(enclosing),
        framework: 'aspnetcore',
      });
    }
  }
  return routes;
}

function argumentExpressions(argumentList: SyntaxNode | undefined): (SyntaxNode | undefined)[] {
  const expressions: (SyntaxNode | undefined)[] = [];
  for (const argument of argumentList?.namedChildren ?? []) {
    if (argument?.type !== 'argument') continue;
    // `name: value` arguments: the value is the last child.
    expressions.push(argument.namedChild(argument.namedChildCount - 1) ?? undefined);
  }
  return expressions;
}

/** `new[] { "GET", "POST" }`, `["GET"]`, `new[] { HttpMethods.Get }`; ANY when unreadable. */
function listedVerbs(list: SyntaxNode | undefined): string[] {
  if (!list) return ['ANY'];
  const verbs = new Set<string>();
  for (const literal of list.descendantsOfType(STRING_TYPES)) {
    const value = stringValue(literal);
    if (value) verbs.add(value.toUpperCase());
  }
  for (const access of list.descendantsOfType('member_access_expression')) {
    if (access?.childForFieldName('expression')?.text === 'HttpMethods') verbs.add(access.childForFieldName('name')?.text.toUpperCase() ?? '');
  }
  verbs.delete('');
  return verbs.size > 0 ? [...verbs].sort() : ['ANY'];
}

/**
 * The path prefix a route builder carries: `MapGroup("/p")` calls along its chain, and
 * for a local, those of the value it was declared with. Other calls in the chain
 * (`RequireAuthorization()`, `WithTags(...)`) return the builder they were called on.
 */
function groupPrefix(file: CSharpFile, receiver: SyntaxNode, enclosing: Enclosing, depth: number): string {
  if (depth > MAX_GROUP_DEPTH) return '';
  if (receiver.type === 'identifier') {
    const initializer = file.initializerOf(receiver.text, enclosing);
    return initializer ? groupPrefix(file, initializer, enclosing, depth + 1) : '';
  }
  if (receiver.type !== 'invocation_expression') return '';
  const callee = receiver.childForFieldName('function');
  if (callee?.type !== 'member_access_expression') return '';
  const inner = callee.childForFieldName('expression');
  const outer = inner ? groupPrefix(file, inner, enclosing, depth + 1) : '';
  if (callee.childForFieldName('name')?.text !== 'MapGroup') return outer;
  const segment = stringValue(argumentExpressions(receiver.childForFieldName('arguments') ?? undefined)[0]);
  if (segment === undefined) return outer;
  return outer ? `${outer}/${segment}` : segment;
}

function handlerOf(calls: CallInterpreter, argument: SyntaxNode, enclosing: Enclosing): CalleeExpr | null {
  if (argument.type !== 'identifier' && argument.type !== 'member_access_expression') return null;
  return calls.methodReference(argument, undefined, enclosing)?.callee ?? null;
}
