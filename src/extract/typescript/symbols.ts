import type { NodeKind } from '../../model/kinds';
import { bodyHashOf, collapseWhitespace, leadingComment, positionOf, signatureOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { FieldFact, ObjectMember, SymbolFact, TypeExpr } from '../facts';

/** A symbol while the file is still being read: exports and members are added later. */
export interface SymbolDraft {
  readonly name: string;
  readonly kind: NodeKind;
  readonly line: number;
  readonly col: number;
  readonly endLine: number;
  readonly signature: string;
  readonly bodyHash: string;
  readonly doc: string;
  exported: boolean;
  readonly methods?: string[];
  bases?: string[];
  /** Functions and methods: the declared return type as written. */
  results?: string[];
  /** Functions, methods and interfaces with call signatures: how each can be called (callables.ts). */
  callable?: string[];
  /** Classes and interfaces: fields and properties with the types they are declared with. */
  fields?: FieldFact[];
  /** Module-level constants: the type their value has. */
  valueType?: TypeExpr;
  /** Functions and methods without a declared result: the type their returns agree on (returns.ts). */
  returned?: TypeExpr;
  /** Module-level constants bound to an object literal: its properties that hold names. */
  objectMembers?: ObjectMember[];
  /** Functions and methods whose returns are all object literals: the properties holding a function the file names. */
  returnedMembers?: ObjectMember[];
  /** Type aliases: the aliased type as written. */
  underlying?: string;
}

export interface SymbolSource {
  readonly name: string;
  readonly kind: NodeKind;
  /** The whole declaration: its text is hashed and its header is the signature. */
  readonly declaration: SyntaxNode;
  /** Where the symbol is reported: its name token, else the declaration. */
  readonly nameNode?: SyntaxNode;
  /** The part left out of the signature. */
  readonly body?: SyntaxNode;
  /** Where the signature starts when not at the declaration: after a class's decorators. */
  readonly headerStart?: SyntaxNode;
  /** The node whose preceding comment is the doc: `export` statements and decorators come first. */
  readonly docAnchor?: SyntaxNode;
  readonly exported?: boolean;
  /** Classes and interfaces list bases; interfaces also list methods. */
  readonly members?: 'bases' | 'bases-and-methods';
  /** Functions and methods: the return type as written, when it names no type parameter. */
  readonly returns?: string;
  /** Functions and methods: how it is called, as callables.ts writes it. */
  readonly callable?: string;
}

const CONSTANT_SIGNATURE_LIMIT = 120;

export function draftOf(source: SymbolSource): SymbolDraft {
  const { declaration } = source;
  return {
    name: source.name,
    kind: source.kind,
    ...positionOf(source.nameNode ?? declaration),
    endLine: declaration.endPosition.row + 1,
    signature: source.headerStart
      ? headerFrom(source.headerStart, declaration, source.body)
      : signatureOf(declaration, source.body, SIGNATURE_LIMIT),
    bodyHash: bodyHashOf(declaration),
    doc: leadingComment(source.docAnchor ?? declaration),
    exported: source.exported ?? false,
    ...(source.members ? { bases: [] } : {}),
    ...(source.members === 'bases-and-methods' ? { methods: [] } : {}),
    ...(source.returns !== undefined ? { results: [source.returns] } : {}),
    ...(source.callable !== undefined ? { callable: [source.callable] } : {}),
  };
}

const SIGNATURE_LIMIT = 300;

/** signatureOf, starting at `start` instead of at the declaration. */
function headerFrom(start: SyntaxNode, declaration: SyntaxNode, body: SyntaxNode | undefined): string {
  const text = declaration.text;
  const end = body ? body.startIndex - declaration.startIndex : text.length;
  const header = collapseWhitespace(text.slice(start.startIndex - declaration.startIndex, Math.max(0, end)));
  return header.length > SIGNATURE_LIMIT ? `${header.slice(0, SIGNATURE_LIMIT - 1)}…` : header;
}

/** A constant's value is part of its signature only when it is short. */
export function constantBody(value: SyntaxNode): SyntaxNode | undefined {
  return value.endIndex - value.startIndex > CONSTANT_SIGNATURE_LIMIT ? value : undefined;
}

/**
 * The file's symbols. A name declared twice with the same kind (getter and setter, a
 * repeated test title) keeps its first declaration: node identity is name and kind.
 */
export class SymbolTable {
  private readonly drafts = new Map<string, SymbolDraft>();
  private readonly byName = new Map<string, SymbolDraft[]>();
  private readonly declaredAgain = new Set<string>();

  add(source: SymbolSource): SymbolDraft | undefined {
    const key = `${source.kind}\u0000${source.name}`;
    if (this.drafts.has(key)) {
      this.declaredAgain.add(source.name);
      return undefined;
    }
    const draft = draftOf(source);
    this.drafts.set(key, draft);
    const sameName = this.byName.get(draft.name);
    if (sameName) sameName.push(draft);
    else this.byName.set(draft.name, [draft]);
    return draft;
  }

  /** Whether a name was declared more than once (overloads, a getter and its setter). */
  isDeclaredAgain(name: string): boolean {
    return this.declaredAgain.has(name);
  }

  /** The symbols of that name: a function and a type may share one. */
  named(name: string): readonly SymbolDraft[] {
    return this.byName.get(name) ?? [];
  }

  /** Marks the module-level symbols of that name exported; false when there is none. */
  markExported(name: string): boolean {
    const exportable = this.named(name).filter((draft) => draft.kind !== 'method' && draft.kind !== 'test');
    for (const draft of exportable) draft.exported = true;
    return exportable.length > 0;
  }

  all(): readonly SymbolDraft[] {
    return [...this.drafts.values()];
  }

  facts(): SymbolFact[] {
    return this.all()
      .map((draft) => ({ ...draft }))
      .sort((a, b) => a.line - b.line || a.col - b.col);
  }
}
