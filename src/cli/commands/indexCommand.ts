import { RepoIndexer } from '../../index/repoIndexer';
import { DEFAULT_MAX_FILE_BYTES } from '../../index/sourceFiles';
import { workingTreeRepoHash } from '../../index/repoIdentity';
import { openStore } from '../../store';
import { UsageError, parseArgs, positiveIntegerOption, writerLock } from '../args';
import { dbLocation } from '../dbLocation';
import { ENRICH_VALUED_OPTIONS, enrichSettings, runEnrichment } from './enrichCommand';
import { progressBar } from '../progressBar';
import type { CliIo } from '../io';
import { INDEX_USAGE } from '../usage';

export async function indexCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['db', 'repo-url', 'commit', 'max-file-bytes', 'workers', 'file-budget-ms', ...ENRICH_VALUED_OPTIONS], ['no-wait', 'enrich', 'verbose']);
  const repoPath = args.positionals[0];
  if (!repoPath) throw new UsageError(`missing <repo_path>; usage: ${INDEX_USAGE}`);
  if (args.positionals.length > 1) throw new UsageError(`unexpected argument ${args.positionals[1]}; usage: ${INDEX_USAGE}`);
  const dbPath = dbLocation(args);
  const maxFileBytes = positiveIntegerOption(args, 'max-file-bytes') ?? DEFAULT_MAX_FILE_BYTES;
  const workers = positiveIntegerOption(args, 'workers');
  const fileBudgetMs = positiveIntegerOption(args, 'file-budget-ms');
  const enrich = args.options.has('enrich');
  const usedWithoutEnrich = ['enrich-budget', 'timeout-ms', 'verbose'].find((name) => args.options.has(name));
  if (!enrich && usedWithoutEnrich) throw new UsageError(`--${usedWithoutEnrich} applies to --enrich only; usage: ${INDEX_USAGE}`);
  const enrichment = enrich ? enrichSettings(args) : undefined;
  const repoUrl = args.options.get('repo-url') as string | undefined;
  // On a server database the run locks its repository only: indexers of others go on.
  const lock = writerLock(args, `ckg index ${repoPath}`, io);
  const repoHash = workingTreeRepoHash(repoPath, repoUrl);
  const store = await openStore(dbPath, { writer: { ...lock, repository: repoHash } });
  const repositoryLock = store.capabilities.repositoryLocks ? { repoHash, beyond: () => store.lockForWriting(lock) } : undefined;
  const bar = progressBar(io.stderr);
  try {
    const summary = await new RepoIndexer(store, (m) => io.stderr.write(`warning: ${m}\n`)).index({
      repoPath,
      repoUrl,
      ...(repositoryLock ? { repositoryLock } : {}),
      commit: args.options.get('commit') as string | undefined,
      maxFileBytes,
      workers,
      fileBudget: { milliseconds: fileBudgetMs },
      onProgress: (p) => bar.update(p),
    });
    bar.end();
    // Also after a run with nothing to index: it may have remembered files' stats (a small page write).
    await store.save();
    // The repository's counts as its snapshot recorded them: no count of the whole graph.
    const snapshot = await store.snapshot(summary.snapshotHash);
    const f = summary.files;
    const lines = [
      `indexed ${summary.repoUrl} at ${summary.commit || '(no commit)'}${summary.dirty ? ' +dirty' : ''}`,
      `snapshot ${summary.snapshotHash}${summary.newSnapshot ? '' : ' (unchanged, nothing to do)'}`,
      `files    ${f.indexed} (added ${f.added}, changed ${f.changed}, removed ${f.removed}, unchanged ${f.unchanged}); re-linked ${summary.relinkedFiles}`,
      ...(Object.keys(summary.relinkedInOtherRepos).length > 0 ? [`across   re-linked in other repositories: ${formatCounts(summary.relinkedInOtherRepos)}`] : []),
      `skipped  ${formatCounts(summary.skipped) || 'none'}${summary.filesWithSyntaxErrors ? `; ${summary.filesWithSyntaxErrors} files with syntax errors (partial facts)` : ''}`,
      `nodes    ${countsLine(snapshot?.nodeCount ?? 0, snapshot?.nodesByKind)}`,
      `edges    ${countsLine(snapshot?.edgeCount ?? 0, snapshot?.edgesByType)}`,
      `time     ${summary.seconds.toFixed(2)} s`,
    ];
    io.stdout.write(`${lines.join('\n')}\n`);
    const repo = enrichment ? await store.repo(summary.repoHash) : undefined;
    if (repo && enrichment) {
      if (summary.commit && args.options.has('commit')) {
        io.stderr.write('warning: --enrich skipped: language servers read the working tree, not the indexed commit\n');
        return 0;
      }
      // Enrichment upgrades edges that other repositories' runs may re-link: it writes under the graph's lock.
      const graphLease = repositoryLock ? await repositoryLock.beyond() : undefined;
      try {
        await runEnrichment(store, repo, enrichment, args, io);
        await store.save();
      } finally {
        await graphLease?.release();
      }
    }
    return 0;
  } finally {
    bar.end();
    await store.close();
  }
}

/** A total with its breakdown, when the snapshot has one (snapshots before schema 16 do not). */
function countsLine(total: number, breakdown: Readonly<Record<string, number>> | undefined): string {
  return breakdown ? `${total} (${formatCounts(breakdown)})` : String(total);
}

export function formatCounts(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k} ${v}`).join(', ');
}
