import { collapseWhitespace, positionOf } from '../common';
import { hashBytes } from '../../model/hash';
import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, LinkFact, SymbolFact } from '../facts';
import type { NodeKind } from '../../model/kinds';
import type { SourceRange } from '../scopeIndex';
import type { DefinitionMatch, RustMatches } from './collect';
import { declaredTypesOf } from './declaredTypes';
import type { ItemIndex } from './items';
import { pathSegments, typeNameOf } from './names';

/** The symbol a body belongs to: calls inside it name it as their caller. */
export interface Owner {
  readonly name: string;
  /** The inline modules around it, for names used inside. */
  readonly modules: readonly string[];
  /** What `self` and `Self` are inside: the impl's type or the trait. */
  readonly selfType?: string;
}

export interface SymbolsOfFile {
  readonly symbols: SymbolFact[];
  /** The source ranges of the symbols that own bodies (functions, methods, constants). */
  readonly owners: SourceRange<Owner>[];
  /** Nested `fn` items that are symbols: the item's start offset to its name (`outer>inner`). */
  readonly nestedFunctions: ReadonlyMap<number, string>;
  readonly implements: LinkFact[];
}

/** Attributes that make a function a test: `#[test]`, `#[tokio::test]`, `#[rstest]`... */
function isTestAttribute(path: string): boolean {
  return path === 'test' || path.endsWith('::test') || path === 'rstest' || path === 'test_case';
}

export function buildSymbols(matches: RustMatches, items: ItemIndex): SymbolsOfFile {
  const symbols: SymbolFact[] = [];
  const owners: SourceRange<Owner>[] = [];
  const nestedFunctions = new Map<number, string>();
  // Types and traits first: impl bodies look their type up among the declared names.
  const typesFirst = [...matches.definitions].sort((a, b) => rank(a) - rank(b));
  for (const definition of typesFirst) {
    const container = items.containerOf(definition.node);
    const fact = (name: string, kind: NodeKind, exported: boolean, extra: Partial<SymbolFact> = {}): SymbolFact => {
      const text = definition.node.text;
      return {
        name, kind, ...positionOf(definition.name), endLine: definition.node.endPosition.row + 1,
        signature: signatureOf(text, definition.body ? definition.body.startIndex - definition.node.startIndex : text.length),
        bodyHash: hashBytes(text), doc: items.docOf(definition.node), exported, ...extra,
      };
    };
    const ownName = definition.name.text;
    if (!container) {
      const nested = nestedFunctionOwner(definition, owners);
      if (!nested) continue;
      const name = `${nested.name}${NESTED_SEPARATOR}${ownName}`;
      // A nested `fn` cannot use the outer item's `Self`.
      symbols.push(fact(name, 'function', false, declaredTypesOf(definition, undefined, items.generics)));
      owners.push({ start: definition.node.startIndex, end: definition.node.endIndex, value: { name, modules: nested.modules } });
      nestedFunctions.set(definition.node.startIndex, name);
      continue;
    }
    const isPublic = definition.visibility?.text.startsWith('pub') ?? false;
    const memberOf = container.impl?.type ?? container.trait;
    switch (definition.role) {
      case 'type':
      case 'trait': {
        // Associated types of impls and traits are not types of the module.
        if (memberOf) break;
        const name = items.qualified(ownName, container.modules);
        items.declared.add(name);
        symbols.push(definition.role === 'trait'
          ? fact(name, 'interface', isPublic, { methods: traitMethods(definition) })
          : fact(name, 'type', isPublic, declaredTypesOf(definition, name, items.generics)));
        break;
      }
      case 'function': {
        // Methods of trait impls are as public as the trait; trait methods as the trait.
        const exported = container.impl?.trait || container.trait ? true : isPublic;
        const name = memberOf ? `${memberOf}.${ownName}` : items.qualified(ownName, container.modules);
        const isTest = !memberOf && items.attributesOf(definition.node).some((a) => isTestAttribute(a.path.text.replace(/\s+/g, '')));
        const kind: NodeKind = memberOf ? 'method' : isTest ? 'test' : 'function';
        items.declared.add(name);
        symbols.push(fact(name, kind, exported, declaredTypesOf(definition, container.impl?.type, items.generics)));
        owners.push({ start: definition.node.startIndex, end: definition.node.endIndex, value: { name, modules: container.modules, selfType: memberOf } });
        break;
      }
      case 'constant': {
        const name = memberOf ? `${memberOf}.${ownName}` : items.qualified(ownName, container.modules);
        items.declared.add(name);
        symbols.push(fact(name, 'constant', isPublic, declaredTypesOf(definition, container.impl?.type, items.generics)));
        owners.push({ start: definition.node.startIndex, end: definition.node.endIndex, value: { name, modules: container.modules, selfType: memberOf } });
        break;
      }
      case 'signature':
        // Required trait methods are the trait's `methods`; the resolver declares them.
        break;
    }
  }
  symbols.sort((a, b) => a.line - b.line || a.col - b.col);
  return { symbols, owners, nestedFunctions, implements: implementsLinks(matches, items) };
}

