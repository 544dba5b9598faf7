import * as fs from 'node:fs';
import type { FileFacts, LanguageId } from '../extract/facts';
import { type Hash, type RepoRecord, serviceNamesOf, serviceOfPath } from '../model';
import type { ForeignModules, ForeignPackage } from '../resolve/foreignModules';
import type { RouteServer } from '../resolve/httpRoutes';
import { type LanguageResolver, type LanguageResolverFactory, withImportCache } from '../resolve/languages/languageResolver';
import { RESOLVER_FACTORIES } from '../resolve/languages/resolvers';
import { RepoLayout, joinPath } from '../resolve/layout';
import { SymbolTable } from '../resolve/symbolTable';
import type { FactsCache, GraphReader, ProvidedModuleRecord, ProvidesRegistry, SnapshotLog } from '../store';
import { readFacts } from './factsCodec';
import { listRepositoryFiles, readRepoText } from './sourceFiles';

type Store = GraphReader & SnapshotLog & FactsCache & ProvidesRegistry;

/**
 * The ecosystem whose names a language's imports are written in, and how an import's
 * module extends a provided name: below it after `separator`, or (`exact`) not at all,
 * where a package is not inside its parent (Java packages, C# namespaces: `a.b` and
 * `a.b.c` may come from two repositories).
 */
const ECOSYSTEM_OF_LANGUAGE: Partial<Record<LanguageId, { ecosystem: string; separator: string; exact?: boolean }>> = {
  go: { ecosystem: 'go', separator: '/' },
  typescript: { ecosystem: 'npm', separator: '/' },
  tsx: { ecosystem: 'npm', separator: '/' },
  javascript: { ecosystem: 'npm', separator: '/' },
  python: { ecosystem: 'python', separator: '.' },
  java: { ecosystem: 'java', separator: '.', exact: true },
  csharp: { ecosystem: 'dotnet-namespace', separator: '.', exact: true },
  rust: { ecosystem: 'cargo', separator: '/' },
};

/** The languages whose imports can land in another repository (the others stay placeholders for now). */
export const CROSS_REPO_LANGUAGES: ReadonlySet<LanguageId> = new Set(Object.keys(ECOSYSTEM_OF_LANGUAGE) as LanguageId[]);

/** A provider repository's table, read from the graph, with the snapshot it was read at. */
interface LoadedRepo {
  readonly table: SymbolTable;
  readonly resolverFor: (facts: Pick<FileFacts, 'language'>) => LanguageResolver;
  readonly readAt: string;
  /** The repository as a server of HTTP routes, with the service layout it was indexed with. */
  readonly server: RouteServer;
}

/** What one run links may land on in other repositories: modules its imports leave for, services its requests name. */
export interface ForeignWants {
  readonly modules: Iterable<{ module: string; language: LanguageId }>;
  /** Service names, lower case (requestedServices.ts). */
  readonly services: Iterable<string>;
}

/**
 * Provider tables kept between runs of one indexer (a server re-indexing saves): a table
 * is read again when its repository's latest snapshot moved, or when the indexer wrote
 * that repository itself (`forget`), as an editor save keeps the working snapshot.
 */
export class ForeignTableCache {
  private readonly tables = new Map<Hash, LoadedRepo>();

  async get(store: Store, repoHash: Hash): Promise<LoadedRepo | undefined> {
    const latest = await store.latestSnapshot(repoHash);
    const readAt = latest ? `${latest.snapshotHash}:${latest.seq}` : '';
    const kept = this.tables.get(repoHash);
    if (kept?.readAt === readAt) return kept;
    const loaded = await loadRepo(store, repoHash, readAt);
    if (loaded) this.tables.set(repoHash, loaded);
    else this.tables.delete(repoHash);
    return loaded;
  }

  /** A repository this indexer has just written: its table is read again when next asked. */
  forget(repoHash: Hash): void {
    this.tables.delete(repoHash);
  }
}

