import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { ImportFact } from '../facts';
import type { RustMatches } from './collect';
import type { ItemIndex } from './items';
import { pathSegments } from './names';
import type { Scopes } from './scopes';

/**
 * Imports. One ImportFact per name a `use` brings in, its source the whole path as
 * written (`crate::models::User`, `std::io::*`): the resolver finds the longest prefix
 * that is a module of the repo, the rest is the imported name. Paths starting at an
 * inline module are rewritten to start at the file's module (`super::x` inside
 * `mod tests` is `self::x`), because the resolver knows files, not inline modules.
 *
 * Two more kinds of facts make module paths resolve through the generic scope:
 * - `mod x;` imports the module file `self::x` as the local name `x`, so `x::f()` in the
 *   declaring file finds `f`;
 * - every module file re-exports itself under its own name (source `self`), so
 *   `use crate::db;` binds `db` to that module. Its target is the file's own module:
 *   the linker draws no edge for it.
 */
interface UseLeaf {
  readonly segments: readonly string[];
  readonly alias?: string;
  readonly glob: boolean;
  readonly at: SyntaxNode;
}

export function importFacts(matches: RustMatches, items: ItemIndex, scopes: Scopes, path: string): ImportFact[] {
  const facts: ImportFact[] = [];
  for (const use of matches.uses) {
    const modules = modulesAround(use.node, items, scopes);
    const reexport = use.node.namedChild(0)?.type === 'visibility_modifier';
    for (const leaf of useLeaves(use.tree, [])) {
      const fact = leafFact(leaf, modules, items);
      if (!fact) continue;
      facts.push(fact);
      // `pub use` both binds the name here and re-exports it.
      if (reexport) facts.push({ ...fact, reexport: true });
    }
  }
  for (const crate of matches.externCrates) {
    if (crate.name.text === 'self') continue;
    facts.push({ ...positionOf(crate.name), source: crate.name.text, bindings: [{ imported: '*', local: (crate.alias ?? crate.name).text }] });
  }
  for (const declaration of matches.moduleDeclarations) {
    const modules = modulesAround(declaration.node, items, scopes);
    const name = declaration.name.text;
    facts.push({ ...positionOf(declaration.name), source: ['self', ...modules, name].join('::'), bindings: [{ imported: '*', local: name }] });
  }
  const ownName = moduleNameOfFile(path);
  if (ownName) facts.push({ line: 1, col: 0, source: 'self', bindings: [{ imported: '*', local: ownName }], reexport: true });
  return facts.sort((a, b) => a.line - b.line || a.col - b.col);
}

function modulesAround(node: SyntaxNode, items: ItemIndex, scopes: Scopes): readonly string[] {
  return items.containerOf(node)?.modules ?? scopes.ownerOf(node)?.modules ?? [];
}

function useLeaves(node: SyntaxNode, prefix: readonly string[]): UseLeaf[] {
  switch (node.type) {
    case 'self':
      // `use a::b::{self}` imports the module `a::b` itself.
      return prefix.length > 0 ? [{ segments: prefix, glob: false, at: node }] : [];
    case 'identifier':
    case 'crate':
    case 'super':
    case 'scoped_identifier': {
      const segments = pathSegments(node);
      return segments ? [{ segments: [...prefix, ...segments], glob: false, at: node }] : [];
    }
    case 'use_as_clause': {
      const path = node.childForFieldName('path');
      const alias = node.childForFieldName('alias');
      const leaves = path ? useLeaves(path, prefix) : [];
      return leaves.map((leaf) => ({ ...leaf, alias: alias?.text, at: node }));
    }
    case 'use_wildcard': {
      const path = node.namedChild(0);
      const segments = path ? pathSegments(path) : [];
      return segments ? [{ segments: [...prefix, ...segments], glob: true, at: node }] : [];
    }
    case 'scoped_use_list': {
      const path = node.childForFieldName('path');
      const list = node.childForFieldName('list');
      const head = path ? pathSegments(path) : [];
      if (!head || !list) return [];
      return useLeaves(list, [...prefix, ...head]);
    }
    case 'use_list':
      return node.namedChildren.flatMap((child) => (child ? useLeaves(child, prefix) : []));
    default:
      return [];
  }
}

function leafFact(leaf: UseLeaf, modules: readonly string[], items: ItemIndex): ImportFact | undefined {
  const segments = fromFileModule(leaf.segments, modules, items);
  if (segments.length === 0) return undefined;
  const position = positionOf(leaf.at);
  if (leaf.glob) return { ...position, source: [...segments, '*'].join('::'), bindings: [{ imported: '*', local: '*' }] };
  const last = segments[segments.length - 1]!;
  if (last === 'self' || last === 'super' || last === 'crate') return undefined;
  // `use serde;` names a whole crate.
  const imported = segments.length === 1 ? '*' : last;
  return { ...position, source: segments.join('::'), bindings: [{ imported, local: leaf.alias ?? last }] };
}

/** A path relative to an inline module, rewritten to start at the file's module. */
function fromFileModule(segments: readonly string[], modules: readonly string[], items: ItemIndex): readonly string[] {
  if (modules.length === 0) return segments;
  const head = segments[0];
  if (head === 'self') return ['self', ...modules, ...segments.slice(1)];
  if (head === 'super') {
    const ups = segments.findIndex((s) => s !== 'super');
    const count = ups < 0 ? segments.length : ups;
    if (count > modules.length) return [...segments.slice(0, count - modules.length), ...segments.slice(count)];
    return ['self', ...modules.slice(0, modules.length - count), ...segments.slice(count)];
  }
  if (head && items.isInlineModule(items.qualified(head, modules))) return ['self', ...modules, ...segments];
  return segments;
}

/**
 * The name a module file has in its parent (`src/db.rs` and `src/db/mod.rs` are `db`);
 * none for crate roots (`lib.rs`, `main.rs`, `build.rs`).
 */
export function moduleNameOfFile(path: string): string | undefined {
  const parts = path.split('/');
  const base = parts[parts.length - 1]!;
  if (base === 'lib.rs' || base === 'main.rs' || base === 'build.rs') return undefined;
  if (base === 'mod.rs') return parts.length > 1 ? parts[parts.length - 2] : undefined;
  return base.replace(/\.rs$/, '') || undefined;
}
