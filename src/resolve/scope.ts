import type { CalleeExpr, FileFacts } from '../extract/facts';
import type { ImportTarget, LanguageResolver, TypeSyntax } from './languages/languageResolver';
import type { ForeignModules } from './foreignModules';
import { languageFamily } from './languageFamily';
import { type ExportLookupHost, MAX_HOPS, lookupExport, starImportBinds } from './packageExports';
import type { SymbolEntry, SymbolTable } from './symbolTable';
import { receiverAlternativesOf } from './unionTypes';
import { NAMED_TYPES_ONLY, receiverTypeOf, typeSymbolOf } from './valueTypes';
import { calleeOfPath, memberAlongFields, memberOfReturnedObject, memberOfValue } from './valueMembers';

/** What a name or expression resolves to. */
export type Resolution =
  | { readonly kind: 'symbol'; readonly packagePath: string; readonly entry: SymbolEntry }
  /**
   * `scope`: a package of another repository, whose names that repository's scope looks
   * up; `module`, the import that named it (a name it does not export stays outside).
   */
  | { readonly kind: 'module'; readonly packagePath: string; readonly scope?: FileScope; readonly module?: string }
  /** Outside the repo: becomes a dangling edge to an UNRESOLVED placeholder. */
  | { readonly kind: 'external'; readonly name: string };

interface Binding {
  readonly target: ImportTarget;
  readonly imported: string;
}

const TYPE_KINDS = new Set(['type', 'interface']);
/**
 * Language families where a field and a method share one namespace, so a type's field
 * hides a base's method of its name (Java and Rust keep the two apart: `x.f()` there is
 * always a method).
 */
const FIELDS_HIDE_METHODS: ReadonlySet<string> = new Set(['typescript', 'python', 'go']);

/**
 * The scope of each file as last built, so that following types through other files'
 * declarations does not rebuild their import bindings on every step. Keyed by the facts
 * object: new facts (a changed file) get a new scope.
 */
const scopesByFacts = new WeakMap<FileFacts, FileScope>();


/**
 * Name resolution inside one file: its own package, its imports, and through them the
 * symbols other files export (following re-exports and base types). It never guesses:
 * anything it cannot pin to one declaration is `undefined`.
 */
export class FileScope {
  private readonly bindings = new Map<string, Binding>();
  /**
   * Packages whose exported names are all visible unqualified (`using A.B;`, `import a.b.*;`),
   * with the scope of another repository's package where its names resolve.
   */
  private readonly wildcards: Array<{ readonly packagePath: string; readonly scope: FileScope }> = [];
  /** Types whose nested types and static members are visible unqualified (C#'s `using static`). */
  private readonly memberImports: Binding[] = [];
  private readonly family: string;
  private readonly exportHost: ExportLookupHost;

  constructor(
    private readonly facts: FileFacts,
    readonly packagePath: string,
    private readonly table: SymbolTable,
    private readonly resolver: LanguageResolver,
    private readonly foreign?: ForeignModules,
  ) {
    scopesByFacts.set(facts, this);
    this.family = languageFamily(facts.language);
    this.exportHost = { table, resolver, family: this.family, resolveForeign: (module, imported) => this.resolveForeign(module, imported) };
    for (const fact of facts.imports) {
      // `export { a as b } from './x'` makes an export, not a local name.
      if (fact.reexport) continue;
      const target = resolver.resolveImport(fact.source, facts.path);
      for (const binding of fact.bindings) {
        if (binding.local === '*' && binding.imported === '*') this.addWildcard(target);
        if (binding.local === '*' || binding.local === '_' || binding.local === '.') continue;
        this.bindings.set(binding.local, { target, imported: binding.imported });
        if (fact.members) this.memberImports.push({ target, imported: binding.imported });
        // Python's `import a.b.c` also binds `a`, the top package (`click.command` after
        // `import click.types`); as with any import, a later binding of `a` replaces it.
        const dot = binding.local.indexOf('.');
        if (facts.language === 'python' && binding.imported === '*' && binding.local === fact.source && dot > 0) {
          const top = binding.local.slice(0, dot);
          this.bindings.set(top, { target: resolver.resolveImport(top, facts.path), imported: '*' });
        }
      }
    }
  }

