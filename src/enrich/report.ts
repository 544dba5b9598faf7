import type { Hash } from '../model';

/** What one pass did for one language. */
export interface PassCounts {
  /** Queries sent. */
  asked: number;
  /** Queries the provider answered (null answers are timeouts or no provider). */
  answered: number;
  /** `ast_inferred` edges at the asked sites or symbols: what could be confirmed. */
  inferred: number;
  /** `ast_inferred` edges re-inserted as `lsp_resolved`. */
  confirmed: number;
  /** `lsp_resolved` edges the static pass did not have. */
  added: number;
  /** `ast_inferred` edges the language server contradicted. */
  removed: number;
}

export type PassName = 'calls' | 'implements' | 'references';

function emptyCounts(): PassCounts {
  return { asked: 0, answered: 0, inferred: 0, confirmed: 0, added: 0, removed: 0 };
}

/** Counts per pass and language; the upgrade rate is confirmed / inferred. */
export class EnrichmentReport {
  private readonly counts = new Map<string, PassCounts>();
  cancelled = false;
  /** Files whose answers were dropped because they changed before the write. */
  skippedFiles = 0;
  /** Answers dropped because their file changed while they were being asked. */
  skippedQueries = 0;
  /**
   * Files with a query the language server left open: no answer at all (timed out), or no
   * definition at a call the static pass had linked to a declaration of the indexed files.
   * A language server still loading its project answers like that; the scheduler asks
   * again later.
   */
  readonly unsettled = new Map<string, { readonly repoHash: Hash; readonly path: string }>();

  /**
   * Files whose answers were written, with the content they were asked about: what an
   * incremental run records as visited.
   */
  readonly visited = new Map<Hash, Hash>();
  /** Files with at least one query no answer came back for (timed out, server gone): asked again next run. */
  readonly unanswered = new Set<Hash>();

  unsettle(repoHash: Hash, path: string): void {
    this.unsettled.set(`${repoHash}:${path}`, { repoHash, path });
  }

  of(pass: PassName, language: string): PassCounts {
    const key = `${pass}\u0000${language}`;
    let counts = this.counts.get(key);
    if (!counts) this.counts.set(key, (counts = emptyCounts()));
    return counts;
  }

  merge(other: EnrichmentReport): void {
    for (const [key, counts] of other.counts) {
      const [pass, language] = key.split('\u0000') as [PassName, string];
      const mine = this.of(pass, language);
      for (const field of Object.keys(counts) as (keyof PassCounts)[]) mine[field] += counts[field];
    }
    this.skippedFiles += other.skippedFiles;
    this.skippedQueries += other.skippedQueries;
    for (const [key, target] of other.unsettled) this.unsettled.set(key, target);
    for (const [fileHash, contentHash] of other.visited) this.visited.set(fileHash, contentHash);
    for (const fileHash of other.unanswered) this.unanswered.add(fileHash);
    this.cancelled ||= other.cancelled;
  }

  entries(): Array<{ pass: PassName; language: string; counts: PassCounts }> {
    return [...this.counts].map(([key, counts]) => {
      const [pass, language] = key.split('\u0000') as [PassName, string];
      return { pass, language, counts };
    }).sort((a, b) => a.language.localeCompare(b.language) || a.pass.localeCompare(b.pass));
  }

  /** Confirmed share of the inferred call edges asked about, per language. */
  upgradeRates(): Record<string, number | null> {
    const rates: Record<string, number | null> = {};
    for (const { pass, language, counts } of this.entries()) {
      if (pass === 'calls') rates[language] = counts.inferred === 0 ? null : counts.confirmed / counts.inferred;
    }
    return rates;
  }

  /** One line per language and pass, for the output channel. */
  lines(): string[] {
    return this.entries().map(({ pass, language, counts: c }) => {
      const rate = c.inferred === 0 ? 'n/a' : `${((100 * c.confirmed) / c.inferred).toFixed(1)}%`;
      return `${language} ${pass}: ${c.answered}/${c.asked} answered; upgraded ${c.confirmed}/${c.inferred} ast_inferred (${rate}), `
        + `added ${c.added}, removed ${c.removed} contradicted`;
    });
  }
}
