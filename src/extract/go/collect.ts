import type { QueryMatch } from 'web-tree-sitter';
import { type RoleHandler as GenericRoleHandler, dispatchMatches } from '../roleDispatch';
import type { SyntaxNode } from '../extractor';
import type { LocalKind } from './scopes';

/**
 * The one query pass, sorted by role: queries.scm gives every pattern one role capture,
 * and each match is filed under its role here, to be interpreted by the other modules.
 */

export type DefinitionRole = 'function' | 'method' | 'type' | 'constant' | 'variable';

export interface DefinitionMatch {
  readonly role: DefinitionRole;
  readonly node: SyntaxNode;
  readonly name: SyntaxNode;
  readonly body?: SyntaxNode;
  readonly receiverType?: SyntaxNode;
  readonly type?: SyntaxNode;
  /** The `type`/`const`/`var` declaration around a spec, for its doc comment. */
  readonly declaration?: SyntaxNode;
}

export interface CallMatch {
  readonly node: SyntaxNode;
  readonly arguments: SyntaxNode;
  /** `foo()`: the identifier. */
  readonly name?: SyntaxNode;
  /** `x.foo()`: the selector, its operand and its field. */
  readonly callee?: SyntaxNode;
  readonly object?: SyntaxNode;
  readonly property?: SyntaxNode;
  /** Written with an index: `F[T](x)`, `pkg.F[T](x)` (CalleeExpr.instantiated). */
  readonly instantiated: boolean;
}

export type ReferenceMatch =
  | { readonly role: 'value' | 'type'; readonly node: SyntaxNode }
  | { readonly role: 'qualified' | 'selector'; readonly node: SyntaxNode; readonly object: SyntaxNode; readonly property: SyntaxNode };

/** A part of a type declaration: a field's type, an embedded type, a method name. */
export interface OwnedNode {
  readonly owner: string;
  /** The owner's name node: parts of types declared inside functions are dropped. */
  readonly ownerId: number;
  readonly node: SyntaxNode;
  /** Named struct fields: the field name (node is then its type). */
  readonly name?: string;
}

export interface GoMatches {
  packageName?: string;
  readonly imports: { node: SyntaxNode; source: SyntaxNode; alias?: SyntaxNode }[];
  /** Declarations at any depth; GoFileContext keeps the package-level ones. */
  readonly definitions: DefinitionMatch[];
  readonly literals: SyntaxNode[];
  /** Blocks, and the statements and case clauses that are blocks of their own. */
  readonly blocks: SyntaxNode[];
  /** Names on the left of `=`: their function values may change. */
  readonly assigned: Set<string>;
  /** The identifiers on the left of `=` (and `+=`...) themselves, for what each assignment writes. */
  readonly assignedNames: SyntaxNode[];
  /** `switch v := x.(type)` statements: each case scopes its own v. */
  readonly typeSwitches: SyntaxNode[];
  readonly locals: { node: SyntaxNode; kind: LocalKind }[];
  readonly calls: CallMatch[];
  /**
   * Calls written with type arguments (`F[T](x)`, `pkg.F[T](x)`, which Go's grammar also
   * reads as an index or a conversion): kept apart from `calls`, which route and client
   * readers scan for registrations and requests.
   */
  readonly instantiatedCalls: CallMatch[];
  readonly references: ReferenceMatch[];
  /** Identifier ids that are declarations, callees or keys, never references. */
  readonly excluded: Set<number>;
  /** Parts of types at any depth; GoFileContext.packageParts() keeps the package-level ones. */
  readonly structFields: OwnedNode[];
  readonly structEmbedded: OwnedNode[];
  readonly interfaceMethods: OwnedNode[];
  readonly interfaceEmbedded: OwnedNode[];
  /** Declared name id -> the `pkg.Constructor` that built it, for router detection. */
  readonly localRouters: Map<number, { readonly pkg: string; readonly factory: string }>;
  /** gorilla/mux: registration call id -> the argument list of its `.Methods(...)`. */
  readonly routeMethods: Map<number, SyntaxNode>;
}

type RoleHandler = GenericRoleHandler<GoMatches>;

function definition(role: DefinitionRole): RoleHandler {
  return (node, parts, into) => {
    const name = parts.get('name');
    if (!name) return;
    into.excluded.add(name.id);
    into.definitions.push({
      role, node, name,
      body: parts.get('body'),
      receiverType: parts.get('receiver.type'),
      type: parts.get('type'),
      declaration: parts.get('declaration'),
    });
  };
}

