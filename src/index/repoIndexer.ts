import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FileFacts } from '../extract/facts';
import { preloadLanguages } from '../extract/parser';
import { languageForPath } from '../extract/registry';
import { type GraphEdge, type Hash, Identity, hashOf } from '../model';
import { type LanguageResolver, type LanguageResolverFactory, withImportCache } from '../resolve/languages/languageResolver';
import { RESOLVER_FACTORIES } from '../resolve/languages/resolvers';
import { RepoLayout } from '../resolve/layout';
import { exportSurface } from '../resolve/exportSurface';
import { SymbolTable } from '../resolve/symbolTable';
import type { GraphStore, LiveFile } from '../store/graphStore';
import { headState, listCommitFiles, readCommitFiles, resolveCommit } from './gitInfo';
import { type ParsedFile, parseFiles } from './parseFiles';
import type { ProgressListener } from './progress';
import { defaultRepoUrl, normaliseRepoUrl, resolveRepoRoot } from './repoIdentity';
import { defaultServiceName, parseRepoConfig } from './repoConfig';
import { LinkWriter, type RepoState } from './linkWriter';
import { LiveFiles } from './liveFiles';
import { workingSnapshot, writeSnapshot } from './snapshotRecords';
import {
  DEFAULT_MAX_FILE_BYTES, type SkipCounts, type SourceFile, isGitWorkTree, isLayoutFile, listRepositoryFiles, normaliseRelativePath,
  readSource, toSource,
} from './sourceFiles';

export interface IndexOptions {
  readonly repoPath: string;
  readonly repoUrl?: string;
  /** A commit-ish; default: the working tree at HEAD. */
  readonly commit?: string;
  readonly maxFileBytes?: number;
  readonly workers?: number;
  readonly onProgress?: ProgressListener;
  /** Repo-relative paths to leave out, on top of .gitignore (the editor's exclude settings). */
  readonly exclude?: (relativePath: string) => boolean;
}

export interface IndexSummary {
  readonly repoUrl: string;
  readonly repoHash: Hash;
  readonly snapshotHash: Hash;
  readonly commit: string;
  readonly dirty: boolean;
  /** False when nothing changed since the snapshot of the same state. */
  readonly newSnapshot: boolean;
  readonly files: { readonly indexed: number; readonly added: number; readonly changed: number; readonly removed: number; readonly unchanged: number };
  readonly skipped: SkipCounts;
  readonly filesWithSyntaxErrors: number;
  readonly relinkedFiles: number;
  /** Repo-relative paths whose facts this run extracted (new or changed content). */
  readonly parsedPaths: readonly string[];
  /**
   * Edges this run closed that the static pass had not made (lsp_resolved, scip_resolved):
   * re-linking a file rebuilds all the edges it owns from its facts, so a later pass must
   * run again over them (the graph server re-enriches from this list).
   */
  readonly replacedNonStaticEdges: readonly GraphEdge[];
  readonly seconds: number;
}

/** Provenances the static pass (extract + resolve) writes; any other is a later pass's. */
const STATIC_PROVENANCES = new Set(['ast_inferred', 'ast_resolved']);

/** What one write changed, for the summary. */
interface WrittenChanges {
  readonly relinked: number;
  readonly filesWithSyntaxErrors: number;
  readonly parsedPaths: readonly string[];
  readonly replacedNonStaticEdges: readonly GraphEdge[];
}

const NO_CHANGES: Omit<WrittenChanges, 'filesWithSyntaxErrors'> = { relinked: 0, parsedPaths: [], replacedNonStaticEdges: [] };

interface RepoContext {
  readonly repo: RepoState;
  readonly layout: RepoLayout;
  readonly resolvers: Map<LanguageResolverFactory, LanguageResolver>;
}

