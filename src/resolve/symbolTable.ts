import type { FileFacts, LinkEnd, SymbolFact } from '../extract/facts';
import { declaredSymbols } from './declaredSymbols';
import type { LanguageResolver } from './languages/languageResolver';
import { languageFamily } from './languageFamily';
import { namesTypedThrough, namesTypesDependOn } from './typeDependencies';
import type { NodeKind } from '../model';

export interface SymbolEntry {
  readonly name: string;
  readonly kind: NodeKind;
  readonly file: string;
  readonly fact: SymbolFact;
  /** The table of another repository of the graph this entry was found in; absent for the repository being linked. */
  readonly foreign?: SymbolTable;
}

/** Where a table of another repository lives: its URL (node identities) and its resolvers (its files' imports). */
export interface ForeignHome {
  readonly repoUrl: string;
  resolverFor(facts: Pick<FileFacts, 'language'>): LanguageResolver;
}

/** A symbol found by its keys, with the package it lives in. */
export interface KeyedSymbol {
  readonly packagePath: string;
  readonly entry: SymbolEntry;
}

interface FileState {
  readonly packagePath: string;
  readonly facts: FileFacts;
  /** Every package the file declares symbols in: its own, plus per-symbol overrides. */
  readonly packages: ReadonlySet<string>;
}

/** The GRPC service key a route fact looks up to learn the proto package (see linker). */
export function grpcServiceKey(serviceName: string): string {
  return `proto:service:${serviceName}`;
}

/** `Greeter` of `Greeter`, `helloworld.Greeter` and `helloworld.Greeter/SayHello`. */
export function grpcShortServiceName(routePath: string): string {
  const slash = routePath.indexOf('/');
  const service = slash < 0 ? routePath : routePath.slice(0, slash);
  return service.slice(service.lastIndexOf('.') + 1);
}

/**
 * Every top-level and member name of a repository, by package path, and every symbol
 * key (SymbolFact.keys). Built from facts and updated file by file, so an incremental run
 * changes only what its files declare. When two files of one package declare the same
 * name (Go `init`, build-tagged variants), the file whose path sorts first owns the
 * plain name; another's symbol is named `<name>@<file base name>` when it sits beside
 * the owner, else `<name>@<file path>` (packages spanning directories: copies of one
 * proto schema, C# namespaces), so every copy keeps nodes of its own.
 */
export class SymbolTable {
  private readonly byPackage = new Map<string, Map<string, SymbolEntry>>();
  private readonly filesByPackage = new Map<string, Set<string>>();
  private readonly fileState = new Map<string, FileState>();
  private readonly byKey = new Map<string, Map<string, KeyedSymbol>>();
  /** Files whose links or gRPC routes look a key up: they re-link when its holders change. */
  private readonly linkersByKey = new Map<string, Set<string>>();
  /** Files whose computed types lean on declarations of a name (typeDependencies.ts). */
  private readonly typeUsersByName = new Map<string, Set<string>>();
  /** Interfaces by each method they declare, and those that only embed others (under ''). */
  private readonly interfacesByMethod = new Map<string, Map<string, KeyedSymbol>>();
  /** Files mounting routers into others (Python `include_router`, Django `include`). */
  private readonly routeMountFiles = new Set<string>();
  /** Files with routes on a named router: their paths depend on the mounts. */
  private readonly routerRouteFiles = new Set<string>();
  /** Files sending HTTP requests: they re-link when routes change. */
  private readonly httpCallFiles = new Set<string>();
  /** Per package: each type's members (`T.m`), built on demand and dropped when a file of the package changes. */
  private readonly membersByPackage = new Map<string, Map<string, SymbolEntry[]>>();
  /** Per package: the aliases of each of its types (`type KumaSDConfig = SDConfig`), built and dropped as membersByPackage. */
  private readonly aliasesByPackage = new Map<string, Map<string, SymbolEntry[]>>();

  /** Counts changes, so answers computed from the table can be kept until it changes. */
  private changes = 0;

