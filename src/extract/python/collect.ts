import type { Query, QueryCapture } from 'web-tree-sitter';
import type { SyntaxNode } from '../extractor';

/**
 * The captures of one query pass over a Python tree, sorted into plain records by the
 * pattern they came from. Later stages read these records only; none re-queries.
 */

export interface DefinitionCapture {
  readonly kind: 'function' | 'class';
  readonly node: SyntaxNode;
  readonly name: string;
  readonly body: SyntaxNode;
  readonly bases?: SyntaxNode;
}

export interface ConstantCapture {
  readonly statement: SyntaxNode;
  readonly assignment: SyntaxNode;
  readonly name: string;
  readonly value?: SyntaxNode;
}

export interface DecoratorCapture {
  readonly wrapper: SyntaxNode;
  readonly decorator: SyntaxNode;
  /** Start of the wrapped function or class: the key definitions are found by. */
  readonly definitionStart: number;
}

export interface CallCapture {
  /** The callee's name token: the identifier, or the property of `obj.prop()`. */
  readonly nameNode: SyntaxNode;
  readonly object?: SyntaxNode;
}

/** A name bound in some scope: an assignment, a parameter, or any other rebinding. */
export interface BindingCapture {
  readonly form: 'assignment' | 'parameter' | 'rebinding' | 'global';
  readonly name: string;
  readonly offset: number;
  readonly annotation?: SyntaxNode;
  readonly value?: SyntaxNode;
}

/** `self.attr = value` or `self.attr: T = value` inside a method. */
export interface SelfAssignmentCapture {
  readonly attribute: string;
  readonly offset: number;
  readonly annotation?: SyntaxNode;
  readonly value?: SyntaxNode;
}

export interface RouteDecoratorCapture {
  readonly registration: SyntaxNode;
  readonly router: string;
  readonly verb: string;
  readonly arguments: SyntaxNode;
  readonly handler: SyntaxNode;
}

export interface DjangoRouteCapture {
  readonly registration: SyntaxNode;
  readonly function: string;
  readonly arguments: SyntaxNode;
}

export interface PythonCaptures {
  readonly definitions: DefinitionCapture[];
  readonly constants: ConstantCapture[];
  readonly decorators: DecoratorCapture[];
  readonly exportList: SyntaxNode[];
  readonly imports: SyntaxNode[];
  readonly calls: CallCapture[];
  readonly bindings: BindingCapture[];
  readonly selfAssignments: SelfAssignmentCapture[];
  readonly routeDecorators: RouteDecoratorCapture[];
  readonly djangoRoutes: DjangoRouteCapture[];
}

/**
 * One match's captures. Matches hold a handful of captures and there is one match per
 * call site, so a linear lookup beats building a map per match.
 */
type Captured = readonly QueryCapture[];

function get(captured: Captured, name: string): SyntaxNode | undefined {
  for (const capture of captured) if (capture.name === name) return capture.node;
  return undefined;
}

function has(captured: Captured, name: string): boolean {
  return get(captured, name) !== undefined;
}

export function collectCaptures(query: Query, root: SyntaxNode): PythonCaptures {
  const captures: PythonCaptures = {
    definitions: [], constants: [], decorators: [], exportList: [], imports: [], calls: [],
    bindings: [], selfAssignments: [], routeDecorators: [], djangoRoutes: [],
  };
  for (const match of query.matches(root)) sortMatch(match.captures, captures);
  return captures;
}

