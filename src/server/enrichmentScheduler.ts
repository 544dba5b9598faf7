import { type EnrichTarget, enrichFiles } from '../enrich/enricher';
import type { LocationOracle } from '../enrich/oracle';
import { EnrichmentReport } from '../enrich/report';
import type { GraphService } from './graphService';
import { LanguageGate } from './languageGate';
import { PROBE_POLICY, type ProbePolicy } from './probeVerdict';
import type { GraphSettings, LanguageWithoutServer } from './protocol';

/**
 * How long to wait before asking again about files the language server left unsettled
 * (see EnrichmentReport.unsettled), by attempt; after the last, they stay as they are
 * until their next re-index. About 2.5 minutes in all: a language server that loads a
 * project on a busy machine has answered by then.
 */
export const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 20_000, 40_000, 80_000];

const keyOf = (target: EnrichTarget): string => `${target.repoHash}:${target.path}`;
const files = (n: number): string => `${n} file${n === 1 ? '' : 's'}`;

/** How a language's server is probed before its files are asked (see LanguageGate). */
export interface ProbeOptions {
  /** Asked the probes; the editor's oracle first lets the extensions of the language activate. Default: the scheduler's oracle. */
  readonly oracle?: LocationOracle;
  readonly policy?: ProbePolicy;
}

/**
 * Runs enrichment in the background after indexing: one run at a time over the files
 * queued since the last, with its writes queued behind indexing. Only languages whose
 * language server answered a probe are asked (LanguageGate); files of those the server
 * could not answer for yet are asked again later (RETRY_DELAYS_MS). Turning enrichment
 * off cancels the run under way and forgets the retries and the probes' verdicts.
 */
export class EnrichmentScheduler {
  private readonly pending = new Map<string, EnrichTarget>();
  private readonly waiting = new Map<string, EnrichTarget>();
  /** Retries made per file since it was last queued by an index write. */
  private readonly attempts = new Map<string, number>();
  private retryTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private controller: AbortController | undefined;
  readonly total = new EnrichmentReport();
  private readonly gate: LanguageGate;

  constructor(
    private readonly service: GraphService,
    private readonly oracle: LocationOracle,
    private settings: GraphSettings['enrichment'],
    private readonly log: (message: string) => void,
    private readonly retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
    probe: ProbeOptions = {},
  ) {
    this.gate = new LanguageGate(() => service.store(), probe.oracle ?? oracle, (targets) => this.queue(targets), log, probe.policy ?? PROBE_POLICY);
  }

  /** New settings; a change to the enrichment settings probes languages with no server again. */
  updateSettings(settings: GraphSettings['enrichment']): void {
    const changed = JSON.stringify(settings) !== JSON.stringify(this.settings);
    this.settings = settings;
    if (!settings.enabled) this.stop();
    else if (changed) this.gate.reprobe();
  }

  /** The editor's installed or enabled extensions changed: a language with no server may have one now. */
  extensionsChanged(): void {
    if (this.settings.enabled) this.gate.reprobe();
  }

  /** Queues files an index write touched; they get a fresh set of retries. Files of a language with no server are left out. */
  schedule(targets: readonly EnrichTarget[]): void {
    if (!this.settings.enabled) return;
    this.queue(this.gate.admit(targets));
  }

  /**
   * Resolves when no run is under way and no language is being probed (tests, the Enrich
   * request); retries still waiting do not count.
   */
  async idle(): Promise<EnrichmentReport> {
    while (this.running || this.gate.probing) {
      if (this.running) await this.running;
      else await this.gate.settled();
    }
    return this.total;
  }

  /** Languages whose probe found no language server, with the files left out. */
  withoutServer(): LanguageWithoutServer[] {
    return this.gate.withoutServer();
  }

  /** Files waiting for a retry. */
  get retrying(): number {
    return this.waiting.size;
  }

  dispose(): void {
    this.stop();
  }

  private queue(targets: readonly EnrichTarget[]): void {
    if (targets.length === 0 || !this.settings.enabled) return;
    for (const target of targets) {
      this.attempts.delete(keyOf(target));
      this.waiting.delete(keyOf(target));
      this.pending.set(keyOf(target), target);
    }
    this.kick();
  }

  private stop(): void {
    this.gate.reset();
    this.pending.clear();
    this.waiting.clear();
    this.attempts.clear();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.controller?.abort();
  }

  private kick(): void {
    if (this.running) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.pending.size > 0 && this.settings.enabled) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0 && this.settings.enabled) {
      const targets = [...this.pending.values()];
      this.pending.clear();
      this.controller = new AbortController();
      const started = performance.now();
      try {
        const report = await enrichFiles(this.service.store(), this.oracle, targets, {
          batchSize: this.settings.batchSize,
          signal: this.controller.signal,
          write: (apply) => this.service.write(apply),
        });
        this.total.merge(report);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const lines = report.lines();
        const skipped = report.skippedFiles > 0 ? `; ${report.skippedFiles} skipped (changed since they were indexed)` : '';
        if (lines.length > 0 || skipped) {
          this.log(`enrichment of ${files(targets.length)} in ${seconds} s${report.cancelled ? ' (cancelled)' : ''}${skipped}:`);
          for (const line of lines) this.log(`  ${line}`);
        }
        if (!report.cancelled) this.retryLater([...report.unsettled.values()]);
      } catch (error) {
        this.log(`enrichment failed: ${(error as Error).message}`);
      }
    }
  }

  private retryLater(targets: readonly EnrichTarget[]): void {
    let attempt = Number.POSITIVE_INFINITY;
    const gaveUp: string[] = [];
    for (const target of targets) {
      const key = keyOf(target);
      if (this.pending.has(key)) continue;
      const made = this.attempts.get(key) ?? 0;
      if (made >= this.retryDelaysMs.length) {
        gaveUp.push(target.path);
        continue;
      }
      this.attempts.set(key, made + 1);
      this.waiting.set(key, target);
      attempt = Math.min(attempt, made);
    }
    if (gaveUp.length > 0) {
      this.log(`enrichment: no answers for ${files(gaveUp.length)} after ${this.retryDelaysMs.length} retries (${gaveUp.slice(0, 3).join(', ')}`
        + `${gaveUp.length > 3 ? ', ...' : ''}); their edges stay as the static pass made them until they change`);
    }
    if (this.waiting.size === 0 || this.retryTimer) return;
    const delay = this.retryDelaysMs[Number.isFinite(attempt) ? attempt : 0];
    this.log(`enrichment: the language server left ${files(this.waiting.size)} unanswered (still loading?); asking again in ${delay / 1000} s`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      for (const [key, target] of this.waiting) this.pending.set(key, target);
      this.waiting.clear();
      this.kick();
    }, delay);
    this.retryTimer.unref?.();
  }
}
