import { type EnrichTarget, enrichFiles } from '../enrich/enricher';
import type { LocationOracle } from '../enrich/oracle';
import { EnrichmentReport } from '../enrich/report';
import type { GraphService } from './graphService';
import type { GraphSettings } from './protocol';

/**
 * Runs enrichment in the background after indexing: one run at a time over the files
 * queued since the last, with its writes queued behind indexing. Turning enrichment
 * off cancels the run under way.
 */
export class EnrichmentScheduler {
  private readonly pending = new Map<string, EnrichTarget>();
  private running: Promise<void> | undefined;
  private controller: AbortController | undefined;
  readonly total = new EnrichmentReport();

  constructor(
    private readonly service: GraphService,
    private readonly oracle: LocationOracle,
    private settings: GraphSettings['enrichment'],
    private readonly log: (message: string) => void,
  ) {}

  updateSettings(settings: GraphSettings['enrichment']): void {
    this.settings = settings;
    if (!settings.enabled) this.controller?.abort();
  }

  schedule(targets: readonly EnrichTarget[]): void {
    if (!this.settings.enabled) return;
    for (const target of targets) this.pending.set(`${target.repoHash}:${target.path}`, target);
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves when the queue is empty (tests, the Enrich request). */
  async idle(): Promise<EnrichmentReport> {
    while (this.running) await this.running;
    return this.total;
  }

  dispose(): void {
    this.pending.clear();
    this.controller?.abort();
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
        this.log(`enrichment of ${targets.length} files in ${seconds} s${report.cancelled ? ' (cancelled)' : ''}:`);
        for (const line of report.lines()) this.log(`  ${line}`);
      } catch (error) {
        this.log(`enrichment failed: ${(error as Error).message}`);
      }
    }
  }
}
