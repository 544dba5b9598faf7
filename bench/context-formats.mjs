#!/usr/bin/env node
// Context tools on a real indexed repository: query times of context_for_pr (8000 tokens)
// and context_for_task (50000 requested), the random walk alone, and the tokens the same
// ranked contexts take in every format (gcf against json above all). Appends one row to
// bench/RESULTS.md under "Context formats", whose description says what each figure is;
// docs/formats.md describes the formats and how the context is chosen.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UsageError, parseArgs } from './lib/args.mjs';
import { PACKAGE_ROOT } from './lib/engine.mjs';
import { engineVersion, machineSummary, shortHead, today } from './lib/machine.mjs';
import { appendResultRow } from './lib/results.mjs';
import { median, percentile } from './lib/stats.mjs';

const SCRIPT = 'bench/context-formats';
const USAGE = 'node bench/context-formats.mjs <repo_path> --db <graph.db> [--runs N] [--files N] [--label NAME] [--no-record]';
const SECTION = 'Context formats';
const SECTION_DESCRIPTION = `One row per \`node bench/context-formats.mjs\`, on a graph file indexed beforehand with
\`ckg index\`; the context code is bundled with esbuild for the run, as dist/ is. view = the
first GraphCache.liveView() (paid once per graph file); index = building the BM25 symbol
index and the graph compiled for random walks (once per view). Queries then run as a
running server answers them (the first run of each query warms the tokenizer's piece
memo): pr = context_for_pr handler, default budget 8000, xml, on --files files of the repo
(every Nth by path among files with at least 3 symbols) x --runs; task = context_for_task
handler, 50000 requested (lowered to the 25,000-token reply cap), xml, on the fixed task
list x --runs; task 50k = the same build at a full 50000-token budget without the cap;
rank = seeds to ranked symbols (random walk with restart and boosts) for the pr files.
Tokens = the same ranked symbols (the pr contexts and the task contexts at 8000 tokens,
packed once) rendered in each format, summed, cl100k; gcf/json = their ratio.`;
const COLUMNS = [
  'date', 'machine', 'load', 'engine', 'corpus', 'nodes', 'edges', 'view ms', 'index ms', 'pr median ms', 'pr p90 ms',
  'task median ms', 'task p90 ms', 'task 50k median ms', 'rank median ms', 'symbols', 'json tokens', 'xml tokens',
  'markdown tokens', 'gcf tokens', 'gcb tokens', 'gcf/json', 'command',
];

/** Tasks a developer could ask on most service repositories. */
const TASKS = [
  'stop a workspace when its timeout expires and notify the owner',
  'authenticate a user with an oauth token and refresh it when it expires',
  'list the running instances of a user and their status',
  'handle an incoming http request, validate it and write the json response',
  'load the configuration file and validate its fields',
  'retry a failed database query with backoff',
];

