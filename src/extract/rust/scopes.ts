import type { SyntaxNode } from '../extractor';
import type { FieldMatch, LocalMatch } from './collect';
import type { ItemIndex } from './items';
import { typeNameOf } from './names';
import type { Owner } from './symbols';

/**
 * What a use inside a body can know from its surroundings: the symbol it belongs to
 * (the caller) and the function whose local names it sees. Found by walking up the
 * parents once per node, memoised, so a file costs one visit per ancestor node.
 */
export interface Surroundings {
  readonly owner: Owner | undefined;
  /** The innermost function around the node (any depth: closures share it). */
  readonly scope: SyntaxNode | undefined;
}

const MODULE_LEVEL: Surroundings = { owner: undefined, scope: undefined };

/** A local name: its type when every binding of that name in the function shows the same one. */
interface LocalName {
  type: string | undefined;
}

/** Associated functions whose result is taken to be of their type: `let x = T::new()`. */
const CONSTRUCTORS = new Set(['new', 'default']);

export class Scopes {
  private readonly memo = new Map<number, Surroundings>();
  /** Scope function id (0 for module level) -> local name -> what is known of it. */
  private readonly locals = new Map<number, Map<string, LocalName>>();
  /** Struct local name -> field name -> the field's type name. */
  private readonly fieldTypes = new Map<string, Map<string, string>>();

  constructor(private readonly owners: ReadonlyMap<number, Owner>, locals: readonly LocalMatch[], fields: readonly FieldMatch[], items: ItemIndex) {
    // A `let` binding matches both the typed and the plain pattern: the typed one counts.
    const byNode = new Map<number, LocalMatch>();
    for (const local of locals) if (local.type || !byNode.has(local.name.id)) byNode.set(local.name.id, local);
    for (const local of byNode.values()) this.addLocal(local);
    for (const field of fields) {
      const struct = field.owner.parent;
      const container = struct && items.containerOf(struct);
      const type = typeNameOf(field.type);
      if (!container || container.impl || container.trait || !type) continue;
      const owner = items.qualified(field.owner.text, container.modules);
      let byName = this.fieldTypes.get(owner);
      if (!byName) this.fieldTypes.set(owner, (byName = new Map()));
      byName.set(field.name, type);
    }
  }

  surroundingsOf(node: SyntaxNode): Surroundings {
    const cached = this.memo.get(node.id);
    if (cached) return cached;
    const path: SyntaxNode[] = [];
    let base = MODULE_LEVEL;
    for (let current: SyntaxNode | null = node; current; current = current.parent) {
      const known = this.memo.get(current.id);
      if (known) {
        base = known;
        break;
      }
      path.push(current);
    }
    for (let i = path.length - 1; i >= 0; i--) {
      const current = path[i]!;
      const owner = this.owners.get(current.id) ?? base.owner;
      const scope = current.type === 'function_item' ? current : base.scope;
      base = owner === base.owner && scope === base.scope ? base : { owner, scope };
      this.memo.set(current.id, base);
    }
    return base;
  }

  /** Whether `name` is bound locally where `node` is (then it names no item). */
  isLocal(node: SyntaxNode, name: string): boolean {
    return this.localsOf(node)?.has(name) ?? false;
  }

  /** The type of the local `name` where `node` is, when its declaration shows one. */
  localType(node: SyntaxNode, name: string): string | undefined {
    return this.localsOf(node)?.get(name)?.type;
  }

  fieldType(structName: string, field: string): string | undefined {
    return this.fieldTypes.get(structName)?.get(field);
  }

  private localsOf(node: SyntaxNode): Map<string, LocalName> | undefined {
    return this.locals.get(this.surroundingsOf(node).scope?.id ?? 0);
  }

  private addLocal(local: LocalMatch): void {
    // A nested function's name is a local of the function around it, not of itself.
    const at = local.nestedFunction ? local.name.parent?.parent ?? local.name : local.name;
    const surroundings = this.surroundingsOf(at);
    const scopeId = surroundings.scope?.id ?? 0;
    let names = this.locals.get(scopeId);
    if (!names) this.locals.set(scopeId, (names = new Map()));
    const type = this.declaredType(local, surroundings.owner?.selfType);
    const name = local.name.text;
    const known = names.get(name);
    if (!known) names.set(name, { type });
    // Bound twice with different (or unknown) types: shadowing makes the type unknown.
    else if (known.type !== type) known.type = undefined;
  }

  private declaredType(local: LocalMatch, selfType: string | undefined): string | undefined {
    if (!local.type) return undefined;
    if (local.builtBy !== undefined && !CONSTRUCTORS.has(local.builtBy)) return undefined;
    return typeNameOf(local.type, selfType);
  }
}