  /** A wildcard import: a package of this repository, or one another repository of the graph provides. */
  private addWildcard(target: ImportTarget): void {
    if (target.inRepo) {
      this.wildcards.push({ packagePath: target.packagePath, scope: this });
      return;
    }
    const found = this.foreign?.packageOf(target.module, this.facts.language);
    const scope = found && this.foreignScope(found.table, found.packagePath);
    if (found && scope) this.wildcards.push({ packagePath: found.packagePath, scope });
  }

  get language(): FileFacts['language'] {
    return this.facts.language;
  }

  /** The symbol table's version: what this scope resolves is the same until it changes. */
  get tableVersion(): number {
    return this.table.version;
  }

  /** How this file's language writes types. */
  get typeSyntax(): TypeSyntax {
    return this.resolver.typeSyntax ?? NAMED_TYPES_ONLY;
  }

  /** The target of a call, or undefined when the call is a builtin, a conversion or ambiguous. */
  resolveCallee(callee: CalleeExpr, depth = 0): Resolution | undefined {
    const target = this.callTarget(callee, depth);
    if (target?.kind !== 'symbol' || !TYPE_KINDS.has(target.entry.kind)) return target;
    // Go `T(x)` and `pkg.T(x)` convert, nothing is called; elsewhere `mod.C()` constructs, as `C()` does.
    if (this.facts.language === 'go') return undefined;
    return callee.form === 'member' ? this.constructorOf(target) : target;
  }

  /** What a call expression applies: a function or method, a class's constructor, or (Go) the type it converts to. */
  callTarget(callee: CalleeExpr, depth = 0): Resolution | undefined {
    switch (callee.form) {
      case 'name': {
        const target = callee.imported ? this.resolveImported(callee.name) : this.resolveName(callee.name, true);
        if (target?.kind !== 'symbol' || !TYPE_KINDS.has(target.entry.kind)) return target;
        return this.facts.language === 'go' ? target : this.constructorOf(target);
      }
      case 'new': {
        const type = callee.object ? this.resolveMemberOfNamespace(callee.object, callee.name) : this.resolveName(callee.name, true);
        return type?.kind === 'symbol' ? this.constructorOf(type) : type;
      }
      case 'member':
        return this.resolveMember(callee, depth);
    }
  }

  /**
   * Every target a call may reach: one, or for a method called on a value of a union type
   * (`A | B`) or on whichever branch ran (`a ?? b`), the method of each alternative that
   * declares it.
   */
  resolveCallees(callee: CalleeExpr): Resolution[] {
    const target = this.resolveCallee(callee);
    // Indexed (Go `F[T](x)`), only a generic function is called: methods have no type
    // parameters, and an element of a slice or map of functions is no single function.
    if (callee.form !== 'new' && callee.instantiated) return target?.kind === 'symbol' && target.entry.kind === 'function' ? [target] : [];
    if (target || callee.form !== 'member') return target ? [target] : [];
    const targets: Resolution[] = [];
    for (const alternative of receiverAlternativesOf(callee, this) ?? []) {
      const type = typeSymbolOf(alternative);
      const method = type?.kind === 'symbol' ? alternative.scope.memberOfType(type, callee.property, 0) : undefined;
      if (method?.kind === 'symbol' && !targets.some((t) => t.kind === 'symbol' && t.entry === method.entry)) targets.push(method);
    }
    return targets;
  }

  /** What a value expression names: a variable, constant or function, here or in an imported package. */
  resolveValue(value: CalleeExpr): Resolution | undefined {
    if (value.form === 'name') return this.resolveName(value.name, false);
    return value.form === 'member' ? this.resolveMemberOfNamespace(value.object, value.property) : undefined;
  }

