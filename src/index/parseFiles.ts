import type { FileFacts } from '../extract/facts';
import { BUDGET_SKIP_REASONS, type WorkBudget } from '../extract/workBudget';
import { ParsePool, type ParseOutcome, parseInline } from './parsePool';
import type { ProgressListener } from './progress';
import { type SkipCounts, type SourceFile, releaseText } from './sourceFiles';
import type { WarmParseWorker } from './warmParseWorker';

/** A parsed file's facts, with their stored encoding when a worker made it. */
export interface ParsedFile {
  readonly facts: FileFacts;
  readonly encoded?: Uint8Array;
}

/**
 * Files up to this count are parsed in a host's warm worker, or in this thread when it has
 * none: a pool costs more than it saves.
 */
const INLINE_PARSE_LIMIT = 8;

/**
 * Parses files into facts, in worker threads when there are enough of them. A file that
 * fails is counted under `skipped` with the reason and warned about, never fatal; a file
 * its extractor declines is kept (so it is not parsed again while unchanged) and counted
 * under the extractor's reason. A file over its work budget is kept the same way, counted
 * under the budget's reason and named in a warning. A long-lived host passes its `warm`
 * worker: a few files then parse there rather than in this thread, where a parse the
 * budget does not see would block the host for ever.
 */
export async function parseFiles(
  files: readonly SourceFile[], workers: number | undefined, progress: ProgressListener, skipped: SkipCounts, warn: (message: string) => void,
  budget?: WorkBudget, warm?: WarmParseWorker,
): Promise<Map<string, ParsedFile>> {
  const results = new Map<string, ParsedFile>();
  if (files.length === 0) return results;
  const pool = files.length > INLINE_PARSE_LIMIT ? new ParsePool(workers, { budget }) : undefined;
  let done = 0;
  try {
    await Promise.all(files.map(async (file) => {
      const outcome: ParseOutcome = pool
        ? await pool.parse(file.path, file.text)
        : warm ? await warm.parse(file.path, file.text, budget) : await parseInline(file.path, file.text, budget);
      releaseText(file);
      if (outcome.facts) {
        results.set(file.path, { facts: outcome.facts, encoded: outcome.encoded });
        const reason = outcome.facts.skipReason;
        if (reason) skipped[reason] = (skipped[reason] ?? 0) + 1;
        if (reason && BUDGET_SKIP_REASONS.has(reason)) warn(`${file.path}: skipped, ${reason}`);
      } else {
        skipped['extractor error'] = (skipped['extractor error'] ?? 0) + 1;
        warn(`${file.path}: ${outcome.error ?? 'no facts'}`);
      }
      progress({ phase: 'parse', done: ++done, total: files.length });
    }));
  } finally {
    await pool?.close();
  }
  return results;
}
