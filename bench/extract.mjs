// Extraction against the parse floor, per language (issue 4: every extractor stays
// within the DESIGN §6 floor ratio). One thread, no pool, no store: for each language of
// the corpus, the floor (parse + one query pass for tree-sitter languages, the parser
// alone for text languages) and the full extraction of the same files, alternated, the
// median of --runs.
//   node bench/extract.mjs <repo_path> [--runs N] [--label NAME] [--no-record]
import { UsageError, parseArgs } from './lib/args.mjs';
import { loadCorpus } from './lib/corpus.mjs';
import { PACKAGE_ROOT, loadEngine } from './lib/engine.mjs';
import { corpusName, engineVersion, machineSummary, shortHead, today } from './lib/machine.mjs';
import { appendResultRow } from './lib/results.mjs';
import { median } from './lib/stats.mjs';
import { treeSitterFloor } from './lib/treeSitterFloors.mjs';

const USAGE = 'node bench/extract.mjs <repo_path> [--runs N] [--label NAME] [--no-record]';
const SECTION = 'Extraction vs parse floor, per language, with tree-sitter floors for CSS, SQL and protobuf';
const SECTION_DESCRIPTION = `One row per language per \`node bench/extract.mjs\`. In one thread, with grammars loaded
and the files in memory: floor = parseAndQueryOnly over the language's files (tree-sitter
parse + one query pass; for text languages the parser alone), extract = extractFile over
the same files (parse + interpretation into facts); medians of --runs, the two alternated
so machine load hits both alike. Bar: extract/floor <= 1.5. CSS, SCSS, SQL and protobuf
are read by hand-written parsers whose floor costs almost nothing; their rows also give
the floor of a tree-sitter grammar of the language (parse + one query pass over what the
extractor captures), the floor the other languages are held to: the bundled CSS grammar,
@derekstride/tree-sitter-sql 0.3.11 and coder3101/tree-sitter-proto cf8e4eba, the last two
built by \`npm run bench:grammar\` (blank when not built). See bench/README.md.`;
const COLUMNS = [
  'date', 'machine', 'engine', 'corpus', 'commit', 'language', 'files', 'lines', 'floor ms', 'extract ms', 'extract/floor',
  'tree-sitter floor ms', 'extract/tree-sitter floor', 'command',
];

async function timeAll(files, run) {
  const started = performance.now();
  for (const file of files) await run(file.path, file.text);
  return performance.now() - started;
}

async function main() {
  const { repoPath, options } = parseArgs('bench/extract', process.argv.slice(2), {
    valued: { runs: 5, label: undefined }, flags: ['no-record'], usage: USAGE,
  });
  const engine = loadEngine();
  const corpus = loadCorpus(engine, repoPath);
  const byLanguage = new Map();
  for (const file of corpus.files) {
    if (!byLanguage.has(file.language)) byLanguage.set(file.language, []);
    byLanguage.get(file.language).push(file);
  }
  for (const [language, files] of [...byLanguage].sort(([a], [b]) => a.localeCompare(b))) {
    // Warm-up, one untimed pass of each: grammar load, query compilation and the JIT are
    // not per-file work (on a small corpus they would be most of the first run).
    await timeAll(files, engine.extractFile);
    await timeAll(files, engine.parseAndQueryOnly);
    const reference = await treeSitterFloor(language);
    if (reference?.unavailable) process.stderr.write(`${language}: no tree-sitter floor, ${reference.unavailable}\n`);
    const treeSitter = reference?.run;
    const floor = [];
    const extract = [];
    const treeSitterRuns = [];
    for (let i = 0; i < options.runs; i++) {
      floor.push(await timeAll(files, engine.parseAndQueryOnly));
      extract.push(await timeAll(files, engine.extractFile));
      if (treeSitter) treeSitterRuns.push(await timeAll(files, treeSitter));
    }
    const floorMs = median(floor);
    const extractMs = median(extract);
    const treeSitterMs = treeSitter ? median(treeSitterRuns) : undefined;
    const lines = files.reduce((sum, f) => sum + f.lines, 0);
    const row = [
      today(), machineSummary(), engineVersion(PACKAGE_ROOT), corpusName(repoPath, options.label), shortHead(repoPath), language,
      files.length, lines, floorMs.toFixed(0), extractMs.toFixed(0), (extractMs / floorMs).toFixed(2),
      treeSitterMs === undefined ? '' : treeSitterMs.toFixed(0), treeSitterMs === undefined ? '' : (extractMs / treeSitterMs).toFixed(2),
      `node bench/extract.mjs ${repoPath} --runs ${options.runs}`,
    ];
    const viaTreeSitter = treeSitterMs === undefined ? '' : `  tree-sitter floor ${row[11]} ms  ratio ${row[12]}`;
    process.stdout.write(`${language.padEnd(11)} ${String(files.length).padStart(6)} files ${String(lines).padStart(8)} lines  floor ${row[8]} ms  extract ${row[9]} ms  ratio ${row[10]}${viaTreeSitter}\n`);
    if (!options['no-record']) appendResultRow(SECTION, SECTION_DESCRIPTION, COLUMNS, row);
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
