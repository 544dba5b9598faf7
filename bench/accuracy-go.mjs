// Call-edge and implements accuracy against Go's own type checker (bench/oracles/go, a
// small go/types program built here with Debian's golang-go; the CLI never needs Go).
// Indexes the repo with the built CLI, exports jsonl, and compares every resolved calls
// edge with what go/types resolves at the same callee token, per call form; then our
// implements edges with the pairs types.Implements holds for.
//   npm run accuracy:go -- <go_repo_path> [--json] [--no-record] [--label NAME] [--commit SHA]
// --commit names the corpus commit when the repo is not a git checkout (an exported tree).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UsageError, parseArgs } from './lib/args.mjs';
import { compareCalls } from './lib/callAccuracy.mjs';
import { linesByLanguage, loadCorpus } from './lib/corpus.mjs';
import { PACKAGE_ROOT, loadEngine } from './lib/engine.mjs';
import { appendFormRows, fmt, formSectionDescription, printFormTable, printPatterns } from './lib/formReport.mjs';
import { buildOracle, compareImplements, goVersion, runOracle } from './lib/goOracle.mjs';
import { indexAndExport, readCallEdges, readImplementsEdges } from './lib/graphCalls.mjs';
import { corpusName, engineVersion, shortHead, today } from './lib/machine.mjs';
import { appendResultRow } from './lib/results.mjs';

const USAGE = 'npm run accuracy:go -- <go_repo_path> [--json] [--no-record] [--label NAME] [--commit SHA]';
const SECTION = 'Call-edge accuracy (Go type-checker oracle)';
const FORM_SECTION = 'Call-edge accuracy by call form (Go type-checker oracle)';
const VARIABLE_GROUP = 'x.Method() local/param/field';
const CHAINED_GROUP = 'chained a.b.Method() / f().Method()';
const SECTION_DESCRIPTION = `One row per \`npm run accuracy:go\`. The oracle (bench/oracles/go) type-checks the repository's
own packages with go/types (test files included; third-party imports opaque; the standard
library of the machine's Go). R = our calls edges in the .go files it checked whose target is
not an UNRESOLVED placeholder, one per kept call site; C = its call sites (keyed by the callee
name token's 1-based line and UTF-16 column) that resolve to a named in-repo function or
method. precision = R the checker resolves to the same qualified name / |R|; conversions
\`T(x)\` and builtins count against it. Pair recall counts (caller, callee) pairs of C. The two
form columns are pair recall of the issue's groups (the next section has every form);
x.Method() = on a local, a parameter, a package variable or a field of the receiver;
chained = on x.field, a.b.c, f(), x[i], x.(T). implements: our edges between an in-repo
non-generic type and interface (test files excluded) against types.Implements(T or *T, I);
cross = pairs whose type and interface are in different packages.`;
const COLUMNS = ['date', 'engine', 'corpus', 'precision', 'recall (sites)', 'recall (pairs)', `pairs ${VARIABLE_GROUP}`, 'pairs chained',
  '|R|', '|C|', 'R at conversions', 'R without checker call', 'implements precision', 'implements recall', 'cross-package recall',
  'type errors', 'command'];

function log(message) {
  process.stderr.write(`bench/accuracy-go: ${message}\n`);
}

