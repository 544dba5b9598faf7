import type { QueryMatch } from 'web-tree-sitter';
import { type RoleHandler as GenericRoleHandler, dispatchMatches } from '../roleDispatch';
import type { SyntaxNode } from '../extractor';

/**
 * The one query pass, sorted by role: queries.scm gives every pattern one role capture,
 * and each match is filed under its role here, to be interpreted by the other modules.
 */

export type TypeRole = 'class' | 'struct' | 'record' | 'interface' | 'enum' | 'delegate';
export type HeaderRole = 'modifier' | 'attribute' | 'explicit' | 'bases';
export type MemberRole = 'method' | 'constructor' | 'function' | 'field' | 'property' | 'scope';

export interface NamespaceMatch {
  readonly node: SyntaxNode;
  readonly name: SyntaxNode;
  /** `namespace A.B;`: it covers the rest of the file. */
  readonly fileScoped: boolean;
}

export interface TypeMatch {
  readonly role: TypeRole;
  readonly node: SyntaxNode;
  readonly name: SyntaxNode;
  readonly body?: SyntaxNode;
  /** `<T, U>`: names that stand for types only inside the declaration. */
  readonly typeParameters?: SyntaxNode;
}

export interface MemberMatch {
  readonly role: MemberRole;
  readonly node: SyntaxNode;
  readonly name?: SyntaxNode;
  readonly parameters?: SyntaxNode;
  readonly body?: SyntaxNode;
  /** Methods: the declared return type (`void` included) and type parameters. */
  readonly returns?: SyntaxNode;
  readonly typeParameters?: SyntaxNode;
  /** Fields and properties: the declared names with their type nodes. */
  readonly declared: { readonly name: SyntaxNode; readonly type: SyntaxNode }[];
}

export interface LocalMatch {
  readonly name: SyntaxNode;
  /** `var x = new T()`: T; `var x = ...` otherwise: declared with no type. */
  readonly inferred?: { readonly created?: SyntaxNode };
  /** Parameters: how they count toward their member's arity. */
  readonly parameter?: 'required' | 'optional' | 'variadic';
  readonly type?: SyntaxNode;
  /** `var x = <initializer>`: the declarator, whose value may show the type. */
  readonly declarator?: SyntaxNode;
  /** `foreach (var x in xs)`: xs, whose element x is. */
  readonly iterated?: SyntaxNode;
}

export interface CallMatch {
  readonly role: 'invoke' | 'new' | 'implicit';
  readonly node: SyntaxNode;
  /** `M()`: the name token. */
  readonly name?: SyntaxNode;
  /** `x.M()`, `x?.M()`: the object and the name token. */
  readonly object?: SyntaxNode;
  readonly property?: SyntaxNode;
  /** `new T(...)`: the type. */
  readonly type?: SyntaxNode;
  readonly arguments?: SyntaxNode;
}

export interface UsingMatch {
  readonly target: SyntaxNode;
  readonly alias?: SyntaxNode;
  readonly isStatic: boolean;
}

/** `x.MapGet("/p", handler)`: a minimal API registration with a literal pattern. */
export interface RouteMatch {
  readonly node: SyntaxNode;
  readonly object: SyntaxNode;
  readonly verb: SyntaxNode;
  readonly template: SyntaxNode;
  readonly arguments: SyntaxNode;
}

export interface CSharpMatches {
  readonly usings: UsingMatch[];
  readonly routes: RouteMatch[];
  readonly namespaces: NamespaceMatch[];
  readonly types: TypeMatch[];
  readonly members: MemberMatch[];
  readonly locals: LocalMatch[];
  readonly calls: CallMatch[];
  /** Modifiers, attribute lists, explicit interface names and base lists of declarations. */
  readonly headers: { readonly role: HeaderRole; readonly node: SyntaxNode; readonly name?: SyntaxNode; readonly template?: SyntaxNode }[];
  /** Where the first top-level statement starts, if the file has any. */
  firstTopLevelStatement: number;
  /** Declared names of variable declarators -> their index in locals (`var` ones match twice). */
  readonly declaratorLocals: Map<number, number>;
  /** Field and property declarations by node id, to gather their declarators. */
  readonly storageById: Map<number, MemberMatch>;
}

type RoleHandler = GenericRoleHandler<CSharpMatches>;

function typeDefinition(role: TypeRole): RoleHandler {
  return (node, parts, into) => {
    const name = parts.get('name');
    if (name) into.types.push({ role, node, name, body: parts.get('body'), typeParameters: parts.get('type_params') });
  };
}