  /** `home`: the table is another repository's, read to link calls into it (its entries say so). */
  constructor(readonly home?: ForeignHome) {}

  get version(): number {
    return this.changes;
  }

  setFile(file: string, packagePath: string, facts: FileFacts): void {
    this.removeFile(file);
    this.changes++;
    const symbols = declaredSymbols(facts);
    const packages = new Set([packagePath, ...symbols.map((s) => s.packagePath ?? packagePath)]);
    this.fileState.set(file, { packagePath, facts, packages });
    for (const pkg of packages) {
      setAdd(this.filesByPackage, pkg, file);
      this.membersByPackage.delete(pkg);
      this.aliasesByPackage.delete(pkg);
    }
    for (const fact of symbols) {
      const pkg = fact.packagePath ?? packagePath;
      const names = this.packageNames(pkg);
      const owner = names.get(fact.name);
      const entry: SymbolEntry = this.entry(fact.name, fact.kind, file, fact);
      if (!owner || file < owner.file) names.set(fact.name, entry);
      if (fact.kind === 'interface') {
        for (const method of fact.methods?.length ? fact.methods : fact.bases?.length ? [''] : []) {
          let holders = this.interfacesByMethod.get(method);
          if (!holders) this.interfacesByMethod.set(method, (holders = new Map()));
          holders.set(`${file}\0${pkg}\0${fact.name}`, { packagePath: pkg, entry });
        }
      }
      for (const key of fact.keys ?? []) {
        let holders = this.byKey.get(key);
        if (!holders) this.byKey.set(key, (holders = new Map()));
        holders.set(`${file}\0${pkg}\0${fact.name}`, { packagePath: pkg, entry });
      }
    }
    for (const key of keysLookedUp(facts)) setAdd(this.linkersByKey, key, file);
    for (const name of namesTypesDependOn(facts)) setAdd(this.typeUsersByName, name, file);
    if (facts.routeMounts?.length) this.routeMountFiles.add(file);
    if (facts.routes.some((r) => r.router)) this.routerRouteFiles.add(file);
    if (facts.httpCalls?.length) this.httpCallFiles.add(file);
  }

  removeFile(file: string): void {
    const state = this.fileState.get(file);
    if (!state) return;
    this.changes++;
    this.fileState.delete(file);
    for (const pkg of state.packages) {
      this.filesByPackage.get(pkg)?.delete(file);
      this.membersByPackage.delete(pkg);
      this.aliasesByPackage.delete(pkg);
    }
    for (const fact of declaredSymbols(state.facts)) {
      const pkg = fact.packagePath ?? state.packagePath;
      if (fact.kind === 'interface') {
        for (const method of fact.methods?.length ? fact.methods : fact.bases?.length ? [''] : []) {
          this.interfacesByMethod.get(method)?.delete(`${file}\0${pkg}\0${fact.name}`);
        }
      }
      for (const key of fact.keys ?? []) {
        const holders = this.byKey.get(key);
        holders?.delete(`${file}\0${pkg}\0${fact.name}`);
        if (holders?.size === 0) this.byKey.delete(key);
      }
      const names = this.packageNames(pkg);
      if (names.get(fact.name)?.file !== file) continue;
      names.delete(fact.name);
      // Another file of the package may declare the same name: it owns it now.
      for (const other of this.filesByPackage.get(pkg) ?? []) {
        const otherState = this.fileState.get(other);
        const otherFact = otherState && declaredSymbols(otherState.facts)
          .find((s) => s.name === fact.name && (s.packagePath ?? otherState.packagePath) === pkg);
        const current = names.get(fact.name);
        if (otherFact && (!current || other < current.file)) names.set(fact.name, this.entry(fact.name, otherFact.kind, other, otherFact));
      }
    }
    for (const key of keysLookedUp(state.facts)) this.linkersByKey.get(key)?.delete(file);
    for (const name of namesTypesDependOn(state.facts)) this.typeUsersByName.get(name)?.delete(file);
    this.routeMountFiles.delete(file);
    this.routerRouteFiles.delete(file);
    this.httpCallFiles.delete(file);
  }

