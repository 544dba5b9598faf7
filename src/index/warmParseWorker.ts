import type { WorkBudget } from '../extract/workBudget';
import { type ParseOutcome, ParsePool, type ParsePoolOptions } from './parsePool';

/**
 * The one parse worker a long-lived host (the graph server, `ckg mcp`/`ckg serve`) keeps
 * for its small runs: an editor save, an index_repo that finds a few files changed. Its
 * grammars stay loaded between saves, so a save stays as fast as parsing in the host's
 * own thread; unlike that, a parse the work budget does not see (an extractor loop, a
 * tree-sitter call that never returns) cannot block the host. The pool's watchdog replaces
 * a worker stuck on a file, which is then skipped over the time budget and named in a
 * warning, while the host goes on answering queries. The worker starts on first use and
 * does not keep the process alive while idle.
 */
export class WarmParseWorker {
  private pool: ParsePool | undefined;
  private closed = false;

  /** `options` are the pool's (tests pass a hanging worker script and a short stuck time). */
  constructor(private readonly options: Omit<ParsePoolOptions, 'unrefWhenIdle' | 'requestsPerWorker'> = {}) {}

  /** Workers replaced so far because a file got them stuck or out of memory. */
  get replaced(): number {
    return this.pool?.replaced ?? 0;
  }

  /** Parses one file in the warm worker, within `budget`. */
  parse(path: string, source: string, budget?: WorkBudget): Promise<ParseOutcome> {
    return this.started().parse(path, source, 'extract', budget);
  }

  /** Loads the grammars these files need, so the next save does not pay for them. */
  preload(paths: Iterable<string>): Promise<void> {
    return this.started().preload(paths);
  }

  /** Stops the worker; the host calls it when it closes. Parsing after it is an error. */
  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }

  private started(): ParsePool {
    if (this.closed) throw new Error('index/WarmParseWorker: used after close()');
    // One request at a time: a save's few files gain nothing from overlap, and the file a
    // stuck worker was on is then known for sure.
    this.pool ??= new ParsePool(1, { ...this.options, unrefWhenIdle: true, requestsPerWorker: 1 });
    return this.pool;
  }
}
