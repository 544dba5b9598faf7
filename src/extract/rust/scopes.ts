import type { SyntaxNode } from '../extractor';
import { ScopeIndex, type SourceRange, type SourceSpan } from '../scopeIndex';
import type { FieldMatch, LocalMatch, RustMatches } from './collect';
import type { ItemIndex } from './items';
import type { Owner } from './symbols';

/**
 * What a use inside a body can know from its surroundings: the symbol it belongs to
 * (the caller) and the function whose local names it sees. Names are collected per
 * whole function (closures share their function's): any local binding hides an item of
 * the same name, and which binding a use sees is expressionTypes.ts's to decide.
 */

/** A local name and every binding of it in the function. */
export interface LocalName {
  readonly bindings: LocalBinding[];
  /** The nested `fn` symbol the name is, when that item is its only binding in the function. */
  nestedFunction: string | undefined;
}

/** One binding of a local name, with the owner it sits in (what `Self` is there). */
export interface LocalBinding {
  readonly local: LocalMatch;
  readonly owner: Owner | undefined;
}

/** A struct field as declared in this file: its type node. */
export interface DeclaredField {
  readonly type: SyntaxNode;
}

export class Scopes {
  private readonly owners: ScopeIndex<SourceRange<Owner>>;
  private readonly functions: ScopeIndex<SourceSpan>;
  /** Function index (-1 for module level) -> local name -> what is known of it. */
  private readonly locals = new Map<number, Map<string, LocalName>>();
  /** Struct local name -> field name -> the field's declaration. */
  private readonly fieldTypes = new Map<string, Map<string, DeclaredField>>();

  constructor(
    owners: readonly SourceRange<Owner>[],
    matches: RustMatches,
    items: ItemIndex,
    /** Nested `fn` items that are symbols, by start offset. */
    private readonly nestedFunctions: ReadonlyMap<number, string>,
  ) {
    this.owners = new ScopeIndex(owners);
    this.functions = new ScopeIndex(
      matches.definitions.filter((d) => d.role === 'function').map((d) => ({ start: d.node.startIndex, end: d.node.endIndex })),
    );
    // A binding matches both a typing and the plain pattern: the typing one counts.
    const byNode = new Map<number, LocalMatch>();
    for (const local of matches.locals) if (showsType(local) || !byNode.has(local.name.id)) byNode.set(local.name.id, local);
    for (const local of byNode.values()) this.addLocal(local);
    for (const field of matches.fields) this.addField(field, items);
  }

  /** The symbol whose body holds `node`: the caller of a call there. */
  ownerOf(node: SyntaxNode): Owner | undefined {
    return this.owners.around(node.startIndex)?.value;
  }

  /** Whether `name` is bound locally where `node` is (then it names no item). */
  isLocal(node: SyntaxNode, name: string): boolean {
    return this.localsOf(node)?.has(name) ?? false;
  }

  /** The nested `fn` symbol `name` is where `node` is, when a nested item is its only binding. */
  nestedFunction(node: SyntaxNode, name: string): string | undefined {
    return this.localsOf(node)?.get(name)?.nestedFunction;
  }

  /** The local `name` where `node` is, with its bindings. */
  local(node: SyntaxNode, name: string): LocalName | undefined {
    return this.localsOf(node)?.get(name);
  }

  /** A field of a struct this file declares (by its local name). */
  field(structName: string, field: string): DeclaredField | undefined {
    return this.fieldTypes.get(structName)?.get(field);
  }

  private localsOf(node: SyntaxNode): Map<string, LocalName> | undefined {
    return this.locals.get(this.functions.indexAround(node.startIndex));
  }

  private addLocal(local: LocalMatch): void {
    // A nested function's name is a local of the function around it, not of itself.
    const at = local.nestedFunction ?? local.name;
    const scope = this.functions.indexAround(at.startIndex);
    let names = this.locals.get(scope);
    if (!names) this.locals.set(scope, (names = new Map()));
    const binding: LocalBinding = { local, owner: this.owners.around(at.startIndex)?.value };
    const name = local.name.text;
    const nestedFunction = local.nestedFunction ? this.nestedFunctions.get(local.nestedFunction.startIndex) : undefined;
    const known = names.get(name);
    if (!known) {
      names.set(name, { bindings: [binding], nestedFunction });
      return;
    }
    known.bindings.push(binding);
    known.nestedFunction = undefined;
  }

  private addField(field: FieldMatch, items: ItemIndex): void {
    const container = items.containerOf(field.struct);
    if (!container || container.impl || container.trait) return;
    const owner = items.qualified(field.owner.text, container.modules);
    let byName = this.fieldTypes.get(owner);
    if (!byName) this.fieldTypes.set(owner, (byName = new Map()));
    byName.set(field.name, { type: field.type });
  }
}

function showsType(local: LocalMatch): boolean {
  return Boolean(local.type ?? local.value ?? local.iterable ?? local.unwrapped);
}
