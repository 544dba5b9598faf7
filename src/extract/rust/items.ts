import type { SyntaxNode } from '../extractor';
import { ScopeIndex, type SourceRange } from '../scopeIndex';
import type { AttributeMatch, RustMatches } from './collect';
import { typeNameOf } from './names';
import { GenericParameters } from './typeText';

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

/** A body that items can sit in. */
type Body =
  | { readonly kind: 'module' | 'trait'; readonly name: string }
  | { readonly kind: 'impl'; readonly type: SyntaxNode; readonly trait?: SyntaxNode; readonly typeParameters: ReadonlySet<string> }
  | { readonly kind: 'function' };

const TOP: Container = { modules: [] };

export class ItemIndex {
  private readonly bodies: ScopeIndex<SourceRange<Body>>;
  private readonly containers = new Map<number, Container | null>();
  private readonly attributesByItem = new Map<number, AttributeMatch[]>();
  private readonly inlineModules = new Set<string>();
  /**
   * Names this file declares, to qualify names inside inline modules. Types and traits
   * are added before any impl body is placed, so an impl finds its type here.
   */
  readonly declared = new Set<string>();
  /** The generic parameters in scope anywhere in the file. */
  readonly generics: GenericParameters;

  constructor(matches: RustMatches, private readonly source: string) {
    this.generics = new GenericParameters(matches);
    this.bodies = new ScopeIndex(bodyRanges(matches));
    this.attachAttributes(matches);
    for (const module of matches.inlineModules) {
      const container = this.containerOf(module.node);
      if (container && !container.impl && !container.trait) this.inlineModules.add(this.qualified(module.name.text, container.modules));
    }
  }

  /** The module-level container of an item, or undefined for items inside bodies. */
  containerOf(item: SyntaxNode): Container | undefined {
    return this.containerAtBody(this.bodies.indexAround(item.startIndex));
  }

  /** The container a body (`declaration_list`) gives the items in it. */
  containerInside(body: SyntaxNode): Container | undefined {
    return this.containerAtBody(this.bodies.indexAround(body.startIndex + 1));
  }

  private containerAtBody(index: number): Container | undefined {
    if (index < 0) return TOP;
    const cached = this.containers.get(index);
    if (cached !== undefined) return cached ?? undefined;
    const container = this.bodyContainer(index);
    this.containers.set(index, container ?? null);
    return container;
  }

