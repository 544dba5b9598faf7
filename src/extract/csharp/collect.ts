import type { QueryMatch } from 'web-tree-sitter';
import type { SyntaxNode } from '../extractor';

/**
 * The one query pass, sorted by role: queries.scm gives every pattern one role capture,
 * and each match is filed under its role here, to be interpreted by the other modules.
 */

export type TypeRole = 'class' | 'struct' | 'record' | 'interface' | 'enum' | 'delegate';
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
}

export interface MemberMatch {
  readonly role: MemberRole;
  readonly node: SyntaxNode;
  readonly name?: SyntaxNode;
  readonly parameters?: SyntaxNode;
  readonly body?: SyntaxNode;
  /** Fields and properties: the declared names with their type nodes. */
  readonly declared: { readonly name: SyntaxNode; readonly type: SyntaxNode }[];
}

export interface LocalMatch {
  readonly name: SyntaxNode;
  readonly type?: SyntaxNode;
  /** `var x = <initializer>`: the declarator, whose value may show the type. */
  readonly declarator?: SyntaxNode;
}

export interface CallMatch {
  readonly role: 'invoke' | 'new' | 'implicit';
  readonly node: SyntaxNode;
  /** Invocations: the expression called. */
  readonly function?: SyntaxNode;
  /** `new T(...)`: the type. */
  readonly type?: SyntaxNode;
  readonly arguments?: SyntaxNode;
}

export interface CSharpMatches {
  readonly usings: SyntaxNode[];
  readonly namespaces: NamespaceMatch[];
  readonly types: TypeMatch[];
  readonly members: MemberMatch[];
  readonly locals: LocalMatch[];
  readonly calls: CallMatch[];
  hasTopLevelStatements: boolean;
  /** Field and property declarations by node id, to gather their declarators. */
  readonly storageById: Map<number, MemberMatch>;
}

type Parts = Map<string, SyntaxNode>;
type RoleHandler = (node: SyntaxNode, parts: Parts, into: CSharpMatches) => void;

function typeDefinition(role: TypeRole): RoleHandler {
  return (node, parts, into) => {
    const name = parts.get('name');
    if (name) into.types.push({ role, node, name });
  };
}

function member(role: MemberRole): RoleHandler {
  return (node, parts, into) => {
    into.members.push({ role, node, name: parts.get('name'), parameters: parts.get('parameters'), body: parts.get('body'), declared: [] });
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

function call(role: CallMatch['role']): RoleHandler {
  return (node, parts, into) => {
    into.calls.push({ role, node, function: parts.get('function'), type: parts.get('type'), arguments: parts.get('arguments') });
  };
}

const ROLE_HANDLERS: ReadonlyMap<string, RoleHandler> = new Map<string, RoleHandler>([
  ['using', (node, _parts, into) => { into.usings.push(node); }],
  ['toplevel', (_node, _parts, into) => { into.hasTopLevelStatements = true; }],
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
  ['local.declared', (node, parts, into) => {
    into.locals.push({ name: node, type: parts.get('type'), declarator: parts.get('declarator') });
  }],
  ['local.untyped', (node, _parts, into) => { into.locals.push({ name: node }); }],
  ['call', call('invoke')],
  ['call.new', call('new')],
  ['call.implicit', call('implicit')],
]);

export function collectMatches(matches: readonly QueryMatch[]): CSharpMatches {
  const into: CSharpMatches = { usings: [], namespaces: [], types: [], members: [], locals: [], calls: [], hasTopLevelStatements: false, storageById: new Map() };
  // One parts map for all matches: handlers copy out what they keep.
  const parts: Parts = new Map();
  for (const match of matches) {
    parts.clear();
    let handler: RoleHandler | undefined;
    let roleNode: SyntaxNode | undefined;
    for (const capture of match.captures) {
      const roleHandler = handler ? undefined : ROLE_HANDLERS.get(capture.name);
      if (roleHandler) {
        handler = roleHandler;
        roleNode = capture.node;
      } else if (!parts.has(capture.name)) {
        parts.set(capture.name, capture.node);
      }
    }
    if (handler && roleNode) handler(roleNode, parts, into);
  }
  return into;
}
