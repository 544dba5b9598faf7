import * as path from 'node:path';
import type { Hash, RepoRecord } from '../model';
import type { EnrichmentState, GraphStore, LiveFile } from '../store';
import { ENRICHMENT_DEFAULTS } from './enrichmentConfig';
import { enrichFiles } from './enricher';
import { type ConfiguredServer, type ServerPlan, planServers } from './languageServers';
import { EnrichmentReport } from './report';
import { ServerSession } from './serverSession';
import { digestOf, ownedEdgeDigests } from './visits';

export const REPO_ENRICHMENT_DEFAULTS = {
  /** How often a long run saves what it has learnt: a crash loses at most this much. */
  checkpointEveryMs: 60_000,
};

/** What a run over one repository reports as it goes. */
export interface EnrichmentProgress {
  /** The server whose files are being asked. */
  readonly server: string;
  readonly done: number;
  readonly total: number;
}

export interface RepoEnrichmentOptions {
  readonly servers?: Readonly<Record<string, ConfiguredServer>>;
  /** The longest the run may take (default: enrichment.budget's); the files left are asked on the next run. */
  readonly budgetMs?: number;
  /** Per query; each protocol's own default when absent. */
  readonly timeoutMs?: number;
  /** Ask every file again, changed or not. */
  readonly all?: boolean;
  /** Lines a user reads: the plan, each server's outcome, warnings. */
  readonly say: (line: string) => void;
  /** The servers' own chatter. */
  readonly log?: (line: string) => void;
  readonly onProgress?: (progress: EnrichmentProgress) => void;
  readonly signal?: AbortSignal;
  /** Runs a batch's write (the editor's server queues it behind indexing); at once by default. */
  readonly write?: (apply: () => Promise<number>) => Promise<number>;
  /** Persists the graph (a save); called every `checkpointEveryMs` while the run writes. */
  readonly checkpoint?: () => Promise<void>;
  readonly checkpointEveryMs?: number;
}

/** One server's part of a run. */
export interface ServerOutcome {
  readonly server: string;
  readonly files: number;
  /** Files asked in this run (changed since their last enrichment, or never enriched). */
  readonly asked: number;
  /** Files left for the next run: the budget ran out, or answers did not come. */
  readonly left: number;
  /** Why the server was given up (did not start, crashed twice, hung), if it was. */
  readonly failure?: string;
}

export interface RepoEnrichmentSummary {
  readonly plan: ServerPlan;
  readonly servers: readonly ServerOutcome[];
  readonly report: EnrichmentReport;
  readonly budgetExhausted: boolean;
  readonly seconds: number;
}

/** What every server's part of one run shares. */
interface RunContext {
  readonly store: GraphStore;
  readonly repo: RepoRecord;
  readonly options: RepoEnrichmentOptions;
  readonly budget: AbortSignal;
  readonly report: EnrichmentReport;
  /** Per owner file, a digest of its edges as of the last look. */
  digests: Map<Hash, string>;
  lastCheckpoint: number;
}

/**
 * `ckg enrich` over one repository (SPEC 1.4, 2.3 rule 4): finds the language servers its
 * languages need, says which it uses and which it cannot, and asks each about the files
 * changed since their last enrichment: a file whose content, server, or owned edges (a
 * re-link by `ckg index` replaces them) differ from what was recorded. Each batch's
 * answers are written at once, and the run checkpoints (records its visits and saves)
 * every minute, so a crash loses little; the files it did not finish are asked next run.
 */