function fmt(value, digits = 1) {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

/** Bundles the context tools as the build does, beside copies of the runtime assets they read. */
async function bundleEngine() {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-bench-context-')), 'dist');
  fs.mkdirSync(dir, { recursive: true });
  // The assets the store reads beside a bundle (src/assets.ts), from where the build takes them.
  fs.cpSync(path.join(PACKAGE_ROOT, 'src/store/sqljs/migrations'), path.join(dir, 'migrations'), { recursive: true });
  fs.copyFileSync(path.join(PACKAGE_ROOT, 'node_modules/sql.js/dist/sql-wasm.wasm'), path.join(dir, 'sql-wasm.wasm'));
  const outfile = path.join(dir, 'context-bench.js');
  await esbuild.build({
    stdin: {
      contents: `
        export { openStore } from './src/store';
        export { GraphCache } from './src/query/graphCache';
        export { tool as contextForTask } from './src/mcp/tools/contextForTask';
        export { tool as contextForPr } from './src/mcp/tools/contextForPr';
        export { buildTaskContext, buildFilesContext, MODE_SETTINGS } from './src/context/contextBuilder';
        export { decodeGcb } from './src/context/formats/gcbDecoder';
        export { renderContext, CONTEXT_FORMATS } from './src/context/formats';
        export { countTokens } from './src/context/tokenizer';
        export { symbolIndexOf } from './src/context/symbolIndex';
        export { rankSymbols } from './src/context/ranking';
        export { fileSeeds, resolveFiles } from './src/context/seeds';`,
      resolveDir: PACKAGE_ROOT,
      loader: 'ts',
    },
    bundle: true, platform: 'node', target: 'node20', format: 'cjs', outfile, logLevel: 'warning',
  });
  return { engine: (await import(outfile)).default, cleanup: () => fs.rmSync(path.dirname(dir), { recursive: true, force: true }) };
}

function time(work) {
  const start = performance.now();
  const result = work();
  return { ms: performance.now() - start, result };
}

async function timeAsync(work) {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}

/** Every Nth file by path among those with at least 3 showable symbols: a spread over the repo. */
function pickFiles(engine, view, count) {
  const index = engine.symbolIndexOf(view);
  const files = [...view.files.values()]
    .filter((f) => index.nodesOf(f.fileHash).filter((n) => index.isShowable(n)).length >= 3)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (files.length === 0) throw new UsageError(`${SCRIPT}: no file with 3 symbols in the graph`);
  const step = Math.max(1, Math.floor(files.length / count));
  return files.filter((_, i) => i % step === 0).slice(0, count);
}

async function main() {
  const { repoPath, options } = parseArgs(SCRIPT, process.argv.slice(2), {
    valued: { db: '', runs: 5, files: 12, label: '' },
    flags: ['no-record'],
    usage: USAGE,
  });
  if (!options.db || !fs.existsSync(options.db)) {
    throw new UsageError(`${SCRIPT}: --db <graph.db> must name an indexed graph; make one with \`node dist/cli.js index ${repoPath} -db /tmp/graph.db\``);
  }
  const root = path.resolve(repoPath);
  const load = os.loadavg()[0];
  const { engine, cleanup } = await bundleEngine();
  try {
    const store = await engine.openStore(options.db);
    const repo = (await store.repos()).find((r) => path.resolve(r.rootPath) === root);
    if (!repo) throw new UsageError(`${SCRIPT}: ${options.db} has no repository at ${root}`);
    const graphs = new engine.GraphCache(() => store);
    const deps = {
      store: () => store, graphs, replyTokenCap: 25_000, now: () => Math.floor(Date.now() / 1000),
      index: () => Promise.reject(new Error('not used')),
    };
    engine.countTokens('warm up the tokenizer');

    const viewLoad = await timeAsync(() => graphs.liveView());
    const view = viewLoad.result;
    const indexBuild = time(() => {
      const built = engine.symbolIndexOf(view);
      built.searchSymbols('warm', 1);
      built.walkGraph();
    });
    const files = pickFiles(engine, view, options.files);

    const prTimes = [];
    const rankTimes = [];
    const taskTimes = [];
    const task50kTimes = [];
    const index = engine.symbolIndexOf(view);
    for (let run = 0; run < options.runs; run++) {
      for (const file of files) {
        prTimes.push((await timeAsync(() => engine.contextForPr.handler({ files: [file.path], token_budget: 8000, format: 'xml' }, deps))).ms);
        const seeds = engine.fileSeeds(index, [file]);
        rankTimes.push(time(() => engine.rankSymbols(index, seeds, engine.MODE_SETTINGS.pr)).ms);
      }
      for (const task of TASKS) {
        taskTimes.push((await timeAsync(() => engine.contextForTask.handler({ task_description: task, token_budget: 50_000, format: 'xml' }, deps))).ms);
        task50kTimes.push(time(() => engine.buildTaskContext({ view }, { description: task, tokenBudget: 50_000, format: 'xml' })).ms);
      }
    }

    // One packing per query, decoded and rendered in every format: the same symbols each time.
    const tokens = Object.fromEntries(engine.CONTEXT_FORMATS.map((f) => [f, 0]));
    let symbols = 0;
    const documents = [
      ...files.map((file) => engine.buildFilesContext({ view }, { files: [file.path], tokenBudget: 8000, format: 'gcb', mode: 'pr' })),
      ...TASKS.map((task) => engine.buildTaskContext({ view }, { description: task, tokenBudget: 8000, format: 'gcb' })),
    ].map((result) => engine.decodeGcb(result.content));
    for (const doc of documents) {
      symbols += doc.symbols.length;
      for (const format of engine.CONTEXT_FORMATS) tokens[format] += engine.countTokens(engine.renderContext(doc, format));
    }

    const counts = await store.counts();
    const corpusLabel = `${options.label || path.basename(root)} @ ${shortHead(root)}`;
    const summary = [
      ['corpus', `${corpusLabel}: ${counts.nodes} nodes, ${counts.edges} edges`],
      ['view load / symbol index', `${fmt(viewLoad.ms)} ms / ${fmt(indexBuild.ms)} ms (once per graph)`],
      ['context_for_pr 8000', `median ${fmt(median(prTimes))} ms, p90 ${fmt(percentile(prTimes, 0.9))} ms (${prTimes.length} calls)`],
      ['context_for_task 50000 (capped)', `median ${fmt(median(taskTimes))} ms, p90 ${fmt(percentile(taskTimes, 0.9))} ms`],
      ['task build at 50000', `median ${fmt(median(task50kTimes))} ms`],
      ['rank (walk + boosts, pr seeds)', `median ${fmt(median(rankTimes))} ms`],
      ['tokens, same symbols', `${engine.CONTEXT_FORMATS.map((f) => `${f} ${tokens[f]}`).join(', ')} (${symbols} symbols)`],
      ['gcf / json', fmt(tokens.gcf / tokens.json, 3)],
    ];
    for (const [label, value] of summary) process.stdout.write(`${label.padEnd(32)} ${value}\n`);

    if (!options['no-record']) {
      const command = `node bench/context-formats.mjs ${process.argv.slice(2).join(' ')}`;
      const written = appendResultRow(SECTION, SECTION_DESCRIPTION, COLUMNS, [
        today(), machineSummary(), `${fmt(load, 1)} / ${fmt(os.loadavg()[0], 1)}`, engineVersion(PACKAGE_ROOT), corpusLabel,
        counts.nodes, counts.edges, fmt(viewLoad.ms), fmt(indexBuild.ms), fmt(median(prTimes)), fmt(percentile(prTimes, 0.9)),
        fmt(median(taskTimes)), fmt(percentile(taskTimes, 0.9)), fmt(median(task50kTimes)), fmt(median(rankTimes), 2), symbols,
        tokens.json, tokens.xml, tokens.markdown, tokens.gcf, tokens.gcb, fmt(tokens.gcf / tokens.json, 3), `\`${command}\``,
      ]);
      process.stdout.write(`recorded in ${written}\n`);
    }
    await store.close();
  } finally {
    cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack}\n`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
