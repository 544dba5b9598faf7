import * as fs from 'node:fs';

/** One test's outcome, as the extension-host suite writes it. */
export interface HostOutcome {
  readonly title: string;
  readonly ok: boolean;
  readonly ms: number;
  readonly error?: string;
}

export interface HostResults {
  readonly outcomes: HostOutcome[];
  readonly facts: Record<string, unknown>;
}

/** A line of the progress file: a test started, or one finished. */
type ProgressLine = { readonly started: string } | { readonly outcome: HostOutcome };

export const progressFileOf = (resultFile: string): string => `${resultFile}.progress`;

/**
 * Follows the extension-host suite from outside: it appends a line per test started and
 * finished to `<result file>.progress` and writes the result file at the end. The runner
 * prints each line as it arrives, so a stalled test is named while it stalls; when the
 * suite never finishes, what did finish is still reported.
 */
export class HostProgress {
  private offset = 0;
  private readonly finished: HostOutcome[] = [];
  private running: string | undefined;

  constructor(
    private readonly resultFile: string,
    private readonly onOutcome: (outcome: HostOutcome) => void,
    private readonly onStart: (title: string) => void,
  ) {}

  async wait(timeoutMs: number): Promise<HostResults> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      this.readProgress();
      if (fs.existsSync(this.resultFile)) return this.results();
      if (Date.now() > deadline) {
        const where = this.running ? ` (running: ${this.running})` : this.finished.length === 0 ? ' (did the extension activate?)' : '';
        return {
          outcomes: [...this.finished, { title: 'the suite finished', ok: false, ms: timeoutMs, error: `no results after ${Math.round(timeoutMs / 1000)} s${where}` }],
          facts: {},
        };
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  private results(): HostResults {
    this.readProgress();
    const result = JSON.parse(fs.readFileSync(this.resultFile, 'utf8'));
    if (!Array.isArray(result.outcomes)) {
      return { outcomes: [...this.finished, { title: 'the suite ran', ok: false, ms: 0, error: result.error ?? JSON.stringify(result) }], facts: {} };
    }
    return result as HostResults;
  }

  private readProgress(): void {
    const file = progressFileOf(this.resultFile);
    if (!fs.existsSync(file)) return;
    const text = fs.readFileSync(file, 'utf8');
    const end = text.lastIndexOf('\n') + 1;
    const fresh = text.slice(this.offset, end);
    this.offset = Math.max(this.offset, end);
    for (const line of fresh.split('\n').filter(Boolean)) {
      const parsed = JSON.parse(line) as ProgressLine;
      if ('started' in parsed) {
        this.running = parsed.started;
        this.onStart(parsed.started);
      } else {
        this.running = undefined;
        this.finished.push(parsed.outcome);
        this.onOutcome(parsed.outcome);
      }
    }
  }
}
