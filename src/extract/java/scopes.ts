import type { SyntaxNode } from '../extractor';
import { ScopeIndex } from '../scopeIndex';
import type { AnnotationMatch, MemberMatch, TypeMatch } from './collect';
import { type ParameterList, listedTypes, parameterList, typeParameterNames, writtenTypeText } from './types';

/**
 * Java scopes rebuilt from the definition matches alone: one per type declaration,
 * anonymous class body and method or constructor, nested by source range. Lookups go by
 * source offset (binary search, then up the parent chain), so no tree node is walked
 * per call site. Block scopes are folded into their method: two bindings of one name
 * with different types make the name unknown there, which costs recall, never precision.
 */

/** What a name is bound to: a type name, or null when no type (or conflicting ones) is known. */
export type BoundType = string | null;

export interface LocalBinding {
  readonly type: BoundType;
  /** Offset of the first declaration: a use before it names something else. */
  readonly from: number;
  /** Every declaration of the name in the scope (block scopes are folded into their method). */
  readonly declarations: readonly LocalDeclaration[];
}

/** One declaration of a local name, with what shows its type. */
export interface LocalDeclaration {
  readonly name: SyntaxNode;
  /** The declared type as facts write it; undefined for `var`, lambda parameters and the like. */
  readonly written?: string;
  /** `var x = value`. */
  readonly value?: SyntaxNode;
  /** `for (var x : iterated)`. */
  readonly iterated?: SyntaxNode;
}

/** One declared method or constructor of a type, for overload selection by arity. */
export interface Overload {
  /** The member part of the symbol name: `save` or `save(String,int)`. */
  readonly member: string;
  readonly arity: number;
  readonly varargs: boolean;
}

export interface Scope {
  readonly kind: 'type' | 'anonymous' | 'callable';
  readonly node: SyntaxNode;
  readonly start: number;
  readonly end: number;
  readonly parent: Scope | undefined;
  readonly children: Scope[];
  readonly type?: TypeMatch;
  readonly member?: MemberMatch;
  /** Types: `Outer.Inner`; members: `Outer.m`, `Outer.m(int)`, `Outer.constructor`. Undefined inside anonymous or local classes. */
  symbolName: string | undefined;
  /** The nearest symbol at or above this scope: a caller's name. */
  callerName: string;
  readonly annotations: SyntaxNode[];
  readonly locals: Map<string, LocalBinding>;
  /** Types and anonymous classes: declared fields with their types. */
  readonly fields: Map<string, BoundType>;
  /** Types and anonymous classes: declared fields with their types as facts write them (`List<Item>`), null when declared twice. */
  readonly writtenFields: Map<string, string | null>;
  /** Types and anonymous classes: declared methods by simple name (`constructor` for constructors). */
  readonly methods: Map<string, Overload[]>;
  /** Types: the class named after `extends`, erased. */
  superclass: string | undefined;
  /** Types: every type named after `extends` and `implements`. */
  bases: string[];
  /** Type parameters visible in the scope, its own and its enclosing declarations': read on first use. */
  typeParameters?: ReadonlySet<string>;
}

export class ScopeTree {
  private readonly index: ScopeIndex<Scope>;
  /** Named types by their simple name, when only one type of the file has it. */
  private readonly typesBySimpleName = new Map<string, Scope | null>();
  private readonly typesBySymbol = new Map<string, Scope>();

  constructor(types: readonly TypeMatch[], anonymous: readonly SyntaxNode[], members: readonly MemberMatch[], annotations: readonly AnnotationMatch[]) {
    this.index = nestScopes(types, anonymous, members);
    const byStart = new Map(this.scopes.map((scope) => [scope.start, scope]));
    for (const { annotation, declarationStart } of annotations) byStart.get(declarationStart)?.annotations.push(annotation);
    // Source order visits parents first: a scope's name is known before its members'.
    for (const scope of this.scopes) {
      if (scope.kind === 'type') nameType(scope);
      else if (scope.kind === 'anonymous' || !scope.callerName) scope.callerName = scope.symbolName ?? scope.parent?.callerName ?? '';
      if (scope.kind !== 'callable') nameMembers(scope);
    }
    for (const scope of this.scopes) {
      if (scope.kind !== 'type' || !scope.symbolName) continue;
      this.typesBySymbol.set(scope.symbolName, scope);
      const simple = scope.type!.name.text;
      this.typesBySimpleName.set(simple, this.typesBySimpleName.has(simple) ? null : scope);
    }
  }

  /** All scopes in source order. */
  get scopes(): readonly Scope[] {
    return this.index.all;
  }

  /** The innermost scope whose source range holds `offset`, or undefined at file level. */
  scopeAt(offset: number): Scope | undefined {
    return this.index.at(offset);
  }

  /** The caller name at `offset`: the enclosing method or type symbol, '' at file level. */
  callerAt(offset: number): string {
    return this.scopeAt(offset)?.callerName ?? '';
  }

  /** A type of this file by simple name (`Inner` for `Outer.Inner`), when unambiguous. */
  typeNamed(simpleName: string): Scope | undefined {
    return this.typesBySimpleName.get(simpleName) ?? undefined;
  }

  /** A type of this file by its symbol name (`Outer.Inner`). */
  typeBySymbol(symbolName: string): Scope | undefined {
    return this.typesBySymbol.get(symbolName);
  }

  /** A type as written, with a leading nested class of this file spelled out: `Inner<T>` -> `Outer.Inner<T>`. */
  qualify(typeName: string): string {
    const head = /^[A-Za-z_$][\w$]*/.exec(typeName)?.[0];
    const declared = head && this.typeNamed(head)?.symbolName;
    return declared ? declared + typeName.slice(head.length) : typeName;
  }

