// Context against lexical baselines on real commit history (issue 16): for seeded commits,
// index the parent, ask context_for_task (a real MCP client) with the commit message raw
// and names-stripped, and score its files and symbols against what the commit changed,
// beside whole-file BM25 and `git grep` on the same parent tree. Usage:
//   npm run bench:context -- <repo_path> [--n 40] [--seed 16] [--window 1500] [--rev HEAD] [--label NAME] [--large-budget 50000] [--no-record]
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { UsageError, parseArgs } from './lib/args.mjs';
import { TreeDocuments, bm25Files, coChangeFiles, grepFiles } from './lib/contextBaselines.mjs';
import { pickCommits, readCommits, truthFiles } from './lib/contextCommits.mjs';
import { K, changedSymbols, distinctInOrder, median, scoreRanking, touchedLines } from './lib/contextMetrics.mjs';
import { COLUMNS, SECTION, SECTION_DESCRIPTION, VARIANTS, printedReach, printedTables, resultRows, summarize } from './lib/contextReport.mjs';
import { cleanMessage, fileNamesOf, stripNames } from './lib/contextTask.mjs';
import { PACKAGE_ROOT, loadEngine } from './lib/engine.mjs';
import { corpusName, engineVersion, machineSummary, today } from './lib/machine.mjs';
import { addWorkTree, checkOutAt, removeWorkTree } from './lib/parentTree.mjs';
import { appendResultRow } from './lib/results.mjs';

const USAGE = 'npm run bench:context -- <repo_path> [--n 40] [--seed 16] [--window 1500] [--rev HEAD] [--label NAME] [--large-budget 50000] [--no-record]';
const require = createRequire(import.meta.url);
const CALL_TIMEOUT_MS = 30 * 60 * 1000;
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { InMemoryTransport } = require('@modelcontextprotocol/sdk/inMemory.js');

/** A real MCP client on the server the CLI runs, over one graph that the run re-indexes commit to commit. */
async function connect(engine, dbPath, root) {
  const deps = await engine.openServerDeps(dbPath, { allowedRoots: [root], log: () => {} });
  const server = engine.createMcpServer(deps);
  const client = new Client({ name: 'bench-context', version: '1' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  const call = async (name, args) => {
    const started = performance.now();
    // A cold index of a large repository on a loaded machine outlasts the SDK's default minute.
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS });
    const ms = performance.now() - started;
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    if (result.isError) throw new Error(`${name} failed: ${text}`);
    return { ms, result };
  };
  return { deps, client, call };
}

/** The parent's graph: its files by path and the nodes of the truth files, each with its path. */
async function parentGraph(store, truth) {
  const [repo] = await store.repos();
  const files = await store.liveFiles(repo.repoHash);
  const byPath = new Map(files.map((f) => [f.path, f]));
  const nodes = [];
  for (const file of truth.map((p) => byPath.get(p)).filter(Boolean)) {
    for (const node of await store.liveNodesOfFile(file.fileHash)) nodes.push({ ...node, path: file.path });
  }
  return { paths: files.map((f) => f.path), nodes };
}

/** Files and symbol hashes of a context_for_task reply in json format, best first. */
function contextRanking(result) {
  const content = result.structuredContent?.content ?? result.content.map((c) => c.text ?? '').join('');
  const symbols = JSON.parse(content).symbols ?? [];
  const fileOf = (file) => (file.includes('://') ? file.slice(file.indexOf('://') + 3) : file);
  return { files: distinctInOrder(symbols.map((s) => fileOf(s.file))), symbols: symbols.map((s) => s.hash) };
}

