import * as fs from 'node:fs';
import { ingestScipIndex, readScipIndexFile } from '../../enrich/scip/scipIngest';
import { graphExists, openStore } from '../../store';
import { UsageError, parseArgs, writerLock } from '../args';
import { dbLocation } from '../dbLocation';
import { progressBar } from '../progressBar';
import type { CliIo } from '../io';
import { formatCounts } from './indexCommand';
import { INGEST_SCIP_USAGE } from '../usage';

/** Documents named in a summary line; the rest are only counted. */
const SHOWN_PATHS = 5;

/**
 * `ckg ingest-scip`: a SCIP index (scip-typescript, scip-python, scip-go...) into
 * `scip_resolved` edges of an indexed repository (SPEC 2.5, 2.6). The whole file is
 * decoded and checked before the graph is opened for writing, so a truncated, foreign or
 * malformed file changes nothing. Incremental by document; the graph is saved at the end.
 */
export async function ingestScipCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['db', 'config', 'repo-url'], ['no-wait']);
  if (args.positionals.length !== 1) throw new UsageError(`expected one SCIP index file; usage: ${INGEST_SCIP_USAGE}`);
  const [file] = args.positionals;
  const dbPath = dbLocation(args);
  if (!graphExists(dbPath)) throw new UsageError(`-db ${dbPath}: no such file (run ckg index first)`);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`${file}: no such file (expected a SCIP index, e.g. index.scip)`);
  const repoUrl = args.options.get('repo-url');
  if (repoUrl === true || repoUrl === '') throw new UsageError('--repo-url: expected the URL of an indexed repository');
  const index = readScipIndexFile(file);

  const store = await openStore(dbPath, { writer: writerLock(args, `ckg ingest-scip ${file}`, io) });
  const bar = progressBar(io.stderr);
  try {
    const summary = await ingestScipIndex(store, index, {
      repoUrl: repoUrl as string | undefined,
      onProgress: (done, total) => bar.update({ phase: 'scip', done, total }),
    });
    bar.end();
    if (summary.asked > 0 || summary.nodesCreated > 0) await store.save();
    const named = (paths: readonly string[]): string => (paths.length === 0 ? '' : ` (${paths.slice(0, SHOWN_PATHS).join(', ')}${paths.length > SHOWN_PATHS ? ', ...' : ''})`);
    const lines = [
      `ingested ${file} (${summary.tool}) into ${summary.repo.repoUrl}`,
      `documents ${summary.documents}: asked ${summary.asked}, unchanged ${summary.unchanged}, not in the graph ${summary.notInGraph.length}${named(summary.notInGraph)}`,
      ...(summary.asked === 0 ? ['nothing to do: every document is as the last ingest left it'] : summary.report.lines()),
      `nodes added for definitions the static pass did not model: ${summary.nodesCreated}`,
      `definitions left with no node: ${formatCounts(summary.definitionsWithoutNode) || 'none'}`,
      `time     ${summary.seconds.toFixed(2)} s`,
    ];
    io.stdout.write(`${lines.join('\n')}\n`);
    if (summary.changedOnDisk.length > 0) {
      io.stderr.write(`warning: ${summary.changedOnDisk.length} documents skipped: the file on disk is not what the graph holds; run ckg index, then ingest again${named(summary.changedOnDisk)}\n`);
    }
    return 0;
  } finally {
    bar.end();
    await store.close();
  }
}