  /** A type node declared at `offset` as facts write it: type parameters unknown, nested classes qualified; '' when unknown. */
  written(type: SyntaxNode, offset: number): string {
    const text = writtenTypeText(type.text, typeParametersAt(this.scopeAt(offset)));
    return text && this.qualify(text);
  }
}

/** The type parameters of a scope and of the declarations around it. */
export function typeParametersAt(scope: Scope | undefined): ReadonlySet<string> {
  if (!scope) return NO_NAMES;
  if (!scope.typeParameters) {
    const own = typeParameterNames(scope.type?.typeParams ?? scope.member?.typeParams);
    const outer = typeParametersAt(scope.parent);
    scope.typeParameters = own.length === 0 ? outer : new Set([...outer, ...own]);
  }
  return scope.typeParameters;
}

const NO_NAMES: ReadonlySet<string> = new Set();

/** The class-like scope (type or anonymous body) holding `scope`, itself included. */
export function classOf(scope: Scope | undefined): Scope | undefined {
  let current = scope;
  while (current && current.kind === 'callable') current = current.parent;
  return current;
}

function newScope(kind: Scope['kind'], node: SyntaxNode, start: number, end: number, parent: Scope | undefined, extra: Pick<Scope, 'type' | 'member'>): Scope {
  return {
    kind, node, start, end, parent, children: [], ...extra, symbolName: undefined, callerName: '',
    annotations: [], locals: new Map(), fields: new Map(), writtenFields: new Map(), methods: new Map(), superclass: undefined, bases: [],
  };
}

type Definition = { kind: Scope['kind']; node: SyntaxNode; start: number; end: number; type?: TypeMatch; member?: MemberMatch };

function nestScopes(types: readonly TypeMatch[], anonymous: readonly SyntaxNode[], members: readonly MemberMatch[]): ScopeIndex<Scope> {
  // Node.endIndex asks the wasm side each time: read it once per definition.
  const definition = (kind: Scope['kind'], node: SyntaxNode, extra: Pick<Definition, 'type' | 'member'>): Definition =>
    ({ kind, node, start: node.startIndex, end: node.endIndex, ...extra });
  const definitions: Definition[] = [
    ...types.map((type) => definition('type', type.node, { type })),
    ...anonymous.map((node) => definition('anonymous', node, {})),
    ...members.map((member) => definition('callable', member.node, { member })),
  ];
  return ScopeIndex.nest(definitions, ({ kind, node, start, end, type, member }, parent: Scope | undefined) => {
    const scope = newScope(kind, node, start, end, parent, { type, member });
    parent?.children.push(scope);
    return scope;
  });
}

/** Top-level types and types nested in named types are symbols; local classes are not. */
function nameType(scope: Scope): void {
  const match = scope.type!;
  const parent = scope.parent;
  const name = match.name.text;
  if (!parent) scope.symbolName = name;
  else if (parent.kind === 'type' && parent.symbolName !== undefined) scope.symbolName = `${parent.symbolName}.${name}`;
  scope.callerName = scope.symbolName ?? parent?.callerName ?? '';
  if (match.kind === 'interface') {
    scope.bases = listedTypes(match.interfaces);
  } else {
    scope.superclass = listedTypes(match.superclass)[0];
    scope.bases = [...(scope.superclass ? [scope.superclass] : []), ...listedTypes(match.interfaces)];
  }
}

/**
 * Names the methods and constructors declared directly in a class-like scope. A name
 * declared once keeps it plainly (`Repo.save`); overloads each carry their parameter
 * types (`Repo.save(String)`, `Repo.save(String,int)`), as DESIGN §4 asks. Constructors
 * are `Type.constructor`, the name resolve looks for behind `new Type()`.
 */
function nameMembers(owner: Scope): void {
  const groups = new Map<string, Scope[]>();
  for (const scope of owner.children) {
    if (scope.kind !== 'callable') continue;
    const match = scope.member!;
    const simple = match.kind === 'constructor' ? 'constructor' : match.name.text;
    const group = groups.get(simple);
    if (group) group.push(scope);
    else groups.set(simple, [scope]);
  }
  for (const [simple, group] of groups) {
    const overloads: Overload[] = [];
    for (const scope of group) {
      // Parameter types matter only to tell overloads apart: single methods skip reading them.
      const params = group.length > 1 ? parametersOf(scope, owner) : undefined;
      const member = params ? `${simple}(${params.types.join(',')})` : simple;
      overloads.push({ member, arity: params?.types.length ?? 0, varargs: params?.varargs ?? false });
      if (owner.symbolName !== undefined) scope.symbolName = `${owner.symbolName}.${member}`;
      scope.callerName = scope.symbolName ?? owner.callerName;
    }
    owner.methods.set(simple, overloads);
  }
}

function parametersOf(scope: Scope, owner: Scope): ParameterList {
  const match = scope.member!;
  return parameterList(match.params ?? (match.kind === 'constructor' ? owner.type?.params : undefined));
}

/**
 * The one overload a call with these arguments can mean, by arity (varargs take any
 * count from their fixed parameters up); undefined when none or several fit. The
 * arguments are counted only when there is a choice to make.
 */
export function overloadFor(overloads: readonly Overload[] | undefined, args: SyntaxNode): Overload | undefined {
  if (!overloads || overloads.length === 0) return undefined;
  if (overloads.length === 1) return overloads[0];
  const count = argumentCount(args);
  const fitting = overloads.filter((o) => (o.varargs ? count >= o.arity - 1 : count === o.arity));
  return fitting.length === 1 ? fitting[0] : undefined;
}

function argumentCount(args: SyntaxNode): number {
  let count = 0;
  for (const child of args.namedChildren) if (child && child.type !== 'line_comment' && child.type !== 'block_comment') count++;
  return count;
}
