import type { GraphEdge, Hash, ServiceLayout } from '../model';
import type { GraphTables, LiveFile, WriterLease } from '../store';
import type { RepoState } from './linkWriter';
import type { LiveFiles } from './liveFiles';
import type { ParsedFile } from './parseFiles';
import type { ProgressListener } from './progress';
import type { SkipCounts, SourceFile } from './sourceFiles';

/** What `ckg index`, index_repo and the editor hear back from one run. */
export interface IndexSummary {
  readonly repoUrl: string;
  readonly repoHash: Hash;
  readonly snapshotHash: Hash;
  readonly commit: string;
  readonly dirty: boolean;
  /** False when nothing changed since the snapshot of the same state. */
  readonly newSnapshot: boolean;
  readonly files: FileCounts & { readonly indexed: number };
  readonly skipped: SkipCounts;
  readonly filesWithSyntaxErrors: number;
  readonly relinkedFiles: number;
  /** Files of other repositories of the graph re-linked for calls into this one (or out of it), by repository URL. */
  readonly relinkedInOtherRepos: Readonly<Record<string, number>>;
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

/** How a run's files compare with the live ones. */
export interface FileCounts {
  readonly added: number;
  readonly changed: number;
  readonly removed: number;
  readonly unchanged: number;
}

/** The snapshot a run writes into. */
export interface RunSnapshot {
  readonly snapshotHash: Hash;
  readonly commit: string;
  readonly dirty: boolean;
}

/**
 * One indexing run (a full index or a save), handed through its stages in place of loose
 * positional values: which repo, which snapshot, what was live before, and where its
 * progress and skips are reported.
 */
export interface IndexRun {
  readonly repo: RepoState;
  readonly snapshot: RunSnapshot;
  readonly live: LiveFiles;
  readonly skipped: SkipCounts;
  readonly progress: ProgressListener;
  /** performance.now() at the start, for the summary's seconds. */
  readonly startedAt: number;
}

/** The files a run writes: parsed ones (with their facts) and removed ones. */
export interface RunWrite {
  readonly toParse: readonly SourceFile[];
  readonly parsed: ReadonlyMap<string, ParsedFile>;
  readonly removed: readonly LiveFile[];
  /** The snapshot sequence number the rows open and close at. */
  readonly seq: number;
  /** Unchanged files to re-link all the same (their route rows change service). */
  readonly relinkAlso?: readonly string[];
  /** The service layout the repository was indexed with before, when this run changes it. */
  readonly formerLayout?: ServiceLayout;
  /** Snapshot rows to write in the same transaction, once the graph rows are in. */
  readonly recordSnapshot?: (tx: GraphTables) => Promise<void>;
  /** Takes the graph's lock for the linking, the write and the re-link of other repositories (see RepositoryLock). */
  readonly beyondRepository?: () => Promise<WriterLease>;
}

/** What one write changed. */
export interface WrittenChanges {
  readonly relinked: number;
  readonly relinkedInOtherRepos: Readonly<Record<string, number>>;
  readonly filesWithSyntaxErrors: number;
  readonly parsedPaths: readonly string[];
  readonly replacedNonStaticEdges: readonly GraphEdge[];
}

/** A run that wrote nothing. */
export const NO_CHANGES: WrittenChanges = { relinked: 0, relinkedInOtherRepos: {}, filesWithSyntaxErrors: 0, parsedPaths: [], replacedNonStaticEdges: [] };

/** How a run ended, to be summarised. */
export interface RunOutcome {
  readonly newSnapshot: boolean;
  readonly indexed: number;
  readonly files: FileCounts;
  readonly written: WrittenChanges;
}

/** The summary of a run. */
export function summaryOf(run: Pick<IndexRun, 'repo' | 'snapshot' | 'skipped' | 'startedAt'>, outcome: RunOutcome): IndexSummary {
  const { repo, snapshot, skipped } = run;
  const { written } = outcome;
  return {
    repoUrl: repo.repoUrl, repoHash: repo.repoHash, snapshotHash: snapshot.snapshotHash, commit: snapshot.commit,
    dirty: snapshot.dirty, newSnapshot: outcome.newSnapshot, files: { indexed: outcome.indexed, ...outcome.files }, skipped,
    filesWithSyntaxErrors: written.filesWithSyntaxErrors, relinkedFiles: written.relinked, relinkedInOtherRepos: written.relinkedInOtherRepos, parsedPaths: written.parsedPaths,
    replacedNonStaticEdges: written.replacedNonStaticEdges, seconds: (performance.now() - run.startedAt) / 1000,
  };
}
