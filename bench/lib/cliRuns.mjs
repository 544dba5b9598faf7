// The CLI rows of `npm run bench`: `ckg index` through the built CLI, each run its own
// process, timed from spawn to exit (module load, graph read, index, save): a cold index
// into a fresh graph file, a no-change re-index, and one edited file to queryable.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { touchableFile } from './corpus.mjs';
import { PACKAGE_ROOT } from './engine.mjs';
import { median } from './stats.mjs';

const CLI = path.join(PACKAGE_ROOT, 'dist', 'cli.js');

/** Runs `ckg index <root> --db <db>` once; the wall time and its stdout. */
function indexOnce(root, db) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [CLI, 'index', root, '--db', db], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`bench/cli: ckg index ${root} exited with ${run.status ?? run.signal}: ${run.stderr}`);
  return { ms, stdout: run.stdout };
}

/**
 * Cold, no-change and one-edit `ckg index` runs on `root` into a graph file in `tmpDir`.
 * The edit appends a comment line to `touchFile` (the original bytes are written back
 * at the end, also on Ctrl-C); each edited run must report exactly one changed file, and
 * its graph is then read by another process (`ckg stats`) to show it is queryable.
 */
export function measureCliRuns(root, tmpDir, touchFile, runs) {
  const db = path.join(tmpDir, 'cli-graph.db');
  const cold = indexOnce(root, db);
  const noChange = [];
  for (let i = 0; i < runs; i++) {
    const run = indexOnce(root, db);
    if (!run.stdout.includes('(unchanged, nothing to do)')) throw new Error(`bench/cli: the no-change re-index wrote a new snapshot:\n${run.stdout}`);
    noChange.push(run.ms);
  }
  const touched = touchableFile(root, touchFile, 'bench/cli');
  const oneEdit = [];
  try {
    for (let i = 1; i <= runs; i++) {
      touched.edited(`cli ${i}`);
      const run = indexOnce(root, db);
      if (!/changed 1, removed 0/.test(run.stdout)) throw new Error(`bench/cli: the edited run did not re-index exactly one file:\n${run.stdout}`);
      oneEdit.push(run.ms);
    }
  } finally {
    touched.restore();
  }
  const stats = spawnSync(process.execPath, [CLI, 'stats', '--db', db], { encoding: 'utf8' });
  if (stats.status !== 0) throw new Error(`bench/cli: ckg stats could not read the edited graph: ${stats.stderr}`);
  return { coldMs: cold.ms, noChangeMs: median(noChange), noChange, oneEditMs: median(oneEdit), oneEdit, dbBytes: fs.statSync(db).size, db };
}
