import * as fs from 'node:fs';
import type { FileFacts, LanguageId } from '../extract/facts';
import { type Hash, QualifiedName, type RepoRecord, type SnapshotRecord, UNRESOLVED_SEGMENT } from '../model';
import type { LanguageResolver } from '../resolve/languages/languageResolver';
import type { SymbolTable } from '../resolve/symbolTable';
import type { GraphReader, ProvidedModuleRecord, ProvidesRegistry, RequestsRegistry, SnapshotLog } from '../store';
import { CROSS_REPO_LANGUAGES } from './foreignRepos';

type Store = GraphReader & SnapshotLog & ProvidesRegistry & RequestsRegistry;

/**
 * Which files of other repositories a change to one repository (the provider) must
 * re-link, so that a graph of several repositories is the same whichever was indexed
 * first: files with placeholders into modules the provider now provides (it was indexed
 * after them), files with edges into the provider's nodes that the change removed
 * (the call goes back to a placeholder, or to where the symbol moved), and, when the
 * HTTP routes it serves changed, files sending requests to a service it runs
 * (repo_requests): a new route may now serve them, or make a match ambiguous.
 */

/** What changed in the provider that other repositories may depend on. */
export interface ProviderChange {
  readonly repoHash: Hash;
  readonly repoUrl: string;
  /** Nodes the change removed. */
  readonly removedNodes: readonly Hash[];
  /** The services (lower case) whose HTTP routes the change may have changed: the ones it runs, and ran before. */
  readonly servicesChanged: readonly string[];
}

/** The modules a set of files imports from outside their repository, for the languages that can link across. */
export function externalModules(
  table: SymbolTable, paths: Iterable<string>, resolverFor: (facts: FileFacts) => LanguageResolver,
): Array<{ module: string; language: LanguageId }> {
  const found = new Map<string, { module: string; language: LanguageId }>();
  for (const p of paths) {
    const facts = table.factsOf(p);
    if (!facts || !CROSS_REPO_LANGUAGES.has(facts.language)) continue;
    const resolver = resolverFor(facts);
    for (const fact of facts.imports) {
      const target = resolver.resolveImport(fact.source, p);
      if (!target.inRepo) found.set(`${facts.language}\0${target.module}`, { module: target.module, language: facts.language });
    }
  }
  return [...found.values()];
}

/**
 * Re-links, through `relinkAt`, the files of other repositories that `provider`'s change
 * concerns (dependantFiles), each repository at its latest snapshot. A repository not on
 * disk is named in a warning: its resolvers need its files. Returns the files re-linked
 * per repository URL.
 */
export async function relinkDependantRepos(
  store: Store, provider: ProviderChange,
  relinkAt: (repo: RepoRecord, latest: SnapshotRecord, paths: ReadonlySet<string>) => Promise<number>, warn: (message: string) => void,
): Promise<Record<string, number>> {
  const relinked: Record<string, number> = {};
  for (const [repoHash, paths] of await dependantFiles(store, provider)) {
    const record = await store.repo(repoHash);
    const latest = await store.latestSnapshot(repoHash);
    if (!record || !latest || !fs.existsSync(record.rootPath)) {
      warn(`cross-repository links: ${record?.repoUrl ?? repoHash} is not on disk at ${record?.rootPath ?? '?'}; re-index it to link its calls into ${provider.repoUrl}`);
      continue;
    }
    relinked[record.repoUrl] = await relinkAt(record, latest, paths);
  }
  return relinked;
}

/** Files of other repositories to re-link after `provider` changed, by repository. */
export async function dependantFiles(store: Store, provider: Omit<ProviderChange, 'repoUrl'>): Promise<Map<Hash, Set<string>>> {
  const byRepo = new Map<Hash, Set<string>>();
  const add = (repoHash: Hash, path: string): void => {
    let paths = byRepo.get(repoHash);
    if (!paths) byRepo.set(repoHash, (paths = new Set()));
    paths.add(path);
  };
  const repos = await store.repos();
  if (repos.length < 2) return byRepo;
  for (const request of await store.requestsOfServices(provider.servicesChanged)) {
    if (request.repoHash !== provider.repoHash) add(request.repoHash, request.path);
  }
  const provided = (await store.repoProvides()).filter((p) => p.repoHash === provider.repoHash);
  const targets: Hash[] = [...provider.removedNodes];
  for (const repo of repos) {
    if (repo.repoHash === provider.repoHash || provided.length === 0) continue;
    for (const node of await store.liveRepoLevelNodes(repo.repoHash)) {
      if (QualifiedName.isUnresolved(node.qualifiedName) && namesProvidedModule(unresolvedName(node.qualifiedName), provided)) targets.push(node.nodeHash);
    }
  }
  const owners = new Set(await store.ownersOfEdgesInto(targets));
  if (owners.size === 0) return byRepo;
  for (const file of await store.liveFileRecords()) {
    if (file.repoHash !== provider.repoHash && owners.has(file.fileHash)) add(file.repoHash, file.path);
  }
  return byRepo;
}

function unresolvedName(qualifiedName: string): string {
  return QualifiedName.localPart(qualifiedName).slice(UNRESOLVED_SEGMENT.length);
}

/** A placeholder name under a provided module: the module itself, a member (`mod.f`) or a submodule (`mod/sub`). */
function namesProvidedModule(name: string, provided: readonly ProvidedModuleRecord[]): boolean {
  return provided.some((p) => name === p.name || name.startsWith(`${p.name}/`) || name.startsWith(`${p.name}.`));
}
