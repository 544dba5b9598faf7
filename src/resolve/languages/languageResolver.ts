import type { CallArguments, FileFacts } from '../../extract/facts';
import type { RepoLayout } from '../layout';

/** Where an import points: a package of this repo, or a module outside it. */
export type ImportTarget =
  | { readonly inRepo: true; readonly packagePath: string }
  | { readonly inRepo: false; readonly module: string };

/** The language-specific half of resolution; linker.ts does the rest for all languages. */
export interface LanguageResolver {
  /**
   * The package path of a file (DESIGN §4). Languages that declare it in the file (Java
   * package, C# namespace, proto package) read it from `facts.packageName`; callers pass
   * the facts whenever they have them.
   */
  packagePath(filePath: string, facts?: FileFactsHeader): string;
  /** The module node's package path for a file: Go uses one per file, others the package. */
  moduleNodePath(filePath: string, facts?: FileFactsHeader): string;
  /** Other files of the same package see a file's top-level names unqualified (Go). */
  readonly packageScope: boolean;
  resolveImport(source: string, fromFile: string): ImportTarget;
  /** Builtins: calls to them produce no edge at all. */
  isBuiltin(name: string): boolean;
  /** How the language writes types, for receiver types computed at link time; absent: named types only. */
  readonly typeSyntax?: TypeSyntax;
  /**
   * A package of the repository may also hold classes declared outside its sources (Java:
   * protoc's output under build/, a jar's classes of the same package): an import of a
   * name the repository's files of that package do not declare names one of those.
   */
  readonly packagesExtendOutsideRepo?: boolean;
}

/** Reading a type as written (`*pkg.T`, `[]T`, `Array<T>`): what member lookup and indexing need. */
export interface TypeSyntax {
  /** The named type whose members a value of this type has (`pkg.T` for `*pkg.T`); undefined for composite and builtin types. */
  named(type: string): string | undefined;
  /**
   * Whether `Class.field` reads a field the class declares (TypeScript's static fields:
   * fields are stored without saying which are static, and a program that compiles reads
   * only static ones on the class itself).
   */
  readonly fieldsOnClass?: boolean;
  /** The method calling a value runs (Python's `__call__`): what calling an instance of a class declaring it gives. */
  readonly callOperator?: string;
  /**
   * The methods a class declares for ranging and indexing over its instances (Python's
   * `__iter__` with the iterator's `__next__`, and `__getitem__`): what a value of a class
   * declaring them yields, as those methods return.
   */
  readonly containerOperators?: { readonly iterate: string; readonly next: string; readonly index: string };
  /** What indexing or ranging over a value of this type yields, when the type is written as a container. */
  element(type: string): string | undefined;
  /** Whether the type is written as an array (`T[]`, `Array<T>`), whose `map` makes another (TypeScript). */
  isArray?(type: string): boolean;
  /** What indexing alone yields where it differs from ranging (a mapping's values); element's answer otherwise. */
  indexed?(type: string): string | undefined;
  /** What unpacking gives the target at `position` (Python's `a, b = pair`): a fixed tuple's own element; element's answer otherwise. */
  positional?(type: string, position: number): string | undefined;
  /**
   * An indexed access type naming one property of another type (TypeScript's `App["scene"]`):
   * the type written and the property's name; undefined for any other type.
   */
  indexedAccess?(type: string): { readonly object: string; readonly key: string } | undefined;
  /** The type of property `name` of a value whose type is written out (TypeScript `Record<K, V>`, `{ dev: Env }`). */
  property?(type: string, name: string): string | undefined;
  /** What a method of the language's own container types returns (`Item[]`'s `find` gives `Item`), as a type written. */
  builtinResult?(type: string, method: string): string | undefined;
  /** The types a union written as one may hold (`A | B | undefined`: A and B); undefined for anything else. */
  alternatives?(type: string): string[] | undefined;
  /** The type of the `index`-th parameter of a function type written as one (`(a: A) => R`). */
  parameter?(type: string, index: number): string | undefined;
  /** The type of the `index`-th result of a function type written as one (Go `func(T) (R, error)`). */
  result?(type: string, index: number): string | undefined;
  /**
   * The type of the parameter that receives the `index`-th of `count` arguments when a
   * function type written as one is called (a rest parameter's element); null when it
   * takes no such number of arguments, undefined when the type does not say.
   */
  argument?(type: string, index: number, count: number): string | null | undefined;
  /** Whether a value of this type is never a function (TypeScript `string`, `'a' | 'b'`). */
  primitive?(type: string): boolean;
  /** The class a value of this type is, when it is a class object (Python `type[Store]`): calling it makes a Store. */
  classHeld?(type: string): string | undefined;
  /** The value whose type this type is, as a name or dotted path (TypeScript `typeof createEnum`). */
  valueQueried?(type: string): string | undefined;
  /**
   * What calling a function declared with these overloads (SymbolFact.overloads) with
   * arguments of this shape gives; null when the overloads do not settle it.
   */
  overloadResult?(overloads: readonly string[], given: CallArguments): string | null;
}

/** What a resolver may read of a file's facts to place it. */
export type FileFactsHeader = Pick<FileFacts, 'packageName'>;

export type LanguageResolverFactory = (layout: RepoLayout) => LanguageResolver;

/**
 * Import resolution is asked again and again for the same (file, source) while linking
 * (every scope, every re-export hop); the answer only changes with the layout, and a
 * resolver lives exactly as long as one layout.
 */
export function withImportCache(resolver: LanguageResolver): LanguageResolver {
  const cache = new Map<string, ImportTarget>();
  return {
    ...resolver,
    resolveImport(source, fromFile) {
      const key = `${fromFile}\0${source}`;
      let target = cache.get(key);
      if (!target) {
        target = resolver.resolveImport(source, fromFile);
        cache.set(key, target);
      }
      return target;
    },
  };
}