  /** A bare name: the file's package, then imports; builtins and unknowns as noted. */
  resolveName(name: string, placeholderIfUnknown: boolean): Resolution | undefined {
    const local = this.lookup(this.packagePath, name);
    // JS/TS test symbols are named by their titles (`describe('parse')`), not bound names.
    if (local && !(local.kind === 'test' && this.facts.language !== 'go' && this.facts.language !== 'python')) {
      return { kind: 'symbol', packagePath: this.packagePath, entry: local };
    }
    const binding = this.bindings.get(name);
    if (binding) return this.resolveBinding(binding);
    const viaWildcard = this.resolveThroughWildcards(name) ?? this.resolveThroughImportedTypes(name);
    if (viaWildcard) return viaWildcard;
    if (this.resolver.isBuiltin(name) || !placeholderIfUnknown) return undefined;
    return { kind: 'external', name };
  }

  /** A name the calling function imports in its body: what the file's import of it binds, past a symbol of the same name. */
  private resolveImported(name: string): Resolution | undefined {
    const binding = this.bindings.get(name);
    return binding ? this.resolveBinding(binding) : this.resolveName(name, true);
  }

  /** A name exported by exactly one of the wildcard-imported packages of the repo. */
  private resolveThroughWildcards(name: string): Resolution | undefined {
    let found: Extract<Resolution, { kind: 'symbol' }> | undefined;
    for (const { packagePath, scope } of this.wildcards) {
      if (this.facts.language === 'python' && !starImportBinds(scope.table, packagePath, name)) continue;
      const candidate = scope.lookupExport(packagePath, name, 1);
      if (candidate?.kind !== 'symbol') continue;
      if (found && (found.entry.file !== candidate.entry.file || found.entry.name !== candidate.entry.name)) return undefined;
      found = candidate;
    }
    return found;
  }

  /** A member of exactly one of the types whose members are imported, declared in the graph. */
  private resolveThroughImportedTypes(name: string): Resolution | undefined {
    let found: Extract<Resolution, { kind: 'symbol' }> | undefined;
    for (const binding of this.memberImports) {
      const type = this.resolveBinding(binding);
      const member = type?.kind === 'symbol' && TYPE_KINDS.has(type.entry.kind) ? this.memberOfType(type, name, 0) : undefined;
      if (member?.kind !== 'symbol') continue;
      if (found && found.entry !== member.entry) return undefined;
      found = member;
    }
    return found;
  }

  /**
   * The full names of the types outside the graph whose members this file imports
   * (`Oteldemo.CartService` for `using static Oteldemo.CartService;`): where an unqualified
   * name no declaration answers may live.
   */
  outsideTypesWithImportedMembers(): string[] {
    const names: string[] = [];
    for (const binding of this.memberImports) {
      const type = this.resolveBinding(binding);
      if (type?.kind === 'external') names.push(type.name);
    }
    return names;
  }

  private resolveBinding(binding: Binding): Resolution | undefined {
    if (!binding.target.inRepo) {
      const { module } = binding.target;
      return this.resolveForeign(module, binding.imported)
        ?? { kind: 'external', name: binding.imported === '*' ? module : `${module}.${binding.imported}` };
    }
    const { packagePath } = binding.target;
    if (binding.imported === '*') return { kind: 'module', packagePath };
    return this.lookupExport(packagePath, binding.imported, 0)
      ?? (this.resolver.packagesExtendOutsideRepo ? { kind: 'external', name: `${packagePath}.${binding.imported}` } : undefined);
  }

  /**
   * An import of a module another repository of the graph provides: its package there
   * (`*`), or the name as that package exports it. Undefined when no repository in the
   * graph provides the module or the package does not export the name: the call stays
   * outside, as a placeholder.
   */
  private resolveForeign(module: string, imported: string): Resolution | undefined {
    const found = this.foreign?.packageOf(module, this.facts.language);
    const scope = found && this.foreignScope(found.table, found.packagePath);
    if (!found || !scope) return undefined;
    if (imported === '*') return { kind: 'module', packagePath: found.packagePath, scope, module };
    const resolved = scope.lookupExport(found.packagePath, imported, 0);
    return resolved?.kind === 'external' ? undefined : resolved;
  }

