import type { QueryMatch } from 'web-tree-sitter';
import type { SyntaxNode } from '../extractor';
import { type RoleHandler as GenericRoleHandler, dispatchMatches } from '../roleDispatch';
import type { SourceSpan } from '../scopeIndex';

/**
 * The one query pass, sorted by role: queries.scm gives every pattern one role capture,
 * and each match is filed under its role here, to be interpreted by the other modules.
 * None of them re-queries.
 */

export interface DefinitionMatch {
  readonly kind: 'function' | 'class';
  readonly node: SyntaxNode;
  readonly name: string;
  readonly body: SyntaxNode;
  readonly bases?: SyntaxNode;
}

export interface ConstantMatch {
  readonly statement: SyntaxNode;
  readonly assignment: SyntaxNode;
  readonly name: string;
  readonly value?: SyntaxNode;
}

export interface DecoratorMatch {
  readonly wrapper: SyntaxNode;
  readonly decorator: SyntaxNode;
  /** Start of the wrapped function or class: the key definitions are found by. */
  readonly definitionStart: number;
}

export interface CallMatch {
  /** The callee's name token: the identifier, or the property of `obj.prop()`. */
  readonly nameNode: SyntaxNode;
  readonly object?: SyntaxNode;
}

/**
 * A name bound in some scope: an assignment, a parameter, a `for` target (value: the
 * iterable), a comprehension's `for` target (`comprehended`, value: the iterable), a
 * `with ... as` target (value: the context manager), or any other rebinding.
 */
export interface BindingMatch {
  readonly form: 'assignment' | 'parameter' | 'iterated' | 'comprehended' | 'entered' | 'rebinding' | 'global';
  readonly name: string;
  readonly offset: number;
  /** The bound identifier. */
  readonly node: SyntaxNode;
  readonly annotation?: SyntaxNode;
  readonly value?: SyntaxNode;
  /** A target unpacked from the value (or the iterated element) at this position: `key, item = pair`, `for k, v in pairs`. */
  readonly position?: number;
}

/** `self.attr = value` or `self.attr: T = value` inside a method. */
export interface SelfAssignmentMatch {
  readonly attribute: string;
  readonly offset: number;
  readonly annotation?: SyntaxNode;
  readonly value?: SyntaxNode;
}

export interface RouteDecoratorMatch {
  readonly registration: SyntaxNode;
  readonly router: string;
  readonly verb: string;
  readonly arguments: SyntaxNode;
  /** The decorated definition, or for a decorator applied by a call (`app.get("/p")(h)`) the expression passed. */
  readonly handler: SyntaxNode;
  /** Set for a decorator applied by a call. */
  readonly applied?: true;
}

export interface DjangoRouteMatch {
  readonly registration: SyntaxNode;
  readonly function: string;
  readonly arguments: SyntaxNode;
}

export interface PythonMatches {
  readonly definitions: DefinitionMatch[];
  readonly constants: ConstantMatch[];
  readonly decorators: DecoratorMatch[];
  readonly exportList: SyntaxNode[];
  readonly imports: SyntaxNode[];
  readonly calls: CallMatch[];
  readonly bindings: BindingMatch[];
  readonly selfAssignments: SelfAssignmentMatch[];
  readonly routeDecorators: RouteDecoratorMatch[];
  readonly djangoRoutes: DjangoRouteMatch[];
  /** Suites of compound statements and bodies, for which binding reaches a use (reachingBindings.ts). */
  readonly blocks: SourceSpan[];
  /** `for` and `while` statements and comprehensions: code that runs again. */
  readonly loops: SourceSpan[];
  /** `return` statements and `yield` expressions, in source order (returns.ts). */
  readonly exits: SyntaxNode[];
}

type RoleHandler = GenericRoleHandler<PythonMatches>;

function definition(kind: DefinitionMatch['kind']): RoleHandler {
  return (node, parts, into) => {
    const name = parts.get('name');
    const body = parts.get('body');
    if (!name || !body) return;
    if (kind === 'function') into.definitions.push({ kind, node, name: name.text, body });
    else into.definitions.push({ kind, node, name: name.text, body, bases: parts.get('bases') });
  };
}

function importStatement(): RoleHandler {
  return (node, _parts, into) => { into.imports.push(node); };
}

/** The statements whose tuple target binds by position, and the binding each makes. */
const UNPACKING_FORMS: ReadonlyMap<string, BindingMatch['form']> = new Map([
  ['for_statement', 'iterated'], ['for_in_clause', 'comprehended'], ['assignment', 'assignment'],
]);

/**
 * A name a flat tuple target binds by position: `key, item = pair` (an assignment of the
 * value's element at that position) or `for key, item in pairs` (of each iterated
 * element's), also in a comprehension. A starred or nested target, or a chained
 * assignment, is left a rebinding.
 */