/** Files by the pattern's marker capture, commonest patterns first. */
function sortMatch(c: Captured, into: PythonCaptures): void {
  if (has(c, 'call')) pushCall(c, into);
  else if (has(c, 'bind.name') || has(c, 'param.name') || has(c, 'rebind') || has(c, 'rebind.global')) pushBinding(c, into);
  else if (has(c, 'definition.function') || has(c, 'definition.class')) pushDefinition(c, into);
  else if (has(c, 'self.attribute')) pushSelfAssignment(c, into);
  else if (has(c, 'definition.constant')) pushConstant(c, into);
  else if (has(c, 'decorator')) pushDecorator(c, into);
  else if (has(c, 'route.registration')) pushRouteDecorator(c, into);
  else if (has(c, 'django.registration')) pushDjangoRoute(c, into);
  else if (has(c, 'import') || has(c, 'import.from')) into.imports.push((get(c, 'import') ?? get(c, 'import.from')) as SyntaxNode);
  else if (has(c, 'all.names')) into.exportList.push(get(c, 'all.names') as SyntaxNode);
}

function pushDefinition(c: Captured, into: PythonCaptures): void {
  const name = get(c, 'name');
  const body = get(c, 'body');
  const functionNode = get(c, 'definition.function');
  const classNode = get(c, 'definition.class');
  if (!name || !body) return;
  if (functionNode) into.definitions.push({ kind: 'function', node: functionNode, name: name.text, body });
  else if (classNode) into.definitions.push({ kind: 'class', node: classNode, name: name.text, body, bases: get(c, 'bases') });
}

function pushConstant(c: Captured, into: PythonCaptures): void {
  const statement = get(c, 'definition.constant');
  const assignment = get(c, 'constant.assignment');
  const name = get(c, 'name');
  if (statement && assignment && name) {
    into.constants.push({ statement, assignment, name: name.text, value: get(c, 'constant.value') });
  }
}

function pushCall(c: Captured, into: PythonCaptures): void {
  const nameNode = get(c, 'callee.name') ?? get(c, 'callee.property');
  if (nameNode) into.calls.push({ nameNode, object: get(c, 'callee.object') });
}

function pushBinding(c: Captured, into: PythonCaptures): void {
  const assigned = get(c, 'bind.name');
  const parameter = get(c, 'param.name');
  const rebound = get(c, 'rebind');
  const global = get(c, 'rebind.global');
  if (assigned) {
    into.bindings.push({
      form: 'assignment', name: assigned.text, offset: assigned.startIndex,
      annotation: get(c, 'bind.type'), value: get(c, 'bind.value'),
    });
  } else if (parameter) {
    into.bindings.push({
      form: 'parameter', name: parameter.text, offset: parameter.startIndex, annotation: get(c, 'param.type'),
    });
  } else if (rebound) {
    into.bindings.push({ form: 'rebinding', name: rebound.text, offset: rebound.startIndex });
  } else if (global) {
    into.bindings.push({ form: 'global', name: global.text, offset: global.startIndex });
  }
}

function pushSelfAssignment(c: Captured, into: PythonCaptures): void {
  const attribute = get(c, 'self.attribute') as SyntaxNode;
  into.selfAssignments.push({
    attribute: attribute.text, offset: attribute.startIndex,
    annotation: get(c, 'self.type'), value: get(c, 'self.value'),
  });
}

function pushRouteDecorator(c: Captured, into: PythonCaptures): void {
  const registration = get(c, 'route.registration');
  const router = get(c, 'route.router');
  const verb = get(c, 'route.verb');
  const args = get(c, 'route.arguments');
  const handler = get(c, 'route.handler');
  if (registration && router && verb && args && handler) {
    into.routeDecorators.push({ registration, router: router.text, verb: verb.text, arguments: args, handler });
  }
}

function pushDjangoRoute(c: Captured, into: PythonCaptures): void {
  const registration = get(c, 'django.registration');
  const fn = get(c, 'django.function');
  const args = get(c, 'django.arguments');
  if (registration && fn && args) into.djangoRoutes.push({ registration, function: fn.text, arguments: args });
}

function pushDecorator(c: Captured, into: PythonCaptures): void {
  const wrapper = get(c, 'decorated');
  const decorator = get(c, 'decorator');
  const definition = get(c, 'decorated.definition');
  if (wrapper && decorator && definition) {
    into.decorators.push({ wrapper, decorator, definitionStart: definition.startIndex });
  }
}