  /** A scope of another repository's package, in this file's language family: where its names resolve. */
  private foreignScope(table: SymbolTable, packagePath: string): FileScope | undefined {
    for (const file of table.filesOfPackage(packagePath)) {
      const facts = table.factsOf(file);
      if (facts && languageFamily(facts.language) === this.family) return FileScope.inForeignTable(table, file, packagePath);
    }
    return undefined;
  }

  /** `name` as exported by a package: declared there, imported and re-exported, or a submodule. */
  lookupExport(packagePath: string, name: string, hops: number): Resolution | undefined {
    return lookupExport(this.exportHost, packagePath, name, hops);
  }

  /**
   * `object.property(...)`: a namespace member, a static member, or a method of the
   * receiver's type, named by the extractor or computed from its receiverType.
   */
  private resolveMember(callee: Extract<CalleeExpr, { form: 'member' }>, depth: number): Resolution | undefined {
    const { object, property, objectType, receiverType } = callee;
    // A receiver typed in its file is a value, even when its name is also an import's; one
    // that names a module-level value (`value`) may be the import itself.
    const typedLocally = objectType !== undefined || (receiverType !== undefined && receiverType.t !== 'value');
    const viaNamespace = typedLocally ? undefined : this.resolveMemberOfNamespace(object, property);
    if (viaNamespace) return viaNamespace;
    // `Type.member` on a type's own name, unless the object is a value with a type of its own.
    const staticOwner = !typedLocally && /^[A-Za-z_$][\w$]*$/.test(object) ? this.lookup(this.packagePath, object) : undefined;
    if (staticOwner && TYPE_KINDS.has(staticOwner.kind)) {
      return this.memberOfType({ kind: 'symbol', packagePath: this.packagePath, entry: staticOwner }, property, 0);
    }
    if (receiverType?.t === 'value') {
      const own = memberOfValue(this, receiverType.of, property);
      if (own) return own;
    }
    const written = receiverTypeOf(callee, this, depth);
    // `z: typeof schemas`: the members of what the type names as a value (a module's exports, a class's statics).
    const queried = written?.scope.typeSyntax.valueQueried?.(written.text);
    if (written && queried !== undefined) return memberOfValue(written.scope, calleeOfPath(queried), property);
    const type = written && typeSymbolOf(written);
    if (!type) {
      if (receiverType?.t === 'field') return memberAlongFields(this, receiverType, property);
      return receiverType?.t === 'result' ? memberOfReturnedObject(this, receiverType.call, property, depth) : undefined;
    }
    if (type.kind === 'external') return { kind: 'external', name: `${type.name}.${property}` };
    const member = callee.viaSuper ? written.scope.superMemberOf(type, property) : written.scope.memberOfType(type, property, 0);
    return member ?? (object === 'this' ? this.memberOfImportedType(type, property) : undefined);
  }

  /**
   * C#'s unqualified `M()` (written `this.M()`) that no member of the enclosing type
   * answers: a static member of a type `using static` imports, when the graph knows the
   * type's whole chain of base classes (an unknown base may declare M, which comes first).
   */
  private memberOfImportedType(type: Extract<Resolution, { kind: 'symbol' }>, name: string): Resolution | undefined {
    if (this.memberImports.length === 0) return undefined;
    let current: Resolution | undefined = type;
    for (let hops = 0; current?.kind === 'symbol'; hops++) {
      // Only the first base may be a class; the rest are interfaces, whose members a class does not inherit.
      const base: string | undefined = current.entry.fact.bases?.[0];
      if (base === undefined) return this.resolveThroughImportedTypes(name);
      if (hops >= MAX_HOPS) return undefined;
      current = this.scopeOfEntry(current.entry, current.packagePath)?.resolveTypeName(base);
    }
    return undefined;
  }