function local(kind: LocalKind): RoleHandler {
  return (node, _parts, into) => {
    into.excluded.add(node.id);
    into.locals.push({ node, kind });
  };
}

function owned(list: (into: GoMatches) => OwnedNode[]): RoleHandler {
  return (node, parts, into) => {
    const owner = parts.get('owner');
    if (owner) list(into).push({ owner: owner.text, ownerId: owner.id, node });
  };
}

const ROLE_HANDLERS: ReadonlyMap<string, RoleHandler> = new Map<string, RoleHandler>([
  ['reference.value', (node, _parts, into) => { into.references.push({ role: 'value', node }); }],
  ['reference.type', (node, _parts, into) => { into.references.push({ role: 'type', node }); }],
  ['reference.qualified', (node, parts, into) => {
    const object = parts.get('reference.package');
    const property = parts.get('reference.name');
    if (!object || !property) return;
    into.excluded.add(property.id);
    into.references.push({ role: 'qualified', node, object, property });
  }],
  ['reference.selector', (node, parts, into) => {
    const object = parts.get('reference.object');
    const property = parts.get('reference.property');
    if (!object || !property) return;
    into.excluded.add(object.id);
    into.references.push({ role: 'selector', node, object, property });
  }],
  ['call', (node, parts, into) => {
    const args = parts.get('call.arguments');
    if (!args) return;
    const name = parts.get('call.name');
    const callee = parts.get('call.callee');
    const instantiated = parts.has('call.instantiated');
    // Indexed, the name may denote a slice, a map or a type rather than a function: it
    // stays a reference, which the linker drops where the call links (linker.ts).
    if (name && !instantiated) into.excluded.add(name.id);
    if (callee && !instantiated) into.excluded.add(callee.id);
    (instantiated ? into.instantiatedCalls : into.calls).push({
      node, arguments: args, name, callee, object: parts.get('call.object'), property: parts.get('call.property'), instantiated,
    });
  }],
  ['local.param', local('param')],
  ['local.router', (node, parts, into) => {
    const pkg = parts.get('router.package');
    const factory = parts.get('router.factory');
    if (pkg && factory) into.localRouters.set(node.id, { pkg: pkg.text, factory: factory.text });
  }],
  ['local.name', local('name')],
  ['local.var', local('var')],
  ['local.typeparam', local('typeparam')],
  ['local.typename', local('typename')],
  ['exclude', (node, _parts, into) => { into.excluded.add(node.id); }],
  ['scope.literal', (node, _parts, into) => { into.literals.push(node); }],
  ['scope.block', (node, _parts, into) => { into.blocks.push(node); }],
  ['scope.typeswitch', (node, _parts, into) => { into.typeSwitches.push(node); }],
  ['assigned', (node, _parts, into) => {
    into.assigned.add(node.text);
    into.assignedNames.push(node);
  }],
  ['definition.function', definition('function')],
  ['definition.method', definition('method')],
  ['definition.type', definition('type')],
  ['definition.constant', definition('constant')],
  ['definition.variable', definition('variable')],
  ['struct.field', (_node, parts, into) => {
    const owner = parts.get('owner');
    const name = parts.get('field.name');
    const type = parts.get('field.type');
    if (owner && name && type) into.structFields.push({ owner: owner.text, ownerId: owner.id, node: type, name: name.text });
  }],
  ['struct.embedded', owned((into) => into.structEmbedded)],
  ['interface.method', owned((into) => into.interfaceMethods)],
  ['interface.embedded', owned((into) => into.interfaceEmbedded)],
  ['import', (node, parts, into) => {
    const source = parts.get('import.source');
    if (source) into.imports.push({ node, source, alias: parts.get('import.alias') });
  }],
  ['package.name', (node, _parts, into) => { into.packageName ??= node.text; }],
  ['route.methods', (node, parts, into) => {
    const registration = parts.get('route.registration');
    if (registration) into.routeMethods.set(registration.id, node);
  }],
]);

export function collectMatches(matches: readonly QueryMatch[]): GoMatches {
  const into: GoMatches = {
    imports: [], definitions: [], literals: [], blocks: [], typeSwitches: [], assigned: new Set(), assignedNames: [], locals: [],
    calls: [], instantiatedCalls: [], references: [], excluded: new Set(), structFields: [], structEmbedded: [],
    interfaceMethods: [], interfaceEmbedded: [], routeMethods: new Map(),
    localRouters: new Map(),
  };
  return dispatchMatches(matches, ROLE_HANDLERS, into);
}