function unpacked(node: SyntaxNode): BindingMatch | undefined {
  const pattern = node.parent;
  const statement = pattern?.parent;
  if (!pattern || !statement || (pattern.type !== 'pattern_list' && pattern.type !== 'tuple_pattern')) return undefined;
  if (statement.childForFieldName('left')?.id !== pattern.id) return undefined;
  const targets = pattern.namedChildren.filter((child) => child?.type !== 'comment');
  if (targets.some((target) => target?.type !== 'identifier')) return undefined;
  const position = targets.findIndex((target) => target?.id === node.id);
  const value = statement.childForFieldName('right') ?? undefined;
  if (!value || value.type === 'assignment') return undefined;
  const form = UNPACKING_FORMS.get(statement.type);
  return form && { form, name: node.text, offset: node.startIndex, node, value, position };
}

const ROLE_HANDLERS: ReadonlyMap<string, RoleHandler> = new Map<string, RoleHandler>([
  ['call', (_node, parts, into) => {
    const nameNode = parts.get('callee.name') ?? parts.get('callee.property');
    if (nameNode) into.calls.push({ nameNode, object: parts.get('callee.object') });
  }],
  ['bind.name', (node, parts, into) => {
    into.bindings.push({ form: 'assignment', name: node.text, offset: node.startIndex, node, annotation: parts.get('bind.type'), value: parts.get('bind.value') });
  }],
  ['param.name', (node, parts, into) => {
    into.bindings.push({ form: 'parameter', name: node.text, offset: node.startIndex, node, annotation: parts.get('param.type') });
  }],
  ['bind.iterated', (node, parts, into) => {
    into.bindings.push({ form: 'iterated', name: node.text, offset: node.startIndex, node, value: parts.get('bind.iterable') });
  }],
  ['bind.comprehended', (node, parts, into) => {
    into.bindings.push({ form: 'comprehended', name: node.text, offset: node.startIndex, node, value: parts.get('bind.iterable') });
  }],
  ['bind.entered', (node, parts, into) => {
    into.bindings.push({ form: 'entered', name: node.text, offset: node.startIndex, node, value: parts.get('bind.manager') });
  }],
  ['rebind', (node, _parts, into) => {
    // A `with` target is bound by its own pattern, with the manager it enters.
    if (node.parent?.parent?.parent?.type === 'with_item') return;
    into.bindings.push(unpacked(node) ?? { form: 'rebinding', name: node.text, offset: node.startIndex, node });
  }],
  ['rebind.global', (node, _parts, into) => { into.bindings.push({ form: 'global', name: node.text, offset: node.startIndex, node }); }],
  ['definition.function', definition('function')],
  ['definition.class', definition('class')],
  ['self.attribute', (node, parts, into) => {
    into.selfAssignments.push({ attribute: node.text, offset: node.startIndex, annotation: parts.get('self.type'), value: parts.get('self.value') });
  }],
  ['definition.constant', (node, parts, into) => {
    const assignment = parts.get('constant.assignment');
    const name = parts.get('name');
    if (assignment && name) into.constants.push({ statement: node, assignment, name: name.text, value: parts.get('constant.value') });
  }],
  ['decorator', (node, parts, into) => {
    const wrapper = parts.get('decorated');
    const definition = parts.get('decorated.definition');
    if (wrapper && definition) into.decorators.push({ wrapper, decorator: node, definitionStart: definition.startIndex });
  }],
  ['route.registration', (node, parts, into) => {
    const router = parts.get('route.router');
    const verb = parts.get('route.verb');
    const args = parts.get('route.arguments');
    const handler = parts.get('route.handler');
    if (router && verb && args && handler) into.routeDecorators.push({ registration: node, router: router.text, verb: verb.text, arguments: args, handler });
  }],
  ['routecall.registration', (node, parts, into) => {
    const router = parts.get('routecall.router');
    const verb = parts.get('routecall.verb');
    const args = parts.get('routecall.arguments');
    const handler = parts.get('routecall.handler');
    if (router && verb && args && handler) into.routeDecorators.push({ registration: node, router: router.text, verb: verb.text, arguments: args, handler, applied: true });
  }],
  ['django.registration', (node, parts, into) => {
    const fn = parts.get('django.function');
    const args = parts.get('django.arguments');
    if (fn && args) into.djangoRoutes.push({ registration: node, function: fn.text, arguments: args });
  }],
  ['import', importStatement()],
  ['import.from', importStatement()],
  ['all.names', (node, _parts, into) => { into.exportList.push(node); }],
  ['flow.block', (node, _parts, into) => { into.blocks.push({ start: node.startIndex, end: node.endIndex }); }],
  ['flow.loop', (node, _parts, into) => { into.loops.push({ start: node.startIndex, end: node.endIndex }); }],
  ['flow.return', (node, _parts, into) => { into.exits.push(node); }],
  ['flow.yield', (node, _parts, into) => { into.exits.push(node); }],
]);

export function collectMatches(matches: readonly QueryMatch[]): PythonMatches {
  const into: PythonMatches = {
    definitions: [], constants: [], decorators: [], exportList: [], imports: [], calls: [],
    bindings: [], selfAssignments: [], routeDecorators: [], djangoRoutes: [], blocks: [], loops: [], exits: [],
  };
  return dispatchMatches(matches, ROLE_HANDLERS, into);
}