function readText(root: string, relativePath: string): string | undefined {
  try {
    return fs.readFileSync(path.join(root, relativePath), 'utf8');
  } catch {
    return undefined;
  }
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
  private readonly tables = new Map<Hash, SymbolTable>();
  /** Per repository root: what resolvers know of it. One indexer may serve several repos. */
  private readonly contexts = new Map<string, RepoContext>();
  /** The repo of the run under way; resolvers answer for it. */
  private active: RepoContext | undefined;

  private readonly links: LinkWriter;

  /** `warn` receives per-file problems (stderr in the CLI, the output channel in VS Code). */
  constructor(private readonly store: GraphStore, private readonly warn: (message: string) => void = () => undefined) {
    this.links = new LinkWriter(store, (facts) => this.resolverFor(facts));
  }

  async index(options: IndexOptions): Promise<IndexSummary> {
    const started = performance.now();
    const root = resolveRepoRoot(options.repoPath);
    const progress = options.onProgress ?? (() => undefined);
    const { commit, dirty, readFromCommit } = this.commitToIndex(root, options.commit);
    const listing = readFromCommit ? listCommitFiles(root, commit) : listRepositoryFiles(root).allPaths;
    const excluded = options.exclude ?? (() => false);
    const candidates = listing.filter((p) => (languageForPath(p) !== undefined || isLayoutFile(p)) && !excluded(p)).sort();
    progress({ phase: 'scan', done: 0, total: candidates.length });

    const contents = readFromCommit ? readCommitFiles(root, commit, candidates) : undefined;
    const readBytes = (p: string): Buffer | undefined => {
      if (contents) return contents.get(p);
      try {
        return fs.readFileSync(path.join(root, p));
      } catch {
        return undefined;
      }
    };
    const repo = this.repoState(root, options.repoUrl, readBytes('.ckg.yaml')?.toString('utf8'));
    this.activate(root, repo, new RepoLayout(listing, (p) => readBytes(p)?.toString('utf8')));

    const skipped: SkipCounts = {};
    const sources = new Map<string, SourceFile>();
    const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    for (const p of candidates) {
      if (!languageForPath(p)) continue;
      const source = toSource(p, readBytes(p), maxBytes, skipped);
      if (source) sources.set(p, source);
    }
    progress({ phase: 'scan', done: candidates.length, total: candidates.length });

    this.store.upsertRepo({ repoHash: repo.repoHash, repoUrl: repo.repoUrl, rootPath: root, serviceName: repo.serviceName });
    const live = LiveFiles.all(this.store, repo.repoHash);
    const commitKey = dirty ? `${commit}+dirty:${hashOf(...[...sources.values()].map((s) => `${s.path}:${s.contentHash}`))}` : commit;
    const snapshotHash = Identity.snapshot(repo.repoHash, commitKey);

    const added = [...sources.values()].filter((s) => !live.has(s.path));
    const changed = [...sources.values()].filter((s) => live.has(s.path) && live.get(s.path)!.contentHash !== s.contentHash);
    const removed = [...live.values()].filter((f) => !sources.has(f.path));
    const unchanged = [...sources.values()].filter((s) => live.get(s.path)?.contentHash === s.contentHash);

    const existing = this.store.snapshot(snapshotHash);
    // Nothing to do only when no file changed and no stored facts are from an older extractor.
    if (added.length + changed.length + removed.length === 0 && existing && this.store.staleFactsCount(repo.repoHash) === 0) {
      progress({ phase: 'done', done: sources.size, total: sources.size });
      return this.summary(repo, snapshotHash, commit, dirty, false, sources.size, [0, 0, 0, unchanged.length], skipped, 0, NO_CHANGES, started);
    }

    const { table, stale } = this.loadTable(repo, unchanged, live);
    const toParse = [...added, ...changed, ...stale];
    const parsed = await parseFiles(toParse, options.workers, progress, skipped, this.warn);
    const seq = this.store.nextSnapshotSeq(repo.repoHash);
    const written = this.writeChanges(repo, table, toParse, parsed, removed, live, seq, snapshotHash, progress, () => {
      writeSnapshot(this.store, repo, snapshotHash, seq, commit, dirty, existing !== undefined);
    });
    progress({ phase: 'done', done: sources.size, total: sources.size });
    return this.summary(
      repo, snapshotHash, commit, dirty, true, sources.size,
      [added.length, changed.length, removed.length, unchanged.length - stale.length], skipped, written.filesWithSyntaxErrors, written, started,
    );
  }

  /**
   * Re-indexes just these working-tree files (an editor save): the path from saved to
   * queryable. The rows land in the repo's working-tree snapshot, a dirty snapshot that
   * follows the work tree until the next full index; its Merkle root and counts are
   * refreshed by that index, not on every save. Needs a prior `index` of the repo.
   */
  async reindexFiles(repoPath: string, relativePaths: readonly string[], maxFileBytes = DEFAULT_MAX_FILE_BYTES): Promise<IndexSummary> {
    const started = performance.now();
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
      if (!source) {
        const gone = live.get(normalised);
        if (gone) removed.push(gone);
      } else if (live.get(normalised)?.contentHash !== source.contentHash) {
        toParse.push(source);
      }
    }
    const files = new Set(context.layout.files);
    const layoutChanged = toParse.some((f) => !files.has(f.path)) || removed.length > 0;
    for (const source of toParse) files.add(source.path);
    for (const gone of removed) files.delete(gone.path);
    // New or deleted files change what imports resolve to: resolvers see the new file set.
    this.activate(root, repo, layoutChanged ? new RepoLayout(files, (p) => readText(root, p)) : context.layout);
    if (toParse.length === 0 && removed.length === 0) {
      const latest = this.store.latestSnapshot(repo.repoHash);
      return this.summary(repo, latest?.snapshotHash ?? '', latest?.commitHash ?? '', latest?.dirty ?? false, false, 0, [0, 0, 0, 0], skipped, 0, NO_CHANGES, started);
    }
    const table = this.tableOf(repo, live);
    const parsed = await parseFiles(toParse, 1, () => undefined, skipped, this.warn);
    const working = workingSnapshot(this.store, repo);
    const written = this.writeChanges(
      repo, table, toParse, parsed, removed, live, working.seq, working.snapshotHash, () => undefined, () => undefined,
    );
    const addedCount = toParse.filter((s) => !live.has(s.path)).length;
    return this.summary(
      repo, working.snapshotHash, working.commitHash, true, working.created, toParse.length,
      [addedCount, toParse.length - addedCount, removed.length, 0], skipped, written.filesWithSyntaxErrors, written, started,
    );
  }

  /**
   * Readies this thread for `reindexFiles` on the given repo: loads the grammars its
   * files need. A long-lived host (the graph server) calls it after the first index.
   */
  async prepareForEdits(repoPath: string): Promise<void> {
    const repo = this.contexts.get(resolveRepoRoot(repoPath))?.repo;
    const table = repo && this.tableOf(repo, LiveFiles.onDemand(this.store, repo.repoHash));
    if (!table) throw new Error(`prepareForEdits: ${repoPath} has not been indexed by this indexer yet; run index first`);
    await preloadLanguages(table.files());
  }

  /** Puts parsed facts in the table, then writes files, nodes, edges and routes in one transaction. */
  private writeChanges(
    repo: RepoState, table: SymbolTable, toParse: SourceFile[], parsed: Map<string, ParsedFile>, removed: LiveFile[],
    live: LiveFiles, seq: number, snapshotHash: Hash, progress: ProgressListener, finish: () => void,
  ): WrittenChanges {
    const firstIndex = live.empty;
    let filesWithSyntaxErrors = 0;
    const surfaceChanged: string[] = [];
    for (const [p, { facts }] of parsed) {
      if (facts.syntaxErrors > 0) filesWithSyntaxErrors++;
      const previous = live.get(p);
      const before = table.factsOf(p) ?? (previous && this.store.facts(previous.fileHash, previous.contentHash));
      if (!before || exportSurface(before) !== exportSurface(facts)) surfaceChanged.push(p);
      table.setFile(p, this.resolverFor(facts).packagePath(p, facts), facts);
    }
    for (const file of removed) table.removeFile(file.path);
    const relink = this.links.filesToRelink(repo, table, [...parsed.keys()], surfaceChanged, removed, live);
    progress({ phase: 'resolve', done: 0, total: relink.size });
    // Read through the live owner index, for the rewritten files only: cheap for a save.
    const rewritten = [...new Set([...relink, ...removed.map((f) => f.path)])].filter((p) => live.has(p)).map((p) => live.get(p)!.fileHash);
    const ownedBefore = rewritten.flatMap((fileHash) => this.store.liveEdgesOwnedBy(fileHash));
    const nonStaticBefore = ownedBefore.filter((e) => !STATIC_PROVENANCES.has(e.provenance));
    this.store.transaction(() => {
      for (const file of removed) this.removeFile(repo, file, seq, snapshotHash);
      for (const source of toParse) {
        const fileHash = Identity.file(repo.repoHash, source.path);
        this.store.openFile({
          fileHash, repoHash: repo.repoHash, path: source.path, contentHash: source.contentHash,
          language: languageForPath(source.path)!.id, sizeBytes: source.sizeBytes,
        }, seq);
        const result = parsed.get(source.path);
        if (result) this.store.putFacts(fileHash, source.contentHash, result.encoded ?? result.facts);
      }
      this.links.writeLinks(repo, table, relink, seq, snapshotHash, progress, firstIndex && relink.size >= BULK_LOAD_MIN_FILES);
      // Only a closed edge can leave a package or placeholder node without edges: a write of
      // a few files (a save) checks the ends of the edges it rewrote, a larger one all nodes.
      const touched = removed.length + toParse.length > SWEEP_ALL_MIN_FILES ? undefined : ownedBefore.flatMap((e) => [e.sourceHash, e.targetHash]);
      this.store.sweepRepoLevelNodes(repo.repoHash, seq, touched);
      finish();
    });
    const stillOwned = new Set(rewritten.flatMap((fileHash) => this.store.liveEdgesOwnedBy(fileHash)).map((e) => e.edgeHash));
    return {
      relinked: relink.size, filesWithSyntaxErrors, parsedPaths: [...parsed.keys()],
      replacedNonStaticEdges: nonStaticBefore.filter((e) => !stillOwned.has(e.edgeHash)),
    };
  }

  private commitToIndex(root: string, commitish: string | undefined): { commit: string; dirty: boolean; readFromCommit: boolean } {
    const head = headState(root);
    if (!commitish) return { commit: head.commit, dirty: head.dirty, readFromCommit: false };
    if (!isGitWorkTree(root)) throw new Error(`--commit ${commitish}: ${root} is not a git repository`);
    const commit = resolveCommit(root, commitish);
    if (commit === head.commit && !head.dirty) return { commit, dirty: false, readFromCommit: false };
    return { commit, dirty: false, readFromCommit: true };
  }

  private repoState(root: string, repoUrlOption: string | undefined, configText: string | undefined): RepoState {
    const config = parseRepoConfig(configText, path.join(root, '.ckg.yaml'));
    const repoUrl = repoUrlOption ? normaliseRepoUrl(repoUrlOption) : config.repoUrl ? normaliseRepoUrl(config.repoUrl) : defaultRepoUrl(root);
    return { root, repoUrl, repoHash: Identity.repo(repoUrl), serviceName: config.serviceName ?? defaultServiceName(repoUrl, root) };
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

  /**
   * The symbol table of every unchanged file: kept from an earlier run, else rebuilt from
   * the stored facts. Files whose facts an older extractor wrote are returned to be parsed.
   */
  private loadTable<F extends Pick<SourceFile, 'path' | 'contentHash'>>(
    repo: RepoState, unchanged: F[], live: LiveFiles,
  ): { table: SymbolTable; stale: F[] } {
    let table = this.tables.get(repo.repoHash);
    if (!table) this.tables.set(repo.repoHash, (table = new SymbolTable()));
    const stale: F[] = [];
    for (const source of unchanged) {
      if (table.factsOf(source.path)) continue;
      const facts = this.store.facts(live.get(source.path)!.fileHash, source.contentHash);
      if (facts) table.setFile(source.path, this.resolverFor(facts).packagePath(source.path, facts), facts);
      else stale.push(source);
    }
    return { table, stale };
  }

  /**
   * The repo's symbol table. An index run that found nothing changed returns before
   * loading it; a later save (`reindexFiles`) then loads it from the stored facts.
   */
  private tableOf(repo: RepoState, live: LiveFiles): SymbolTable {
    if (!this.tables.has(repo.repoHash)) {
      this.loadTable(repo, [...live.values()], live);
    }
    return this.tables.get(repo.repoHash)!;
  }

  private removeFile(repo: RepoState, file: LiveFile, seq: number, snapshotHash: Hash): void {
    this.store.closeFile(file.fileHash, seq);
    this.store.replaceFileNodes(file.fileHash, [], seq);
    this.store.replaceOwnedEdges(file.fileHash, repo.repoHash, [], seq, snapshotHash);
    this.store.replaceFileRoutes(file.fileHash, []);
    this.store.deleteFacts(file.fileHash);
  }

  private summary(
    repo: RepoState, snapshotHash: Hash, commit: string, dirty: boolean, newSnapshot: boolean, indexed: number,
    [added, changed, removed, unchanged]: number[], skipped: SkipCounts, filesWithSyntaxErrors: number, written: Omit<WrittenChanges, 'filesWithSyntaxErrors'>,
    started: number,
  ): IndexSummary {
    return {
      repoUrl: repo.repoUrl, repoHash: repo.repoHash, snapshotHash, commit, dirty, newSnapshot,
      files: { indexed, added, changed, removed, unchanged }, skipped, filesWithSyntaxErrors, relinkedFiles: written.relinked,
      parsedPaths: written.parsedPaths, replacedNonStaticEdges: written.replacedNonStaticEdges,
      seconds: (performance.now() - started) / 1000,
    };
  }
}