function member(role: MemberRole): RoleHandler {
  return (node, parts, into) => {
    into.members.push({
      role, node, name: parts.get('name'), parameters: parts.get('parameters'), body: parts.get('body'), declared: [],
      returns: parts.get('returns'), typeParameters: parts.get('type_params'),
    });
  };
}

/** Fields and properties: one match per declarator, one member per declaration. */
function storage(role: 'field' | 'property'): RoleHandler {
  return (node, parts, into) => {
    const name = parts.get('name');
    const type = parts.get('type');
    if (!name || !type) return;
    const existing = into.storageById.get(node.id);
    if (existing) {
      existing.declared.push({ name, type });
      return;
    }
    const declaration: MemberMatch = { role, node, name, declared: [{ name, type }] };
    into.storageById.set(node.id, declaration);
    into.members.push(declaration);
  };
}

function header(role: HeaderRole): RoleHandler {
  return (node, parts, into) => {
    into.headers.push({ role, node, name: parts.get('name'), template: parts.get('template') });
  };
}

function call(role: CallMatch['role']): RoleHandler {
  return (node, parts, into) => {
    into.calls.push({
      role, node, name: parts.get('name'), object: parts.get('object'), property: parts.get('property'),
      type: parts.get('type'), arguments: parts.get('arguments'),
    });
  };
}

const ROLE_HANDLERS: ReadonlyMap<string, RoleHandler> = new Map<string, RoleHandler>([
  ['using', (_node, parts, into) => {
    const target = parts.get('target');
    if (target) into.usings.push({ target, alias: parts.get('alias'), isStatic: parts.has('static') });
  }],
  ['route', (node, parts, into) => {
    const [object, verb, template, args] = [parts.get('object'), parts.get('verb'), parts.get('template'), parts.get('arguments')];
    if (object && verb && template && args) into.routes.push({ node, object, verb, template, arguments: args });
  }],
  ['toplevel', (node, _parts, into) => { into.firstTopLevelStatement = Math.min(into.firstTopLevelStatement, node.startIndex); }],
  ['namespace', (node, parts, into) => {
    const name = parts.get('name');
    if (name) into.namespaces.push({ node, name, fileScoped: false });
  }],
  ['namespace.file', (node, parts, into) => {
    const name = parts.get('name');
    if (name) into.namespaces.push({ node, name, fileScoped: true });
  }],
  ['definition.class', typeDefinition('class')],
  ['definition.struct', typeDefinition('struct')],
  ['definition.record', typeDefinition('record')],
  ['definition.interface', typeDefinition('interface')],
  ['definition.enum', typeDefinition('enum')],
  ['definition.delegate', typeDefinition('delegate')],
  ['definition.method', member('method')],
  ['definition.constructor', member('constructor')],
  ['definition.function', member('function')],
  ['definition.field', storage('field')],
  ['definition.property', storage('property')],
  ['member.scope', member('scope')],
  ['header.modifier', header('modifier')],
  ['header.attribute', header('attribute')],
  ['header.explicit', header('explicit')],
  ['header.bases', header('bases')],
  ['local.parameter', (node, parts, into) => {
    into.locals.push({ name: node, type: parts.get('type'), parameter: parts.has('default') ? 'optional' : 'required' });
  }],
  ['local.variadic', (node, parts, into) => { into.locals.push({ name: node, type: parts.get('type'), parameter: 'variadic' }); }],
  ['local.declared', (node, parts, into) => {
    const declarator = parts.get('declarator');
    // A `var` declarator matches here and as local.inferred: the inferred match wins.
    if (declarator && into.declaratorLocals.has(node.id)) return;
    if (declarator) into.declaratorLocals.set(node.id, into.locals.length);
    into.locals.push({ name: node, type: parts.get('type'), declarator, iterated: parts.get('iterated') });
  }],
  ['local.inferred', (node, parts, into) => {
    const local: LocalMatch = { name: node, inferred: { created: parts.get('created') }, declarator: parts.get('declarator') };
    const at = into.declaratorLocals.get(node.id);
    if (at !== undefined) {
      into.locals[at] = local;
    } else {
      into.declaratorLocals.set(node.id, into.locals.length);
      into.locals.push(local);
    }
  }],
  ['local.untyped', (node, _parts, into) => { into.locals.push({ name: node }); }],
  ['call', call('invoke')],
  ['call.new', call('new')],
  ['call.implicit', call('implicit')],
]);

export function collectMatches(matches: readonly QueryMatch[]): CSharpMatches {
  const into: CSharpMatches = { usings: [], routes: [], namespaces: [], types: [], members: [], locals: [], calls: [], headers: [], firstTopLevelStatement: Number.POSITIVE_INFINITY, declaratorLocals: new Map(), storageById: new Map() };
  return dispatchMatches(matches, ROLE_HANDLERS, into);
}
