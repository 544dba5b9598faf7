import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { ImportFact, Position } from '../facts';
import type { ModulePath } from './calls';
import type { RustMatches } from './collect';
import type { ItemIndex } from './items';
import type { Scopes } from './scopes';
import { type UseLeaf, useLeaves } from './useTree';

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

export function importFacts(matches: RustMatches, items: ItemIndex, scopes: Scopes, path: string): ImportFact[] {
  const facts: ImportFact[] = [];
  for (const use of matches.uses) {
    const modules = modulesAround(use.node, items, scopes);
    const reexport = use.node.namedChild(0)?.type === 'visibility_modifier';
    const text = use.tree.text;
    const start = positionOf(use.tree);
    for (const leaf of useLeaves(text)) {
      const fact = leafFact(leaf, positionAt(text, start, leaf.offset), modules, items);
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

/**
 * Imports for the module paths calls go through (`crate::db::connect()`): the path,
 * bound to the object as written, so the scope finds the module as it would after a
 * `use`. A first segment this file binds (`use crate::db;`, `mod db;`, an alias) is
 * replaced by what it binds; other paths start where rustc would look (crate, self,
 * super, a child module, another crate).
 */
export function modulePathImports(paths: ReadonlyMap<string, ModulePath>, imports: readonly ImportFact[], items: ItemIndex): ImportFact[] {
  const bound = new Map<string, string>();
  for (const fact of imports) {
    if (fact.reexport) continue;
    for (const binding of fact.bindings) if (binding.local !== '*' && !bound.has(binding.local)) bound.set(binding.local, fact.source);
  }
  const facts: ImportFact[] = [];
  for (const [object, path] of paths) {
    const segments = fromFileModule(path.segments, path.modules, items);
    const head = segments[0];
    if (head === undefined) continue;
    // `db::f()` after `use crate::db;` or `mod db;` resolves through that binding already.
    if (segments.length === 1 && bound.has(head)) continue;
    const expanded = bound.has(head) ? [bound.get(head)!, ...segments.slice(1)] : segments;
    // The whole path is the module (`std::mem`, not the item `mem` of `std`).
    facts.push({ line: path.line, col: path.col, source: [...expanded, '*'].join('::'), bindings: [{ imported: '*', local: object }] });
  }
  return facts;
}

function modulesAround(node: SyntaxNode, items: ItemIndex, scopes: Scopes): readonly string[] {
  return items.containerOf(node)?.modules ?? scopes.ownerOf(node)?.modules ?? [];
}

/** The position of `offset` in a text that starts at `start`. */
function positionAt(text: string, start: Position, offset: number): Position {
  const lineBreak = text.lastIndexOf('\n', offset - 1);
  if (lineBreak < 0) return { line: start.line, col: start.col + offset };
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) lines++;
  return { line: start.line + lines, col: offset - lineBreak - 1 };
}

function leafFact(leaf: UseLeaf, position: Position, modules: readonly string[], items: ItemIndex): ImportFact | undefined {
  const segments = fromFileModule(leaf.segments, modules, items);
  if (segments.length === 0) return undefined;
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