async function main() {
  const argv = process.argv.slice(2);
  const { repoPath, options } = parseArgs('bench/contextEval', argv, {
    valued: { n: 40, seed: 16, window: 1500, rev: 'HEAD', label: undefined, 'large-budget': 50000 }, flags: ['no-record'], usage: USAGE,
  });
  const root = path.resolve(repoPath);
  if (!fs.existsSync(path.join(root, '.git'))) throw new UsageError(`bench/contextEval: <repo_path> ${repoPath} is not a git work tree (expected a clone with history)`);
  const engine = loadEngine();
  const isSource = (p) => { const language = engine.languageForPath(p); return language !== undefined && language.id !== 'yaml'; };
  const candidates = readCommits(root, options.rev, options.window);
  const picked = pickCommits(candidates, isSource, { n: options.n, seed: String(options.seed) });
  if (picked.length === 0) throw new Error(`bench/contextEval: no qualifying commit among the newest ${options.window} of ${options.rev}`);
  const name = corpusName(root, options.label);
  process.stdout.write(`${name}: ${picked.length} commits of ${candidates.length} (seed ${options.seed})\n`);

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-context-eval-'));
  const dbPath = path.join(scratch, 'graph.sqlite');
  // The parent is checked out in a work tree of its own, so the source context_for_task
  // reads from disk is the indexed parent's, not a later version of the clone.
  const tree = path.join(scratch, 'tree');
  addWorkTree(root, tree, picked[0].parents[0]);
  const { deps, client, call } = await connect(engine, dbPath, tree);
  const documents = new TreeDocuments();
  const results = [];
  const latencies = { context_for_task: [], context_for_files: [], context_for_pr: [] };
  /** context_for_task at the large budget: the latency the issue bounds, asked once per commit, not scored. */
  const largeLatencies = [];
  const indexMs = [];
  const scored = [];
  /** Per task variant, each commit's context_for_task and BM25 file rankings and truth: what re-ranking could reach. */
  const reachPairs = {};
  try {
    for (const [i, commit] of picked.entries()) {
      const parent = commit.parents[0];
      checkOutAt(root, tree, parent);
      const indexed = await call('index_repo', { repo_url: `bench.local/${name}`, repo_path: tree, commit_hash: parent });
      indexMs.push(indexed.ms);
      const graph = await parentGraph(deps.store(), truthFiles(commit, isSource));
      const graphPaths = new Set(graph.paths);
      const truth = truthFiles(commit, isSource).filter((p) => graphPaths.has(p));
      if (truth.length === 0) {
        process.stdout.write(`  ${commit.hash.slice(0, 10)} skipped: no changed file in the parent's graph\n`);
        continue;
      }
      const diff = execFileSync('git', ['-C', root, 'diff', '-U0', '--no-renames', '--no-color', parent, commit.hash, '--', ...truth], { maxBuffer: 256 * 1024 * 1024 }).toString();
      const changed = changedSymbols(graph.nodes, touchedLines(diff));
      const sourcePaths = graph.paths.filter(isSource);
      const parentDocuments = documents.documentsAt(root, parent, sourcePaths);
      const raw = cleanMessage(commit.message);
      const tasks = { raw, 'names-stripped': stripNames(raw, fileNamesOf(graph.paths)) };
      const line = [];
      for (const variant of VARIANTS.filter((v) => v in tasks)) {
        const task = tasks[variant];
        let context = { files: [], symbols: [] };
        if (task.trim().length > 0) {
          const asked = await call('context_for_task', { task_description: task, format: 'json' });
          latencies.context_for_task.push(asked.ms);
          context = contextRanking(asked.result);
          if (variant === 'raw') {
            const large = await call('context_for_task', { task_description: task, format: 'json', token_budget: Number(options['large-budget']) });
            largeLatencies.push(large.ms);
          }
        }
        const symbolHits = context.symbols.slice(0, K).filter((h) => changed.has(h)).length;
        const contextScore = scoreRanking(context.files, truth);
        results.push({ variant, method: 'context_for_task', score: contextScore, symbolPrecision: changed.size > 0 ? symbolHits / K : undefined });
        const bm25Ranking = task ? bm25Files(parentDocuments, task) : [];
        const bm25 = scoreRanking(bm25Ranking, truth);
        (reachPairs[variant] ??= []).push({ engine: context.files, baseline: bm25Ranking, truth });
        results.push({ variant, method: 'BM25', score: bm25 });
        const grep = scoreRanking(grepFiles(root, parent, task, new Set(sourcePaths)), truth);
        results.push({ variant, method: 'git grep', score: grep });
        line.push(`${variant} rr ctx ${contextScore.reciprocalRank.toFixed(2)} bm25 ${bm25.reciprocalRank.toFixed(2)} grep ${grep.reciprocalRank.toFixed(2)}`);
      }
      if (truth.length >= 2) {
        // One changed file given, the commit's other changed files to find.
        const [given, ...others] = [...truth].sort();
        for (const tool of ['context_for_files', 'context_for_pr']) {
          const asked = await call(tool, { files: given, format: 'json' });
          latencies[tool].push(asked.ms);
          const ranked = contextRanking(asked.result).files.filter((f) => f !== given);
          results.push({ variant: 'one file', method: tool, score: scoreRanking(ranked, others) });
        }
        results.push({ variant: 'one file', method: 'co-change', score: scoreRanking(coChangeFiles(root, parent, given, new Set(sourcePaths)), others) });
      }
      scored.push(commit);
      process.stdout.write(`  ${i + 1}/${picked.length} ${commit.hash.slice(0, 10)} index ${Math.round(indexed.ms)} ms, truth ${truth.length} files ${changed.size} symbols; ${line.join('; ')}\n`);
    }
  } finally {
    await client.close();
    await deps.close();
    removeWorkTree(root, tree);
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const summary = summarize(results);
  const msPerCall = Object.fromEntries(Object.entries(latencies).map(([tool, ms]) => [tool, median(ms)]));
  const commits = `${scored[0].hash.slice(0, 10)}..${scored.at(-1).hash.slice(0, 10)}`;
  process.stdout.write(printedTables(summary, `${name} (${scored.length} commits ${commits}, seed ${options.seed})`));
  process.stdout.write(printedReach(summary, reachPairs));
  const medians = Object.entries(msPerCall).map(([tool, ms]) => `${tool} ${Math.round(ms)} ms`).join(', ');
  process.stdout.write(`\nmedian per call (default budget): ${medians}; context_for_task at ${options['large-budget']} tokens ${Math.round(median(largeLatencies))} ms; index median ${Math.round(median(indexMs))} ms per parent\n`);
  if (options['no-record']) return;
  const run = {
    date: today(), machine: machineSummary(), engine: engineVersion(PACKAGE_ROOT), corpus: name, commits, seed: options.seed,
    n: scored.length, msPerCall, msPerLargeCall: median(largeLatencies), command: `npm run bench:context -- ${repoPath} ${argv.slice(1).join(' ')}`.trim(),
  };
  for (const row of resultRows(summary, run)) appendResultRow(SECTION, SECTION_DESCRIPTION, COLUMNS, row);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
