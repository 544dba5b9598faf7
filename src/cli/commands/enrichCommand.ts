import { type RepoEnrichmentSummary, enrichRepository } from '../../enrich/repoEnrichment';
import type { EnrichmentConfig } from '../../enrich/enrichmentConfig';
import { resolveRepoRoot } from '../../index/repoIdentity';
import type { RepoRecord } from '../../model';
import { parseDuration } from '../../model/configValues';
import { type GraphStore, openStore } from '../../store';
import { type ParsedArgs, UsageError, parseArgs, positiveIntegerOption, writerLock } from '../args';
import { dbLocation } from '../dbLocation';
import type { CliIo } from '../io';
import { progressBar } from '../progressBar';
import { readConfig } from '../configFile';
import { ENRICH_USAGE } from '../usage';

/** The options `ckg enrich` and `ckg index --enrich` share. */
export const ENRICH_VALUED_OPTIONS = ['enrich-budget', 'timeout-ms', 'config'] as const;
export const ENRICH_FLAGS = ['all', 'verbose'] as const;

/**
 * `ckg enrich`: upgrades the static edges of an indexed repository through headless
 * language servers (tsserver, pyright, gopls, rust-analyzer, jdtls, csharp-ls), asking
 * only about files changed since the last enrichment. Prints the plan (servers used and
 * missing), a progress bar, and per language and pass what was confirmed, added and
 * contradicted; saves the graph.
 */
export async function enrichCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['db', 'repo-url', ...ENRICH_VALUED_OPTIONS], ['no-wait', ...ENRICH_FLAGS]);
  const repoPath = args.positionals[0];
  if (!repoPath) throw new UsageError(`missing <repo_path>; usage: ${ENRICH_USAGE}`);
  if (args.positionals.length > 1) throw new UsageError(`unexpected argument ${args.positionals[1]}; usage: ${ENRICH_USAGE}`);
  const dbPath = dbLocation(args);
  const settings = enrichSettings(args);
  let root: string;
  try {
    root = resolveRepoRoot(repoPath);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const store = await openStore(dbPath, { writer: writerLock(args, `ckg enrich ${repoPath}`, io) });
  try {
    const repo = await indexedRepo(store, root, args.options.get('repo-url') as string | undefined, repoPath, dbPath);
    const summary = await runEnrichment(store, repo, settings, args, io);
    await store.save();
    return summary.servers.some((s) => s.failure) && summary.servers.every((s) => s.failure || s.asked === 0) ? 1 : 0;
  } finally {
    await store.close();
  }
}

/** The enrichment settings of a command line: the config's `enrichment` section, then the flags. */
export function enrichSettings(args: ParsedArgs): EnrichmentConfig {
  const config = readConfig(args.options.get('config')).enrichment;
  const budget = args.options.get('enrich-budget');
  let budgetMs = config.budgetMs;
  if (budget !== undefined) {
    try {
      budgetMs = parseDuration(budget === true ? '' : budget, '--enrich-budget');
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  return { ...config, budgetMs, timeoutMs: positiveIntegerOption(args, 'timeout-ms') ?? config.timeoutMs };
}

/** Runs the enrichment of one indexed repository with a progress bar, printing its plan and report. */
export async function runEnrichment(store: GraphStore, repo: RepoRecord, settings: EnrichmentConfig, args: ParsedArgs, io: CliIo): Promise<RepoEnrichmentSummary> {
  const bar = progressBar(io.stderr);
  const verbose = args.options.has('verbose');
  const say = (line: string): void => {
    bar.end();
    io.stderr.write(`${line}\n`);
  };
  let summary: RepoEnrichmentSummary;
  try {
    summary = await enrichRepository(store, repo, {
      servers: settings.servers,
      budgetMs: settings.budgetMs,
      timeoutMs: settings.timeoutMs,
      all: args.options.has('all'),
      say,
      log: verbose ? say : undefined,
      onProgress: ({ server, done, total }) => bar.update({ phase: server, done, total }),
      checkpoint: () => store.save(),
    });
  } finally {
    bar.end();
  }
  io.stdout.write(`${summaryLines(repo, summary).join('\n')}\n`);
  return summary;
}

function summaryLines(repo: RepoRecord, summary: RepoEnrichmentSummary): string[] {
  const lines = [`enriched ${repo.repoUrl} in ${summary.seconds.toFixed(1)} s`];
  for (const s of summary.servers) {
    const state = s.failure ? `failed: ${s.failure}` : s.asked === 0 ? 'up to date' : `asked about ${s.asked} of ${s.files} files`;
    lines.push(`  ${s.server}: ${state}${s.left > 0 ? `; ${s.left} left for the next run` : ''}`);
  }
  for (const line of summary.report.lines()) lines.push(`  ${line}`);
  if (summary.report.skippedFiles > 0) lines.push(`  ${summary.report.skippedFiles} files skipped: changed on disk since they were indexed (run ckg index first)`);
  if (summary.budgetExhausted) lines.push('  the enrichment budget ran out; run ckg enrich again to go on where it stopped');
  if (summary.plan.use.length === 0) lines.push('  no language server to ask: nothing changed');
  return lines;
}

/** The repository indexed at `root` (and named `repoUrl`, when given). */
async function indexedRepo(store: GraphStore, root: string, repoUrl: string | undefined, repoPath: string, dbPath: string): Promise<RepoRecord> {
  const repos = await store.repos();
  const here = repos.filter((r) => r.rootPath === root && (repoUrl === undefined || r.repoUrl === repoUrl));
  if (here.length === 1) return here[0];
  if (here.length > 1) {
    throw new UsageError(`${repoPath} is indexed under several URLs (${here.map((r) => r.repoUrl).join(', ')}); name one with --repo-url`);
  }
  const known = repos.map((r) => `${r.repoUrl} (${r.rootPath})`).join(', ') || 'none';
  throw new UsageError(`${repoPath}${repoUrl ? ` as ${repoUrl}` : ''} is not indexed in ${dbPath}; run ckg index ${repoPath} -db ${dbPath} first `
    + `(indexed: ${known})`);
}
