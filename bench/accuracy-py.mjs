// Call-edge accuracy against pyright (the checker bench:enrich already drives): every call
// site of the repo's .py files, found with the engine's tree-sitter grammar, asked
// textDocument/definition of a spawned pyright-langserver at the callee name token; the
// declaration it lands on is named as our qualified names are, and compared per call form.
//   npm run accuracy:py -- <py_repo_path> [--json] [--no-record] [--label NAME] [--commit SHA] [--max-files N] [--timeout-ms N]
//     [--enrich [--enrich-budget DURATION] | --scip]
// --commit names the corpus commit when the repo is not a git checkout (an exported tree);
// --max-files checks only the first N .py files (sorted) for a quick look.
// --enrich compares the graph after `ckg enrich` (pyright), --scip after scip-python and
// `ckg ingest-scip`; either records the pass's wall time and its process tree's peak RSS.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UsageError, parseArgs } from './lib/args.mjs';
import { compareCalls } from './lib/callAccuracy.mjs';
import { linesByLanguage, loadCorpus } from './lib/corpus.mjs';
import { PACKAGE_ROOT, loadEngine } from './lib/engine.mjs';
import { appendFormRows, fmt, formSectionDescription, printFormTable, printPatterns } from './lib/formReport.mjs';
import { readCallEdges } from './lib/graphCalls.mjs';
import { PASS_COLUMNS, PASS_COLUMNS_DESCRIPTION, buildGraph, passCells, passOf, printPass } from './lib/graphPasses.mjs';
import { corpusName, engineVersion, shortHead, today } from './lib/machine.mjs';
import { pyrightSites, pyrightVersion } from './lib/pyOracle.mjs';
import { appendResultRow } from './lib/results.mjs';

const USAGE = 'npm run accuracy:py -- <py_repo_path> [--json] [--no-record] [--label NAME] [--commit SHA] [--max-files N] [--timeout-ms N] '
  + '[--enrich [--enrich-budget DURATION] | --scip]';
const SECTION = 'Call-edge accuracy (pyright oracle)';
const FORM_SECTION = 'Call-edge accuracy by call form (pyright oracle)';
const SECTION_DESCRIPTION = `One row per \`npm run accuracy:py\`. The oracle asks a spawned pyright-langserver
(textDocument/definition) at the callee name token of every call tree-sitter finds in the
repo's .py files (\`f()\`, \`a.b.f()\`; \`super()\` itself excepted). R = our calls edges in
those files whose target is not an UNRESOLVED placeholder, one per kept call site; C = the
sites pyright resolves to a named in-repo function, method or class (\`C()\` names
\`C.__init__\` when C declares it, else C). precision = R pyright resolves to the same
qualified name / |R|; a site resolving outside the repo (typeshed, site-packages) or to
nothing counts against it. Pair recall counts (caller, callee) pairs of C. The form
columns are pair recall of four groups (the next section has every group and form).
Sites pyright did not answer within --timeout-ms are not judged (column "unanswered").
${PASS_COLUMNS_DESCRIPTION}`;
const COLUMNS = ['date', 'engine', 'corpus', 'precision', 'recall (sites)', 'recall (pairs)', 'pairs self.m()', 'pairs x.m()',
  'pairs self.x.m() / a.b.m()', 'pairs C()', '|R|', '|C|', 'R without pyright call', 'unanswered', 'pyright time', 'command', ...PASS_COLUMNS];

function log(message) {
  process.stderr.write(`bench/accuracy-py: ${message}\n`);
}

function printReport(result, context) {
  const c = result.counts;
  const s = context.oracle;
  const out = (line = '') => process.stdout.write(`${line}\n`);
  const list = (record) => Object.entries(record).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ');
  out(`\n${context.corpus}  (engine ${context.engine}; pyright ${context.pyright}; ${s.files} .py files, ${s.calls} calls, ${s.queries} definition queries)`);
  out(`  precision        ${fmt(result.precision)}   (${c.correctEdges} of |R| = ${c.R} resolved edge sites agree with pyright)`);
  out(`  recall (sites)   ${fmt(result.recall)}   (${c.recalledSites} of |C| = ${c.C} pyright sites resolving to named in-repo functions, methods and classes)`);
  out(`  recall (pairs)   ${fmt(result.pairRecall)}   (${c.recalledPairs} of ${c.pairs} caller->callee pairs of C)`);
  out(`  our calls edges  ${c.ourCallEdges} edge sites: ${c.R} resolved in checked .py files, ${c.ourUnresolvedEdges} UNRESOLVED, ${c.ourCallEdgesOutsideAnalyzedFiles} in files not checked`);
  out(`  pyright outcomes ${list(s.outcomes)}; outside the repo: ${list(s.external)}`);
  out(`  not judged       ${s.unanswered} sites pyright did not answer in time, and our ${c.edgesAtUncheckedSites} edge sites there`);
  out(`  R without a pyright call at that exact position: ${c.RWithoutCompilerCall}; R wrong by pyright outcome: ${list(c.RWrongByCompilerOutcome)}`);
  out(`  R by provenance (correct/R): ${Object.entries(c.RByProvenance).map(([k, v]) => `${k} ${v.correct}/${v.R}`).join(', ')}`);
  out(`  C misses: ${c.missedAsUnresolved} left UNRESOLVED by us, ${c.missedWithoutEdge} with no edge, ${c.missedBesideThePairsEdge} without an edge here though the pair has one at other sites`);
  printFormTable(out, 'By call-form group:', result.byGroup);
  printFormTable(out, 'By call form:', result.byForm);
  out(`\n  time             index+export ${fmt(context.indexMs / 1000, 1)} s, pyright start ${fmt(s.startMs / 1000, 1)} s, queries ${fmt(s.queryMs / 1000, 1)} s`);
  printPass(out, context.pass);
  printPatterns(out, result.patterns);
}

