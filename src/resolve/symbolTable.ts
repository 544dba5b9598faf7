import type { FileFacts, SymbolFact } from '../extract/facts';
import { declaredSymbols } from './declaredSymbols';
import type { NodeKind } from '../model';

export interface SymbolEntry {
  readonly name: string;
  readonly kind: NodeKind;
  readonly file: string;
  readonly fact: SymbolFact;
}

/**
 * Every top-level and member name of a repository, by package path. Built from facts
 * and updated file by file, so an incremental run changes only what its files declare.
 * When two files of one package declare the same name (Go `init`, build-tagged
 * variants), the file whose path sorts first owns the plain name; the other's symbol is
 * named `<name>@<file base name>`.
 */
export class SymbolTable {
  private readonly byPackage = new Map<string, Map<string, SymbolEntry>>();
  private readonly filesByPackage = new Map<string, Set<string>>();
  private readonly fileState = new Map<string, { readonly packagePath: string; readonly facts: FileFacts }>();

  setFile(file: string, packagePath: string, facts: FileFacts): void {
    this.removeFile(file);
    this.fileState.set(file, { packagePath, facts });
    let files = this.filesByPackage.get(packagePath);
    if (!files) this.filesByPackage.set(packagePath, (files = new Set()));
    files.add(file);
    const names = this.packageNames(packagePath);
    for (const fact of declaredSymbols(facts)) {
      const owner = names.get(fact.name);
      if (!owner || file < owner.file) names.set(fact.name, { name: fact.name, kind: fact.kind, file, fact });
    }
  }

  removeFile(file: string): void {
    const state = this.fileState.get(file);
    if (!state) return;
    this.fileState.delete(file);
    const files = this.filesByPackage.get(state.packagePath);
    files?.delete(file);
    const names = this.packageNames(state.packagePath);
    for (const fact of declaredSymbols(state.facts)) {
      if (names.get(fact.name)?.file !== file) continue;
      names.delete(fact.name);
      // Another file of the package may declare the same name: it owns it now.
      for (const other of files ?? []) {
        const otherFacts = this.fileState.get(other)?.facts;
        const otherFact = otherFacts && declaredSymbols(otherFacts).find((s) => s.name === fact.name);
        const current = names.get(fact.name);
        if (otherFact && (!current || other < current.file)) names.set(fact.name, { name: fact.name, kind: otherFact.kind, file: other, fact: otherFact });
      }
    }
  }

  lookup(packagePath: string, name: string): SymbolEntry | undefined {
    return this.byPackage.get(packagePath)?.get(name);
  }

  /** The name a file's symbol is stored under (see the class comment). */
  storedName(file: string, packagePath: string, name: string): string {
    const owner = this.lookup(packagePath, name);
    return !owner || owner.file === file ? name : `${name}@${file.slice(file.lastIndexOf('/') + 1)}`;
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

  /** All entries of a package, for method-set comparison. */
  entries(packagePath: string): Iterable<SymbolEntry> {
    return this.byPackage.get(packagePath)?.values() ?? [];
  }

  files(): Iterable<string> {
    return this.fileState.keys();
  }

  private packageNames(packagePath: string): Map<string, SymbolEntry> {
    let names = this.byPackage.get(packagePath);
    if (!names) this.byPackage.set(packagePath, (names = new Map()));
    return names;
  }
}
