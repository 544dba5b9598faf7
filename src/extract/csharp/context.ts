import type { SyntaxNode } from '../extractor';
import type { CSharpMatches, LocalMatch, MemberMatch, TypeMatch } from './collect';
import { callableOf, nameCallables } from './callables';
import {
  type Callable, type ContainerSpan, type Enclosing, type MemberSpan, Names, type NamespaceSpan, type TypeInfo, type TypeSpan,
} from './scopes';
import { SpanIndex } from './spans';
import { GLOBAL_NAMESPACE, dottedName, namedTypeOf } from './syntax';

/** What a variable name means at a position. */
export interface VariableLookup {
  /** Declared as a local, parameter, field or property (so not a type name). */
  readonly declared: boolean;
  readonly type?: string;
}

/**
 * What the symbol, call and route interpreters need to know about the file: its
 * namespaces, types and members as nested spans, the names each scope declares with
 * their types, and each type's methods and overloads.
 */
export class CSharpFile {
  readonly spans: SpanIndex<ContainerSpan>;
  /** Types by namespace and nested name, in source order. */
  readonly types = new Map<string, TypeInfo>();
  /** Top-level statements: their locals, and the local functions declared among them. */
  readonly topLevel = new Names();
  readonly topLevelFunctions = new Map<string, Callable[]>();
  /**
   * The file's package path: undefined (global) for a file of top-level statements, else
   * the namespace of its first type, else its first namespace.
   */
  readonly packageName: string | undefined;
  private readonly typesByName = new Map<string, TypeInfo | null>();

  constructor(readonly matches: CSharpMatches, fileEnd: number) {
    this.spans = new SpanIndex(this.containerSpans(matches, fileEnd));
    this.nameContainers();
    this.packageName = matches.hasTopLevelStatements ? undefined : this.firstNamespace();
    this.collectMembers();
    for (const local of matches.locals) this.declareLocal(local);
    for (const match of matches.members) {
      if (match.role === 'function' && match.name && match.node.parent?.type !== 'global_statement') {
        this.enclosing(match.node.startIndex).member?.localFunctions.add(match.name.text);
      }
    }
  }

  enclosing(position: number): Enclosing {
    let member: MemberSpan | undefined;
    let namespace: string | undefined;
    const types: TypeInfo[] = [];
    for (let span = this.spans.at(position); span; span = span.parent) {
      if (span.kind === 'member') member ??= types.length === 0 ? span : undefined;
      else if (span.kind === 'type' && span.info) types.push(span.info);
      else if (span.kind === 'namespace') namespace ??= span.name;
    }
    return { member, type: types[0], types, namespace: namespace ?? GLOBAL_NAMESPACE };
  }

  /** The symbol a position belongs to: its member's, else its type's, else '' (top level). */
  callerName(enclosing: Enclosing): string {
    return enclosing.member?.symbolName ?? enclosing.type?.fullName ?? '';
  }

  /** A variable name at a position: locals first, then fields of the enclosing types. */
  variable(name: string, enclosing: Enclosing): VariableLookup {
    const locals = enclosing.member?.locals;
    if (locals?.has(name)) return { declared: true, type: locals.typeOf(name) };
    if (!enclosing.type && this.topLevel.has(name)) return { declared: true, type: this.topLevel.typeOf(name) };
    for (const type of enclosing.types) {
      if (type.fields.has(name)) return { declared: true, type: type.fields.typeOf(name) };
    }
    return { declared: false };
  }

  /** The initializer of a local declared once in the scope of a position. */
  initializerOf(name: string, enclosing: Enclosing): SyntaxNode | undefined {
    if (enclosing.member) return enclosing.member.locals.initializerOf(name);
    return enclosing.type ? undefined : this.topLevel.initializerOf(name);
  }

  /** A type of this file by the name code uses for it (`Inner`, `Outer.Inner`), when unique. */
  typeNamed(name: string): TypeInfo | undefined {
    return this.typesByName.get(name) ?? undefined;
  }

  private firstNamespace(): string | undefined {
    const firstType = this.spans.all.find((span): span is TypeSpan => span.kind === 'type');
    if (firstType?.info) return firstType.info.namespace === GLOBAL_NAMESPACE ? undefined : firstType.info.namespace;
    return this.spans.all.find((span): span is NamespaceSpan => span.kind === 'namespace')?.name;
  }

  private containerSpans(matches: CSharpMatches, fileEnd: number): ContainerSpan[] {
    const spans: ContainerSpan[] = [];
    for (const namespace of matches.namespaces) {
      spans.push({
        kind: 'namespace', start: namespace.node.startIndex, end: namespace.fileScoped ? fileEnd : namespace.node.endIndex,
        ownName: dottedName(namespace.name), name: '',
      });
    }
    for (const match of matches.types) spans.push({ kind: 'type', start: match.node.startIndex, end: match.node.endIndex, match });
    for (const match of matches.members) {
      // Local functions inside members are part of their member; top-level ones are symbols.
      if (match.role === 'function' && match.node.parent?.type !== 'global_statement') continue;
      spans.push({
        kind: 'member', start: match.node.startIndex, end: match.node.endIndex, match, locals: new Names(), localFunctions: new Set(),
      });
    }
    return spans;
  }