  /** Files mounting routers into others, in path order. */
  filesMountingRoutes(): string[] {
    return [...this.routeMountFiles].sort();
  }

  /** Files with routes on named routers: their paths change when a mount does. */
  filesWithRouterRoutes(): string[] {
    return [...this.routerRouteFiles].sort();
  }

  /** Files sending HTTP requests to URLs they write, in path order. */
  filesWithHttpCalls(): string[] {
    return [...this.httpCallFiles].sort();
  }

  /**
   * Files whose computed types may change when declarations of these names change, and
   * the files typing through what those types flow into in turn: `gt() { return make() }`
   * and `const value = gt()` change with `make`, and so does every file calling
   * `value.check()`, though neither names `make`.
   */
  filesTypingThrough(names: Iterable<string>): Set<string> {
    const files = new Set<string>();
    const seen = new Set(names);
    let frontier: ReadonlySet<string> = new Set(seen);
    while (frontier.size > 0) {
      const users = new Set<string>();
      for (const name of frontier) for (const file of this.typeUsersByName.get(name) ?? []) users.add(file);
      const next = new Set<string>();
      for (const file of users) {
        files.add(file);
        const facts = this.factsOf(file);
        for (const name of facts ? namesTypedThrough(facts, frontier) : []) {
          if (!seen.has(name)) next.add(name);
        }
      }
      for (const name of next) seen.add(name);
      frontier = next;
    }
    return files;
  }

  lookup(packagePath: string, name: string): SymbolEntry | undefined {
    return this.byPackage.get(packagePath)?.get(name);
  }

  /**
   * `name` in a package as a file of one language family declares it: the owner of the
   * plain name when its file is of the family, else the family's declaring file whose
   * path sorts first. Each language names its packages by its own rules, so two of them
   * can share a package path (a Java package and a proto package `shop`).
   */
  lookupInFamily(packagePath: string, name: string, family: string): SymbolEntry | undefined {
    const owner = this.lookup(packagePath, name);
    if (!owner || this.familyOf(owner.file) === family) return owner;
    let found: SymbolEntry | undefined;
    for (const file of this.filesByPackage.get(packagePath) ?? []) {
      const state = this.fileState.get(file);
      if (!state || (found && found.file < file) || this.familyOf(file) !== family) continue;
      const fact = declaredSymbols(state.facts).find((s) => s.name === name && (s.packagePath ?? state.packagePath) === packagePath);
      if (fact) found = this.entry(name, fact.kind, file, fact);
    }
    return found;
  }

  private familyOf(file: string): string | undefined {
    const language = this.fileState.get(file)?.facts.language;
    return language && languageFamily(language);
  }

  /**
   * The symbols of the first candidate key set that some symbols all carry, in a stable
   * order; empty when no candidate matches. `admits`, when given, says which files'
   * symbols count (a proto file sees only itself and what it imports).
   */
  lookupKeys(candidates: readonly (readonly string[])[], admits?: (file: string) => boolean): KeyedSymbol[] {
    for (const keys of candidates) {
      if (keys.length === 0) continue;
      const [first, ...rest] = keys;
      const holders = this.byKey.get(first!);
      if (!holders) continue;
      const matches = [...holders]
        .filter(([id, symbol]) => (!admits || admits(symbol.entry.file)) && rest.every((key) => this.byKey.get(key)?.has(id)))
        .map(([, symbol]) => symbol);
      if (matches.length > 0) {
        return matches.sort((a, b) => compare(a.entry.file, b.entry.file) || compare(a.packagePath, b.packagePath) || compare(a.entry.name, b.entry.name));
      }
    }
    return [];
  }

  /** Files whose links look up any of these keys. */
  filesLookingUp(keys: Iterable<string>): Set<string> {
    const files = new Set<string>();
    for (const key of keys) for (const file of this.linkersByKey.get(key) ?? []) files.add(file);
    return files;
  }

