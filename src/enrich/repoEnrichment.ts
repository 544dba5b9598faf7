import * as path from 'node:path';
import { type GraphEdge, type Hash, type RepoRecord, hashBytes } from '../model';
import type { EnrichmentState, GraphStore, LiveFile } from '../store';
import { type EnrichTarget, enrichFiles } from './enricher';
import { type ConfiguredServer, type ServerPlan, planServers } from './languageServers';
import { EnrichmentReport } from './report';
import { ServerSession, type ServerSessionOptions } from './serverSession';

export const REPO_ENRICHMENT_DEFAULTS = {
  /** The longest a run may take; the files left are asked on the next run. */
  budgetMs: 600_000,
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
  /** Runs a batch's write (the server queues it behind indexing); at once by default. */
  readonly write?: (apply: () => Promise<number>) => Promise<number>;
  /** Starts a server process; tests swap in one that crashes or hangs. */
  readonly startServer?: ServerSessionOptions['start'];
  /** Unix seconds of the run, recorded with each file (tests pin it). */
  readonly now?: () => number;
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

const sourceOf = (serverId: string): string => `lsp:${serverId}`;

/**
 * `ckg enrich` over one repository (SPEC 1.4, 2.3 rule 4): finds the language servers its
 * languages need, says which it uses and which it cannot, and asks each about the files
 * changed since their last enrichment: a file whose content, server, or owned edges (a
 * re-link by `ckg index` replaces them) differ from what was recorded. What each batch
 * learns is written at once, so a crash or the budget loses at most the batch under way;
 * the files it did not finish are asked on the next run.
 */
export async function enrichRepository(store: GraphStore, repo: RepoRecord, options: RepoEnrichmentOptions): Promise<RepoEnrichmentSummary> {
  const started = performance.now();
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const budgetMs = options.budgetMs ?? REPO_ENRICHMENT_DEFAULTS.budgetMs;
  const budget = new AbortController();
  const timer = setTimeout(() => budget.abort(), budgetMs);
  timer.unref?.();
  const stop = (): void => budget.abort();
  options.signal?.addEventListener('abort', stop);
  if (options.signal?.aborted) stop();
  const files = await store.liveFiles(repo.repoHash);
  const plan = planServers(files.map((f) => f.language), repo.rootPath, options.servers);
  sayPlan(plan, files, options.say);
  const report = new EnrichmentReport();
  const servers: ServerOutcome[] = [];
  try {
    let digests = await ownedEdgeDigests(store, repo.repoHash);
    for (const { server, command, languages } of plan.use) {
      const own = files.filter((f) => languages.includes(f.language));
      const source = sourceOf(server.id);
      const pending = options.all ? own : await changedSince(store, source, command.identity, own, digests);
      if (pending.length === 0) {
        options.say(`${server.id}: ${count(own.length, 'file')} up to date; nothing to ask`);
        servers.push({ server: server.id, files: own.length, asked: 0, left: 0 });
        continue;
      }
      if (budget.signal.aborted) {
        servers.push({ server: server.id, files: own.length, asked: 0, left: pending.length });
        continue;
      }
      options.say(`${server.id}: asking about ${count(pending.length, 'file')} of ${own.length}${options.all ? '' : ' (new or changed since the last enrichment)'}`);
      const session = new ServerSession(server, command, {
        rootPath: repo.rootPath,
        firstFile: path.join(repo.rootPath, pending[0].path),
        timeoutMs: server.protocol === 'tsserver' && options.timeoutMs === undefined ? undefined : options.timeoutMs,
        warn: (message) => options.say(`warning: ${message}`),
        log: options.log,
        start: options.startServer,
      });
      const targets: EnrichTarget[] = pending.map((f) => ({ repoHash: repo.repoHash, path: f.path }));
      let part: EnrichmentReport;
      try {
        part = await enrichFiles(store, session, targets, {
          signal: budget.signal,
          write: options.write,
          onProgress: (done, total) => options.onProgress?.({ server: server.id, done, total }),
        });
      } finally {
        await session.close();
      }
      report.merge(part);
      const before = digests;
      digests = await ownedEdgeDigests(store, repo.repoHash);
      const finished = pending.filter((f) => part.visited.get(f.fileHash) === f.contentHash && !part.unanswered.has(f.fileHash));
      // Answers about one file write edges other files own (references, implements): those
      // were up to date before this run, and what changed their edges is this run itself.
      const asked = new Set(pending.map((f) => f.fileHash));
      const touched = own.filter((f) => !asked.has(f.fileHash) && before.get(f.fileHash) !== digests.get(f.fileHash));
      const at = now();
      await store.recordEnrichment([...finished, ...touched].map((f) => ({
        fileHash: f.fileHash, source, contentHash: f.contentHash, inputDigest: command.identity, edgesDigest: digests.get(f.fileHash) ?? EMPTY, at,
      })));
      servers.push({ server: server.id, files: own.length, asked: pending.length, left: pending.length - finished.length, failure: session.failure });
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
  const budgetExhausted = budget.signal.aborted && !options.signal?.aborted;
  return { plan, servers, report, budgetExhausted, seconds: (performance.now() - started) / 1000 };
}

const EMPTY = hashBytes('');

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
      || state.edgesDigest !== (digests.get(file.fileHash) ?? EMPTY);
  });
}

/** Per owner file, a digest of the edges it owns: any write to them (a re-link, an enrichment) changes it. */
async function ownedEdgeDigests(store: GraphStore, repoHash: Hash): Promise<Map<Hash, string>> {
  const byOwner = new Map<Hash, GraphEdge[]>();
  for (const edge of await store.liveEdges({ repoHash })) {
    if (!edge.ownerFileHash) continue;
    const owned = byOwner.get(edge.ownerFileHash);
    if (owned) owned.push(edge);
    else byOwner.set(edge.ownerFileHash, [edge]);
  }
  const digests = new Map<Hash, string>();
  for (const [owner, edges] of byOwner) {
    digests.set(owner, hashBytes(edges.map((e) => `${e.edgeHash} ${e.callSiteLine}:${e.callSiteCol} ${e.laterCallSites.length}`).sort().join('\n')));
  }
  return digests;
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}
