// The indexing benchmark (DESIGN §6): the parse+query floor, a cold index, DB size,
// a no-change re-index and saved-to-queryable for one file, all in one process and run;
// then the same through the built CLI, one process per `ckg index` (bench/lib/cliRuns.mjs),
// and blast_radius on the graph's biggest hub through a real MCP client (lib/hubBlastRadius.mjs).
//   npm run bench -- <repo_path> [--runs N] [--touch-runs M] [--cli-runs K] [--cli-only] [--label NAME] [--no-record]
// --cli-only measures and prints the CLI rows alone.
// --no-record prints the figures without appending a row to bench/RESULTS.md.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UsageError, parseArgs } from './lib/args.mjs';
import { linesByLanguage, loadCorpus, pickTouchFile, touchableFile } from './lib/corpus.mjs';
import { PACKAGE_ROOT, loadEngine } from './lib/engine.mjs';
import { corpusName, dirtyEntries, engineVersion, machineSummary, shortHead, today } from './lib/machine.mjs';
import { measureCliRuns } from './lib/cliRuns.mjs';
import { timeHubBlastRadius } from './lib/hubBlastRadius.mjs';
import { appendResultRow } from './lib/results.mjs';
import { highWaterMarkBytes, resetHighWaterMark, startRssSampler } from './lib/rssSampler.mjs';
import { MiB, median, percentile } from './lib/stats.mjs';

const USAGE = 'npm run bench -- <repo_path> [--runs N] [--touch-runs M] [--cli-runs K] [--cli-only] [--label NAME] [--no-record]';
const SECTION = 'Indexing';
const SECTION_DESCRIPTION = `One row per \`npm run bench\`. floor = a fresh ParsePool (one worker per core, minus one
above two) parsing every indexed file in 'floor' mode (tree-sitter parse + one query pass,
no interpretation), pool start-up and grammar loading included; cold = RepoIndexer.index
into a fresh store; both the median of --runs. cold/floor is the DESIGN §6 ratio (bar:
<= 1.5). Peak RSS: sampled every 25 ms from a worker thread during the first cold run, the
one a \`ckg index\` process lives through, with the kernel's VmHWM of that run in brackets
(it also catches spikes shorter than 25 ms; bar: < 1 GiB at 500k lines). DB: the saved graph
file; save = store.save(). no-change = index() again on the same indexer and store.
1-file = append a comment line to one mid-sized file of the main language, reindexFiles (parsed in
the warm parse worker the graph server keeps for saves, as in the server),
read the file's live row back with the new content hash (saved-to-queryable; bar: < 50 ms);
median and p90 of --touch-runs. nodes/edges = store.counts() after the cold index. load =
the 1-minute load average at the start / end of the run (other processes on the machine;
above the core count, timings are noisy). engine = this package's commit, +dirty when src/
had uncommitted changes (dist/ is built from the work tree). CLI columns: \`node dist/cli.js
index\` as separate processes, wall time from spawn to exit: CLI cold = one run into a fresh
graph file; CLI no-change = median of --cli-runs re-runs on the unchanged tree; CLI 1-file =
median of --cli-runs runs each after appending a comment line to the touched file (to
queryable: the graph is saved when the process exits); ÷cold = the ratio to CLI cold of the
same run (bars: no-change <= 5%, 1-file <= 1 s on a 400k-line repository). hub blast_radius = the
median of 15 blast_radius calls (default depth 5) through the MCP SDK's stdio client against
\`ckg mcp\` on the CLI's graph, after one call that loads the view, on the repository's own
node with the most direct callers; in brackets its callers within depth 5 (bar: <= 50 ms on a
hub of 800+ callers). pool extract = the floor's pool and files in 'extract' mode (the
parse workers' whole work for a cold index: parse, extraction, facts encoded), alternated
with the floor runs, median; extract/floor is the parse phase's own ratio, the least
cold/floor can be before anything is linked or written (added 2026-11-27; earlier rows
leave it blank).`;
const COLUMNS = [
  'date', 'machine', 'load', 'engine', 'corpus', 'files', 'floor ms', 'cold ms', 'cold/floor', 'peak RSS MiB', 'DB MiB', 'save ms',
  'no-change ms', '1-file median ms', '1-file p90 ms', 'touched file', 'nodes', 'edges', 'command',
  'CLI cold ms', 'CLI no-change ms (÷cold)', 'CLI 1-file ms (÷cold)', 'hub blast_radius ms (callers)',
  'pool extract ms', 'extract/floor',
];

