// Cold index time of this checkout's engine against another build of the engine (the
// commit before a change), on one corpus, in one run: ABBA-interleaved child processes,
// so machine drift falls on both alike. Prints the medians and their ratio; with
// --record it appends a row to bench/RESULTS.md. --file indexes into a graph file and
// saves it (the CLI's path), and reports each build's peak RSS too.
//   npm run bench:compare -- <repo_path> --base <checkout with dist/> [--runs N] [--file] [--label NAME] [--record]
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError, parseArgs } from './lib/args.mjs';
import { PACKAGE_ROOT } from './lib/engine.mjs';
import { corpusName, engineVersion, machineSummary, today } from './lib/machine.mjs';
import { appendResultRow } from './lib/results.mjs';
import { median } from './lib/stats.mjs';

const USAGE = 'npm run bench:compare -- <repo_path> --base <checkout with dist/> [--runs N] [--file] [--label NAME] [--record]';
const SECTION = 'Cold index against a base build';
const SECTION_DESCRIPTION = `One row per \`npm run bench:compare -- <repo> --base <checkout>\`: the cold index (RepoIndexer.index into
a fresh in-memory store, in a child process per run, node start-up excluded) of the base build and of this
build, interleaved base/new/new/base so load drift falls on both; medians of --runs each, and new/base.`;
const COLUMNS = ['date', 'machine', 'base', 'engine', 'corpus', 'runs', 'base ms', 'new ms', 'new/base', 'base calls', 'new calls', 'command'];
const FILE_SECTION = 'Cold index into a graph file against a base build';
const FILE_SECTION_DESCRIPTION = `One row per \`npm run bench:compare -- <repo> --base <checkout> --file\`: as above, but into a new graph
file that is then saved (the CLI's path: sql.js's in-memory file system and the save), each run in its own
child process; medians of --runs each of the time and of the child's peak RSS.`;
const FILE_COLUMNS = ['date', 'machine', 'base', 'engine', 'corpus', 'runs', 'base ms', 'new ms', 'new/base', 'base peak RSS MB', 'new peak RSS MB', 'new/base RSS', 'command'];

function coldIndex(engineRoot, repoPath, intoFile) {
  const out = execFileSync(process.execPath, [path.join(PACKAGE_ROOT, 'bench/lib/coldIndexOnce.mjs'), engineRoot, repoPath, ...(intoFile ? ['--file'] : [])], {
    maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.toString().trim().split('\n').at(-1));
}

/** The 1-minute load average (other processes on the machine skew wall times). */
function loadAverage() {
  try {
    return fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  } catch {
    return 'n/a';
  }
}

async function main() {
  const { repoPath, options } = parseArgs('bench/compare', process.argv.slice(2), {
    valued: { runs: 5, label: '', base: '' }, flags: ['record', 'file'], usage: USAGE,
  });
  if (!options.base) throw new UsageError(`bench/compare: --base <checkout> is required; usage: ${USAGE}`);
  const base = path.resolve(options.base);
  if (!fs.existsSync(path.join(base, 'dist/lib.js'))) throw new UsageError(`bench/compare: ${base}/dist/lib.js is missing; build the base first (node scripts/build.mjs in it)`);
  if (!fs.existsSync(path.join(PACKAGE_ROOT, 'dist/lib.js'))) throw new UsageError('bench/compare: dist/lib.js is missing; run node scripts/build.mjs');
  const runs = { base: [], current: [] };
  const rss = { base: [], current: [] };
  const cpu = { base: [], current: [] };
  const tail = { base: [], current: [] };
  let last = {};
  for (let round = 0; round < options.runs; round++) {
    const order = round % 2 === 0 ? ['base', 'current'] : ['current', 'base'];
    for (const which of order) {
      const result = coldIndex(which === 'base' ? base : PACKAGE_ROOT, repoPath, options.file);
      runs[which].push(result.ms);
      rss[which].push(result.peakRssMb);
      cpu[which].push(result.cpuMs ?? NaN);
      tail[which].push(result.ms - (result.parsedMs ?? NaN));
      last[which] = result;
      process.stderr.write(`bench/compare: round ${round + 1}/${options.runs} ${which} ${Math.round(result.ms)} ms, CPU ${Math.round(result.cpuMs)} ms, after parse ${Math.round(result.ms - result.parsedMs)} ms (${result.calls} calls edges; load ${loadAverage()})\n`);
    }
  }
  const baseMs = median(runs.base);
  const newMs = median(runs.current);
  const ratio = newMs / baseMs;
  const baseVersion = execFileSync('git', ['-C', base, 'rev-parse', '--short', 'HEAD']).toString().trim();
  const corpus = corpusName(repoPath, options.label || undefined);
  console.log(`${corpus}: base ${baseVersion} ${Math.round(baseMs)} ms, this build ${Math.round(newMs)} ms (medians of ${options.runs}): new/base ${ratio.toFixed(2)}`);
  console.log(`  calls edges: base ${last.base.calls}, this build ${last.current.calls}`);
  // CPU time (all threads) and the tail after the parse: a loaded machine moves wall time far more than these.
  console.log(`  CPU: base ${Math.round(median(cpu.base))} ms, this build ${Math.round(median(cpu.current))} ms: new/base ${(median(cpu.current) / median(cpu.base)).toFixed(2)}`);
  console.log(`  after the parse: base ${Math.round(median(tail.base))} ms, this build ${Math.round(median(tail.current))} ms: new/base ${(median(tail.current) / median(tail.base)).toFixed(2)}`);
  console.log(`  load average now: ${loadAverage()}`);
  const baseRss = median(rss.base);
  const newRss = median(rss.current);
  if (options.file) console.log(`  peak RSS: base ${Math.round(baseRss)} MB, this build ${Math.round(newRss)} MB: new/base ${(newRss / baseRss).toFixed(2)}`);
  if (options.record && options.file) {
    appendResultRow(FILE_SECTION, FILE_SECTION_DESCRIPTION, FILE_COLUMNS, [
      today(), machineSummary(), baseVersion, engineVersion(PACKAGE_ROOT), corpus, String(options.runs), String(Math.round(baseMs)), String(Math.round(newMs)),
      ratio.toFixed(2), String(Math.round(baseRss)), String(Math.round(newRss)), (newRss / baseRss).toFixed(2),
      `\`npm run bench:compare -- ${repoPath} --base ${options.base} --file\``,
    ]);
  } else if (options.record) {
    appendResultRow(SECTION, SECTION_DESCRIPTION, COLUMNS, [
      today(), machineSummary(), baseVersion, engineVersion(PACKAGE_ROOT), corpus, String(options.runs), String(Math.round(baseMs)), String(Math.round(newMs)),
      ratio.toFixed(2), String(last.base.calls), String(last.current.calls), `\`npm run bench:compare -- ${repoPath} --base ${options.base}\``,
    ]);
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