/**
 * The other repositories of the graph as one indexing run of a repository sees them:
 * which one provides a module an import leaves the repository for (repo_provides), which
 * ones run a service a request names (their service name or declared folder services), and
 * those repositories' symbol tables, rebuilt from their stored facts, with resolvers over
 * their files on disk. Only repositories some import or request names are read.
 */
export class ForeignRepos implements ForeignModules {
  private readonly loaded = new Map<Hash, LoadedRepo>();
  /** Repositories running each requested service, by lower-case name. */
  private readonly servers = new Map<string, RouteServer[]>();

  /** Provided modules by `ecosystem\0name`: an import is matched against its own prefixes, not every row (a Java repository declares thousands of packages). */
  private readonly byName = new Map<string, ProvidedModuleRecord[]>();

  private constructor(provided: readonly ProvidedModuleRecord[]) {
    for (const record of provided) {
      const key = `${record.ecosystem}\0${record.name}`;
      const records = this.byName.get(key);
      if (records) records.push(record);
      else this.byName.set(key, [record]);
    }
  }

  /**
   * Reads the providers of the given modules (imports that left the repository `self`) and
   * the repositories running the given services. Their tables are built here, so
   * `packageOf` and `serversOf` answer without the store.
   */
  static async load(store: Store, self: Hash, wants: ForeignWants, cache = new ForeignTableCache()): Promise<ForeignRepos> {
    const rows = await store.repoProvides();
    // A Python package is importable from elsewhere once its repository is a distribution.
    const distributions = new Set(rows.filter((p) => p.ecosystem === 'pypi').map((p) => p.repoHash));
    const foreign = new ForeignRepos(rows.filter((p) => p.repoHash !== self && (p.ecosystem !== 'python' || distributions.has(p.repoHash))));
    const wanted = new Set<Hash>();
    for (const { module, language } of wants.modules) {
      const provider = foreign.providerOf(module, language);
      if (provider) wanted.add(provider.repoHash);
    }
    for (const repoHash of wanted) {
      const loaded = await cache.get(store, repoHash);
      if (loaded) foreign.loaded.set(repoHash, loaded);
    }
    await foreign.loadServers(store, self, new Set(wants.services), cache);
    return foreign;
  }

  /** Reads the other repositories running any of these services. */
  private async loadServers(store: Store, self: Hash, services: ReadonlySet<string>, cache: ForeignTableCache): Promise<void> {
    if (services.size === 0) return;
    for (const record of await store.repos()) {
      const runs = record.repoHash === self ? [] : serviceNamesOf(record).map((n) => n.toLowerCase()).filter((n) => services.has(n));
      const loaded = runs.length > 0 ? await cache.get(store, record.repoHash) : undefined;
      if (!loaded) continue;
      this.loaded.set(record.repoHash, loaded);
      for (const service of new Set(runs)) {
        const servers = this.servers.get(service);
        if (servers) servers.push(loaded.server);
        else this.servers.set(service, [loaded.server]);
      }
    }
  }

  serversOf(service: string): readonly RouteServer[] {
    return this.servers.get(service) ?? [];
  }

  /** Whether any repository in the graph provides this module. */
  provides(module: string, language: LanguageId): boolean {
    return this.providerOf(module, language) !== undefined;
  }

  packageOf(module: string, fromLanguage: LanguageId): ForeignPackage | undefined {
    const provider = this.providerOf(module, fromLanguage);
    const loaded = provider && this.loaded.get(provider.repoHash);
    if (!provider || !loaded) return undefined;
    const packagePath = packagePathIn(loaded, provider, module, fromLanguage);
    return packagePath !== undefined && loaded.table.hasPackage(packagePath) ? { table: loaded.table, packagePath } : undefined;
  }