  private bodyContainer(index: number): Container | undefined {
    const body = this.bodies.get(index).value;
    if (body.kind === 'function') return undefined;
    const outer = this.containerAtBody(this.bodies.parentIndex(index));
    if (!outer || outer.impl || outer.trait) return undefined;
    if (body.kind === 'module') return { modules: [...outer.modules, body.name] };
    if (body.kind !== 'impl') return { modules: outer.modules, trait: this.qualified(body.name, outer.modules) };
    const type = typeNameOf(body.type);
    // `impl<T: X> Trait for T` (a blanket impl) and impls on primitives or paths
    // into other modules declare no methods of a type this package holds.
    if (!type || type.includes('.') || body.typeParameters.has(type)) return undefined;
    return { modules: outer.modules, impl: { type: this.lexical(type, outer.modules), trait: body.trait } };
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

  /** Whether the file declares an inline module of this local name (`inner`, `a.b`). */
  isInlineModule(name: string): boolean {
    return this.inlineModules.has(name);
  }

  attributesOf(fn: SyntaxNode): readonly AttributeMatch[] {
    return this.attributesByItem.get(fn.startIndex) ?? [];
  }

  /**
   * The comment block directly above an item (no blank line between), stepping over
   * its attribute lines, with comment markers stripped.
   */
  docOf(item: SyntaxNode): string {
    const source = this.source;
    const lineStart = source.lastIndexOf('\n', item.startIndex - 1) + 1;
    if (source.slice(lineStart, item.startIndex).trim() !== '') return '';
    const doc: string[] = [];
    // Line by line upwards from the item: comment lines join the doc, attribute lines
    // are stepped over, anything else (a blank line, code) ends it.
    for (let end = lineStart - 1; end > 0;) {
      const start = source.lastIndexOf('\n', end - 1) + 1;
      const line = source.slice(start, end).trim();
      if (line.startsWith('#[')) {
        end = start - 1;
      } else if (line.startsWith('//')) {
        doc.unshift(line.replace(/^\/\/[/!]?\s?/, ''));
        end = start - 1;
      } else if (line.endsWith('*/') && source.lastIndexOf('/*', end) >= 0) {
        const open = source.lastIndexOf('/*', end);
        doc.unshift(stripBlockComment(source.slice(open, end)));
        end = source.lastIndexOf('\n', open) ;
      } else {
        break;
      }
    }
    return doc.join('\n').trim();
  }

  /**
   * Outer attributes belong to the function that follows them with only comments and
   * other attributes between (read from the source text, not by walking siblings).
   */
  private attachAttributes(matches: RustMatches): void {
    const functionStarts = matches.definitions.filter((d) => d.role === 'function').map((d) => d.node.startIndex).sort((a, b) => a - b);
    const attributes = [...matches.attributes].sort((a, b) => b.node.startIndex - a.node.startIndex);
    let nextAttribute: { start: number; item: number } | undefined;
    for (const attribute of attributes) {
      const end = attribute.node.endIndex;
      const nextFunction = firstAtOrAfter(functionStarts, end);
      const target = nextAttribute && (nextFunction === undefined || nextAttribute.start < nextFunction)
        ? { start: nextAttribute.start, item: nextAttribute.item }
        : nextFunction !== undefined ? { start: nextFunction, item: nextFunction } : undefined;
      nextAttribute = undefined;
      if (!target || !isTrivia(this.source, end, target.start)) continue;
      const list = this.attributesByItem.get(target.item) ?? [];
      list.unshift(attribute);
      this.attributesByItem.set(target.item, list);
      nextAttribute = { start: attribute.node.startIndex, item: target.item };
    }
  }
}

function bodyRanges(matches: RustMatches): SourceRange<Body>[] {
  const ranges: SourceRange<Body>[] = [];
  const add = (body: SyntaxNode | null | undefined, value: Body): void => {
    if (body) ranges.push({ start: body.startIndex, end: body.endIndex, value });
  };
  for (const module of matches.inlineModules) add(module.node.childForFieldName('body'), { kind: 'module', name: module.name.text });
  for (const impl of matches.impls) {
    add(impl.node.childForFieldName('body'), { kind: 'impl', type: impl.type, trait: impl.trait, typeParameters: typeParametersOf(impl.node) });
  }
  for (const definition of matches.definitions) {
    if (definition.role === 'trait') add(definition.body, { kind: 'trait', name: definition.name.text });
    if (definition.role === 'function') add(definition.body, { kind: 'function' });
  }
  return ranges;
}

/**
 * Whether only whitespace and comments stand between two offsets: the scan stops at the
 * first other character, so a far-away next function costs nothing.
 */
function isTrivia(source: string, from: number, to: number): boolean {
  for (let i = from; i < to;) {
    const char = source.charCodeAt(i);
    if (char === 32 || char === 10 || char === 9 || char === 13) {
      i++;
    } else if (source.startsWith('//', i)) {
      const lineEnd = source.indexOf('\n', i);
      i = lineEnd < 0 ? to : lineEnd + 1;
    } else if (source.startsWith('/*', i)) {
      const close = source.indexOf('*/', i + 2);
      if (close < 0) return false;
      i = close + 2;
    } else {
      return false;
    }
  }
  return true;
}

function firstAtOrAfter(sorted: readonly number[], offset: number): number | undefined {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < offset) low = middle + 1;
    else high = middle;
  }
  return sorted[low];
}

function typeParametersOf(impl: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (const parameter of impl.childForFieldName('type_parameters')?.namedChildren ?? []) {
    const name = parameter?.childForFieldName('name') ?? parameter;
    if (name?.type === 'type_identifier') names.add(name.text);
  }
  return names;
}

function stripBlockComment(text: string): string {
  return text
    .replace(/^\s*\/\*[*!]?|\*\/\s*$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*+\s?/, ''))
    .join('\n')
    .trim();
}