const gc = globalThis.gc ?? (() => undefined);

/**
 * A fresh pool parsing every file in `mode`: 'floor' (parse + one query pass) or
 * 'extract' (what a cold index asks of its workers).
 */
async function measurePool(engine, files, mode) {
  const started = performance.now();
  const pool = new engine.ParsePool(engine.defaultWorkerCount());
  let captures = 0;
  let errors = 0;
  try {
    // Each outcome is let go on arrival: extract mode's facts, all held, would raise the
    // RSS the cold runs after this start from.
    await Promise.all(files.map((f) => pool.parse(f.path, f.text, mode).then((outcome) => {
      if (outcome.error) errors++;
      else captures += outcome.captures ?? 0;
    })));
  } finally {
    await pool.close();
  }
  return { ms: performance.now() - started, captures, errors };
}

/**
 * One cold index into a fresh store. The store is opened on a temp path that does not
 * exist yet: sql.js keeps it in memory exactly like ':memory:', and save() can write it.
 */
async function measureCold(engine, root, dbPath) {
  const store = await engine.openStore(dbPath);
  const warnings = [];
  // As the graph server builds it: saves parse in one warm worker, off the host's thread.
  const warm = new engine.WarmParseWorker();
  const indexer = new engine.RepoIndexer(store, (message) => warnings.push(message), warm);
  gc();
  const rssBefore = process.memoryUsage.rss();
  const hwmReset = resetHighWaterMark();
  const sampler = await startRssSampler(25);
  const started = performance.now();
  let summary;
  let ms;
  let rss;
  const phaseSpans = new Map();
  const onProgress = (p) => {
    const now = performance.now();
    const span = phaseSpans.get(p.phase);
    if (span) span[1] = now;
    else phaseSpans.set(p.phase, [now, now]);
  };
  try {
    summary = await indexer.index({ repoPath: root, onProgress });
  } finally {
    ms = performance.now() - started;
    rss = await sampler.stop();
  }
  const phases = [...phaseSpans.entries()].map(([phase, [from, to]]) => `${phase} ${Math.round(from - started)}-${Math.round(to - started)}`).join(', ');
  return {
    store, warm, indexer, summary, ms, phases, rssBefore, peakRss: rss.peak, rssSamples: rss.samples,
    hwm: hwmReset ? highWaterMarkBytes() : undefined, warnings,
  };
}

/**
 * Saved-to-queryable for one file, `runs` times: write the file with one more comment
 * line, reindexFiles, then read the file's live row back and check its content hash.
 * The original bytes are always written back, also on Ctrl-C.
 */
async function measureTouch(engine, store, indexer, root, repoHash, file, runs) {
  const touched = touchableFile(root, file, 'bench/run');
  const totals = [];
  const reindexOnly = [];
  // A long-lived host readies its thread for edits after the first index; so does the bench.
  await indexer.prepareForEdits(root);
  try {
    for (let i = 1; i <= runs; i++) {
      const bytes = touched.edited(i);
      const expected = engine.hashBytes(bytes);
      const started = performance.now();
      await indexer.reindexFiles(root, [file.path]);
      const reindexed = performance.now();
      const live = await store.liveFile(repoHash, file.path);
      const done = performance.now();
      if (live?.contentHash !== expected) {
        throw new Error(`bench/run: after reindexFiles, ${file.path} is not queryable with its new content (live hash ${live?.contentHash ?? 'none'}, expected ${expected})`);
      }
      totals.push(done - started);
      reindexOnly.push(reindexed - started);
    }
  } finally {
    touched.restore();
  }
  await indexer.reindexFiles(root, [file.path]);
  return { totals, reindexOnly };
}