  /** The provided module an import names, the longest name matching; none when two repositories provide that name. */
  private providerOf(module: string, language: LanguageId): ProvidedModuleRecord | undefined {
    const rule = ECOSYSTEM_OF_LANGUAGE[language];
    if (!rule) return undefined;
    // The module itself, then (unless names must match exactly) each shorter prefix ending at a separator.
    let best: readonly ProvidedModuleRecord[] = [];
    for (let name = module; best.length === 0 && name; ) {
      best = this.byName.get(`${rule.ecosystem}\0${name}`) ?? [];
      const cut = rule.exact ? -1 : name.lastIndexOf(rule.separator);
      name = cut > 0 ? name.slice(0, cut) : '';
    }
    // Two repositories providing one name (a fork, two checkouts): neither is chosen.
    return new Set(best.map((p) => p.repoHash)).size === 1 ? best[0] : undefined;
  }
}

/** Where in the provider's table a module lives, by the ecosystem's rules. */
function packagePathIn(loaded: LoadedRepo, provider: ProvidedModuleRecord, module: string, language: LanguageId): string | undefined {
  const resolver = loaded.resolverFor({ language });
  switch (provider.ecosystem) {
    // A Go package is named by its import path; a Python module by its dotted name; a
    // Java package and a C# namespace by themselves.
    case 'go':
    case 'python':
    case 'java':
    case 'dotnet-namespace':
      return module;
    case 'cargo':
      return rustModulePath(resolver, provider, module);
    case 'npm': {
      const subpath = module.slice(provider.name.length + 1);
      if (!subpath) return provider.entry ? resolver.packagePath(provider.entry) : undefined;
      const target = resolver.resolveImport(`./${subpath}`, joinPath(provider.root, 'package.json'));
      return target.inRepo ? target.packagePath : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * `crate_name/a/b` (the module of `use crate_name::a::b::Item`) as the provider crate's
 * own `crate::a::b`, resolved from its root the way rustc finds module files. Only a
 * path that names a module file all the way counts: `a::Enum` stops at `a`, and an
 * item nested in an item is not followed.
 */
function rustModulePath(resolver: LanguageResolver, provider: ProvidedModuleRecord, module: string): string | undefined {
  const rest = module === provider.name ? [] : module.slice(provider.name.length + 1).split('/');
  const target = resolver.resolveImport(['crate', ...rest].join('::'), joinPath(provider.root, 'src/lib.rs'));
  if (!target.inRepo) return undefined;
  return rest.length === 0 || target.packagePath.endsWith(`/${rest.join('/')}`) ? target.packagePath : undefined;
}

async function loadRepo(store: Store, repoHash: Hash, readAt: string): Promise<LoadedRepo | undefined> {
  const repo = await store.repo(repoHash);
  if (!repo || !fs.existsSync(repo.rootPath)) return undefined;
  const layout = new RepoLayout(listRepositoryFiles(repo.rootPath).allPaths, (p) => readRepoText(repo.rootPath, p));
  const resolvers = new Map<LanguageResolverFactory, LanguageResolver>();
  const resolverFor = (facts: Pick<FileFacts, 'language'>): LanguageResolver => {
    const factory = RESOLVER_FACTORIES[facts.language];
    let resolver = resolvers.get(factory);
    if (!resolver) resolvers.set(factory, (resolver = withImportCache(factory(layout))));
    return resolver;
  };
  const table = new SymbolTable({ repoUrl: repo.repoUrl, resolverFor });
  for (const file of await store.liveFiles(repoHash)) {
    const facts = await readFacts(store, file.fileHash, file.contentHash);
    if (facts && !facts.skipReason) table.setFile(file.path, resolverFor(facts).packagePath(file.path, facts), facts);
  }
  return { table, resolverFor, readAt, server: routeServer(repo, table, resolverFor) };
}

/** A repository's routes as requests see them; one object per loaded table, so the routes it serves are computed once. */
function routeServer(repo: RepoRecord, table: SymbolTable, resolverFor: LoadedRepo['resolverFor']): RouteServer {
  return { repoUrl: repo.repoUrl, table, resolverFor, serviceOf: (path) => serviceOfPath(repo, path) };
}