async function main() {
  const { repoPath, options } = parseArgs('bench/accuracy-py', process.argv.slice(2), {
    valued: { label: undefined, commit: undefined, 'max-files': undefined, 'timeout-ms': 10_000, 'enrich-budget': undefined },
    flags: ['json', 'no-record', 'enrich', 'scip'],
    usage: USAGE,
  });
  if (!fs.existsSync(repoPath) || !fs.statSync(repoPath).isDirectory()) {
    throw new UsageError(`bench/accuracy-py: <py_repo_path> ${repoPath} is not a directory; usage: ${USAGE}`);
  }
  const maxFiles = options['max-files'] === undefined ? undefined : Number(options['max-files']);
  if (maxFiles !== undefined && (!Number.isInteger(maxFiles) || maxFiles <= 0)) {
    throw new UsageError(`bench/accuracy-py: --max-files ${options['max-files']}: expected a positive integer`);
  }
  const pass = passOf('bench/accuracy-py', options);
  const root = fs.realpathSync(repoPath);
  const engine = loadEngine();
  const corpus = loadCorpus(engine, root);
  const allPaths = engine.listRepositoryFiles(root).allPaths;
  const pyFiles = corpus.files.filter((f) => f.language === 'python' && f.path.endsWith('.py')).map((f) => f.path).sort();
  const files = pyFiles.slice(0, maxFiles ?? pyFiles.length);
  if (files.length === 0) throw new UsageError(`bench/accuracy-py: no .py files under ${root}`);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-accuracy-py-'));
  try {
    log(`asking pyright ${pyrightVersion()} about every call in ${files.length} of ${pyFiles.length} .py files`);
    const oracle = await pyrightSites(engine, root, files, allPaths, { timeoutMs: options['timeout-ms'], log });
    log(`indexing ${root} with the CLI${pass === 'index' ? '' : `, then the ${pass} pass`}`);
    const { jsonl, indexMs, pass: passRun } = await buildGraph(root, workDir, { pass, language: 'python', budget: options['enrich-budget'], log });
    const allCalls = readCallEdges(jsonl).calls;
    const calls = allCalls.filter((c) => !oracle.unchecked.has(c.key));
    const result = compareCalls(oracle.sites, calls, oracle.analyzed);
    result.counts.edgesAtUncheckedSites = allCalls.length - calls.length;
    const pyLines = linesByLanguage(corpus.files).find(([language]) => language === 'python')?.[1] ?? 0;
    const head = shortHead(root);
    const commit = head === 'no-git' ? (options.commit ?? 'no-git') : head;
    const scope = files.length < pyFiles.length ? `, first ${files.length} of ${pyFiles.length} .py files` : '';
    const context = {
      corpus: `${corpusName(root, options.label)} @ ${commit}, ${corpus.lines} lines (Python ${pyLines}${scope})`,
      engine: engineVersion(PACKAGE_ROOT), pyright: pyrightVersion(), oracle: oracle.stats, indexMs, pass: passRun,
    };
    const command = `npm run accuracy:py -- ${process.argv.slice(2).join(' ')}`;
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ ...context, command, ...result }, null, 2)}\n`);
    } else {
      printReport(result, context);
    }
    if (options['no-record']) return;
    const groupPairs = (group) => fmt(result.byGroup[group]?.pairRecall);
    const written = appendResultRow(SECTION, SECTION_DESCRIPTION, COLUMNS, [
      today(), context.engine, context.corpus, fmt(result.precision), fmt(result.recall), fmt(result.pairRecall),
      groupPairs('self.m()'), groupPairs('x.m()'), groupPairs('self.x.m() / a.b.m()'), groupPairs('C()'),
      result.counts.R, result.counts.C, result.counts.RWithoutCompilerCall, oracle.stats.unanswered,
      `${fmt((oracle.stats.startMs + oracle.stats.queryMs) / 1000, 0)} s`, `\`${command}\``, ...passCells(passRun),
    ]);
    const rows = appendFormRows(FORM_SECTION, formSectionDescription('pyright', 'npm run accuracy:py'), [today(), context.engine, context.corpus], result, passRun.label);
    log(`appended a row to ${written} and ${rows.groups} group and ${rows.forms} form rows`);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack ?? error}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
