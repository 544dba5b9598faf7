import * as path from 'node:path';
import { positionOf, unquote } from '../common';
import type { SyntaxNode } from '../extractor';
import type { ImportBinding, ImportFact, Position } from '../facts';
import type { SymbolTable } from './symbols';

/**
 * The file's imports and exports. ES imports, require() and re-exports become import
 * facts; local exports (`export { a as b }`, `export default a`, CommonJS) mark symbols
 * exported. A symbol exported under another name is written as a re-export from the
 * file itself (`export { a as b } from './self'`), which is what it means.
 */

interface ImportDraft extends Position {
  readonly source: string;
  readonly bindings: Array<ImportBinding & { readonly at: number }>;
  readonly reexport: boolean;
}

interface LocalExport {
  readonly local: string;
  readonly exported: string;
  readonly position: Position;
}

/** Where the specifiers of the statement being read go. */
type OpenStatement = { readonly end: number; readonly position: Position; readonly draft?: ImportDraft };

export class ModuleFacts {
  private readonly drafts: ImportDraft[] = [];
  private readonly localExports: LocalExport[] = [];
  private openStatement: OpenStatement | undefined;
  /** `./<file name>`: how this file names itself in a re-export. */
  private readonly selfSource: string;
  /** The default export: its local name ('default' when anonymous), null when not a name. */
  defaultExport: { readonly name: string | null; readonly position: Position } | undefined;
  /**
   * `export default withAuth(handler)`: the name a default export that is a call wraps
   * (its first argument, through nested wrappers), as a decorator wraps what it decorates.
   */
  defaultExportWraps: string | undefined;
  /** The symbol of this file that is the default export, once finish() has run. */
  defaultSymbol: string | undefined;

  constructor(filePath: string) {
    this.selfSource = `./${path.posix.basename(filePath).replace(/\.[^.]*$/, '')}`;
  }

  /** An `import` or `export ... from` statement whose specifiers follow. */
  openImport(statement: SyntaxNode, source: string, reexport: boolean): ImportDraft {
    const draft: ImportDraft = { source, bindings: [], reexport, ...positionOf(statement) };
    this.drafts.push(draft);
    this.openStatement = { end: statement.endIndex, position: positionOf(statement), draft };
    return draft;
  }

  /** An `export { ... }` statement without a source: its specifiers are local exports. */
  openLocalExports(statement: SyntaxNode): void {
    this.openStatement = { end: statement.endIndex, position: positionOf(statement) };
  }

  /** A specifier of the open statement: an import binding, or a local export. */
  addSpecifier(specifier: SyntaxNode, imported: string, local: string): void {
    const open = this.openStatement;
    if (!open || specifier.startIndex >= open.end) return;
    if (open.draft) open.draft.bindings.push({ imported, local, at: specifier.startIndex });
    else this.localExports.push({ local: imported, exported: local, position: open.position });
  }

  /** `const x = require('m')` -> `*`; `const { a, b: c } = require('m')` -> a, b as c. */
  addRequire(name: SyntaxNode, source: string): void {
    const draft: ImportDraft = { source, bindings: [], reexport: false, ...positionOf(name) };
    this.drafts.push(draft);
    if (name.type === 'identifier') draft.bindings.push({ imported: '*', local: name.text, at: name.startIndex });
    if (name.type !== 'object_pattern') return;
    for (const property of name.namedChildren) {
      const binding = requireBindingOf(property);
      if (binding) draft.bindings.push({ ...binding, at: property?.startIndex ?? 0 });
    }
  }

  /** `import('m')`, a bare `require('m')`: a dependency without bindings. */
  addUnboundImport(node: SyntaxNode, source: string): void {
    this.drafts.push({ source, bindings: [], reexport: false, ...positionOf(node) });
  }

  addLocalExport(local: string, exported: string, at: SyntaxNode): void {
    this.localExports.push({ local, exported, position: positionOf(at) });
  }

  /** `export { handler as GET }`: the local names exported under that name. */
  localNamesExportedAs(exported: string): Array<{ readonly local: string; readonly position: Position }> {
    return this.localExports.filter((entry) => entry.exported === exported && entry.local !== exported);
  }

  /** `export { default } from './impl'`: where a name is re-exported from another module. */
  reexportOf(exported: string): Position | undefined {
    const draft = this.drafts.find((d) => d.reexport && d.bindings.some((binding) => binding.local === exported));
    return draft ? { line: draft.line, col: draft.col } : undefined;
  }

  /** The modules this file imports (or requires), in source order. */
  sources(): string[] {
    return this.drafts.filter((draft) => !draft.reexport).map((draft) => draft.source);
  }

  /** The module a local name is imported from, if it is an import binding. */
  sourceOfBinding(local: string): string | undefined {
    return this.drafts.find((draft) => !draft.reexport && draft.bindings.some((b) => b.local === local))?.source;
  }

  /**
   * Settles the local exports once the whole file is read (imports may come last): an
   * imported name is re-exported from its module; a local symbol is marked exported and,
   * under another name, re-exported from this file. `default` is not re-exported: the
   * facts name the default symbol directly (defaultSymbol).
   */
  finish(symbols: SymbolTable): void {
    const imported = this.importedNames();
    const grouped = new Map<string, ImportDraft>();
    const reexport = (position: Position, source: string, binding: ImportBinding): void => {
      const key = `${position.line}:${position.col}:${source}`;
      let draft = grouped.get(key);
      if (!draft) grouped.set(key, (draft = { source, bindings: [], reexport: true, ...position }));
      draft.bindings.push({ ...binding, at: draft.bindings.length });
    };
    for (const entry of this.localExports) {
      const origin = imported.get(entry.local);
      if (origin) {
        reexport(entry.position, origin.source, { imported: origin.imported, local: entry.exported });
        continue;
      }
      symbols.markExported(entry.local);
      if (entry.exported === 'default') this.defaultSymbol ??= entry.local;
      else if (entry.local !== entry.exported) reexport(entry.position, this.selfSource, { imported: entry.local, local: entry.exported });
    }
    this.drafts.push(...grouped.values());
  }

  facts(): ImportFact[] {
    return this.drafts.map(toFact).sort((a, b) => a.line - b.line || a.col - b.col);
  }

  private importedNames(): Map<string, { source: string; imported: string }> {
    const names = new Map<string, { source: string; imported: string }>();
    for (const draft of this.drafts) {
      if (draft.reexport) continue;
      for (const binding of draft.bindings) names.set(binding.local, { source: draft.source, imported: binding.imported });
    }
    return names;
  }
}

function requireBindingOf(property: SyntaxNode | null): ImportBinding | undefined {
  if (property?.type === 'shorthand_property_identifier_pattern') return { imported: property.text, local: property.text };
  if (property?.type !== 'pair_pattern') return undefined;
  const key = property.childForFieldName('key');
  const value = property.childForFieldName('value');
  if (!key || value?.type !== 'identifier') return undefined;
  return { imported: key.type === 'string' ? unquote(key.text) : key.text, local: value.text };
}

function toFact(draft: ImportDraft): ImportFact {
  const bindings = [...draft.bindings].sort((a, b) => a.at - b.at).map(({ imported, local }) => ({ imported, local }));
  return { source: draft.source, line: draft.line, col: draft.col, bindings, ...(draft.reexport ? { reexport: true } : {}) };
}
