import type { FileFacts } from '../extract/facts';
import { preloadLanguages } from '../extract/parser';
import { languageForPath } from '../extract/registry';
import { DEFAULT_WORK_BUDGET, RETRIED_SKIP_REASONS, type WorkBudget, workBudget } from '../extract/workBudget';
import { type Hash, Identity, type RepoRecord, type SnapshotRecord, hashOf, serviceNamesOf } from '../model';
import { type LanguageResolver, type LanguageResolverFactory, withImportCache } from '../resolve/languages/languageResolver';
import { RESOLVER_FACTORIES } from '../resolve/languages/resolvers';
import { RepoLayout } from '../resolve/layout';
import { exportSurface } from '../resolve/exportSurface';
import { typeNamesChanged } from '../resolve/typeDependencies';
import { noteRouteChanges } from '../resolve/httpRoutes';
import { SymbolTable } from '../resolve/symbolTable';
import type { GraphStore, LiveFile, WriterLease } from '../store';
import { readFacts, staleFactsCount, writeFacts } from './factsCodec';
import {
  type IndexRun, type IndexSummary, NO_CHANGES, type RunWrite, type WrittenChanges, summaryOf,
} from './indexRun';
import { commitToIndex, listCommitFiles, readCommitFiles } from './gitInfo';
import { repositoryReader, textReader } from './repositoryReader';
import { parseFiles } from './parseFiles';
import type { ProgressListener } from './progress';
import { repoStateOf, resolveRepoRoot } from './repoIdentity';
import { RepoSymbolTables } from './repoSymbolTables';
import { type ProviderChange, externalModules, relinkDependantRepos } from './crossRepoLinks';
import { ForeignRepos, ForeignTableCache } from './foreignRepos';
import { LinkWriter, type RepoState } from './linkWriter';
import { RepoDeclarations } from './repoDeclarations';
import { servicesRequestedBy } from './requestedServices';
import { filesToRename, serviceLayoutChanged } from './routeOwners';
import { layoutDigest } from './layoutDigest';
import { LiveFiles } from './liveFiles';
import { type SourceScan, isRead, readKnown, scanSources } from './sourceScan';
import { workingSnapshot, writeSnapshot } from './snapshotRecords';
import {
  DEFAULT_MAX_FILE_BYTES, type SkipCounts, type SourceFile, isLayoutFile, listRepositoryFiles, normaliseRelativePath,
  readRepoText, readSource,
} from './sourceFiles';
import { closeRemovedFile } from './removedFiles';
import type { WarmParseWorker } from './warmParseWorker';

export interface IndexOptions {
  readonly repoPath: string;
  readonly repoUrl?: string;
  /** A commit-ish; default: the working tree at HEAD. */
  readonly commit?: string;
  readonly maxFileBytes?: number;
  readonly workers?: number;
  readonly onProgress?: ProgressListener;
  /**
   * Each file's parse and extraction budget (time and work units); missing fields take
   * DEFAULT_WORK_BUDGET's. A file over it is skipped and counted with the reason.
   */
  readonly fileBudget?: Partial<WorkBudget>;
  /** Repo-relative paths to leave out, on top of .gitignore (the editor's exclude settings). */
  readonly exclude?: (relativePath: string) => boolean;
  /** The caller holds only this repository's writer lock (see RepositoryLock); else it holds the graph's. */
  readonly repositoryLock?: RepositoryLock;
}

/**
 * A run that holds its repository's writer lock rather than the graph's (a store with
 * `capabilities.repositoryLocks`). It parses under that lock alone, then takes the graph's
 * through `beyond` from the moment it reads other repositories for linking until it has
 * re-linked their files that depend on its change: those steps read and write rows of other
 * repositories, so they run one run at a time across the graph (docs/architecture.md).
 */
export interface RepositoryLock {
  /** The repository locked: a run that finds itself indexing another (a commit's .ckg.yaml naming another URL) stops. */
  readonly repoHash: Hash;
  readonly beyond: () => Promise<WriterLease>;
}

export type { IndexSummary } from './indexRun';

/** Provenances the static pass (extract + resolve) writes; any other is a later pass's. */
const STATIC_PROVENANCES = new Set(['ast_inferred', 'ast_resolved']);

