import type { Hash, NodeKind } from '../model';
import { readFacts } from '../index/factsCodec';
import type { FileFacts } from '../extract/facts';
import type { FactsCache, GraphReader, GraphStore, SnapshotLog } from '../store';
import { type CallQuery, callQueries, planCalls } from './callSites';
import { EdgePlan, LSP_PROVENANCE, type ResolvedProvenance } from './edgePlan';
import { type LocatedFile, NodeLocator } from './nodeLocator';
import type { LocationAnswers, LocationOracle, LocationQueryKind, SourceLocation } from './oracle';
import { EnrichmentReport } from './report';
import { type SymbolQuery, planImplementations, planReferences, symbolQueries } from './symbolQueries';
import { contentOnDisk } from './visits';

export const ENRICH_DEFAULTS = {
  /** Queries per request to the oracle. */
  batchSize: 50,
  /** Files planned and written together: a write never holds the store for long. */
  filesPerBatch: 20,
  passes: { calls: true, implements: true, references: true },
  /** The declarations whose references are asked for: a language server answers each one slowly. */
  referenceKinds: new Set<NodeKind>(['function', 'method']) as ReadonlySet<NodeKind>,
};

export interface EnrichOptions {
  readonly batchSize?: number;
  readonly filesPerBatch?: number;
  readonly passes?: Partial<typeof ENRICH_DEFAULTS.passes>;
  /** Stops between requests; what was written stays written. */
  readonly signal?: AbortSignal;
  /**
   * Runs a batch's write. The graph server queues it behind indexing so the single
   * writer is never interleaved; by default the plan is applied at once.
   */
  readonly write?: (apply: () => Promise<number>) => Promise<number>;
  /** What the written edges are: a language server's answers (default) or a SCIP index's. */
  readonly provenance?: ResolvedProvenance;
  /** Hears each batch of files as it is written: how many of the targets are done. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Declarations whose references the references pass asks for (default: functions and methods). */
  readonly referenceKinds?: ReadonlySet<NodeKind>;
  /** Runs after each batch is written, with what that batch did (a caller checkpoints here). */
  readonly afterBatch?: (batch: EnrichmentReport) => Promise<void>;
}

/** A file to enrich: a repository and a path relative to its root. */
export interface EnrichTarget {
  readonly repoHash: Hash;
  readonly path: string;
}

/**
 * Upgrades the static edges of the given files with a location oracle (SPEC 1.4, 2.3
 * rule 4): definitions at call sites, implementations of interfaces, references of
 * functions and methods. Files go in small batches, each planned against the graph of
 * that moment and written in one transaction, so indexing and queries interleave.
 */
