import type { Query, QueryCapture } from 'web-tree-sitter';
import type { SyntaxNode } from '../extractor';

/**
 * The captures of one query pass over a Java tree, sorted into plain records by the
 * pattern they came from. Later stages read these records only; none re-queries.
 */

export type TypeKind = 'class' | 'interface' | 'enum' | 'record' | 'annotation';
export type MemberKind = 'method' | 'constructor' | 'element';

export interface TypeCapture {
  readonly kind: TypeKind;
  readonly node: SyntaxNode;
  readonly name: SyntaxNode;
  readonly body: SyntaxNode;
  readonly modifiers?: SyntaxNode;
  readonly superclass?: SyntaxNode;
  readonly interfaces?: SyntaxNode;
  /** Records: the components, which are also the canonical constructor's parameters. */
  readonly params?: SyntaxNode;
}

export interface MemberCapture {
  readonly kind: MemberKind;
  readonly node: SyntaxNode;
  readonly name: SyntaxNode;
  readonly modifiers?: SyntaxNode;
  /** Absent for compact constructors and annotation elements. */
  readonly params?: SyntaxNode;
  readonly body?: SyntaxNode;
}

export interface FieldCapture {
  /** Interface constants are implicitly static final. */
  readonly kind: 'field' | 'constant' | 'enum_constant';
  readonly node: SyntaxNode;
  readonly name: SyntaxNode;
  readonly modifiers?: SyntaxNode;
  readonly type?: SyntaxNode;
  readonly value?: SyntaxNode;
}

export interface AnnotationCapture {
  readonly annotation: SyntaxNode;
  /** Start of the annotated declaration: the key types and members are found by. */
  readonly declarationStart: number;
}

export type CallCapture =
  | { readonly form: 'method'; readonly node: SyntaxNode; readonly name: SyntaxNode; readonly object?: SyntaxNode; readonly args: SyntaxNode }
  | { readonly form: 'new'; readonly node: SyntaxNode; readonly type: SyntaxNode; readonly args: SyntaxNode }
  | { readonly form: 'constructor'; readonly keyword: SyntaxNode; readonly args: SyntaxNode };

/** A local name: typed (`Foo x`, `var x = new Foo()`), or rebound to an unknown type. */
export interface BindingCapture {
  readonly name: SyntaxNode;
  readonly modifiers?: SyntaxNode;
  readonly type?: SyntaxNode;
  readonly value?: SyntaxNode;
}

export interface JavaCaptures {
  packageName?: string;
  readonly imports: SyntaxNode[];
  readonly types: TypeCapture[];
  /** Anonymous class bodies (`new T() {...}`, enum constants with bodies). */
  readonly anonymous: SyntaxNode[];
  readonly members: MemberCapture[];
  readonly fields: FieldCapture[];
  readonly annotations: AnnotationCapture[];
  readonly calls: CallCapture[];
  readonly bindings: BindingCapture[];
}

/** One match's captures: a handful, so a linear lookup beats building a map per match. */
type Captured = readonly QueryCapture[];

function get(captured: Captured, name: string): SyntaxNode | undefined {
  for (const capture of captured) if (capture.name === name) return capture.node;
  return undefined;
}

export function collectCaptures(query: Query, root: SyntaxNode): JavaCaptures {
  const captures: JavaCaptures = {
    imports: [], types: [], anonymous: [], members: [], fields: [], annotations: [], calls: [], bindings: [],
  };
  for (const match of query.matches(root)) sortMatch(match.captures, captures);
  return captures;
}

const TYPE_MARKERS: ReadonlyArray<readonly [string, TypeKind]> = [
  ['definition.class', 'class'], ['definition.interface', 'interface'], ['definition.enum', 'enum'],
  ['definition.record', 'record'], ['definition.annotation', 'annotation'],
];
const MEMBER_MARKERS: ReadonlyArray<readonly [string, MemberKind]> = [
  ['definition.method', 'method'], ['definition.constructor', 'constructor'], ['definition.element', 'element'],
];
const FIELD_MARKERS: ReadonlyArray<readonly [string, FieldCapture['kind']]> = [
  ['definition.field', 'field'], ['definition.constant', 'constant'], ['definition.enum_constant', 'enum_constant'],
];

/** Files a match by its marker capture, commonest patterns first. */
function sortMatch(c: Captured, into: JavaCaptures): void {
  const marker = c[0]?.name ?? '';
  if (marker.startsWith('bind.') || marker === 'rebind') return pushBinding(c, into);
  if (marker === 'call' || marker.startsWith('callee.')) return pushMethodCall(c, into);
  if (marker === 'new' || marker.startsWith('new.')) return pushNew(c, into);
  if (marker === 'annotated' || marker === 'annotation') return pushAnnotation(c, into);
  if (marker === 'import') return void into.imports.push(c[0]!.node);
  if (marker === 'package.name') return void (into.packageName ??= c[0]!.node.text.replace(/\s+/g, ''));
  if (marker === 'definition.anonymous') return void into.anonymous.push(c[0]!.node);
  if (marker === 'ctor' || marker.startsWith('ctor.')) return pushConstructorCall(c, into);
  pushDefinition(c, into);
}

function pushDefinition(c: Captured, into: JavaCaptures): void {
  const name = get(c, 'name');
  if (!name) return;
  for (const [capture, kind] of TYPE_MARKERS) {
    const node = get(c, capture);
    const body = get(c, 'body');
    if (node && body) {
      into.types.push({ kind, node, name, body, modifiers: get(c, 'modifiers'), superclass: get(c, 'superclass'), interfaces: get(c, 'interfaces'), params: get(c, 'params') });
      return;
    }
  }
  for (const [capture, kind] of MEMBER_MARKERS) {
    const node = get(c, capture);
    if (node) return void into.members.push({ kind, node, name, modifiers: get(c, 'modifiers'), params: get(c, 'params'), body: get(c, 'body') });
  }
  for (const [capture, kind] of FIELD_MARKERS) {
    const node = get(c, capture);
    if (node) return void into.fields.push({ kind, node, name, modifiers: get(c, 'modifiers'), type: get(c, 'field.type'), value: get(c, 'field.value') });
  }
}

function pushAnnotation(c: Captured, into: JavaCaptures): void {
  const annotation = get(c, 'annotation');
  const declaration = get(c, 'annotated');
  if (annotation && declaration) into.annotations.push({ annotation, declarationStart: declaration.startIndex });
}

function pushMethodCall(c: Captured, into: JavaCaptures): void {
  const node = get(c, 'call');
  const name = get(c, 'callee.name');
  const args = get(c, 'callee.arguments');
  if (node && name && args) into.calls.push({ form: 'method', node, name, object: get(c, 'callee.object'), args });
}

function pushNew(c: Captured, into: JavaCaptures): void {
  const node = get(c, 'new');
  const type = get(c, 'new.type');
  const args = get(c, 'new.arguments');
  if (node && type && args) into.calls.push({ form: 'new', node, type, args });
}

function pushConstructorCall(c: Captured, into: JavaCaptures): void {
  const keyword = get(c, 'ctor.keyword');
  const args = get(c, 'ctor.arguments');
  if (keyword && args) into.calls.push({ form: 'constructor', keyword, args });
}

function pushBinding(c: Captured, into: JavaCaptures): void {
  const name = get(c, 'bind.name') ?? get(c, 'rebind');
  if (name) into.bindings.push({ name, type: get(c, 'bind.type'), value: get(c, 'bind.value') });
}