interface RepoContext {
  readonly repo: RepoState;
  readonly layout: RepoLayout;
  readonly resolvers: Map<LanguageResolverFactory, LanguageResolver>;
}

/** A first index of at least this many files loads with indexes rebuilt afterwards. */
const BULK_LOAD_MIN_FILES = 200;
/** Writes of more files than this sweep every repo-level node, not just the rewritten edges' ends. */
const SWEEP_ALL_MIN_FILES = 50;

/**
 * Indexes one repository into a store: scan, hash, extract what changed, re-resolve what
 * the change can affect, write one snapshot. It keeps the repo's symbol table between
 * runs, so a long-lived instance (the graph server, the bench) re-indexes a saved file
 * without reloading the repository.
 */
export class RepoIndexer {
  private readonly tables: RepoSymbolTables;
  /** Per repository root: what resolvers know of it. One indexer may serve several repos. */
  private readonly contexts = new Map<string, RepoContext>();
  /** The repo of the run under way; resolvers answer for it. */
  private active: RepoContext | undefined;

  private readonly links: LinkWriter;
  /** Other repositories' tables, for imports that land in them. */
  private readonly foreignTables = new ForeignTableCache();
  /** What each repository provides to and requests of the others, written when it changed. */
  private readonly declarations = new RepoDeclarations();

  /**
   * `warn` receives per-file problems (stderr in the CLI, the output channel in VS Code).
   * A long-lived host passes its `warm` parse worker: runs of a few files (saves) parse
   * there, not in the host's thread (see WarmParseWorker); the host closes it.
   */
  constructor(
    private readonly store: GraphStore, private readonly warn: (message: string) => void = () => undefined,
    private readonly warm?: WarmParseWorker,
  ) {
    this.links = new LinkWriter(store, (facts) => this.resolverFor(facts));
    this.tables = new RepoSymbolTables(store, (facts) => this.resolverFor(facts));
  }

