// The fuzz suite (issue 12): per language, --inputs generated files (random bytes,
// truncations and mutations of test/fixtures files, deep nesting, huge lines, invalid
// UTF-8, NUL bytes; bench/fuzzInputs.mjs) through extractFileMetered with a work budget
// and no clock, so every count is the same on every machine for a seed. Asserts no crash
// and no file over its work units; then indexes a repository of a sample of the inputs
// plus the known pathological files and asserts the run finishes, skips what extraction
// skipped with the same reason, leaves every live edge between live nodes, makes a second
// index a no-op (but for files skipped over time, which it parses again) and matches a
// clean index. Exit code 1 on any failure.
// tree-sitter 0.25's error recovery copied one flat ERROR node's children on every
// recovery, so a long run of input failing alike (597 KB of `"` in Go) cost quadratic time
// in linear ticks; web-tree-sitter 0.27, which the engine runs, makes it linear
// (bench/RESULTS.md). The clock (--budget-ms) is the net for inputs whose units it reaches
// first on a slow or loaded machine; they are counted and named apart.
// --languages runs a subset (each language's inputs are the same as in a full run).
//   node bench/fuzz.mjs [--inputs N] [--seed N] [--work-units N] [--budget-ms N] [--repo-files N] [--languages a,b] [--no-record]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PACKAGE_ROOT, loadEngine } from './lib/engine.mjs';
import { machineSummary, shortHead, today } from './lib/machine.mjs';
import { appendResultRow } from './lib/results.mjs';
import { FUZZ_LANGUAGES, inputsFor, realFiles } from './fuzzInputs.mjs';

const USAGE = 'node bench/fuzz.mjs [--inputs N] [--seed N] [--work-units N] [--budget-ms N] [--repo-files N] [--languages a,b] [--no-record]';
const DEFAULTS = { inputs: 10_000, seed: 12, 'work-units': 5_000_000, 'budget-ms': 2000, 'repo-files': 40 };
const EXTRACT_SECTION = 'Fuzz: extraction per language';
const EXTRACT_DESCRIPTION = `One row per language per \`npm run bench:fuzz\` (bench/fuzz.mjs). Inputs from a fixed seed:
random bytes, truncations and mutations of test/fixtures files, deep nesting, huge lines
(up to 1 MB), invalid UTF-8 and NUL bytes, decoded as the indexer decodes files. Each goes
through extractFileMetered with the work budget shown and a clock of --budget-ms.
crashes = thrown errors (must be 0); over work = files cut off by counted work (the same
on every machine for a seed); over time = files the clock cut off before their units
(big inputs on a slow or loaded machine; before web-tree-sitter 0.27 also quadratic error
recovery, such as a long line of \`"\` in Go; these depend on the machine); max units =
most work units one file spent (never over the budget). max ms is wall time on the
machine shown, for information only.`;
const EXTRACT_COLUMNS = [
  'date', 'machine', 'commit', 'language', 'inputs', 'seed', 'work budget', 'crashes', 'over work', 'over time', 'syntax errors',
  'mean units', 'max units', 'max ms', 'command',
];
const INDEX_SECTION = 'Fuzz: indexing a repository of fuzz files';
const INDEX_DESCRIPTION = `One row per \`npm run bench:fuzz\`: RepoIndexer through the parse pool over a repository of
--repo-files inputs per language plus 100 KB of \`(\` and a 100 KB \`a + a + …\` line per
language, with the same budget. skipped = the summary's counts by reason; the run must
finish, skip over budget (work or time) as many files as extraction alone skipped,
leave no live edge whose ends are not live nodes, do nothing on a second index (or parse
again only files skipped over time, \`retried N\`: the machine may have been busy) and, indexed
once more by work units alone (no clock), give the same edges as a clean index into a fresh
store by work units alone.`;
const INDEX_COLUMNS = [
  'date', 'machine', 'commit', 'files', 'skipped', 'nodes', 'edges', 'dangling edges', 'second index', 'clean index', 'seconds', 'command',
];