  /** Namespaces and types get their full names; parents come before children. */
  private nameContainers(): void {
    for (const span of this.spans.all) {
      if (span.kind === 'namespace') {
        const outer = nearest(span, 'namespace');
        span.name = outer ? `${outer.name}.${span.ownName}` : span.ownName;
      } else if (span.kind === 'type') {
        const outer = nearest(span, 'type');
        const name = span.match.name.text;
        const fullName = outer?.info ? `${outer.info.fullName}.${name}` : name;
        span.info = this.typeInfo(fullName, nearest(span, 'namespace')?.name ?? GLOBAL_NAMESPACE, span.match);
      }
    }
  }

  private typeInfo(fullName: string, namespace: string, match: TypeMatch): TypeInfo {
    const key = `${namespace}\0${fullName}`;
    let info = this.types.get(key);
    if (!info) {
      info = { fullName, namespace, matches: [], bases: [], fields: new Names(), methods: new Map(), constructors: [] };
      this.types.set(key, info);
      for (const name of new Set([fullName, fullName.slice(fullName.lastIndexOf('.') + 1)])) {
        this.typesByName.set(name, this.typesByName.has(name) ? null : info);
      }
    }
    info.matches.push(match);
    for (const base of basesOf(match)) if (!info.bases.includes(base)) info.bases.push(base);
    return info;
  }

  private collectMembers(): void {
    const callables = new Map<MemberSpan, Callable>();
    for (const span of this.spans.all) {
      if (span.kind !== 'member') continue;
      const owner = span.parent?.kind === 'type' ? span.parent.info : undefined;
      span.type = owner;
      const { match } = span;
      if (match.role === 'field' || match.role === 'property') {
        for (const { name, type } of match.declared) owner?.fields.declare(name.text, namedTypeOf(type));
        continue;
      }
      const callable = callableOf(match);
      if (!callable) continue;
      if (match.role === 'function') addTo(this.topLevelFunctions, callable.name, callable);
      else if (owner && match.role === 'method') addTo(owner.methods, callable.name, callable);
      else if (owner && match.role === 'constructor' && !isStatic(match)) owner.constructors.push(callable);
      else continue;
      callables.set(span, callable);
    }
    // Names are final once every overload of a type is known.
    for (const info of this.types.values()) nameCallables(info);
    for (const [span, callable] of callables) span.symbolName = callable.symbolName;
  }

  private declareLocal(local: LocalMatch): void {
    const name = local.name.text;
    const { member, type } = this.enclosing(local.name.startIndex);
    const initializer = local.declarator ? valueOf(local.declarator) : undefined;
    const declaredType = local.type?.type === 'implicit_type' ? createdType(initializer) : namedTypeOf(local.type);
    if (member) member.locals.declare(name, declaredType, initializer);
    // A parameter of a type itself is a primary-constructor parameter: in scope of every member.
    else if (type) type.fields.declare(name, declaredType);
    else this.topLevel.declare(name, declaredType, initializer);
  }
}

function nearest<K extends ContainerSpan['kind']>(span: ContainerSpan, kind: K): Extract<ContainerSpan, { kind: K }> | undefined {
  for (let outer = span.parent; outer; outer = outer.parent) {
    if (outer.kind === kind) return outer as Extract<ContainerSpan, { kind: K }>;
    // A type's outer type is only the directly enclosing one; namespaces may be further out.
    if (kind === 'type' && outer.kind !== 'type') return undefined;
  }
  return undefined;
}

function addTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function isStatic(match: MemberMatch): boolean {
  return match.node.namedChildren.some((child) => child?.type === 'modifier' && child.text === 'static');
}

/** The base list as written: `ControllerBase`, `IRepo<User>`, `Greeter.GreeterBase`. */
function basesOf(match: TypeMatch): string[] {
  if (match.role === 'enum') return [];
  const baseList = match.node.namedChildren.find((child) => child?.type === 'base_list');
  const bases: string[] = [];
  for (const base of baseList?.namedChildren ?? []) {
    if (!base) continue;
    const type = base.type === 'primary_constructor_base_type' ? base.childForFieldName('type') : base;
    if (type && type.type !== 'predefined_type') bases.push(type.text.replace(/\s+/g, ''));
  }
  return bases;
}

/** The value a declarator assigns: its last named child when that is not the name. */
function valueOf(declarator: SyntaxNode): SyntaxNode | undefined {
  const last = declarator.namedChild(declarator.namedChildCount - 1);
  return last && last.id !== declarator.childForFieldName('name')?.id ? last : undefined;
}

/** `var x = new Foo(...)`: the only initializer whose type the syntax shows. */
function createdType(initializer: SyntaxNode | undefined): string | undefined {
  return initializer?.type === 'object_creation_expression' ? namedTypeOf(initializer.childForFieldName('type')) : undefined;
}
