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
  for (const call of facts.calls) {
    const { callee } = call;
    if (callee.form === 'member' && (callee.objectType !== undefined || callee.receiverType !== undefined)) addCalleeNames(callee, names);
  }
  for (const symbol of facts.symbols) {
    for (const type of computedTypesOf(symbol)) addTypeNames(type, names);
    for (const field of symbol.fields ?? []) {
      const held = heldValueName(field.type);
      if (held !== undefined) names.add(held);
    }
    // A Go type's method set decides which interfaces it implements, wherever they are declared.
    if (facts.language === 'go' && symbol.kind === 'method') names.add(lastSegment(symbol.name));
  }
  return names;
}

/** The types the resolver computes for a symbol from other declarations: a constant's value, a function's inferred result. */
function computedTypesOf(symbol: SymbolFact): TypeExpr[] {
  const types: TypeExpr[] = [];
  if (symbol.valueType) types.push(symbol.valueType);
  if (symbol.returned) types.push(symbol.returned);
  return types;
}

function addCalleeNames(callee: CalleeExpr, names: Set<string>): void {
  if (callee.form === 'name') names.add(callee.name);
  else if (callee.form === 'member') {
    names.add(callee.property);
    if (callee.receiverType) addTypeNames(callee.receiverType, names);
  }
}

function addTypeNames(type: TypeExpr, names: Set<string>): void {
  switch (type.t) {
    case 'named':
      return;
    case 'inherited':
      names.add(type.method);
      return;
    case 'value':
      addCalleeNames(type.of, names);
      return;
    case 'result':
    case 'callback':
      addCalleeNames(type.call, names);
      return;
    case 'field':
      names.add(type.name);
      addTypeNames(type.of, names);
      return;
    case 'element':
      addTypeNames(type.of, names);
      return;
    case 'either':
      for (const option of type.of) addTypeNames(option, names);
      return;
    case 'mapped':
      addTypeNames(type.of, names);
      addTypeNames(type.to, names);
      addCalleeNames(type.call, names);
      return;
    case 'param':
    case 'returns':
      addTypeNames(type.of, names);
  }
}

/**
 * The names of a file's symbols whose computed type (a constant's value, a function's
 * inferred result) reads one of `names`: when those declarations change, so may these
 * types, though the file declaring them did not change.
 */
export function namesTypedThrough(facts: FileFacts, names: ReadonlySet<string>): string[] {
  const typed: string[] = [];
  for (const symbol of facts.symbols) {
    const read = new Set<string>();
    for (const type of computedTypesOf(symbol)) addTypeNames(type, read);
    if ([...read].some((name) => names.has(name))) typed.push(lastSegment(symbol.name));
    for (const field of symbol.fields ?? []) {
      const held = heldValueName(field.type);
      if (held !== undefined && names.has(held)) typed.push(field.name);
    }
  }
  return typed;
}

/**
 * The last name of the value a field's type is the type of (TypeScript's `typeof
 * createEnum` for `static create = createEnum`): calling the field gives what it returns.
 */
function heldValueName(type: string): string | undefined {
  return /^typeof\s+(?:[\w$.]*\.)?([\w$]+)$/u.exec(type)?.[1];
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