  async index(options: IndexOptions): Promise<IndexSummary> {
    const startedAt = performance.now();
    const budget = workBudget(options.fileBudget);
    const root = resolveRepoRoot(options.repoPath);
    const progress = options.onProgress ?? (() => undefined);
    const { commit, dirty, readFromCommit } = commitToIndex(root, options.commit);
    const listing = readFromCommit ? listCommitFiles(root, commit) : listRepositoryFiles(root).allPaths;
    const excluded = options.exclude ?? (() => false);
    const candidates = listing.filter((p) => (languageForPath(p) !== undefined || isLayoutFile(p)) && !excluded(p)).sort();
    progress({ phase: 'scan', done: 0, total: candidates.length });

    const reader = repositoryReader(root, readFromCommit ? { commit, contents: readCommitFiles(root, commit, candidates) } : undefined);
    const { readBytes } = reader;
    try {
      const repo = repoStateOf(root, options.repoUrl, readBytes('.ckg.yaml')?.toString('utf8'));
      if (options.repositoryLock && options.repositoryLock.repoHash !== repo.repoHash) {
        throw new Error(`index: ${root} is ${repo.repoUrl} at ${commit || 'its working tree'}, not the repository whose lock this run took; name it with --repo-url`);
      }
      const layout = new RepoLayout(listing, textReader(readBytes));
      this.activate(root, repo, layout);

      const skipped: SkipCounts = {};
      const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
      const live = await LiveFiles.all(this.store, repo.repoHash);
      const liveByPath = await live.all();
      const scan = scanSources(candidates, {
        root, maxBytes, skipped, readBytes, live: liveByPath, knownStats: readFromCommit ? undefined : await this.store.fileStats(repo.repoHash),
      });
      const sources = scan.sources;
      progress({ phase: 'scan', done: candidates.length, total: candidates.length });

      const recordBefore = await this.store.repo(repo.repoHash);
      const record: RepoRecord = { repoHash: repo.repoHash, repoUrl: repo.repoUrl, rootPath: root, serviceName: repo.serviceName, services: repo.services };
      // The layout's digest is recorded with the links it made (in the run's transaction), so a run cut short re-links again.
      await this.store.upsertRepo({ ...record, layoutDigest: recordBefore?.layoutDigest });
      const commitKey = dirty ? `${commit}+dirty:${hashOf(...[...sources.values()].map((s) => `${s.path}:${s.contentHash}`))}` : commit;
      const run: IndexRun = {
        repo, snapshot: { snapshotHash: Identity.snapshot(repo.repoHash, commitKey), commit, dirty }, live, skipped, progress, startedAt,
      };

      const read = [...sources.values()].filter(isRead);
      const added = read.filter((s) => !liveByPath.has(s.path));
      const changed = read.filter((s) => liveByPath.has(s.path) && liveByPath.get(s.path)!.contentHash !== s.contentHash);
      const removed = [...liveByPath.values()].filter((f) => !sources.has(f.path));
      const unchanged = [...sources.values()].filter((s) => liveByPath.get(s.path)?.contentHash === s.contentHash);

      const existing = await this.store.snapshot(run.snapshot.snapshotHash);
      // Nothing to do only when no file changed, no stored facts are from an older extractor,
      // and the files' services are as before (a renamed service re-names its route rows).
      const layoutChanged = serviceLayoutChanged(recordBefore, repo);
      const digest = layoutDigest(candidates, (p) => layout.readText(p));
      // A graph from before digests were kept links by the layout it was indexed with: the baseline is today's.
      const relinkEverything = recordBefore?.layoutDigest !== undefined && recordBefore.layoutDigest !== digest;
      if (recordBefore?.layoutDigest === undefined) await this.store.upsertRepo({ ...record, layoutDigest: digest });
      if (added.length + changed.length + removed.length === 0 && existing && !layoutChanged && !relinkEverything && (await staleFactsCount(this.store, repo.repoHash)) === 0) {
        await this.rememberStats(repo.repoHash, scan);
        progress({ phase: 'done', done: sources.size, total: sources.size });
        return summaryOf(run, {
          newSnapshot: false, indexed: sources.size, files: { added: 0, changed: 0, removed: 0, unchanged: unchanged.length }, written: NO_CHANGES,
        });
      }

      const { table, stale } = await this.tables.load(repo, unchanged, live);
      const toParse = [...added, ...changed, ...stale.flatMap((s) => readKnown(root, s, maxBytes, skipped) ?? [])];
      const parsed = await parseFiles(toParse, options.workers, progress, skipped, this.warn, budget, this.warm);
      const seq = await this.store.nextSnapshotSeq(repo.repoHash);
      const written = await this.writeChanges(run, table, {
        toParse, parsed, removed, seq,
        relinkAlso: [...await filesToRename(this.store, recordBefore, repo, table), ...(relinkEverything ? table.files() : [])],
        ...(layoutChanged ? { formerLayout: recordBefore } : {}),
        recordSnapshot: async (tx) => {
          await writeSnapshot(tx, repo, run.snapshot.snapshotHash, seq, commit, dirty, existing !== undefined);
          await tx.upsertRepo({ ...record, layoutDigest: digest });
        },
        ...(options.repositoryLock ? { beyondRepository: options.repositoryLock.beyond } : {}),
      });
      await this.rememberStats(repo.repoHash, scan);
      progress({ phase: 'done', done: sources.size, total: sources.size });
      return summaryOf(run, {
        newSnapshot: true, indexed: sources.size,
        files: { added: added.length, changed: changed.length, removed: removed.length, unchanged: unchanged.length - stale.length },
        written,
      });
    } finally {
      reader.release();
    }
  }

  /** Keeps the stats of the files this run read, for the next run to skip reading them. */
  private async rememberStats(repoHash: Hash, scan: SourceScan): Promise<void> {
    if (scan.freshStats.length > 0) await this.store.putFileStats(repoHash, scan.freshStats);
    if (scan.forgotten.length > 0) await this.store.deleteFileStats(repoHash, scan.forgotten);
  }

