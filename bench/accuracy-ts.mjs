// Call-edge accuracy against the TypeScript compiler (DESIGN §6: precision >= 0.95 for
// ast_inferred edges). Indexes the repo with the built CLI, exports jsonl, and compares
// every resolved calls edge with what the checker resolves at the same callee token.
//   npm run accuracy -- <ts_repo_path> [--json] [--no-record] [--label NAME] [--commit SHA] [--enrich [--enrich-budget D] | --scip]
// --commit names the corpus commit when the repo is not a git checkout (an exported tree).
// --enrich compares the graph after `ckg enrich` (tsserver), --scip after scip-typescript
// and `ckg ingest-scip`; either records the pass's wall time and its process tree's peak RSS.
// --json prints one JSON object instead of the report; --no-record skips bench/RESULTS.md.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ts from 'typescript';
import { UsageError, parseArgs } from './lib/args.mjs';
import { compareCalls } from './lib/callAccuracy.mjs';
import { loadCorpus } from './lib/corpus.mjs';
import { appendFormRows, fmt, formSectionDescription, printFormTable, printPatterns } from './lib/formReport.mjs';
import { PACKAGE_ROOT, loadEngine } from './lib/engine.mjs';
import { readCallEdges } from './lib/graphCalls.mjs';
import { PASS_COLUMNS, PASS_COLUMNS_DESCRIPTION, buildGraph, passCells, passOf, printPass } from './lib/graphPasses.mjs';
import { corpusName, engineVersion, shortHead, today } from './lib/machine.mjs';
import { appendResultRow } from './lib/results.mjs';
import { callSitesOf, createProgram, isCompilerSource, modulePaths } from './lib/tsOracle.mjs';

const USAGE = 'npm run accuracy -- <ts_repo_path> [--json] [--no-record] [--label NAME] [--commit SHA] [--enrich [--enrich-budget DURATION] | --scip]';
const SECTION = 'Call-edge accuracy (TypeScript compiler oracle)';
const FORM_SECTION = 'Call-edge accuracy by call form (TypeScript compiler oracle)';
const SECTION_DESCRIPTION = `One row per \`npm run accuracy\`. R = our calls edges in the repo's .ts/.tsx files whose
target is not an UNRESOLVED placeholder; C = the compiler's call and \`new\` sites (keyed by the
callee name token's 1-based line and column) that resolve to an in-repo function-like
declaration. precision = edges of R whose site the compiler resolves to the same qualified
name / |R| (bar: >= 0.95); recall = sites of C where we have that edge / |C|. Edges are unique
per (caller, callee), so a callee called twice by one caller has one edge at one site: pair
recall counts (caller, callee) pairs of C instead. engine = this package's commit (+dirty:
src/ had uncommitted changes). Since the export lists every call site of an edge
(\`call_sites\`), R counts one entry per kept site; the per-form figures are in the next section.
${PASS_COLUMNS_DESCRIPTION}`;
const COLUMNS = ['date', 'engine', 'corpus', 'precision', 'recall (sites)', 'recall (pairs)', '|R|', '|C|', 'R without compiler call', 'command', ...PASS_COLUMNS];

function log(message) {
  process.stderr.write(`bench/accuracy-ts: ${message}\n`);
}

function compilerSites(engine, root) {
  const allPaths = engine.listRepositoryFiles(root).allPaths;
  const sources = allPaths.filter((p) => isCompilerSource(p) && engine.languageForPath(p)).sort();
  const declarations = allPaths.filter((p) => p.endsWith('.d.ts'));
  const started = performance.now();
  const manifests = allPaths.filter((p) => p === 'package.json' || p.endsWith('/package.json'));
  const { program, configErrors, usedTsconfig, declarationFiles } = createProgram(root, sources, declarations, manifests);
  const checker = program.getTypeChecker();
  const modules = modulePaths(allPaths);
  const sites = [];
  for (const relative of sources) {
    const sourceFile = program.getSourceFile(path.join(root, relative));
    if (!sourceFile) continue;
    for (const site of callSitesOf(program, checker, root, sourceFile, (p) => modules.get(p))) {
      sites.push({ ...site, file: relative, key: `${relative}:${site.line}:${site.col}` });
    }
  }
  return { sites, analyzed: new Set(sources), configErrors, usedTsconfig, declarationFiles, ms: performance.now() - started };
}

