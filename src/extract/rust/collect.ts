import type { QueryMatch } from 'web-tree-sitter';
import { type RoleHandler as GenericRoleHandler, dispatchMatches } from '../roleDispatch';
import type { SyntaxNode } from '../extractor';

/**
 * The one query pass, sorted by role: queries.scm gives every pattern one role capture,
 * and each match is filed under its role here, to be interpreted by the other modules.
 */

export type DefinitionRole = 'function' | 'signature' | 'type' | 'trait' | 'constant';

export interface DefinitionMatch {
  readonly role: DefinitionRole;
  readonly node: SyntaxNode;
  readonly name: SyntaxNode;
  readonly body?: SyntaxNode;
  /** `pub`, `pub(crate)`: the item is exported. */
  readonly visibility?: SyntaxNode;
}

export interface ImplMatch {
  readonly node: SyntaxNode;
  readonly type: SyntaxNode;
  readonly trait?: SyntaxNode;
}

export interface AttributeMatch {
  readonly node: SyntaxNode;
  /** `test`, `tokio::test`, `get`, `actix_web::get`. */
  readonly path: SyntaxNode;
  readonly arguments?: SyntaxNode;
}

/** A name bound inside a function body, with what its declaration shows of its type. */
export interface LocalMatch {
  readonly name: SyntaxNode;
  /** `x: T` (a parameter) and `let x: T`. */
  readonly type?: SyntaxNode;
  /** `let x = <value>`. */
  readonly value?: SyntaxNode;
  /** `for x in <iterable>`: x is its element. */
  readonly iterable?: SyntaxNode;
  /** `if let Some(x) = <wrapped>` / `Ok(x)`: x is what the Option or Result holds. */
  readonly unwrapped?: SyntaxNode;
  /** A function declared inside a body (this node): its scope is the function around it. */
  readonly nestedFunction?: SyntaxNode;
}

export interface FieldMatch {
  readonly struct: SyntaxNode;
  readonly owner: SyntaxNode;
  readonly name: string;
  readonly type: SyntaxNode;
}

export interface CallMatch {
  readonly node: SyntaxNode;
  /** `f()`, `f::<T>()`. */
  readonly name?: SyntaxNode;
  /** `a::b::f()`: the whole path; `property` is its last segment. */
  readonly path?: SyntaxNode;
  /** `x.f()`: the receiver. */
  readonly object?: SyntaxNode;
  readonly property?: SyntaxNode;
}

/** `.route("/p", target)`: axum method routers and actix-web `web::get().to(h)`. */
export interface RouteRegistrationMatch {
  readonly node: SyntaxNode;
  readonly path: SyntaxNode;
  readonly target: SyntaxNode;
}

/** actix-web `web::resource("/p")` / `web::scope("/p")`. */
export interface ResourceMatch {
  readonly node: SyntaxNode;
  readonly builder: 'resource' | 'scope';
  readonly path: SyntaxNode;
}

/** Calls that hand what they register a prefix: nest, mount, service, configure, merge. */
export interface MountMatch {
  readonly node: SyntaxNode;
  readonly kind: string;
  readonly path?: SyntaxNode;
  readonly target: SyntaxNode;
}

export interface RustMatches {
  readonly definitions: DefinitionMatch[];
  readonly impls: ImplMatch[];
  readonly inlineModules: { node: SyntaxNode; name: SyntaxNode }[];
  readonly moduleDeclarations: { node: SyntaxNode; name: SyntaxNode }[];
  readonly uses: { node: SyntaxNode; tree: SyntaxNode }[];
  readonly externCrates: { node: SyntaxNode; name: SyntaxNode; alias?: SyntaxNode }[];
  readonly attributes: AttributeMatch[];
  readonly locals: LocalMatch[];
  readonly fields: FieldMatch[];
  readonly calls: CallMatch[];
  readonly registrations: RouteRegistrationMatch[];
  readonly resources: ResourceMatch[];
  readonly mounts: MountMatch[];
}

type RoleHandler = GenericRoleHandler<RustMatches>;

function definition(role: DefinitionRole): RoleHandler {
  return (node, parts, into) => {
    const name = parts.get('name');
    if (name) into.definitions.push({ role, node, name, body: parts.get('body'), visibility: parts.get('visibility') });
  };
}

const ROLE_HANDLERS: ReadonlyMap<string, RoleHandler> = new Map<string, RoleHandler>([
  ['definition.function', definition('function')],
  ['definition.signature', definition('signature')],
  ['definition.type', definition('type')],
  ['definition.trait', definition('trait')],
  ['definition.constant', definition('constant')],
  ['impl', (node, parts, into) => {
    const type = parts.get('impl.type');
    if (type) into.impls.push({ node, type, trait: parts.get('impl.trait') });
  }],
  ['module.inline', (node, parts, into) => {
    const name = parts.get('name');
    if (name) into.inlineModules.push({ node, name });
  }],
  ['module.declaration', (node, parts, into) => {
    const name = parts.get('name');
    if (name) into.moduleDeclarations.push({ node, name });
  }],
  ['use', (node, parts, into) => {
    const tree = parts.get('use.tree');
    if (tree) into.uses.push({ node, tree });
  }],
  ['extern_crate', (node, parts, into) => {
    const name = parts.get('name');
    if (name) into.externCrates.push({ node, name, alias: parts.get('alias') });
  }],
  ['attribute', (node, parts, into) => {
    const path = parts.get('attribute.path');
    if (path) into.attributes.push({ node, path, arguments: parts.get('attribute.arguments') });
  }],
  ['local.typed', (_node, parts, into) => {
    const name = parts.get('local.name');
    if (name) {
      into.locals.push({
        name, type: parts.get('local.type'), value: parts.get('local.value'),
        iterable: parts.get('local.iterable'), unwrapped: parts.get('local.unwrapped'),
      });
    }
  }],
  ['local', (node, _parts, into) => { into.locals.push({ name: node }); }],
  ['local.nested', (node, parts, into) => {
    const name = parts.get('local.name');
    if (name) into.locals.push({ name, nestedFunction: node });
  }],
  ['field', (_node, parts, into) => {
    const struct = parts.get('struct');
    const owner = parts.get('owner');
    const name = parts.get('field.name');
    const type = parts.get('field.type');
    if (struct && owner && name && type) into.fields.push({ struct, owner, name: name.text, type });
  }],
  ['call', (node, parts, into) => {
    into.calls.push({
      node, name: parts.get('call.name'), path: parts.get('call.path'),
      object: parts.get('call.object'), property: parts.get('call.property'),
    });
  }],
  ['route.registration', (node, parts, into) => {
    const path = parts.get('route.path');
    const target = parts.get('route.target');
    if (path && target) into.registrations.push({ node, path, target });
  }],
  ['route.resource', (node, parts, into) => {
    const path = parts.get('route.path');
    const builder = parts.get('route.builder')?.text;
    if (path && (builder === 'resource' || builder === 'scope')) into.resources.push({ node, builder, path });
  }],
  ['route.mount', (node, parts, into) => {
    const kind = parts.get('route.kind')?.text;
    const target = parts.get('route.target');
    if (kind && target) into.mounts.push({ node, kind, path: parts.get('route.path'), target });
  }],
]);

export function collectMatches(matches: readonly QueryMatch[]): RustMatches {
  const into: RustMatches = {
    definitions: [], impls: [], inlineModules: [], moduleDeclarations: [], uses: [], externCrates: [],
    attributes: [], locals: [], fields: [], calls: [], registrations: [], resources: [], mounts: [],
  };
  return dispatchMatches(matches, ROLE_HANDLERS, into);
}
