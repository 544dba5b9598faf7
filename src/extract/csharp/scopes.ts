import type { SyntaxNode } from '../extractor';
import type { SourceSpan } from '../scopeIndex';
import type { MemberMatch, TypeMatch } from './collect';

/** What a declaration shows of a name's type besides its named type: the type as facts write it, a collection iterated. */
export interface DeclaredType {
  /** The declared type as written (`List<Order>`), type parameters taken out; undefined for `var` and untyped names. */
  readonly written?: string;
  /** `foreach (var x in xs)`: xs. */
  readonly iterated?: SyntaxNode;
}

/** Names declared in one scope with the type each declaration shows. */
export class Names {
  private readonly types = new Map<string, string | undefined>();
  private readonly declarators = new Map<string, SyntaxNode | undefined>();
  private readonly declared = new Map<string, DeclaredType | undefined>();

  /** A second declaration of a name with another type (or none) makes it unknown. */
  declare(name: string, type: string | undefined, declarator?: SyntaxNode, declared?: DeclaredType): void {
    if (this.types.has(name)) {
      if (this.types.get(name) !== type) this.types.set(name, undefined);
      this.declarators.set(name, undefined);
      const previous = this.declared.get(name);
      if (!previous?.written || previous.written !== declared?.written) this.declared.set(name, undefined);
      return;
    }
    this.types.set(name, type);
    this.declarators.set(name, declarator);
    this.declared.set(name, declared);
  }

  /** What the one declaration of a name (or several agreeing ones) shows of its type. */
  declaredTypeOf(name: string): DeclaredType | undefined {
    return this.declared.get(name);
  }

  /** Every name with its written type, in declaration order. */
  writtenTypes(): { name: string; type: string }[] {
    return [...this.declared].map(([name, declared]) => ({ name, type: declared?.written ?? '' }));
  }

  has(name: string): boolean {
    return this.types.has(name);
  }

  typeOf(name: string): string | undefined {
    return this.types.get(name);
  }

  /** The declarator (`x = value`) of a name declared exactly once. */
  declaratorOf(name: string): SyntaxNode | undefined {
    return this.declarators.get(name);
  }
}

export interface Arity {
  required: number;
  optional: number;
  variadic: boolean;
}

/** One overload of a method or constructor, with the argument counts it accepts. */
export interface Callable {
  readonly name: string;
  /** The symbol name: `Type.name`, with a parameter-type suffix when overloaded. */
  symbolName: string;
  /** The symbol name after the type's: `Save(string,int)`, `constructor`. */
  memberName: string;
  readonly minArguments: number;
  readonly maxArguments: number;
  readonly match: MemberMatch;
}

/** A type of this file; partial declarations of one type in the file share it. */
export interface TypeInfo {
  readonly fullName: string;
  /** The first declaration of the type in the file: the one its symbol describes. */
  readonly declaration: TypeSpan;
  readonly namespace: string;
  readonly matches: TypeMatch[];
  readonly bases: string[];
  /** Fields, properties and primary-constructor parameters with their types. */
  readonly fields: Names;
  /** What other files see as the type's fields: fields, properties and a record's positional properties. */
  readonly fieldFacts: Names;
  /** Methods by plain name, overloads in source order. */
  readonly methods: Map<string, Callable[]>;
  readonly constructors: Callable[];
}

/** A span whose enclosing span is a container too. */
interface ContainerBase extends SourceSpan {
  parent?: ContainerSpan;
}

export interface NamespaceSpan extends ContainerBase {
  readonly kind: 'namespace';
  readonly ownName: string;
  name: string;
}

export interface TypeSpan extends ContainerBase {
  readonly kind: 'type';
  readonly match: TypeMatch;
  info?: TypeInfo;
}

export interface MemberSpan extends ContainerBase {
  readonly kind: 'member';
  readonly match: MemberMatch;
  /** The type the member belongs to (a local function's: its member's); undefined for top-level local functions. */
  type?: TypeInfo;
  /** The member's symbol, when it has one; a local function's is `Type.Member>Local`. */
  symbolName?: string;
  readonly locals: Names;
  /**
   * Local functions declared directly in the member's body (a local function's own are
   * in its span): name -> span, or null when the body declares the name more than once.
   */
  readonly localFunctions: Map<string, MemberSpan | null>;
  /** The member's own parameters: required, optional (with a default) and a `params` array. */
  readonly arity: Arity;
}

export type ContainerSpan = NamespaceSpan | TypeSpan | MemberSpan;

/** Where a position sits: its member (if any), its type (if any), its namespace. */
export interface Enclosing {
  /** The innermost member: a local function inside a member, or the member itself. */
  readonly member?: MemberSpan;
  readonly type?: TypeInfo;
  /** Types around the position, innermost first: nested types see outer fields. */
  readonly types: readonly TypeInfo[];
  readonly namespace: string;
}

/** The member at a position and the members around it, innermost first: a local function, its member. */
export function memberChain(enclosing: Enclosing): MemberSpan[] {
  const chain: MemberSpan[] = [];
  for (let span: ContainerSpan | undefined = enclosing.member; span?.kind === 'member'; span = span.parent) chain.push(span);
  return chain;
}

/** The locals of the innermost member around a position that declares a name. */
export function localsDeclaring(name: string, enclosing: Enclosing): Names | undefined {
  return memberChain(enclosing).find((member) => member.locals.has(name))?.locals;
}