function fmt(value, digits = 0) {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

function printTable(rows) {
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [key, value] of rows) process.stdout.write(`  ${key.padEnd(width)}  ${value}\n`);
}

/** `--cli-only`: the CLI rows alone, printed, not recorded (they need a full run's row). */
function printCliOnly(root, touchFile, cliRuns, load) {
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-bench-'));
  try {
    const cli = measureCliRuns(root, tmpDir, touchFile, cliRuns);
    process.stdout.write(`\n${corpusName(root)} @ ${shortHead(root)}\n`);
    printTable([
      ['CLI cold index ms', `${fmt(cli.coldMs)}  (graph ${fmt(cli.dbBytes / MiB, 1)} MiB)`],
      ['CLI no-change ms', `${fmt(cli.noChangeMs)}  (${fmt((100 * cli.noChangeMs) / cli.coldMs, 1)}% of CLI cold; runs: ${cli.noChange.map((ms) => fmt(ms)).join(', ')})`],
      ['CLI 1-file ms', `${fmt(cli.oneEditMs)}  (${fmt((100 * cli.oneEditMs) / cli.coldMs, 1)}% of CLI cold; runs: ${cli.oneEdit.map((ms) => fmt(ms)).join(', ')})`],
      ['touched file', `${touchFile.path} (${touchFile.lines} lines)`],
      ['load average', `${fmt(load, 1)} at start, ${fmt(os.loadavg()[0], 1)} at end (1 min, ${os.cpus().length} cores)`],
    ]);
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

async function main() {
  const { repoPath, options } = parseArgs('bench/run', process.argv.slice(2), {
    valued: { runs: 3, 'touch-runs': 20, 'cli-runs': 5, label: undefined },
    flags: ['no-record', 'cli-only'],
    usage: USAGE,
  });
  const root = fs.realpathSync(repoPath);
  const engine = loadEngine();
  const runs = options.runs;
  const touchRuns = options['touch-runs'];
  const load = os.loadavg()[0];
  if (load > os.cpus().length) process.stderr.write(`bench/run: warning: load average ${load.toFixed(1)} on ${os.cpus().length} cores; timings will be noisy\n`);
  const dirtyAtStart = dirtyEntries(root);
  if (dirtyAtStart?.length) process.stderr.write(`bench/run: warning: ${root} has local changes before the run (${dirtyAtStart.length} entries)\n`);

  const corpus = loadCorpus(engine, root);
  if (corpus.files.length === 0) throw new Error(`bench/run: ${root} has no file any extractor handles`);
  const touchFile = pickTouchFile(corpus.files);
  const byLanguage = linesByLanguage(corpus.files);
  process.stderr.write(`bench/run: ${corpus.files.length} files, ${corpus.lines} lines (${byLanguage.map(([l, n]) => `${l} ${n}`).join(', ')})\n`);
  if (options['cli-only']) return printCliOnly(root, touchFile, options['cli-runs'], load);

  const floorRuns = [];
  const extractRuns = [];
  for (let i = 0; i < runs; i++) {
    gc();
    floorRuns.push(await measurePool(engine, corpus.files, 'floor'));
    gc();
    extractRuns.push(await measurePool(engine, corpus.files, 'extract'));
    process.stderr.write(`bench/run: floor run ${i + 1}/${runs}: ${fmt(floorRuns[i].ms)} ms (${floorRuns[i].captures} captures, ${floorRuns[i].errors} errors); pool extract ${fmt(extractRuns[i].ms)} ms (${extractRuns[i].errors} errors)\n`);
  }
  for (const f of corpus.files) f.text = undefined;

  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-bench-'));
  let last;
  const coldRuns = [];
  try {
    for (let i = 0; i < runs; i++) {
      // Only the last run's store and indexer stay alive: earlier ones would inflate RSS.
      await last?.store.close();
      await last?.warm.close();
      last = undefined;
      const run = await measureCold(engine, root, path.join(tmpDir, `graph-${i}.db`));
      coldRuns.push({ ms: run.ms, peakRss: run.peakRss, hwm: run.hwm });
      last = run;
      const s = run.summary;
      process.stderr.write(
        `bench/run: cold run ${i + 1}/${runs}: ${fmt(run.ms)} ms, peak RSS ${fmt(run.peakRss / MiB)} MiB`
        + ` (${run.rssSamples} samples; kernel peak ${run.hwm ? fmt(run.hwm / MiB) : 'n/a'} MiB; before ${fmt(run.rssBefore / MiB)} MiB);`
        + ` ${s.files.indexed} files, ${s.filesWithSyntaxErrors} with syntax errors, ${run.warnings.length} warnings;`
        + ` progress reports per phase, first-last (ms): ${run.phases}\n`,
      );
      for (const warning of run.warnings.slice(0, 5)) process.stderr.write(`  warning: ${warning}\n`);
    }
    const { store, indexer, summary } = last;
    const counts = await store.counts();

    const saveStarted = performance.now();
    await store.save();
    const saveMs = performance.now() - saveStarted;
    const dbBytes = fs.statSync(store.location).size;

    const noChangeStarted = performance.now();
    const again = await indexer.index({ repoPath: root });
    const noChangeMs = performance.now() - noChangeStarted;
    if (again.newSnapshot) process.stderr.write('bench/run: warning: the no-change index wrote a new snapshot\n');

    const touch = await measureTouch(engine, store, indexer, root, summary.repoHash, touchFile, touchRuns);
    await store.close();
    await last.warm.close();
    last = undefined;
    gc();
    const cli = measureCliRuns(root, tmpDir, touchFile, options['cli-runs']);
    const hub = await timeHubBlastRadius(engine, cli.db, 15);
    const hubMs = hub ? median(hub.times) : undefined;

    const floorMs = median(floorRuns.map((r) => r.ms));
    const coldMs = median(coldRuns.map((r) => r.ms));
    const extractMs = median(extractRuns.map((r) => r.ms));
    // The first cold run is the one a `ckg index` process lives through: later runs start
    // from a larger RSS, since memory freed by earlier runs is not returned to the OS.
    const peakRss = coldRuns[0].peakRss;
    const kernelPeak = coldRuns[0].hwm;
    const touchMedian = median(touch.totals);
    const touchP90 = percentile(touch.totals, 0.9);
    const corpusLabel = `${corpusName(root, options.label)} @ ${shortHead(root)}, ${corpus.lines} lines`;
    const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`;
    const edgesByType = Object.entries(counts.edgesByType).map(([t, n]) => `${t} ${n}`).join(', ') || 'none';

    process.stdout.write(`\n${corpusLabel}\n`);
    printTable([
      ['files', `${corpus.files.length}${Object.keys(corpus.skipped).length ? ` (skipped: ${JSON.stringify(corpus.skipped)})` : ''}`],
      ['lines of source', `${corpus.lines} (${byLanguage.map(([l, n]) => `${l} ${n}`).join(', ')})`],
      ['floor ms (median)', `${fmt(floorMs)}  [runs: ${floorRuns.map((r) => fmt(r.ms)).join(', ')}; workers ${engine.defaultWorkerCount()}]`],
      ['cold index ms (median)', `${fmt(coldMs)}  [runs: ${coldRuns.map((r) => fmt(r.ms)).join(', ')}]`],
      ['cold / floor', `${fmt(coldMs / floorMs, 2)}  (bar <= 1.5)`],
      ['pool extract ms (median)', `${fmt(extractMs)}  [runs: ${extractRuns.map((r) => fmt(r.ms)).join(', ')}; extract/floor ${fmt(extractMs / floorMs, 2)}: the parse phase alone]`],
      ['peak RSS MiB', `${fmt(peakRss / MiB)}  (first cold run, sampled every 25 ms; kernel VmHWM ${kernelPeak ? fmt(kernelPeak / MiB) : 'n/a'}; all runs: ${coldRuns.map((r) => fmt(r.peakRss / MiB)).join(', ')})`],
      ['DB MiB', `${fmt(dbBytes / MiB, 1)}  (save ${fmt(saveMs)} ms)`],
      ['no-change re-index ms', fmt(noChangeMs)],
      ['single-file median ms', `${fmt(touchMedian, 1)}  (bar < 50; reindexFiles alone ${fmt(median(touch.reindexOnly), 1)})`],
      ['single-file p90 ms', fmt(touchP90, 1)],
      ['touched file', `${touchFile.path} (${touchFile.lines} lines, ${touchRuns} runs)`],
      ['CLI cold index ms', `${fmt(cli.coldMs)}  (node dist/cli.js index, one process; graph ${fmt(cli.dbBytes / MiB, 1)} MiB)`],
      ['CLI no-change ms', `${fmt(cli.noChangeMs)}  (${fmt((100 * cli.noChangeMs) / cli.coldMs, 1)}% of CLI cold, bar <= 5%; runs: ${cli.noChange.map((ms) => fmt(ms)).join(', ')})`],
      ['CLI 1-file ms', `${fmt(cli.oneEditMs)}  (${fmt((100 * cli.oneEditMs) / cli.coldMs, 1)}% of CLI cold, bar <= 1000 ms; runs: ${cli.oneEdit.map((ms) => fmt(ms)).join(', ')})`],
      ['hub blast_radius ms', hub ? `${fmt(hubMs, 1)}  (p90 ${fmt(percentile(hub.times, 0.9), 1)}; bar <= 50 at 800+ callers; ${hub.hub}: ${hub.directCallers} direct, ${hub.inRadius} within depth 5, reply ${hub.replyTokens} tokens${hub.truncated ? ', truncated' : ''})` : 'no calls edges'],
      ['nodes', `${counts.nodes} (${Object.entries(counts.nodesByKind).map(([k, n]) => `${k} ${n}`).join(', ')})`],
      ['edges', `${counts.edges} (${edgesByType})`],
      ['syntax errors', `${summary.filesWithSyntaxErrors} files`],
      ['load average', `${fmt(load, 1)} at start, ${fmt(os.loadavg()[0], 1)} at end (1 min, ${os.cpus().length} cores)`],
    ]);

    const dirtyAtEnd = dirtyEntries(root);
    const newlyDirty = dirtyAtEnd?.filter((entry) => !dirtyAtStart?.includes(entry)) ?? [];
    if (newlyDirty.length > 0) {
      process.stderr.write(`bench/run: WARNING: ${root} has changes the run left behind:\n${newlyDirty.join('\n')}\n`);
    } else if (dirtyAtEnd) {
      process.stdout.write(`  corpus left unmodified (git status --porcelain: ${dirtyAtEnd.length} entries, as before the run)\n`);
    }

    if (options['no-record']) return;
    const written = appendResultRow(SECTION, SECTION_DESCRIPTION, COLUMNS, [
      today(), machineSummary(), `${fmt(load, 1)} / ${fmt(os.loadavg()[0], 1)}`, engineVersion(PACKAGE_ROOT), corpusLabel, corpus.files.length, fmt(floorMs), fmt(coldMs), fmt(coldMs / floorMs, 2),
      `${fmt(peakRss / MiB)}${kernelPeak ? ` (VmHWM ${fmt(kernelPeak / MiB)})` : ''}`, fmt(dbBytes / MiB, 1), fmt(saveMs), fmt(noChangeMs), fmt(touchMedian, 1), fmt(touchP90, 1),
      `${touchFile.path} (${touchFile.lines} lines)`, counts.nodes, `${counts.edges} (${edgesByType})`, `\`${command}\``,
      fmt(cli.coldMs), `${fmt(cli.noChangeMs)} (${fmt((100 * cli.noChangeMs) / cli.coldMs, 1)}%)`, `${fmt(cli.oneEditMs)} (${fmt((100 * cli.oneEditMs) / cli.coldMs, 1)}%)`,
      hub ? `${fmt(hubMs, 1)} (${hub.inRadius})` : '-',
      fmt(extractMs), fmt(extractMs / floorMs, 2),
    ]);
    process.stdout.write(`\nappended a row to ${written}\n`);
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack ?? error}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