function printReport(result, impl, context) {
  const c = result.counts;
  const i = impl.counts;
  const out = (line = '') => process.stdout.write(`${line}\n`);
  out(`\n${context.corpus}  (engine ${context.engine}; ${context.go}; ${context.oracle.packages} packages, ${context.oracle.files} files checked, ${context.oracle.typeErrors} type errors, ${context.oracle.opaqueImports} opaque imports)`);
  out(`  precision        ${fmt(result.precision)}   (${c.correctEdges} of |R| = ${c.R} resolved edge sites agree with go/types; bar >= 0.99)`);
  out(`  recall (sites)   ${fmt(result.recall)}   (${c.recalledSites} of |C| = ${c.C} checker sites resolving to named in-repo functions and methods)`);
  out(`  recall (pairs)   ${fmt(result.pairRecall)}   (${c.recalledPairs} of ${c.pairs} caller->callee pairs of C)`);
  out(`  our calls edges  ${c.ourCallEdges} edge sites: ${c.R} resolved in checked .go files, ${c.ourUnresolvedEdges} UNRESOLVED, ${c.ourCallEdgesOutsideAnalyzedFiles} in files the checker did not see`);
  out(`  not judged       ${c.uncheckedSites} calls inside expressions the checker gave up on (the value of an unknown field...), and our ${c.edgesAtUncheckedSites} edge sites there`);
  out(`  R without a checker call at that exact position: ${c.RWithoutCompilerCall}; R wrong by checker outcome: ${Object.entries(c.RWrongByCompilerOutcome).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  out(`  checker sites    ${c.compilerSites} calls with a name token; C misses: ${c.missedAsUnresolved} left UNRESOLVED by us, ${c.missedWithoutEdge} with no edge, ${c.missedBesideThePairsEdge} without an edge here though the pair has one at other sites`);
  printFormTable(out, 'By call-form group:', result.byGroup);
  printFormTable(out, 'By call form:', result.byForm);
  out('\nimplements (types.Implements on T or *T):');
  out(`  precision        ${fmt(impl.precision)}   (${i.ourEdgesInUniverse - i.falseEdges} of ${i.ourEdgesInUniverse} of our edges between in-universe types and interfaces; ${i.ourEdges} implements edges in all)`);
  out(`  recall           ${fmt(impl.recall)}   (${i.found} of ${i.oraclePairs} pairs; ${i.pointerOnlyPairs} hold for *T only)`);
  out(`  cross-package    ${fmt(impl.crossPackageRecall)}   (${i.crossPackageFound} of ${i.crossPackagePairs} pairs across packages)`);
  for (const e of impl.falseExamples) out(`    false: ${e}`);
  for (const e of impl.missedExamples) out(`    missed: ${e}`);
  out(`  time             index+export ${fmt(context.indexMs / 1000, 1)} s, checker ${fmt(context.oracleMs / 1000, 1)} s`);
  printPatterns(out, result.patterns);
}

async function main() {
  const { repoPath, options } = parseArgs('bench/accuracy-go', process.argv.slice(2), {
    valued: { label: undefined, commit: undefined },
    flags: ['json', 'no-record'],
    usage: USAGE,
  });
  if (!fs.existsSync(repoPath) || !fs.statSync(repoPath).isDirectory()) {
    throw new UsageError(`bench/accuracy-go: <go_repo_path> ${repoPath} is not a directory; usage: ${USAGE}`);
  }
  const root = fs.realpathSync(repoPath);
  const go = goVersion();
  const engine = loadEngine();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-accuracy-go-'));
  try {
    log(`building the oracle with ${go}`);
    const binary = buildOracle();
    log(`type-checking ${root}`);
    const started = performance.now();
    const oracle = runOracle(binary, root, workDir);
    const oracleMs = performance.now() - started;
    for (const line of oracle.stderr.split('\n').filter(Boolean).slice(0, 4)) log(line);
    log(`indexing ${root} with the CLI`);
    const { jsonl, indexMs } = indexAndExport(root, workDir);
    const allCalls = readCallEdges(jsonl).calls;
    const calls = allCalls.filter((c) => !oracle.unchecked.has(c.key));
    const result = compareCalls(oracle.sites, calls, oracle.analyzed);
    result.counts.edgesAtUncheckedSites = allCalls.length - calls.length;
    result.counts.uncheckedSites = oracle.unchecked.size;
    const impl = compareImplements(readImplementsEdges(jsonl), oracle);
    const corpus = loadCorpus(engine, root);
    const goLines = linesByLanguage(corpus.files).find(([language]) => language === 'go')?.[1] ?? 0;
    const head = shortHead(root);
    const commit = head === 'no-git' ? (options.commit ?? 'no-git') : head;
    const context = {
      corpus: `${corpusName(root, options.label)} @ ${commit}, ${corpus.lines} lines (Go ${goLines})`,
      engine: engineVersion(PACKAGE_ROOT), go, oracle: oracle.stats, indexMs, oracleMs,
    };
    const command = `npm run accuracy:go -- ${process.argv.slice(2).join(' ')}`;
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ ...context, command, ...result, implements: impl }, null, 2)}\n`);
    } else {
      printReport(result, impl, context);
    }
    if (options['no-record']) return;
    const conversions = result.byForm.conversion?.R ?? 0;
    const written = appendResultRow(SECTION, SECTION_DESCRIPTION, COLUMNS, [
      today(), context.engine, context.corpus, fmt(result.precision), fmt(result.recall), fmt(result.pairRecall),
      fmt(result.byGroup[VARIABLE_GROUP]?.pairRecall), fmt(result.byGroup[CHAINED_GROUP]?.pairRecall),
      result.counts.R, result.counts.C, conversions, result.counts.RWithoutCompilerCall,
      fmt(impl.precision), fmt(impl.recall), fmt(impl.crossPackageRecall), oracle.stats.typeErrors, `\`${command}\``,
    ]);
    const rows = appendFormRows(FORM_SECTION, formSectionDescription('type-checker', 'npm run accuracy:go'), [today(), context.engine, context.corpus], result);
    log(`appended a row to ${written} and ${rows.groups} group and ${rows.forms} form rows`);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack ?? error}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