/** Separates a nested `fn` item from the symbol whose body declares it: `outer>inner`. */
export const NESTED_SEPARATOR = '>';

/**
 * The symbol whose body declares a `fn` item as a statement of a block: the innermost
 * owner read so far around it (owners are read outer first, in source order). Items of
 * a local `impl`, `trait` or `mod` inside a body are not nested functions.
 */
function nestedFunctionOwner(definition: DefinitionMatch, owners: readonly SourceRange<Owner>[]): Owner | undefined {
  if (definition.role !== 'function' || definition.node.parent?.type !== 'block') return undefined;
  const { startIndex, endIndex } = definition.node;
  for (let i = owners.length - 1; i >= 0; i--) {
    const owner = owners[i]!;
    if (owner.start <= startIndex && endIndex <= owner.end) return owner.value;
  }
  return undefined;
}

function rank(definition: DefinitionMatch): number {
  return definition.role === 'type' || definition.role === 'trait' ? 0 : 1;
}

const MAX_SIGNATURE_LENGTH = 300;

/** The declaration text up to its body, whitespace collapsed (common.ts signatureOf, on text read once). */
function signatureOf(text: string, bodyOffset: number): string {
  const header = collapseWhitespace(text.slice(0, Math.max(0, bodyOffset)));
  return header.length > MAX_SIGNATURE_LENGTH ? `${header.slice(0, MAX_SIGNATURE_LENGTH - 1)}…` : header;
}

function traitMethods(trait: DefinitionMatch): string[] {
  const methods: string[] = [];
  for (const member of trait.body?.namedChildren ?? []) {
    if (member?.type !== 'function_item' && member?.type !== 'function_signature_item') continue;
    const name = member.childForFieldName('name');
    if (name) methods.push(name.text);
  }
  return methods;
}

/**
 * `impl Trait for Type`: an implements link from the type (a symbol of this file when
 * declared here, else the name resolved through the file's scope) to the trait.
 */
function implementsLinks(matches: RustMatches, items: ItemIndex): LinkFact[] {
  const links: LinkFact[] = [];
  for (const impl of matches.impls) {
    if (!impl.trait) continue;
    const container = items.containerOf(impl.node);
    if (!container || container.impl || container.trait) continue;
    const body = impl.node.childForFieldName('body');
    const implType = body ? items.containerInside(body)?.impl?.type : undefined;
    // Types in other modules (`impl Trait for models::User`) keep their path.
    const typeName = implType ?? typeNameOf(impl.type);
    const trait = traitExpression(impl.trait, container.modules, items);
    if (!typeName || !trait || (!implType && !typeName.includes('.'))) continue;
    const from = items.declared.has(typeName)
      ? { form: 'local' as const, name: typeName }
      : { form: 'expr' as const, expr: dottedExpression(typeName) };
    links.push({ edgeType: 'implements', ...positionOf(impl.trait), from, to: { form: 'expr', expr: trait } });
  }
  return links;
}

/** The trait of an impl as a name to resolve: `Store`, `inner.Store`, `fmt::Display`. */
function traitExpression(trait: SyntaxNode, modules: readonly string[], items: ItemIndex): CalleeExpr | undefined {
  const base = trait.type === 'generic_type' ? trait.childForFieldName('type') : trait;
  if (!base) return undefined;
  if (base.type === 'type_identifier') return { form: 'name', name: items.lexical(base.text, modules) };
  const segments = pathSegments(base);
  if (!segments || segments.length < 2) return undefined;
  return { form: 'member', object: segments.slice(0, -1).join('::'), property: segments[segments.length - 1]! };
}

function dottedExpression(typeName: string): CalleeExpr {
  const dot = typeName.lastIndexOf('.');
  return dot < 0 ? { form: 'name', name: typeName } : { form: 'member', object: typeName.slice(0, dot), property: typeName.slice(dot + 1) };
}