function parseOptions(argv) {
  const options = { ...DEFAULTS, 'no-record': false, languages: Object.keys(FUZZ_LANGUAGES) };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (name === 'no-record') options[name] = true;
    else if (name === 'languages') {
      options.languages = String(argv[++i]).split(',');
      const unknown = options.languages.filter((l) => !Object.hasOwn(FUZZ_LANGUAGES, l));
      if (unknown.length > 0) throw new Error(`bench/fuzz: --languages ${argv[i]}: unknown ${unknown.join(', ')}; expected some of ${Object.keys(FUZZ_LANGUAGES).join(', ')}`);
    }
    else if (Object.hasOwn(DEFAULTS, name)) {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value <= 0) throw new Error(`bench/fuzz: --${name} ${argv[i]}: expected a positive integer; usage: ${USAGE}`);
      options[name] = value;
    } else throw new Error(`bench/fuzz: unknown argument ${argv[i]}; usage: ${USAGE}`);
  }
  return options;
}

async function fuzzLanguage(engine, language, extension, seeds, options, sample) {
  const budget = { milliseconds: options['budget-ms'], workUnits: options['work-units'] };
  const random = engine.seededRandom(options.seed * 1000 + Object.keys(FUZZ_LANGUAGES).indexOf(language));
  const inputs = inputsFor(language, seeds, random);
  const counts = { inputs: 0, crashes: 0, overBudget: 0, overTime: 0, syntaxErrors: 0, totalUnits: 0, maxUnits: 0, maxMs: 0, violations: 0 };
  const failures = [];
  const timeCut = [];
  const every = Math.max(1, Math.floor(options.inputs / options['repo-files']));
  for (let i = 0; i < options.inputs; i++) {
    const { kind, bytes } = inputs.next();
    const file = `fuzz/${language}/${String(i).padStart(5, '0')}-${kind.replace(/\W+/g, '-')}${extension}`;
    const started = performance.now();
    counts.inputs++;
    try {
      const result = await engine.extractFileMetered(file, bytes.toString('utf8'), budget);
      counts.maxMs = Math.max(counts.maxMs, performance.now() - started);
      counts.totalUnits += result.workUnits;
      counts.maxUnits = Math.max(counts.maxUnits, result.workUnits);
      if (result.workUnits > budget.workUnits) {
        counts.violations++;
        failures.push(`${file}: ${result.workUnits} work units, over the budget of ${budget.workUnits}`);
      }
      if (result.facts.skipReason === 'over work budget') counts.overBudget++;
      if (result.facts.skipReason === 'over time budget') {
        counts.overTime++;
        timeCut.push(`${file} (${bytes.length} bytes: ${JSON.stringify(bytes.subarray(0, 24).toString('utf8'))}…)`);
      }
      if (result.facts.syntaxErrors > 0) counts.syntaxErrors++;
      if (i % every === 0) sample.push({ file, bytes, skipReason: result.facts.skipReason });
    } catch (error) {
      counts.crashes++;
      failures.push(`${file} (${kind}): ${error?.stack ?? error}`);
      if (i % every === 0) sample.push({ file, bytes, crashed: true });
    }
  }
  return { counts, failures, timeCut };
}

/** The known pathological files of the issue, in every language. */
function pathologicalFiles() {
  return Object.entries(FUZZ_LANGUAGES).flatMap(([language, extension]) => [
    { file: `pathological/${language}/parens${extension}`, bytes: Buffer.from('('.repeat(100_000)) },
    { file: `pathological/${language}/sum${extension}`, bytes: Buffer.from(`x = ${'a + '.repeat(25_000)}a\n`) },
  ]);
}