function printReport(result, context) {
  const c = result.counts;
  const out = (line = '') => process.stdout.write(`${line}\n`);
  out(`\n${context.corpus}  (engine ${context.engine}; TypeScript ${ts.version}; ${context.usedTsconfig ? 'root tsconfig.json' : 'default options'}, ${context.declarationFiles} ambient .d.ts)`);
  out(`  precision        ${fmt(result.precision)}   (${c.correctEdges} of |R| = ${c.R} resolved edges agree with the compiler; bar >= 0.95)`);
  out(`  recall (sites)   ${fmt(result.recall)}   (${c.recalledSites} of |C| = ${c.C} compiler sites resolving to in-repo functions)`);
  out(`  recall (pairs)   ${fmt(result.pairRecall)}   (${c.recalledPairs} of ${c.pairs} caller->callee pairs of C)`);
  out(`  our calls edges  ${c.ourCallEdges}: ${c.R} resolved in .ts/.tsx, ${c.ourUnresolvedEdges} UNRESOLVED, ${c.ourCallEdgesOutsideAnalyzedFiles} in files the compiler does not check (.js...)`);
  out(`  R without a compiler call at that exact position: ${c.RWithoutCompilerCall}${c.RWithoutCompilerCall ? '  <- a position bug when large' : ''}`);
  out(`  R by callee shape (correct/R): ${Object.entries(c.RByCalleeShape).map(([k, v]) => `${k} ${v.correct}/${v.R}`).join(', ')}`);
  out(`  R by provenance (correct/R): ${Object.entries(c.RByProvenance).map(([k, v]) => `${k} ${v.correct}/${v.R}`).join(', ')}`);
  out(`  R wrong by compiler outcome: ${Object.entries(c.RWrongByCompilerOutcome).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  out(`  compiler sites   ${c.compilerSites} call/new sites with a name token; C misses: ${c.missedAsUnresolved} left UNRESOLVED by us, ${c.missedWithoutEdge} with no edge, ${c.missedBesideThePairsEdge} without an edge here though the pair has one at other sites`);
  out(`  time             index+export ${fmt(context.indexMs / 1000, 1)} s, compiler ${fmt(context.compilerMs / 1000, 1)} s`);
  printPass(out, context.pass);
  printFormTable(out, 'By callee shape (site.shape):', result.byForm);
  printPatterns(out, result.patterns);
}

async function main() {
  const { repoPath, options } = parseArgs('bench/accuracy-ts', process.argv.slice(2), {
    valued: { label: undefined, commit: undefined, 'enrich-budget': undefined },
    flags: ['json', 'no-record', 'enrich', 'scip'],
    usage: USAGE,
  });
  const pass = passOf('bench/accuracy-ts', options);
  const root = fs.realpathSync(repoPath);
  const engine = loadEngine();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-accuracy-'));
  try {
    log(`indexing ${root} with the CLI${pass === 'index' ? '' : `, then the ${pass} pass`}`);
    const { jsonl, indexMs, pass: passRun } = await buildGraph(root, workDir, { pass, language: 'typescript', budget: options['enrich-budget'], log });
    const { calls } = readCallEdges(jsonl);
    log(`${calls.length} calls edges; building the compiler program`);
    const compiler = compilerSites(engine, root);
    for (const error of compiler.configErrors.slice(0, 5)) log(`tsconfig: ${error}`);
    log(`${compiler.sites.length} compiler call sites in ${compiler.analyzed.size} files`);
    const result = compareCalls(compiler.sites, calls, compiler.analyzed);
    const lines = loadCorpus(engine, root).lines;
    const context = {
      corpus: `${corpusName(root, options.label)} @ ${shortHead(root) === 'no-git' ? (options.commit ?? 'no-git') : shortHead(root)}, ${lines} lines`,
      engine: engineVersion(PACKAGE_ROOT),
      usedTsconfig: compiler.usedTsconfig,
      declarationFiles: compiler.declarationFiles,
      indexMs,
      compilerMs: compiler.ms,
      pass: passRun,
    };
    const command = `npm run accuracy -- ${process.argv.slice(2).join(' ')}`;
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ ...context, typescript: ts.version, command, ...result }, null, 2)}\n`);
    } else {
      printReport(result, context);
    }
    if (options['no-record']) return;
    const written = appendResultRow(SECTION, SECTION_DESCRIPTION, COLUMNS, [
      today(), context.engine, context.corpus, fmt(result.precision), fmt(result.recall), fmt(result.pairRecall),
      result.counts.R, result.counts.C, result.counts.RWithoutCompilerCall, `\`${command}\``, ...passCells(passRun),
    ]);
    appendFormRows(FORM_SECTION, formSectionDescription('compiler', 'npm run accuracy'), [today(), context.engine, context.corpus], { byForm: result.byForm }, passRun.label);
    log(`appended a row to ${written} and ${Object.keys(result.byForm).length} per-form rows`);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack ?? error}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