  /** The name a file's symbol is stored under (see the class comment). */
  storedName(file: string, packagePath: string, name: string): string {
    const owner = this.lookup(packagePath, name);
    if (!owner || owner.file === file) return name;
    const slash = file.lastIndexOf('/');
    const sameDirectory = file.slice(0, slash + 1) === owner.file.slice(0, owner.file.lastIndexOf('/') + 1);
    return `${name}@${sameDirectory ? file.slice(slash + 1) : file}`;
  }

  hasPackage(packagePath: string): boolean {
    return (this.filesByPackage.get(packagePath)?.size ?? 0) > 0;
  }

  filesOfPackage(packagePath: string): ReadonlySet<string> {
    return this.filesByPackage.get(packagePath) ?? new Set();
  }

  factsOf(file: string): FileFacts | undefined {
    return this.fileState.get(file)?.facts;
  }

  packageOf(file: string): string | undefined {
    return this.fileState.get(file)?.packagePath;
  }

  /** Every package a file declares into: its own and those its symbols carry (a C# file's other namespaces). */
  packagesOfFile(file: string): ReadonlySet<string> {
    return this.fileState.get(file)?.packages ?? new Set();
  }

  /**
   * Interfaces declaring a method of this name, with the interfaces that only embed
   * others (`''`); an interface's own entry may be another file's when names collide.
   */
  interfacesWithMethod(method: string): Iterable<KeyedSymbol> {
    return this.interfacesByMethod.get(method)?.values() ?? [];
  }

  /** The members a package declares for a type (`T.m` entries), methods and interface methods alike. */
  membersOf(packagePath: string, typeName: string): readonly SymbolEntry[] {
    let byType = this.membersByPackage.get(packagePath);
    if (!byType) {
      byType = new Map();
      for (const entry of this.entries(packagePath)) {
        const dot = entry.name.lastIndexOf('.');
        if (dot <= 0) continue;
        const owner = entry.name.slice(0, dot);
        const members = byType.get(owner);
        if (members) members.push(entry);
        else byType.set(owner, [entry]);
      }
      this.membersByPackage.set(packagePath, byType);
    }
    return byType.get(typeName) ?? [];
  }

  /** The aliases a package declares for one of its own types, by the type's name (Go: methods declared on one are the type's). */
  aliasesOf(packagePath: string, typeName: string): readonly SymbolEntry[] {
    let byTarget = this.aliasesByPackage.get(packagePath);
    if (!byTarget) {
      byTarget = new Map();
      for (const entry of this.entries(packagePath)) {
        const target = entry.fact.aliasOf;
        if (target === undefined || !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(target)) continue;
        const aliases = byTarget.get(target);
        if (aliases) aliases.push(entry);
        else byTarget.set(target, [entry]);
      }
      this.aliasesByPackage.set(packagePath, byTarget);
    }
    return byTarget.get(typeName) ?? [];
  }

  /** All entries of a package, for method-set comparison. */
  entries(packagePath: string): Iterable<SymbolEntry> {
    return this.byPackage.get(packagePath)?.values() ?? [];
  }

  files(): Iterable<string> {
    return this.fileState.keys();
  }

  private entry(name: string, kind: NodeKind, file: string, fact: SymbolFact): SymbolEntry {
    return this.home ? { name, kind, file, fact, foreign: this } : { name, kind, file, fact };
  }

  private packageNames(packagePath: string): Map<string, SymbolEntry> {
    let names = this.byPackage.get(packagePath);
    if (!names) this.byPackage.set(packagePath, (names = new Map()));
    return names;
  }
}

/** The keys a file's links and gRPC routes look up. */
export function keysLookedUp(facts: FileFacts): Set<string> {
  const keys = new Set<string>();
  const addEnd = (end: LinkEnd): void => {
    if (end.form === 'keys') for (const candidate of end.candidates) for (const key of candidate) keys.add(key);
  };
  for (const link of facts.links ?? []) {
    addEnd(link.from);
    addEnd(link.to);
  }
  for (const route of facts.routes) {
    if (route.mappingType === 'grpc_method') keys.add(grpcServiceKey(grpcShortServiceName(route.path)));
  }
  return keys;
}

function setAdd(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
