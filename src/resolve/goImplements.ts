import { stdInterfaceMethods } from './languages/goStdInterfaces';
import type { FileScope, Resolution } from './scope';
import type { SymbolEntry, SymbolTable } from './symbolTable';

/**
 * Go's implicit `implements`: a type implements an interface of any package when its
 * method set (its own methods and those promoted from embedded types, pointer receivers
 * included, as for `*T`) has every method the interface requires (its own and its
 * embedded interfaces'), with identical parameter and result types; an unexported method
 * can only come from the interface's own package. Types compare by
 * what they resolve to, so `*Item` in one package and `*store.Item` in another are one
 * type; a type no scope can resolve (a type parameter, a name declared nowhere) matches
 * nothing: no edge rather than a guess.
 */

type SymbolResolution = Extract<Resolution, { kind: 'symbol' }>;

/** A method of a method set: where it is declared, and its types once asked for. */
interface Method {
  readonly packagePath: string;
  /** Parameter and result types, each resolved to what it names; undefined when any cannot be. */
  signature(): string | undefined;
}

const MAX_EMBEDDING = 5;
const GO_TYPE_WORDS = new Set([
  'map', 'chan', 'func', 'struct', 'interface', 'any', 'bool', 'byte', 'comparable', 'complex64', 'complex128', 'error',
  'float32', 'float64', 'int', 'int8', 'int16', 'int32', 'int64', 'rune', 'string', 'uint', 'uint8', 'uint16', 'uint32',
  'uint64', 'uintptr',
]);
const TYPE_NAME = /[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)?/gu;

/** The interfaces of the repo a Go type declared in `scope`'s file implements. */
export function goInterfacesImplemented(type: SymbolResolution, scope: FileScope, table: SymbolTable): SymbolResolution[] {
  const { methods } = methodSet(type, scope, table, 0);
  if (methods.size === 0) return [];
  const candidates = new Map<string, SymbolResolution>();
  for (const name of [...methods.keys(), '']) {
    for (const { packagePath, entry } of table.interfacesWithMethod(name)) {
      if (table.factsOf(entry.file)?.language === 'go') candidates.set(`${packagePath}\0${entry.name}`, { kind: 'symbol', packagePath, entry });
    }
  }
  const implemented: SymbolResolution[] = [];
  for (const iface of candidates.values()) {
    const declaring = scope.scopeOfEntry(iface.entry, iface.packagePath);
    const required = declaring && methodSet(iface, declaring, table, 0);
    // An interface embedding one we cannot see requires methods we do not know.
    if (!required?.complete || required.methods.size === 0) continue;
    let all = true;
    for (const [name, wanted] of required.methods) {
      const have = methods.get(name);
      // An unexported method name belongs to its package: only that package's methods can supply it.
      const reachable = have !== undefined && (isExported(name) || have.packagePath === iface.packagePath);
      if (!have || !reachable || !sameSignature(have, wanted)) {
        all = false;
        break;
      }
    }
    if (all) implemented.push(iface);
  }
  return implemented;
}

/**
 * A type's methods by name: its own first, then those its embedded types promote;
 * incomplete when an embedded type is outside the repo or cannot be resolved.
 */
function methodSet(type: SymbolResolution, scope: FileScope, table: SymbolTable, depth: number): { methods: Map<string, Method>; complete: boolean } {
  const methods = new Map<string, Method>();
  let complete = true;
  const prefix = `${type.entry.name}.`;
  // A type of another repository of the graph (an embedded library type) lists its members there.
  for (const entry of (type.entry.foreign ?? table).membersOf(type.packagePath, type.entry.name)) {
    if (entry.kind !== 'method') continue;
    const declaring = scope.scopeOfEntry(entry, type.packagePath);
    if (declaring) methods.set(entry.name.slice(prefix.length), { packagePath: type.packagePath, signature: () => signatureOf(entry, declaring) });
  }
  const bases = type.entry.fact.bases ?? [];
  if (depth >= MAX_EMBEDDING) return { methods, complete: bases.length === 0 };
  for (const base of bases) {
    const std = stdMethods(base, scope);
    if (std) {
      for (const [name, method] of std) if (!methods.has(name)) methods.set(name, method);
      continue;
    }
    const embedded = scope.resolveTypeName(base);
    const declaring = embedded?.kind === 'symbol' ? scope.scopeOfEntry(embedded.entry, embedded.packagePath) : undefined;
    if (embedded?.kind !== 'symbol' || !declaring) {
      complete = false;
      continue;
    }
    const promoted = methodSet(embedded, declaring, table, depth + 1);
    complete &&= promoted.complete;
    for (const [name, method] of promoted.methods) if (!methods.has(name)) methods.set(name, method);
  }
  return { methods, complete };
}

function isExported(name: string): boolean {
  return /^\p{Lu}/u.test(name);
}

/** The methods of an embedded standard-library interface (`io.Closer`, `error`), when it is one the table knows. */
function stdMethods(base: string, scope: FileScope): Map<string, Method> | undefined {
  const resolved = base === 'error' ? undefined : scope.resolveTypeName(base);
  const name = base === 'error' ? 'error' : resolved?.kind === 'external' ? resolved.name : undefined;
  const known = name === undefined ? undefined : stdInterfaceMethods(name);
  if (!known) return undefined;
  const packagePath = name!.slice(0, name!.lastIndexOf('.'));
  return new Map(Object.entries(known).map(([method, { params, results }]) => {
    const signature = [...params, '->', ...results].join(',');
    return [method, { packagePath, signature: () => signature }];
  }));
}

function sameSignature(a: Method, b: Method): boolean {
  const left = a.signature();
  return left !== undefined && left === b.signature();
}

const signatures = new WeakMap<SymbolEntry, string | null>();

function signatureOf(entry: SymbolEntry, scope: FileScope): string | undefined {
  const cached = signatures.get(entry);
  if (cached !== undefined) return cached ?? undefined;
  const { params, results } = entry.fact;
  let signature: string | undefined;
  if (params && results) {
    const types = [...params, '->', ...results].map((t) => (t === '->' ? t : canonicalType(t, scope)));
    signature = types.every((t) => t !== undefined) ? types.join(',') : undefined;
  }
  signatures.set(entry, signature ?? null);
  return signature;
}

/** The type an alias stands for (`type AOptions = AppendV2Options`), through chains of aliases. */
function withoutAliases(resolved: Resolution | undefined, scope: FileScope): Resolution | undefined {
  let current = resolved;
  for (let hops = 0; hops < MAX_EMBEDDING && current?.kind === 'symbol' && current.entry.fact.aliasOf; hops++) {
    const declaring = scope.scopeOfEntry(current.entry, current.packagePath);
    const target = declaring?.resolveTypeName(current.entry.fact.aliasOf);
    if (!target) return current;
    current = target;
  }
  return current;
}

/** A type as written, with every type name replaced by the declaration it resolves to. */
function canonicalType(type: string, scope: FileScope): string | undefined {
  if (type === '') return undefined;
  let unknown = false;
  const canonical = type.replace(/\s+/g, '').replace(TYPE_NAME, (name) => {
    if (GO_TYPE_WORDS.has(name)) return name;
    const resolved = withoutAliases(scope.resolveTypeName(name), scope);
    if (resolved?.kind === 'symbol') return `${resolved.packagePath}.${resolved.entry.name}`;
    if (resolved?.kind === 'external') return `@${resolved.name}`;
    unknown = true;
    return name;
  });
  return unknown ? undefined : canonical;
}