  /**
   * Re-indexes just these working-tree files (an editor save): the path from saved to
   * queryable. The rows land in the repo's working-tree snapshot, a dirty snapshot that
   * follows the work tree until the next full index; its Merkle root and counts are
   * refreshed by that index, not on every save. Needs a prior `index` of the repo.
   */
  async reindexFiles(repoPath: string, relativePaths: readonly string[], maxFileBytes = DEFAULT_MAX_FILE_BYTES): Promise<IndexSummary> {
    const startedAt = performance.now();
    const root = resolveRepoRoot(repoPath);
    const context = this.contexts.get(root);
    if (!context) throw new Error(`reindexFiles: ${root} has not been indexed by this indexer yet; run index first`);
    const { repo } = context;
    const live = LiveFiles.onDemand(this.store, repo.repoHash);
    const skipped: SkipCounts = {};
    const toParse: SourceFile[] = [];
    const removed: LiveFile[] = [];
    for (const relativePath of relativePaths) {
      const normalised = normaliseRelativePath(root, relativePath);
      if (!languageForPath(normalised)) continue;
      const source = readSource(root, normalised, maxFileBytes, skipped);
      const before = await live.get(normalised);
      if (!source) {
        if (before) removed.push(before);
      } else if (before?.contentHash !== source.contentHash) {
        toParse.push(source);
      }
    }
    const files = new Set(context.layout.files);
    const layoutChanged = toParse.some((f) => !files.has(f.path)) || removed.length > 0;
    for (const source of toParse) files.add(source.path);
    for (const gone of removed) files.delete(gone.path);
    // New or deleted files change what imports resolve to: resolvers see the new file set.
    this.activate(root, repo, layoutChanged ? new RepoLayout(files, (p) => readRepoText(root, p)) : context.layout);
    if (toParse.length === 0 && removed.length === 0) {
      const latest = await this.store.latestSnapshot(repo.repoHash);
      const snapshot = { snapshotHash: latest?.snapshotHash ?? '', commit: latest?.commitHash ?? '', dirty: latest?.dirty ?? false };
      return summaryOf({ repo, snapshot, skipped, startedAt }, {
        newSnapshot: false, indexed: 0, files: { added: 0, changed: 0, removed: 0, unchanged: 0 }, written: NO_CHANGES,
      });
    }
    const table = await this.tables.of(repo, live);
    const parsed = await parseFiles(toParse, 1, () => undefined, skipped, this.warn, DEFAULT_WORK_BUDGET, this.warm);
    const working = await workingSnapshot(this.store, repo);
    const run: IndexRun = {
      repo, snapshot: { snapshotHash: working.snapshotHash, commit: working.commitHash, dirty: true }, live, skipped,
      progress: () => undefined, startedAt,
    };
    const written = await this.writeChanges(run, table, { toParse, parsed, removed, seq: working.seq });
    const addedCount = (await Promise.all(toParse.map((s) => live.has(s.path)))).filter((wasLive) => !wasLive).length;
    return summaryOf(run, {
      newSnapshot: working.created, indexed: toParse.length,
      files: { added: addedCount, changed: toParse.length - addedCount, removed: removed.length, unchanged: 0 }, written,
    });
  }

  /**
   * Readies `reindexFiles` on the given repo: loads the grammars its files need, in the
   * warm worker when there is one, else in this thread. A long-lived host (the graph
   * server) calls it after the first index.
   */
  async prepareForEdits(repoPath: string): Promise<void> {
    const repo = this.contexts.get(resolveRepoRoot(repoPath))?.repo;
    const table = repo && (await this.tables.of(repo, LiveFiles.onDemand(this.store, repo.repoHash)));
    if (!table) throw new Error(`prepareForEdits: ${repoPath} has not been indexed by this indexer yet; run index first`);
    await (this.warm ? this.warm.preload(table.files()) : preloadLanguages(table.files()));
  }

  /** Puts parsed facts in the table, then writes files, nodes, edges and routes in one transaction. */
  private async writeChanges(run: IndexRun, table: SymbolTable, write: RunWrite): Promise<WrittenChanges> {
    const lease = await write.beyondRepository?.();
    try {
      return await this.writeChangesLocked(run, table, write);
    } finally {
      await lease?.release();
    }
  }