  /** `ns.member` where ns is an imported package/module (longest dotted binding wins). */
  private resolveMemberOfNamespace(object: string, property: string): Resolution | undefined {
    const parts = object.split('.');
    for (let take = parts.length; take > 0; take--) {
      const binding = this.bindings.get(parts.slice(0, take).join('.'));
      if (!binding) continue;
      const rest = [...parts.slice(take), property];
      let current = this.resolveBinding(binding);
      for (const segment of rest) {
        if (!current) return undefined;
        if (current.kind === 'external') current = { kind: 'external', name: `${current.name}.${segment}` };
        else if (current.kind === 'module') current = this.memberOfModule(current, segment);
        else current = TYPE_KINDS.has(current.entry.kind) ? this.memberOfType(current, segment, 0) : undefined;
      }
      return current;
    }
    return undefined;
  }

  /** `module.name`: exported by the package, or outside when another repository's package does not export it. */
  memberOfModule(module: Extract<Resolution, { kind: 'module' }>, name: string): Resolution | undefined {
    const found = (module.scope ?? this).lookupExport(module.packagePath, name, 0);
    return found ?? (module.module !== undefined ? { kind: 'external', name: `${module.module}.${name}` } : undefined);
  }

  /** A type name as written in this file (`Foo`, `pkg.Foo`, `a.b.Foo`). */
  resolveTypeName(typeName: string): Resolution | undefined {
    const cleaned = typeName.replace(/^[*&]+/, '').replace(/\[.*$|<.*$/, '');
    const dot = cleaned.lastIndexOf('.');
    const resolved = dot < 0
      ? this.resolveName(cleaned, false)
      : this.resolveMemberOfNamespace(cleaned.slice(0, dot), cleaned.slice(dot + 1)) ?? this.resolveNestedType(cleaned);
    if (resolved?.kind === 'symbol' && !TYPE_KINDS.has(resolved.entry.kind)) return undefined;
    return resolved;
  }

  /** A nested type written from outside it (`Outer.Inner`): declared in this package or a wildcard import. */
  private resolveNestedType(dotted: string): Resolution | undefined {
    const entry = this.lookup(this.packagePath, dotted);
    if (entry && TYPE_KINDS.has(entry.kind)) return { kind: 'symbol', packagePath: this.packagePath, entry };
    return this.resolveThroughWildcards(dotted);
  }

  /** `Type.member` in the type's package, then along its bases (inheritance, embedding). */
  memberOfType(type: Extract<Resolution, { kind: 'symbol' }>, member: string, hops: number): Resolution | undefined {
    if (hops > MAX_HOPS) return undefined;
    const home = this.homeOf(type);
    if (home !== this) return home?.memberOfType(type, member, hops);
    const direct = this.lookup(type.packagePath, `${type.entry.name}.${member}`);
    if (direct) return { kind: 'symbol', packagePath: type.packagePath, entry: direct };
    // Go: a method declared on an alias of the type (`type K = T; func (K) M()`) is the type's.
    for (const alias of this.table.aliasesOf(type.packagePath, type.entry.name)) {
      const viaAlias = this.lookup(type.packagePath, `${alias.name}.${member}`);
      if (viaAlias) return { kind: 'symbol', packagePath: type.packagePath, entry: viaAlias };
    }
    // A field of the type hides its bases' methods of that name (`match: typeof match = match`
    // in a class implementing an interface that declares match()): the call is the field's.
    if (FIELDS_HIDE_METHODS.has(this.family) && type.entry.fact.fields?.some((f) => f.name === member)) return undefined;
    return this.memberOfBases(type, member, hops);
  }

  /**
   * `member` as the type's bases declare it, the first base first. With `outsideAnswers`
   * (Python's `super()`), a base outside the graph met first answers with its own member.
   */
  private memberOfBases(
    type: Extract<Resolution, { kind: 'symbol' }>, member: string, hops: number, outsideAnswers = false,
  ): Resolution | undefined {
    const bases = type.entry.fact.bases ?? [];
    const baseScope = bases.length > 0 ? this.scopeOfEntry(type.entry, type.packagePath) : undefined;
    if (!baseScope) return undefined;
    for (const base of bases) {
      const baseType = baseScope.resolveTypeName(base);
      if (baseType?.kind === 'external' && outsideAnswers) return { kind: 'external', name: `${baseType.name}.${member}` };
      if (baseType?.kind !== 'symbol') continue;
      const found = baseScope.memberOfType(baseType, member, hops + 1);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * Python's `super().member` in a method of `type`: the member of the first of its bases,
   * in order, that declares it (a mixin declaring none is passed over). A base outside the
   * graph met first answers with its own member: the graph cannot see whether it declares
   * one, and the method resolution order reaches it before the bases after it.
   */
  superMemberOf(type: Extract<Resolution, { kind: 'symbol' }>, member: string): Resolution | undefined {
    const home = this.homeOf(type);
    if (home !== this) return home?.superMemberOf(type, member);
    return this.memberOfBases(type, member, 0, true);
  }

  /** `new Foo()` / `Foo()` on a class: its constructor when declared, else the type. */
  private constructorOf(type: Extract<Resolution, { kind: 'symbol' }>): Resolution {
    if (!TYPE_KINDS.has(type.entry.kind)) return type;
    const home = this.homeOf(type);
    if (home !== this) return home?.constructorOf(type) ?? type;
    for (const name of ['constructor', '__init__']) {
      const ctor = this.lookup(type.packagePath, `${type.entry.name}.${name}`);
      if (ctor) return { kind: 'symbol', packagePath: type.packagePath, entry: ctor };
    }
    return type;
  }

  /**
   * The one guard against edges that join two languages by name alone: a name declared in
   * a package, as this file's language family declares it (resolve/languageFamily.ts).
   */
  lookup(packagePath: string, name: string): SymbolEntry | undefined {
    return this.table.lookupInFamily(packagePath, name, this.family);
  }

  /**
   * The scope of the file declaring an entry, in the same language, where its
   * declarations' type names resolve: a file of this repository, or of the other
   * repository whose table the entry came from.
   */
  scopeOfEntry(entry: SymbolEntry, packagePath: string): FileScope | undefined {
    if (entry.foreign && entry.foreign !== this.table) {
      const facts = entry.foreign.factsOf(entry.file);
      return facts && languageFamily(facts.language) === this.family ? FileScope.inForeignTable(entry.foreign, entry.file, packagePath) : undefined;
    }
    if (entry.file === this.facts.path) return this;
    const facts = this.table.factsOf(entry.file);
    if (!facts || languageFamily(facts.language) !== this.family) return undefined;
    const cached = scopesByFacts.get(facts);
    if (cached && cached.table === this.table && cached.resolver === this.resolver && cached.packagePath === packagePath) return cached;
    return new FileScope(facts, packagePath, this.table, this.resolver, this.foreign);
  }

  /** A file's scope in another repository's table (one whose home is set), built once per facts. */
  static inForeignTable(table: SymbolTable, file: string, packagePath: string): FileScope | undefined {
    const facts = table.factsOf(file);
    if (!facts || !table.home) return undefined;
    const resolver = table.home.resolverFor(facts);
    const cached = scopesByFacts.get(facts);
    if (cached && cached.table === table && cached.resolver === resolver && cached.packagePath === packagePath) return cached;
    return new FileScope(facts, packagePath, table, resolver);
  }

  /** Where a symbol's members are looked up: this scope, or one of the other repository it came from. */
  homeOf(symbol: Extract<Resolution, { kind: 'symbol' }>): FileScope | undefined {
    return symbol.entry.foreign && symbol.entry.foreign !== this.table ? this.scopeOfEntry(symbol.entry, symbol.packagePath) : this;
  }
}
