import type { QueryMatch } from 'web-tree-sitter';
import type { SyntaxNode } from '../extractor';
import { type RoleHandler as GenericRoleHandler, dispatchMatches } from '../roleDispatch';

/**
 * The one query pass, sorted by role: queries.scm gives every pattern one role capture,
 * and each match is filed under its role here, to be interpreted by the other modules.
 * None of them re-queries.
 */

export type TypeKind = 'class' | 'interface' | 'enum' | 'record' | 'annotation';
export type MemberKind = 'method' | 'constructor' | 'element';

export interface TypeMatch {
  readonly kind: TypeKind;
  readonly node: SyntaxNode;
  readonly name: SyntaxNode;
  readonly body: SyntaxNode;
  readonly modifiers?: SyntaxNode;
  readonly superclass?: SyntaxNode;
  readonly interfaces?: SyntaxNode;
  /** Records: the components, which are also the canonical constructor's parameters. */
  readonly params?: SyntaxNode;
  /** `<T, U>`: names that stand for types only inside the declaration. */
  readonly typeParams?: SyntaxNode;
}

export interface MemberMatch {
  readonly kind: MemberKind;
  readonly node: SyntaxNode;
  readonly name: SyntaxNode;
  readonly modifiers?: SyntaxNode;
  /** Absent for compact constructors and annotation elements. */
  readonly params?: SyntaxNode;
  readonly body?: SyntaxNode;
  /** Methods: the declared return type (`void` included). */
  readonly result?: SyntaxNode;
  readonly typeParams?: SyntaxNode;
}

export interface FieldMatch {
  /** Interface constants are implicitly static final. */
  readonly kind: 'field' | 'constant' | 'enum_constant';
  readonly node: SyntaxNode;
  readonly name: SyntaxNode;
  readonly modifiers?: SyntaxNode;
  readonly type?: SyntaxNode;
  readonly value?: SyntaxNode;
}

export interface AnnotationMatch {
  readonly annotation: SyntaxNode;
  /** Start of the annotated declaration: the key types and members are found by. */
  readonly declarationStart: number;
}

export type CallMatch =
  | { readonly form: 'method'; readonly node: SyntaxNode; readonly name: SyntaxNode; readonly object?: SyntaxNode; readonly args: SyntaxNode }
  | { readonly form: 'new'; readonly node: SyntaxNode; readonly type: SyntaxNode; readonly args: SyntaxNode }
  | { readonly form: 'constructor'; readonly keyword: SyntaxNode; readonly args: SyntaxNode };

/** A local name: typed (`Foo x`, `var x = new Foo()`), or rebound to an unknown type. */
export interface BindingMatch {
  readonly name: SyntaxNode;
  readonly modifiers?: SyntaxNode;
  readonly type?: SyntaxNode;
  readonly value?: SyntaxNode;
  /** `for (var x : xs)`: xs, whose element x is. */
  readonly iterated?: SyntaxNode;
}

export interface JavaMatches {
  packageName?: string;
  readonly imports: SyntaxNode[];
  readonly types: TypeMatch[];
  /** Anonymous class bodies (`new T() {...}`, enum constants with bodies). */
  readonly anonymous: SyntaxNode[];
  readonly members: MemberMatch[];
  readonly fields: FieldMatch[];
  readonly annotations: AnnotationMatch[];
  readonly calls: CallMatch[];
  readonly bindings: BindingMatch[];
}

type RoleHandler = GenericRoleHandler<JavaMatches>;

function typeDefinition(kind: TypeKind): RoleHandler {
  return (node, parts, into) => {
    const name = parts.get('name');
    const body = parts.get('body');
    if (!name || !body) return;
    into.types.push({
      kind, node, name, body, modifiers: parts.get('modifiers'), superclass: parts.get('superclass'),
      interfaces: parts.get('interfaces'), params: parts.get('params'), typeParams: parts.get('type_params'),
    });
  };
}

function member(kind: MemberKind): RoleHandler {
  return (node, parts, into) => {
    const name = parts.get('name');
    if (!name) return;
    into.members.push({
      kind, node, name, modifiers: parts.get('modifiers'), params: parts.get('params'), body: parts.get('body'),
      result: parts.get('result'), typeParams: parts.get('type_params'),
    });
  };
}

function field(kind: FieldMatch['kind']): RoleHandler {
  return (node, parts, into) => {
    const name = parts.get('name');
    if (name) into.fields.push({ kind, node, name, modifiers: parts.get('modifiers'), type: parts.get('field.type'), value: parts.get('field.value') });
  };
}

function binding(): RoleHandler {
  return (node, parts, into) => {
    into.bindings.push({ name: node, type: parts.get('bind.type'), value: parts.get('bind.value'), iterated: parts.get('bind.iterated') });
  };
}

const ROLE_HANDLERS: ReadonlyMap<string, RoleHandler> = new Map<string, RoleHandler>([
  ['bind.name', binding()],
  ['rebind', binding()],
  ['call', (node, parts, into) => {
    const name = parts.get('callee.name');
    const args = parts.get('callee.arguments');
    if (name && args) into.calls.push({ form: 'method', node, name, object: parts.get('callee.object'), args });
  }],
  ['new', (node, parts, into) => {
    const type = parts.get('new.type');
    const args = parts.get('new.arguments');
    if (type && args) into.calls.push({ form: 'new', node, type, args });
  }],
  ['annotation', (node, parts, into) => {
    const declaration = parts.get('annotated');
    if (declaration) into.annotations.push({ annotation: node, declarationStart: declaration.startIndex });
  }],
  ['import', (node, _parts, into) => { into.imports.push(node); }],
  ['package.name', (node, _parts, into) => { into.packageName ??= node.text.replace(/\s+/g, ''); }],
  ['definition.anonymous', (node, _parts, into) => { into.anonymous.push(node); }],
  ['ctor', (_node, parts, into) => {
    const keyword = parts.get('ctor.keyword');
    const args = parts.get('ctor.arguments');
    if (keyword && args) into.calls.push({ form: 'constructor', keyword, args });
  }],
  ['definition.class', typeDefinition('class')],
  ['definition.interface', typeDefinition('interface')],
  ['definition.enum', typeDefinition('enum')],
  ['definition.record', typeDefinition('record')],
  ['definition.annotation', typeDefinition('annotation')],
  ['definition.method', member('method')],
  ['definition.constructor', member('constructor')],
  ['definition.element', member('element')],
  ['definition.field', field('field')],
  ['definition.constant', field('constant')],
  ['definition.enum_constant', field('enum_constant')],
]);

export function collectMatches(matches: readonly QueryMatch[]): JavaMatches {
  const into: JavaMatches = {
    imports: [], types: [], anonymous: [], members: [], fields: [], annotations: [], calls: [], bindings: [],
  };
  return dispatchMatches(matches, ROLE_HANDLERS, into);
}
