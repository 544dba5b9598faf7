import type { SyntaxNode } from '../extractor';
import { writtenGenericType } from '../common';
import type { Position } from '../facts';
import { ScopeIndex } from '../scopeIndex';
import type { CSharpMatches, LocalMatch, TypeMatch } from './collect';
import { callableOf, nameCallables } from './callables';
import {
  type Callable, type ContainerSpan, type Enclosing, type MemberSpan, Names, type NamespaceSpan, type TypeInfo, type TypeSpan,
  localsDeclaring, memberChain,
} from './scopes';
import { DeclarationReader } from './declarations';
import { GLOBAL_NAMESPACE, NESTED_SEPARATOR, dottedName, namedTypeOf } from './syntax';

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
  readonly spans: ScopeIndex<ContainerSpan>;
  /** Types by namespace and nested name, in source order. */
  readonly types = new Map<string, TypeInfo>();
  /** Top-level statements: their locals, and the local functions declared among them. */
  readonly topLevel = new Names();
  readonly topLevelFunctions = new Map<string, Callable[]>();
  /**
   * The file's package path: undefined (global) for a program of top-level statements,
   * else the namespace of its first type, else its first namespace.
   */
  readonly packageName: string | undefined;
  private readonly typesByName = new Map<string, TypeInfo | null>();

  readonly declarations: DeclarationReader;

  private lineStarts: number[] | undefined;

  constructor(readonly matches: CSharpMatches, private readonly source: string) {
    this.declarations = new DeclarationReader(source);
    this.spans = new ScopeIndex(this.containerSpans(matches, source.length));
    this.spans.all.forEach((span, index) => { span.parent = this.spans.parentOf(index); });
    this.nameContainers();
    this.fileHeaders();
    this.packageName = this.firstNamespace();
    for (const local of matches.locals) this.declareLocal(local);
    this.collectMembers();
    this.declareLocalFunctions();
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

  /**
   * The symbol a position belongs to: its innermost member's (a local function's, else
   * the member around it), else its type's, else '' (top level).
   */
  callerName(enclosing: Enclosing): string {
    for (const member of memberChain(enclosing)) {
      if (member.symbolName) return member.symbolName;
    }
    return enclosing.type?.fullName ?? '';
  }

  /** A variable name at a position: locals first (a local function's, then its member's), then fields of the enclosing types. */
  variable(name: string, enclosing: Enclosing): VariableLookup {
    const locals = localsDeclaring(name, enclosing);
    if (locals) return { declared: true, type: locals.typeOf(name) };
    if (!enclosing.type && this.topLevel.has(name)) return { declared: true, type: this.topLevel.typeOf(name) };
    for (const type of enclosing.types) {
      if (type.fields.has(name)) return { declared: true, type: type.fields.typeOf(name) };
    }
    return { declared: false };
  }

  /**
   * What the declaration of a variable shows of its type beyond a name: the type as
   * written, a `var` initializer, or the collection a `foreach` iterates.
   */
  declarationOf(name: string, enclosing: Enclosing): { readonly declared: boolean; readonly written?: string; readonly value?: SyntaxNode; readonly iterated?: SyntaxNode } {
    const locals = localsDeclaring(name, enclosing) ?? (!enclosing.type && this.topLevel.has(name) ? this.topLevel : undefined);
    if (locals) {
      const { written, iterated } = locals.declaredTypeOf(name) ?? {};
      const declarator = written || iterated ? undefined : locals.declaratorOf(name);
      return { declared: true, written, iterated, value: declarator && valueOf(declarator) };
    }
    for (const type of enclosing.types) {
      if (type.fields.has(name)) return { declared: true, written: type.fields.declaredTypeOf(name)?.written };
    }
    return { declared: false };
  }

  /** The initializer of a local declared once in the scope of a position. */
  initializerOf(name: string, enclosing: Enclosing): SyntaxNode | undefined {
    const locals = localsDeclaring(name, enclosing) ?? (enclosing.member || enclosing.type ? undefined : this.topLevel);
    const declarator = locals?.declaratorOf(name);
    return declarator ? valueOf(declarator) : undefined;
  }

  /**
   * An identifier's text, read from the source: cheaper than asking the tree for the
   * node's end. Anything that does not start with an identifier is read from the tree.
   */
  name(node: SyntaxNode): string {
    IDENTIFIER.lastIndex = node.startIndex;
    return IDENTIFIER.exec(this.source)?.[0] ?? node.text;
  }

  typeName(type: SyntaxNode | null | undefined): string | undefined {
    return type?.type === 'identifier' ? this.name(type) : namedTypeOf(type);
  }

  /** A node's start as a fact position, from the source's line table rather than the tree. */
  positionOf(node: SyntaxNode): Position {
    const line = this.lineAt(node.startIndex);
    return { line, col: node.startIndex - this.lineStarts![line - 1]! };
  }

  /** The 1-based line of a source index. */
  lineAt(index: number): number {
    this.lineStarts ??= lineStartsOf(this.source);
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }

  /** The source text of a span (node text without a round trip to the tree). */
  textOf(span: { readonly start: number; readonly end: number }): string {
    return this.source.slice(span.start, span.end);
  }

  /** A type of this file by the name code uses for it (`Inner`, `Outer.Inner`), when unique. */
  typeNamed(name: string): TypeInfo | undefined {
    return this.typesByName.get(name) ?? undefined;
  }

  private firstNamespace(): string | undefined {
    // Top-level statements come before any namespace; after one, they are a parser's
    // recovery from a syntax error, not a program's entry point.
    const firstNamespace = this.spans.all.find((span) => span.kind === 'namespace');
    if (this.matches.firstTopLevelStatement < (firstNamespace?.start ?? Number.POSITIVE_INFINITY)) return undefined;
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
      spans.push({
        kind: 'member', start: match.node.startIndex, end: match.node.endIndex, match, locals: new Names(), localFunctions: new Map(), arity: { required: 0, optional: 0, variadic: false },
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
        const name = this.name(span.match.name);
        const fullName = outer?.info ? `${outer.info.fullName}.${name}` : name;
        span.info = this.typeInfo(fullName, nearest(span, 'namespace')?.name ?? GLOBAL_NAMESPACE, span);
      }
    }
  }

  /**
   * Modifiers, attributes and explicit interface names come before a declaration's
   * name (those after it belong to parameters, lambdas or local functions inside); a
   * base list belongs to the innermost type around it. Partial types gather the bases
   * of all their parts.
   */
  private fileHeaders(): void {
    for (const { role, node, name, template } of this.matches.headers) {
      const span = this.spans.at(node.startIndex);
      if (!span || span.kind === 'namespace') continue;
      if (role === 'bases' ? span.kind !== 'type' : node.startIndex >= (span.match.name?.startIndex ?? -1)) continue;
      this.declarations.add(span.match.node, role, node, name, template);
    }
    for (const span of this.spans.all) {
      if (span.kind !== 'type' || !span.info) continue;
      for (const base of this.basesOf(span.match)) {
        if (!span.info.bases.includes(base)) span.info.bases.push(base);
      }
    }
  }

  private typeInfo(fullName: string, namespace: string, span: TypeSpan): TypeInfo {
    const key = `${namespace}\0${fullName}`;
    let info = this.types.get(key);
    if (!info) {
      info = {
        fullName, namespace, declaration: span, matches: [], bases: [], fields: new Names(), fieldFacts: new Names(), methods: new Map(), constructors: [],
      };
      this.types.set(key, info);
      for (const name of new Set([fullName, fullName.slice(fullName.lastIndexOf('.') + 1)])) {
        this.typesByName.set(name, this.typesByName.has(name) ? null : info);
      }
    }
    info.matches.push(span.match);
    return info;
  }

  /** The base list as written: `ControllerBase`, `IRepo<User>`, `Greeter.GreeterBase`. */
  private basesOf(match: TypeMatch): string[] {
    const baseList = match.role === 'enum' ? undefined : this.declarations.baseList(match.node);
    const bases: string[] = [];
    for (const base of baseList?.namedChildren ?? []) {
      if (!base) continue;
      const type = base.type === 'primary_constructor_base_type' ? base.childForFieldName('type') : base;
      if (type && type.type !== 'predefined_type') bases.push(type.text.replace(/\s+/g, ''));
    }
    return bases;
  }

  private collectMembers(): void {
    const callables = new Map<MemberSpan, Callable>();
    for (const span of this.spans.all) {
      if (span.kind !== 'member') continue;
      const owner = span.parent?.kind === 'type' ? span.parent.info : undefined;
      span.type = owner;
      const { match } = span;
      // Only a local function among top-level statements is a top-level function.
      if (match.role === 'function' && match.node.parent?.type !== 'global_statement') {
        span.type = span.parent?.kind === 'member' ? span.parent.type : owner;
        continue;
      }
      if (match.role === 'field' || match.role === 'property') {
        for (const { name, type } of match.declared) {
          const declared = { written: this.written(type, name.startIndex) || undefined };
          owner?.fields.declare(this.name(name), this.typeName(type), undefined, declared);
          owner?.fieldFacts.declare(this.name(name), this.typeName(type), undefined, declared);
        }
        continue;
      }
      const callable = match.name && callableOf(match, this.name(match.name), span.arity, this.declarations.explicitInterface(match.node));
      if (!callable) continue;
      if (match.role === 'function') addTo(this.topLevelFunctions, callable.name, callable);
      else if (owner && match.role === 'method') addTo(owner.methods, callable.name, callable);
      else if (owner && match.role === 'constructor' && !this.declarations.modifiers(match.node).has('static')) owner.constructors.push(callable);
      else continue;
      callables.set(span, callable);
    }
    // Names are final once every overload of a type is known.
    for (const info of this.types.values()) nameCallables(info);
    for (const [span, callable] of callables) span.symbolName = callable.symbolName;
  }

  /**
   * Local functions inside members (and inside other local functions) join their
   * member's scope and are named `Type.Member>Local`; a name declared twice in one
   * member (in separate blocks) names no symbol, as nothing tells which one a call means.
   */
  private declareLocalFunctions(): void {
    const nested = this.spans.all.filter((span): span is MemberSpan =>
      span.kind === 'member' && span.match.role === 'function' && span.parent?.kind === 'member' && span.match.name !== undefined);
    for (const span of nested) {
      const scope = span.parent as MemberSpan;
      const name = this.name(span.match.name!);
      scope.localFunctions.set(name, scope.localFunctions.has(name) ? null : span);
    }
    // Parents come before children in `all`, so an outer name is final before an inner one.
    for (const span of nested) {
      const scope = span.parent as MemberSpan;
      const name = this.name(span.match.name!);
      const prefix = this.nestingName(scope);
      if (prefix && scope.localFunctions.get(name) === span) span.symbolName = `${prefix}${NESTED_SEPARATOR}${name}`;
    }
  }

  /** What a local function's name nests under: its member's symbol, or `Type.Property` for an accessor's. */
  private nestingName(scope: MemberSpan): string | undefined {
    if (scope.symbolName) return scope.symbolName;
    const { match } = scope;
    return match.role === 'property' && match.name && scope.type ? `${scope.type.fullName}.${this.name(match.name)}` : undefined;
  }

  /**
   * The local function a name calls at a position: the nearest scope that binds the name
   * decides; a variable there, or a name declared twice, links nothing (null). Undefined
   * when no enclosing member binds the name.
   */
  localFunction(name: string, enclosing: Enclosing): MemberSpan | null | undefined {
    for (const member of memberChain(enclosing)) {
      if (member.locals.has(name)) return null;
      const found = member.localFunctions.get(name);
      if (found !== undefined) return found?.symbolName ? found : null;
    }
    return undefined;
  }

  /**
   * The type parameters in scope at a position: its member's and every enclosing type's
   * (a nested type sees its outer types' too).
   */
  typeParametersAt(position: number): ReadonlySet<string> {
    const enclosing = this.enclosing(position);
    const { types } = enclosing;
    const lists = [...memberChain(enclosing).map((member) => member.match.typeParameters), ...types.flatMap((type) => type.matches.map((match) => match.typeParameters))];
    const names = new Set<string>();
    for (const list of lists) {
      if (!list) continue;
      for (const found of list.text.matchAll(TYPE_PARAMETER)) names.add(found[1]!);
    }
    return names;
  }

  /** A type node as facts write it: type parameters unknown (''), a nested type of this file by its full name. */
  written(type: SyntaxNode, position: number): string {
    if (type.type === 'implicit_type') return '';
    const text = writtenGenericType(type.text.replace(/global::/g, ''), this.typeParametersAt(position));
    const head = /^@?[\p{L}_][\p{L}\p{N}_]*/u.exec(text)?.[0];
    const declared = head && this.typeNamed(head)?.fullName;
    return declared ? declared + text.slice(head.length) : text;
  }

  private declareLocal(local: LocalMatch): void {
    const name = this.name(local.name);
    const { member, type } = this.enclosing(local.name.startIndex);
    const declaredType = local.inferred ? this.typeName(local.inferred.created) : this.typeName(local.type);
    const declared = { written: (local.type && this.written(local.type, local.name.startIndex)) || undefined, iterated: local.iterated };
    if (member && local.parameter) countParameter(member, local);
    if (member) member.locals.declare(name, declaredType, local.declarator, declared);
    // A parameter of a type itself is a primary-constructor parameter: in scope of every member.
    else if (type) {
      type.fields.declare(name, declaredType, undefined, declared);
      // A record's positional parameters are also its public properties.
      if (type.matches.some((match) => match.role === 'record')) type.fieldFacts.declare(name, declaredType, undefined, declared);
    } else this.topLevel.declare(name, declaredType, local.declarator, declared);
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

/** A type parameter's name in `<in T, [A] out U>`. */
const TYPE_PARAMETER = /(?:^|[<,])\s*(?:\[[^\]]*\]\s*)?(?:(?:in|out)\s+)?(@?[\p{L}_][\p{L}\p{N}_]*)/gu;

/** A C# identifier, `@`-escaped or not, at a given index (set lastIndex first). */
const IDENTIFIER = /@?[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}\p{Cf}]*/uy;

function lineStartsOf(source: string): number[] {
  const starts = [0];
  for (let at = source.indexOf('\n'); at >= 0; at = source.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** A parameter of the member's own list (not of a lambda inside it) adds to its arity. */
function countParameter(member: MemberSpan, local: LocalMatch): void {
  const list = member.match.parameters;
  const at = local.name.startIndex;
  if (!list || at < list.startIndex || at >= list.endIndex) return;
  if (local.parameter === 'variadic') member.arity.variadic = true;
  else if (local.parameter === 'optional') member.arity.optional++;
  else member.arity.required++;
}

/** The value a declarator assigns: its last named child when that is not the name. */
function valueOf(declarator: SyntaxNode): SyntaxNode | undefined {
  const last = declarator.namedChild(declarator.namedChildCount - 1);
  return last && last.id !== declarator.childForFieldName('name')?.id ? last : undefined;
}

