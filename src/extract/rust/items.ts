import type { SyntaxNode } from '../extractor';
import type { AttributeMatch, RustMatches } from './collect';
import { typeNameOf } from './names';

/**
 * Where items sit: the inline modules around them and the impl or trait whose body
 * holds them. Items inside function bodies have no container: they belong to their
 * function. Inline modules cannot carry their own package path (the extractor does
 * not know the crate name), so their items are named `<module>.<item>` in the file's
 * package: `tests.it_works`, `inner.Type.method`.
 */

export interface ImplContext {
  /** The implementing type's local name (`User`, `inner.User`). */
  readonly type: string;
  /** `impl Trait for Type`: the trait as written. */
  readonly trait?: SyntaxNode;
}

export interface Container {
  readonly modules: readonly string[];
  readonly impl?: ImplContext;
  /** The trait whose body holds the item: its local name. */
  readonly trait?: string;
}

const TOP: Container = { modules: [] };
const COMMENT_TYPES = new Set(['line_comment', 'block_comment']);

export class ItemIndex {
  private readonly containers = new Map<number, Container | null>();
  private readonly implsByBody = new Map<number, { typeNode: SyntaxNode; trait?: SyntaxNode; typeParameters: Set<string> }>();
  private readonly attributesByItem = new Map<number, AttributeMatch[]>();
  private readonly inlineModules = new Set<string>();
  /**
   * Names this file declares, to qualify names inside inline modules. Types and traits
   * are added before any impl body is placed, so an impl finds its type here.
   */
  readonly declared = new Set<string>();

  constructor(matches: RustMatches) {
    for (const impl of matches.impls) {
      const body = impl.node.childForFieldName('body');
      if (body) this.implsByBody.set(body.id, { typeNode: impl.type, trait: impl.trait, typeParameters: typeParametersOf(impl.node) });
    }
    for (const attribute of matches.attributes) {
      const item = attributedItem(attribute.node);
      if (!item) continue;
      const list = this.attributesByItem.get(item.id);
      if (list) list.push(attribute);
      else this.attributesByItem.set(item.id, [attribute]);
    }
    for (const module of matches.inlineModules) {
      const container = this.containerOf(module.node);
      if (container && !container.impl && !container.trait) this.inlineModules.add(this.qualified(module.name.text, container.modules));
    }
  }

  /** Whether the file declares an inline module of this local name (`inner`, `a.b`). */
  isInlineModule(name: string): boolean {
    return this.inlineModules.has(name);
  }

  /** The module-level container of an item, or undefined for items inside bodies. */
  containerOf(item: SyntaxNode): Container | undefined {
    const parent = item.parent;
    if (!parent) return undefined;
    if (parent.type === 'source_file') return TOP;
    // A syntax error wraps the items after it: read them as if it were not there.
    if (parent.type === 'ERROR') return this.containerOf(parent);
    return parent.type === 'declaration_list' ? this.containerOfBody(parent) : undefined;
  }

  /** The container a body (`declaration_list`) gives the items in it. */
  containerOfBody(body: SyntaxNode): Container | undefined {
    const cached = this.containers.get(body.id);
    if (cached !== undefined) return cached ?? undefined;
    const container = this.bodyContainer(body);
    this.containers.set(body.id, container ?? null);
    return container;
  }

  private bodyContainer(body: SyntaxNode): Container | undefined {
    const owner = body.parent;
    if (!owner) return undefined;
    const outer = this.containerOf(owner);
    if (!outer || outer.impl || outer.trait) return undefined;
    const name = owner.childForFieldName('name');
    if (owner.type === 'mod_item' && name) return { modules: [...outer.modules, name.text] };
    if (owner.type === 'trait_item' && name) return { modules: outer.modules, trait: this.qualified(name.text, outer.modules) };
    const impl = this.implsByBody.get(body.id);
    if (owner.type === 'impl_item' && impl) {
      const type = typeNameOf(impl.typeNode);
      // `impl<T: X> Trait for T` (a blanket impl) and impls on primitives or paths
      // into other modules declare no methods of a type this package holds.
      if (!type || type.includes('.') || impl.typeParameters.has(type)) return undefined;
      return { modules: outer.modules, impl: { type: this.lexical(type, outer.modules), trait: impl.trait } };
    }
    return undefined;
  }

  /** A name as this file declares it inside `modules` (`tests.helper`), no matter whether declared yet. */
  qualified(name: string, modules: readonly string[]): string {
    return modules.length === 0 ? name : `${modules.join('.')}.${name}`;
  }

  /**
   * A bare name used inside `modules`: the item of that inline module when the file
   * declares one, else the name as written (an item of the file's module or an import).
   */
  lexical(name: string, modules: readonly string[]): string {
    if (modules.length === 0) return name;
    const qualified = this.qualified(name, modules);
    return this.declared.has(qualified) ? qualified : name;
  }

  attributesOf(item: SyntaxNode): readonly AttributeMatch[] {
    return this.attributesByItem.get(item.id) ?? [];
  }

  /**
   * The comment block directly above an item (no blank line between), stepping over
   * its attributes, with comment markers stripped.
   */
  docOf(item: SyntaxNode): string {
    const lines: string[] = [];
    let expectedRow = item.startPosition.row;
    for (let sibling = item.previousSibling; sibling; sibling = sibling.previousSibling) {
      if (sibling.endPosition.row < expectedRow - 1) break;
      expectedRow = sibling.startPosition.row;
      if (sibling.type === 'attribute_item') continue;
      if (!COMMENT_TYPES.has(sibling.type)) break;
      lines.unshift(stripRustComment(sibling.text));
    }
    return lines.join('\n').trim();
  }
}

/** The item an outer attribute belongs to: the next sibling that is no attribute or comment. */
function attributedItem(attribute: SyntaxNode): SyntaxNode | undefined {
  for (let sibling = attribute.nextSibling; sibling; sibling = sibling.nextSibling) {
    if (sibling.type !== 'attribute_item' && !COMMENT_TYPES.has(sibling.type)) return sibling;
  }
  return undefined;
}

function typeParametersOf(impl: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (const parameter of impl.childForFieldName('type_parameters')?.namedChildren ?? []) {
    const name = parameter?.childForFieldName('name') ?? parameter;
    if (name?.type === 'type_identifier') names.add(name.text);
  }
  return names;
}

function stripRustComment(text: string): string {
  return text
    .replace(/^\/\*[*!]?|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(\/\/[/!]?|\*+)\s?/, ''))
    .join('\n')
    .trim();
}
