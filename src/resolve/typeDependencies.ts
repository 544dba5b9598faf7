import type { CalleeExpr, FileFacts, SymbolFact, TypeExpr } from '../extract/facts';

/**
 * Which declarations a file's computed types lean on, by name. `x := pkg.Open(); x.Get()`
 * depends on Open's result type and on a method named Get of whatever type that is, both
 * possibly declared in files this one neither imports nor links to. Names are coarse (a
 * changed `Get` anywhere re-links every file that calls a typed `.Get`), which keeps the
 * index small and errs towards re-linking.
 */

/**
 * Names decoded with stored facts (src/index/factsCodec.ts): the facts' calls are then read
 * only when the file is linked, not to put an unchanged file in the symbol table.
 */
const knownNames = new WeakMap<FileFacts, ReadonlySet<string>>();

/** Records the names `namesTypesDependOn(facts)` returns, computed where the facts were made. */
export function rememberNamesTypesDependOn(facts: FileFacts, names: Iterable<string>): void {
  knownNames.set(facts, new Set(names));
}

/** The member, field and function names a file's typed calls, package values and method set depend on. */
export function namesTypesDependOn(facts: FileFacts): ReadonlySet<string> {
  return knownNames.get(facts) ?? computeNamesTypesDependOn(facts);
}

function computeNamesTypesDependOn(facts: FileFacts): Set<string> {
  const names = new Set<string>();
  const addCallee = (callee: CalleeExpr): void => {
    if (callee.form === 'name') names.add(callee.name);
    else if (callee.form === 'member') {
      names.add(callee.property);
      if (callee.receiverType) addType(callee.receiverType);
    }
  };
  const addType = (type: TypeExpr): void => {
    switch (type.t) {
      case 'named':
        return;
      case 'inherited':
        names.add(type.method);
        return;
      case 'value':
        addCallee(type.of);
        return;
      case 'result':
      case 'callback':
        addCallee(type.call);
        return;
      case 'field':
        names.add(type.name);
        addType(type.of);
        return;
      case 'element':
        addType(type.of);
        return;
      case 'either':
        for (const option of type.of) addType(option);
        return;
      case 'param':
      case 'returns':
        addType(type.of);
    }
  };
  for (const call of facts.calls) {
    const { callee } = call;
    if (callee.form === 'member' && (callee.objectType !== undefined || callee.receiverType !== undefined)) addCallee(callee);
  }
  for (const symbol of facts.symbols) {
    if (symbol.valueType) addType(symbol.valueType);
    if (symbol.returned) addType(symbol.returned);
    // A Go type's method set decides which interfaces it implements, wherever they are declared.
    if (facts.language === 'go' && symbol.kind === 'method') names.add(lastSegment(symbol.name));
  }
  return names;
}

/** Names whose declarations differ between two versions of a file in what computed types read. */
export function typeNamesChanged(before: FileFacts | undefined, after: FileFacts | undefined): Set<string> {
  const shapes = (facts: FileFacts | undefined): Map<string, string> => {
    const byName = new Map<string, string>();
    const add = (name: string, shape: string): void => { byName.set(name, `${byName.get(name) ?? ''}|${shape}`); };
    for (const symbol of facts?.symbols ?? []) {
      add(lastSegment(symbol.name), typeShape(symbol));
      for (const field of symbol.fields ?? []) add(field.name, `${symbol.name}:${field.type}`);
    }
    return byName;
  };
  const old = shapes(before);
  const now = shapes(after);
  const changed = new Set<string>();
  for (const [name, shape] of old) if (now.get(name) !== shape) changed.add(name);
  for (const name of now.keys()) if (!old.has(name)) changed.add(name);
  return changed;
}

function typeShape(symbol: SymbolFact): string {
  return JSON.stringify([
    symbol.name, symbol.kind, symbol.params ?? [], symbol.results ?? [], symbol.valueType ?? null, symbol.fields ?? [],
    symbol.underlying ?? '', symbol.bases ?? [], symbol.methods ?? [], symbol.callable ?? [], symbol.overloads ?? [],
    symbol.returned ?? null,
  ]);
}

function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}