  private async writeChangesLocked(run: IndexRun, table: SymbolTable, write: RunWrite): Promise<WrittenChanges> {
    const { repo, live, progress } = run;
    const { toParse, parsed, removed, seq } = write;
    const { snapshotHash } = run.snapshot;
    const firstIndex = await live.empty();
    let filesWithSyntaxErrors = 0;
    const surfaceChanged: string[] = [];
    const typeNames = new Set<string>();
    const routesChanged = { mounts: false, http: false };
    for (const [p, { facts }] of parsed) {
      if (facts.syntaxErrors > 0) filesWithSyntaxErrors++;
      const previous = await live.get(p);
      const before = table.factsOf(p) ?? (previous && (await readFacts(this.store, previous.fileHash, previous.contentHash)));
      if (!before || exportSurface(before) !== exportSurface(facts)) {
        surfaceChanged.push(p);
        if (!firstIndex) for (const name of typeNamesChanged(before, facts)) typeNames.add(name);
      }
      noteRouteChanges(routesChanged, before, facts);
      table.setFile(p, this.resolverFor(facts).packagePath(p, facts), facts);
    }
    for (const file of removed) {
      for (const name of typeNamesChanged(table.factsOf(file.path), undefined)) typeNames.add(name);
      const gone = table.factsOf(file.path) ?? (await readFacts(this.store, file.fileHash, file.contentHash));
      noteRouteChanges(routesChanged, gone, undefined);
      table.removeFile(file.path);
    }
    const relink = await this.links.filesToRelink(repo, table, [...parsed.keys()], surfaceChanged, [...removed], live);
    // A mount's prefixes are part of the paths of routes declared in other files, and requests land on routes.
    if (routesChanged.mounts) for (const p of table.filesWithRouterRoutes()) relink.add(p);
    // A renamed service changes which requests (a host naming it, localhost) it serves.
    const servedChanged = routesChanged.mounts || routesChanged.http || write.formerLayout !== undefined;
    if (servedChanged) for (const p of table.filesWithHttpCalls()) relink.add(p);
    for (const p of write.relinkAlso ?? []) relink.add(p);
    // Receiver types computed through declarations of other files: no edge leads back to them.
    for (const p of table.filesTypingThrough(typeNames)) relink.add(p);
    progress({ phase: 'resolve', done: 0, total: relink.size });
    // Read through the live owner index, for the rewritten files only: cheap for a save.
    const rewritten = (await live.of(new Set([...relink, ...removed.map((f) => f.path)]))).map((f) => f.fileHash);
    const ownedBefore = (await Promise.all(rewritten.map((fileHash) => this.store.liveEdgesOwnedBy(fileHash)))).flat();
    const nonStaticBefore = ownedBefore.filter((e) => !STATIC_PROVENANCES.has(e.provenance));
    // Links across repositories need another repository in the graph: a lone one (the usual save) reads nothing for them.
    const otherRepos = (await this.store.repos()).some((r) => r.repoHash !== repo.repoHash);
    const nodesOf = async (): Promise<Hash[]> => (await Promise.all(rewritten.map((fileHash) => this.store.liveNodesOfFile(fileHash)))).flat().map((n) => n.nodeHash);
    const nodesBefore = otherRepos ? await nodesOf() : [];
    const bulk = firstIndex && relink.size >= BULK_LOAD_MIN_FILES && this.store.capabilities.bulkLoad;
    const foreign = otherRepos ? await this.foreignFor(repo.repoHash, table, relink) : undefined;
    const declarations = this.declarations.prepare(repo.repoHash, this.active!.layout, table);
    await this.store.transaction(async (tx) => {
      for (const file of removed) await closeRemovedFile(tx, repo.repoHash, file, seq, snapshotHash);
      for (const source of toParse) {
        const fileHash = Identity.file(repo.repoHash, source.path);
        await tx.openFile({
          fileHash, repoHash: repo.repoHash, path: source.path, contentHash: source.contentHash,
          language: languageForPath(source.path)!.id, sizeBytes: source.sizeBytes,
        }, seq);
        const result = parsed.get(source.path);
        if (result) await writeFacts(tx, fileHash, source.contentHash, result.encoded ?? result.facts, RETRIED_SKIP_REASONS.has(result.facts.skipReason ?? ''));
      }
      await this.links.writeLinks(tx, repo, table, relink, seq, snapshotHash, progress, bulk, foreign);
      await declarations.write(tx);
      // Only a closed edge can leave a package or placeholder node without edges: a write of
      // a few files (a save) checks the ends of the edges it rewrote, a larger one all nodes.
      const touched = removed.length + toParse.length > SWEEP_ALL_MIN_FILES ? undefined : ownedBefore.flatMap((e) => [e.sourceHash, e.targetHash]);
      await tx.sweepRepoLevelNodes(repo.repoHash, seq, touched);
      await write.recordSnapshot?.(tx);
    });
    const stillOwned = new Set((await Promise.all(rewritten.map((fileHash) => this.store.liveEdgesOwnedBy(fileHash)))).flat().map((e) => e.edgeHash));
    declarations.committed();
    this.foreignTables.forget(repo.repoHash);
    const nodesAfter = otherRepos ? new Set(await nodesOf()) : new Set<Hash>();
    const servicesChanged = servedChanged ? [...serviceNamesOf(repo), ...(write.formerLayout ? serviceNamesOf(write.formerLayout) : [])] : [];
    const relinkedInOtherRepos = otherRepos
      ? await this.relinkDependants({
        repoHash: repo.repoHash, repoUrl: repo.repoUrl, removedNodes: nodesBefore.filter((n) => !nodesAfter.has(n)),
        servicesChanged: [...new Set(servicesChanged.map((name) => name.toLowerCase()))],
      })
      : {};
    return {
      relinked: relink.size, relinkedInOtherRepos, filesWithSyntaxErrors, parsedPaths: [...parsed.keys()],
      replacedNonStaticEdges: nonStaticBefore.filter((e) => !stillOwned.has(e.edgeHash)),
    };
  }

