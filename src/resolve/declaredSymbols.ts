import type { FileFacts, SymbolFact } from '../extract/facts';

const expanded = new WeakMap<FileFacts, readonly SymbolFact[]>();

/**
 * A file's symbols plus one method symbol per method an interface requires
 * (`Store.Get`) when the extractor did not declare it itself. Calls through an
 * interface-typed receiver then have a target, and blast radius can start from an
 * interface method. Memoised per facts object: the table and the linker both ask.
 */
export function declaredSymbols(facts: FileFacts): readonly SymbolFact[] {
  let symbols = expanded.get(facts);
  if (!symbols) {
    const names = new Set(facts.symbols.map((s) => s.name));
    const implied = facts.symbols.flatMap((s) =>
      s.kind !== 'interface'
        ? []
        : (s.methods ?? [])
          .map((method, index) => ({ method, spec: s.methodSignatures?.[index] }))
          .filter(({ method }) => !names.has(`${s.name}.${method}`))
          .map(({ method, spec }): SymbolFact => ({
            name: `${s.name}.${method}`, kind: 'method', line: s.line, col: s.col, endLine: s.endLine,
            signature: spec ?? `${s.name}.${method}`, bodyHash: s.bodyHash, doc: '', exported: s.exported,
          })),
    );
    symbols = implied.length === 0 ? facts.symbols : [...facts.symbols, ...implied];
    expanded.set(facts, symbols);
  }
  return symbols;
}