export async function enrichFiles(
  store: GraphStore, oracle: LocationOracle, targets: readonly EnrichTarget[], options: EnrichOptions = {},
): Promise<EnrichmentReport> {
  const report = new EnrichmentReport();
  const filesPerBatch = options.filesPerBatch ?? ENRICH_DEFAULTS.filesPerBatch;
  const batchSize = options.batchSize ?? ENRICH_DEFAULTS.batchSize;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`enrich: batchSize must be a positive integer, got ${batchSize}`);
  const passes = { ...ENRICH_DEFAULTS.passes, ...options.passes };
  const write = options.write ?? (async (apply) => apply());
  const provenance = options.provenance ?? LSP_PROVENANCE;
  const ask = async (kind: LocationQueryKind, locations: readonly SourceLocation[]): Promise<LocationAnswers> => {
    const answers: LocationAnswers = [];
    for (let i = 0; i < locations.length; i += batchSize) {
      if (options.signal?.aborted) {
        report.cancelled = true;
        answers.push(...locations.slice(i).map(() => null));
        break;
      }
      const batch = locations.slice(i, i + batchSize);
      const got = await oracle.locations(kind, batch, options.signal).catch(() => batch.map(() => null));
      answers.push(...batch.map((_, j) => got[j] ?? null));
    }
    return answers;
  };

  for (let start = 0; start < targets.length && !options.signal?.aborted; start += filesPerBatch) {
    const done = Math.min(start + filesPerBatch, targets.length);
    let locator = await NodeLocator.open(store);
    const files = await resolveTargets(store, locator, targets.slice(start, start + filesPerBatch), report);
    if (files.length === 0) {
      options.onProgress?.(done, targets.length);
      continue;
    }
    await locator.prepare(files.map((f) => f.file.fileHash));
    const calls: CallQuery[] = passes.calls ? await callQueries(store, files) : [];
    const callAnswers = await ask('definition', calls.map((q) => q.location));
    // Asked after the first answer, when a spawned server has said what it provides.
    const wanted = (kind: LocationQueryKind, on: boolean): boolean => on && oracle.provides?.(kind) !== false;
    const interfaces: SymbolQuery[] = wanted('implementation', passes.implements) ? symbolQueries(locator, files, new Set(['interface'])) : [];
    const functions: SymbolQuery[] = wanted('references', passes.references) ? symbolQueries(locator, files, options.referenceKinds ?? ENRICH_DEFAULTS.referenceKinds) : [];
    const implementationAnswers = await ask('implementation', interfaces.map((q) => q.location));
    const referenceAnswers = await ask('references', functions.map((q) => q.location));
    const batchReport = new EnrichmentReport();
    const skipped = await write(() => store.transaction(async (tx) => {
      // Planned at write time, against the graph as it is now: an index that ran while
      // the answers were coming in has replaced edges and may have moved files.
      locator = await NodeLocator.open(tx);
      await locator.prepare(files.map((f) => f.file.fileHash));
      await locator.prepareAnswers(callAnswers, implementationAnswers, referenceAnswers);
      const plan = new EdgePlan();
      const fresh = <Q extends { file: LocatedFile }>(queries: Q[], answers: LocationAnswers): [Q[], LocationAnswers] => {
        const kept = queries.map((q, i) => [q, answers[i]] as const).flatMap(([q, answer]) => {
          const now = locator.fileAt(q.file.absolutePath);
          return now?.file.contentHash === q.file.file.contentHash ? [[{ ...q, file: now }, answer] as const] : [];
        });
        batchReport.skippedQueries += queries.length - kept.length;
        return [kept.map(([q]) => q), kept.map(([, answer]) => answer)];
      };
      planCalls(...fresh(calls, callAnswers), locator, plan, batchReport, provenance);
      const implementsEdges = passes.implements ? await tx.liveEdges({ edgeType: 'implements' }) : [];
      planImplementations(implementsEdges, ...fresh(interfaces, implementationAnswers), locator, plan, batchReport, provenance);
      const [references, answers] = fresh(functions, referenceAnswers);
      planReferences(await factsOfAnswerFiles(tx, locator, answers), references, answers, locator, plan, batchReport, provenance);
      return plan.apply(tx);
    }));
    batchReport.skippedFiles += skipped;
    for (const file of files) batchReport.visited.set(file.file.fileHash, file.file.contentHash);
    const unanswered = <Q extends { file: LocatedFile }>(queries: readonly Q[], answers: LocationAnswers): void => {
      queries.forEach((q, i) => answers[i] === null && batchReport.unanswered.add(q.file.file.fileHash));
    };
    unanswered(calls, callAnswers);
    unanswered(interfaces, implementationAnswers);
    unanswered(functions, referenceAnswers);
    report.merge(batchReport);
    await options.afterBatch?.(batchReport);
    options.onProgress?.(done, targets.length);
  }
  if (options.signal?.aborted) report.cancelled = true;
  return report;
}

/**
 * The live files of the targets. A file whose bytes on disk are not the ones the graph
 * holds (a past commit indexed for Impact, a change not re-indexed yet) is skipped: the
 * language server answers about the disk, and positions from other content would be
 * wrong. Its next re-index queues it again.
 */
async function resolveTargets(
  store: SnapshotLog, locator: NodeLocator, targets: readonly EnrichTarget[], report: EnrichmentReport,
): Promise<LocatedFile[]> {
  const files: LocatedFile[] = [];
  for (const target of targets) {
    const repo = await store.repo(target.repoHash);
    if (!repo) continue;
    const located = locator.fileAt(`${repo.rootPath}/${target.path}`);
    if (!located) continue;
    if (contentOnDisk(located.absolutePath) === located.file.contentHash) files.push(located);
    else report.skippedFiles++;
  }
  return files;
}

/** The stored facts of the indexed files reference answers point into: their call sites and imports are no references. */
async function factsOfAnswerFiles(store: GraphReader & FactsCache, locator: NodeLocator, answers: LocationAnswers): Promise<Map<Hash, FileFacts>> {
  const factsOf = new Map<Hash, FileFacts>();
  for (const location of answers.flatMap((answer) => answer ?? [])) {
    const located = locator.fileAt(location.path);
    if (!located || factsOf.has(located.file.fileHash)) continue;
    const facts = await readFacts(store, located.file.fileHash, located.file.contentHash);
    if (facts) factsOf.set(located.file.fileHash, facts);
  }
  return factsOf;
}
