import type { FileFacts } from '../extract/facts';

/**
 * Everything in a file's facts that other files' resolution can depend on: its declared
 * names, kinds, package overrides and keys, bases and interface methods, the types of parameters and callables,
 * results declared or inferred, values and fields (other files compute receiver types from them), imports (re-exports and bindings are
 * followed through them), default export, Python's `__all__` and package. Two facts with the same surface
 * resolve every other file identically, so an edit that keeps it (a body change, a
 * comment, moved lines) re-links only the edited file.
 */
export function exportSurface(facts: FileFacts): string {
  return JSON.stringify([
    facts.packageName ?? '',
    facts.defaultExport ?? '',
    facts.skipReason ?? '',
    facts.symbols.map((s) => [
      s.name, s.kind, s.exported, s.bases ?? [], s.methods ?? [], s.methodSignatures ?? [], s.packagePath ?? '', s.keys ?? [],
      s.params ?? [], s.results ?? [], s.valueType ?? null, s.fields ?? [], s.underlying ?? '', s.callable ?? [], s.overloads ?? [],
      s.objectMembers ?? [], s.returned ?? null, s.returnedMembers ?? [],
    ]),
    facts.imports.map((i) => [i.source, i.reexport ?? false, i.bindings.map((b) => [b.imported, b.local])]),
    facts.starExports === undefined ? 'no __all__' : facts.starExports,
  ]);
}