export async function enrichRepository(store: GraphStore, repo: RepoRecord, options: RepoEnrichmentOptions): Promise<RepoEnrichmentSummary> {
  const started = performance.now();
  const budget = new AbortController();
  const timer = setTimeout(() => budget.abort(), options.budgetMs ?? ENRICHMENT_DEFAULTS.budgetMs);
  timer.unref?.();
  const stop = (): void => budget.abort();
  options.signal?.addEventListener('abort', stop);
  if (options.signal?.aborted) stop();
  const files = await store.liveFiles(repo.repoHash);
  const plan = planServers(files.map((f) => f.language), repo.rootPath, options.servers);
  sayPlan(plan, files, options.say);
  const run: RunContext = {
    store, repo, options, budget: budget.signal, report: new EnrichmentReport(), digests: new Map(), lastCheckpoint: performance.now(),
  };
  const servers: ServerOutcome[] = [];
  try {
    run.digests = await ownedEdgeDigests(store, repo.repoHash);
    for (const use of plan.use) {
      servers.push(await enrichWithServer(run, use, files.filter((f) => use.languages.includes(f.language))));
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
  const budgetExhausted = budget.signal.aborted && !options.signal?.aborted;
  return { plan, servers, report: run.report, budgetExhausted, seconds: (performance.now() - started) / 1000 };
}

/** One server's part: the files of its languages not answered for in their present state. */
async function enrichWithServer(run: RunContext, { server, command }: ServerPlan['use'][number], own: readonly LiveFile[]): Promise<ServerOutcome> {
  const { store, repo, options } = run;
  const source = `lsp:${server.id}`;
  const pending = options.all ? [...own] : await changedSince(store, source, command.identity, own, run.digests);
  if (pending.length === 0) {
    options.say(`${server.id}: ${count(own.length, 'file')} up to date; nothing to ask`);
    return { server: server.id, files: own.length, asked: 0, left: 0 };
  }
  if (run.budget.aborted) return { server: server.id, files: own.length, asked: 0, left: pending.length };
  options.say(`${server.id}: asking about ${count(pending.length, 'file')} of ${own.length}${options.all ? '' : ' (new or changed since the last enrichment)'}`);
  const session = new ServerSession(server, command, {
    rootPath: repo.rootPath,
    firstFile: path.join(repo.rootPath, pending[0].path),
    timeoutMs: options.timeoutMs,
    warn: (message) => options.say(`warning: ${message}`),
    log: options.log,
  });
  const record = async (visited: readonly LiveFile[], before: ReadonlyMap<Hash, string>): Promise<void> => {
    run.digests = await ownedEdgeDigests(store, repo.repoHash);
    // Answers about one file write edges other files own (references, implements): those
    // files were up to date before, and what changed their edges is this run itself.
    const asked = new Set(pending.map((f) => f.fileHash));
    const touched = own.filter((f) => !asked.has(f.fileHash) && before.get(f.fileHash) !== run.digests.get(f.fileHash));
    const at = Math.floor(Date.now() / 1000);
    await store.recordEnrichment([...visited, ...touched].map((f) => ({
      fileHash: f.fileHash, source, contentHash: f.contentHash, inputDigest: command.identity, edgesDigest: digestOf(run.digests, f.fileHash), at,
    })));
  };
  const before = run.digests;
  const finished = new Map<Hash, LiveFile>();
  const pendingByHash = new Map(pending.map((f) => [f.fileHash, f]));
  let report: EnrichmentReport;
  try {
    report = await enrichFiles(store, session, pending.map((f) => ({ repoHash: repo.repoHash, path: f.path })), {
      signal: run.budget,
      write: options.write,
      onProgress: (done, total) => options.onProgress?.({ server: server.id, done, total }),
      afterBatch: async (batch) => {
        for (const [fileHash, contentHash] of batch.visited) {
          const file = pendingByHash.get(fileHash);
          if (file?.contentHash === contentHash && !batch.unanswered.has(fileHash)) finished.set(fileHash, file);
        }
        if (!options.checkpoint || performance.now() - run.lastCheckpoint < (options.checkpointEveryMs ?? REPO_ENRICHMENT_DEFAULTS.checkpointEveryMs)) return;
        await record([...finished.values()], before);
        await options.checkpoint();
        run.lastCheckpoint = performance.now();
      },
    });
  } finally {
    await session.close();
  }
  run.report.merge(report);
  await record([...finished.values()], before);
  return { server: server.id, files: own.length, asked: pending.length, left: pending.length - finished.size, failure: session.failure };
}

function sayPlan(plan: ServerPlan, files: readonly LiveFile[], say: (line: string) => void): void {
  const filesOf = (languages: readonly string[]): number => files.filter((f) => languages.includes(f.language)).length;
  for (const { server, command, languages } of plan.use) {
    say(`using ${server.id} for ${languages.join(', ')} (${count(filesOf(languages), 'file')}; from ${command.origin})`);
  }
  for (const { server, languages, disabled } of plan.missing) {
    const why = disabled ? 'turned off in enrichment.servers' : `${server.id} not found; to install: ${server.install}`;
    const n = filesOf(languages);
    say(`no language server for ${languages.join(', ')} (${count(n, 'file')} ${n === 1 ? 'keeps its' : 'keep their'} static edges): ${why}`);
  }
  if (plan.unsupported.length > 0) {
    say(`not enriched (no language server support): ${plan.unsupported.join(', ')}`);
  }
}

/** The files a server has not answered for in their present state. */
async function changedSince(
  store: GraphStore, source: string, identity: string, files: readonly LiveFile[], digests: ReadonlyMap<Hash, string>,
): Promise<LiveFile[]> {
  const states = new Map<Hash, EnrichmentState>((await store.enrichmentStates(source, files.map((f) => f.fileHash))).map((s) => [s.fileHash, s]));
  return files.filter((file) => {
    const state = states.get(file.fileHash);
    return !state || state.contentHash !== file.contentHash || state.inputDigest !== identity
      || state.edgesDigest !== digestOf(digests, file.fileHash);
  });
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}