async function indexRepo(engine, files, options) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-fuzz-'));
  for (const { file, bytes } of files) {
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), bytes);
  }
  const fileBudget = { milliseconds: options['budget-ms'], workUnits: options['work-units'] };
  // The clock makes a file's verdict depend on the machine's load, so the graph after the
  // re-indexes is compared with a clean one by work units alone, where it must be equal.
  const untimed = { milliseconds: 0, workUnits: options['work-units'] };
  const index = async (store, budget = fileBudget) => new engine.RepoIndexer(store, () => undefined).index({ repoPath: root, repoUrl: 'example.com/fuzz', fileBudget: budget });
  const started = performance.now();
  const store = await engine.openStore(':memory:');
  const fresh = await engine.openStore(':memory:');
  try {
    const first = await index(store);
    const seconds = (performance.now() - started) / 1000;
    const second = await index(store);
    const third = await index(store, untimed);
    const clean = await index(fresh, untimed);
    const edges = await store.liveEdges({ repoHash: first.repoHash });
    const ends = [...new Set(edges.flatMap((e) => [e.sourceHash, e.targetHash]))];
    const live = new Set((await store.liveNodesByHash(ends)).map((n) => n.nodeHash));
    const dangling = edges.filter((e) => !live.has(e.sourceHash) || !live.has(e.targetHash)).length;
    const incremental = liveEdgeHashes(edges);
    const cleanEdges = liveEdgeHashes(await fresh.liveEdges({ repoHash: clean.repoHash }));
    const sameAsClean = JSON.stringify(incremental) === JSON.stringify(cleanEdges);
    const cleanDifference = sameAsClean ? undefined : edgeDifference(incremental, cleanEdges, third.skipped, clean.skipped);
    const counts = await store.counts();
    return { first, second, dangling, sameAsClean, cleanDifference, nodes: counts.nodes, edges: counts.edges, seconds };
  } finally {
    await store.close();
    await fresh.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** A repository's live edges as their sorted hashes: two graphs hold the same edges when these are equal. */
function liveEdgeHashes(edges) {
  return edges.map((e) => e.edgeHash).sort();
}

/** How the re-indexed graph's edges differ from the clean index's, with each run's skips (a file skipped in one run only explains it). */
function edgeDifference(incremental, clean, incrementalSkipped, cleanSkipped) {
  const inClean = new Set(clean);
  const inIncremental = new Set(incremental);
  const onlyIncremental = incremental.filter((h) => !inClean.has(h)).length;
  const onlyClean = clean.filter((h) => !inIncremental.has(h)).length;
  return `${onlyIncremental} edges only after the re-indexes, ${onlyClean} only in the clean index; skipped: re-indexed ${formatCounts(incrementalSkipped)}, clean ${formatCounts(cleanSkipped)}`;
}

/**
 * What a second index of the same files did: 'no-op', or 'retried N' when it parsed again
 * only files the first skipped for the machine's sake (over time or memory), as it must;
 * anything else is 'wrote (…)' with the counts.
 */
function secondIndexVerdict(first, second) {
  if (!second.newSnapshot) return 'no-op';
  const retried = (first.skipped['over time budget'] ?? 0) + (first.skipped['over memory budget'] ?? 0);
  const { added, changed, removed } = second.files;
  const reparsed = second.parsedPaths.length;
  return added + changed + removed === 0 && reparsed <= retried
    ? `retried ${reparsed}`
    : `wrote (added ${added}, changed ${changed}, removed ${removed}, parsed again ${reparsed} of ${retried} skipped over time or memory)`;
}

function formatCounts(counts) {
  return Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const engine = loadEngine();
  const command = `node bench/fuzz.mjs --inputs ${options.inputs} --seed ${options.seed} --work-units ${options['work-units']} --budget-ms ${options['budget-ms']} --repo-files ${options['repo-files']}${options.languages.length < Object.keys(FUZZ_LANGUAGES).length ? ` --languages ${options.languages.join(',')}` : ''}`;
  const realByExtension = realFiles(path.join(PACKAGE_ROOT, 'test/fixtures'));
  const machine = machineSummary();
  const commit = shortHead(PACKAGE_ROOT);
  const sample = [];
  const failures = [];
  for (const [language, extension] of Object.entries(FUZZ_LANGUAGES).filter(([l]) => options.languages.includes(l))) {
    if (engine.languageForPath(`x${extension}`)?.id !== language) throw new Error(`bench/fuzz: ${extension} is not ${language}'s extension`);
    const seeds = realByExtension.get(extension) ?? [];
    const { counts, failures: found, timeCut } = await fuzzLanguage(engine, language, extension, seeds, options, sample);
    failures.push(...found);
    const row = [
      today(), machine, commit, language, counts.inputs, options.seed, options['work-units'], counts.crashes, counts.overBudget, counts.overTime,
      counts.syntaxErrors, Math.round(counts.totalUnits / counts.inputs), counts.maxUnits, Math.round(counts.maxMs), command,
    ];
    console.log(`${language.padEnd(10)} inputs ${counts.inputs}, seeds ${seeds.length}, crashes ${counts.crashes}, over work ${counts.overBudget}, over time ${counts.overTime}, `
      + `syntax errors ${counts.syntaxErrors}, max units ${counts.maxUnits}, max ${Math.round(counts.maxMs)} ms`);
    for (const cut of timeCut.slice(0, 5)) console.log(`           over time: ${cut}`);
    if (!options['no-record']) appendResultRow(EXTRACT_SECTION, EXTRACT_DESCRIPTION, EXTRACT_COLUMNS, row);
  }

  const repoFiles = [...sample, ...pathologicalFiles()];
  const result = await indexRepo(engine, repoFiles, options);
  const skipped = result.first.skipped;
  const expectedOverBudget = await countOverBudget(engine, repoFiles, options);
  const indexOverBudget = (skipped['over work budget'] ?? 0) + (skipped['over time budget'] ?? 0);
  if (indexOverBudget !== expectedOverBudget) {
    failures.push(`index: ${indexOverBudget} files skipped over budget, extraction alone skipped ${expectedOverBudget}`);
  }
  if (skipped['extractor error']) failures.push(`index: ${skipped['extractor error']} extractor errors`);
  if (result.dangling > 0) failures.push(`index: ${result.dangling} live edges with an end that is not a live node`);
  const second = secondIndexVerdict(result.first, result.second);
  if (second.startsWith('wrote')) failures.push(`index: a second index of the same files ${second}`);
  if (!result.sameAsClean) failures.push(`index: the live edges differ from a clean index into a fresh store: ${result.cleanDifference}`);
  console.log(`index      files ${repoFiles.length}, skipped ${formatCounts(skipped)}, nodes ${result.nodes}, edges ${result.edges}, `
    + `dangling ${result.dangling}, second index ${second.startsWith('wrote') ? 'WROTE' : second}, clean index ${result.sameAsClean ? 'same' : 'DIFFERENT'}`);
  if (!options['no-record']) {
    appendResultRow(INDEX_SECTION, INDEX_DESCRIPTION, INDEX_COLUMNS, [
      today(), machine, commit, repoFiles.length, formatCounts(skipped), result.nodes, result.edges, result.dangling,
      second, result.sameAsClean ? 'same' : 'different', result.seconds.toFixed(1), command,
    ]);
  }
  for (const failure of failures.slice(0, 20)) console.error(`FAIL ${failure}`);
  if (failures.length > 0) {
    console.error(`bench/fuzz: ${failures.length} failures`);
    process.exitCode = 1;
  }
}

/** Files of the repository the indexer reads (not binary, under the size cap) that extraction alone puts over budget. */
async function countOverBudget(engine, files, options) {
  let count = 0;
  for (const { file, bytes } of files) {
    if (engine.skipReason(bytes, engine.DEFAULT_MAX_FILE_BYTES)) continue;
    const budget = { milliseconds: options['budget-ms'], workUnits: options['work-units'] };
    const result = await engine.extractFileMetered(file, bytes.toString('utf8'), budget);
    if (result.facts.skipReason === 'over work budget' || result.facts.skipReason === 'over time budget') count++;
  }
  return count;
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exitCode = 1;
});