  /**
   * Re-links the files of other repositories that this repository's change concerns
   * (crossRepoLinks.ts): calls into what it now provides, into nodes it removed, and
   * requests to the services whose routes it changed.
   */
  private async relinkDependants(change: ProviderChange): Promise<Record<string, number>> {
    const active = this.active;
    try {
      return await relinkDependantRepos(this.store, change, (record, latest, paths) => this.relinkAt(record, latest, paths), this.warn);
    } finally {
      this.active = active;
    }
  }

  /** Re-links some files of a repository at its latest snapshot, as a pass over that snapshot; returns how many. */
  private async relinkAt(record: RepoRecord, latest: SnapshotRecord, paths: ReadonlySet<string>): Promise<number> {
    const repo: RepoState = { root: record.rootPath, repoUrl: record.repoUrl, repoHash: record.repoHash, serviceName: record.serviceName, services: record.services };
    this.activate(repo.root, repo, new RepoLayout(listRepositoryFiles(repo.root).allPaths, (p) => readRepoText(repo.root, p)));
    const table = await this.tables.of(repo, LiveFiles.onDemand(this.store, repo.repoHash));
    const relink = new Set([...paths].filter((p) => table.factsOf(p)));
    const foreign = await this.foreignFor(repo.repoHash, table, relink);
    await this.store.transaction(async (tx) => {
      await this.links.writeLinks(tx, repo, table, relink, latest.seq, latest.snapshotHash, () => undefined, false, foreign);
      await tx.sweepRepoLevelNodes(repo.repoHash, latest.seq);
    });
    return relink.size;
  }

  /** The other repositories of the graph the links of these files may land in: by their imports and the services their requests name. */
  private async foreignFor(self: Hash, table: SymbolTable, paths: ReadonlySet<string>): Promise<ForeignRepos> {
    const wants = { modules: externalModules(table, paths, (f) => this.resolverFor(f)), services: servicesRequestedBy(table, paths) };
    return ForeignRepos.load(this.store, self, wants, this.foreignTables);
  }

  /** Makes a repo the one resolvers answer for; a new layout starts with fresh resolvers. */
  private activate(root: string, repo: RepoState, layout: RepoLayout): void {
    const previous = this.contexts.get(root);
    const context = previous && previous.layout === layout ? previous : { repo, layout, resolvers: new Map() };
    this.contexts.set(root, context);
    this.active = context;
  }

  private resolverFor(facts: Pick<FileFacts, 'language'>): LanguageResolver {
    const context = this.active;
    if (!context) throw new Error('index/RepoIndexer: no repository is being indexed');
    const factory = RESOLVER_FACTORIES[facts.language];
    let resolver = context.resolvers.get(factory);
    if (!resolver) {
      resolver = withImportCache(factory(context.layout));
      context.resolvers.set(factory, resolver);
    }
    return resolver;
  }
}
