// Enrichment over a real repository (SPEC 1.4, 2.3 rule 4): the repo is indexed in
// memory, then src/enrich asks a spawned language server for definitions at every call
// site, implementations of interfaces and references of functions and methods, and writes
// the answers as lsp_resolved edges. One row per language and pass: queries asked and
// answered, and the upgrade, add and remove rates. Then a save on the enriched graph:
// re-indexing the file that owns the most lsp_resolved edges, and naming the files to
// enrich again (what the graph server does on every save).
//   npm run bench:enrich -- <repo_path> [--server tsserver|pyright] [--scope src|all] [--timeout-ms N] [--label NAME] [--no-record]
// --server tsserver (default) enriches TypeScript and JavaScript through tsserver, the
// language service VS Code runs, spoken to in its own protocol (TsServerOracle;
// typescript-language-server is not in node_modules); pyright enriches Python through
// pyright-langserver over LSP (LspOracle), the analyser behind VS Code's Pylance.
// --scope src (default): files under a src/ directory outside test folders; all: every
// file of the server's languages.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UsageError, parseArgs } from './lib/args.mjs';
import { PACKAGE_ROOT, loadEngine } from './lib/engine.mjs';
import { corpusName, engineVersion, machineSummary, shortHead, today } from './lib/machine.mjs';
import { appendResultRow } from './lib/results.mjs';
import { median } from './lib/stats.mjs';

const USAGE = 'npm run bench:enrich -- <repo_path> [--server tsserver|pyright] [--scope src|all] [--timeout-ms N] [--label NAME] [--no-record]';
const SERVER_WORDING = {
  tsserver: 'a spawned tsserver (TypeScript VERSION, the language service VS Code runs; typescript-language-server\nis not installed here)',
  pyright: 'a spawned pyright-langserver (pyright VERSION, the analyser behind VS Code\'s Pylance) over LSP',
};
const SECTION_DESCRIPTION = `One row per language and pass per \`npm run bench:enrich\`. The repo is indexed in memory;
enrichFiles then asks SERVER about the files in scope, in batches of 50, each query with --timeout-ms.
asked = queries sent; answered = not timed out; inferred = ast_inferred edges at the asked sites
(calls) or into the asked interfaces (implements); upgrade = confirmed / inferred (re-inserted
as lsp_resolved); added = lsp_resolved edges the static pass did not have, per answered query;
removed = ast_inferred edges the language server contradicted / inferred. ms = the pass's
share of the wall time. "save ms" = on the enriched graph, reindexFiles of the file in scope
owning the most lsp_resolved edges (a comment line added or taken away) plus enrichTargetsOf
(the files the server would enrich again), median of 10; the number of those files follows.`;
const COLUMNS = ['date', 'machine', 'load (1 min)', 'engine', 'corpus', 'commit', 'scope', 'language', 'pass', 'asked', 'answered', 'inferred', 'upgrade', 'added /answered', 'removed', 'ms', 'project load s', 'save ms (files to re-enrich)', 'command'];

function log(message) {
  process.stderr.write(`bench/enrich: ${message}\n`);
}

const TEST_PATH = /(^|\/)(__tests__|tests?|testdata|fixtures?|__mocks__)\/|[._-](test|spec)\.[^/]+$/;

/** What each server enriches, how it starts, and the package whose version the rows name. */
const SERVERS = {
  tsserver: {
    languages: ['typescript', 'tsx', 'javascript'],
    versionOf: 'typescript',
    async start(engine, root, first, timeoutMs) {
      const oracle = new engine.TsServerOracle({ timeoutMs, log: () => undefined });
      if (!(await oracle.warmUp(path.join(root, first), 300_000))) throw new Error(`tsserver did not load a project for ${first} in 300 s`);
      return oracle;
    },
  },
  pyright: {
    languages: ['python'],
    versionOf: 'pyright',
    async start(engine, root, _first, timeoutMs) {
      const langserver = path.join(PACKAGE_ROOT, 'node_modules', 'pyright', 'langserver.index.js');
      const oracle = new engine.LspOracle({ command: process.execPath, args: [langserver, '--stdio'], rootPath: root, timeoutMs, log: () => undefined });
      await oracle.start();
      return oracle;
    },
  },
};

function inScope(file, server, scope) {
  if (!server.languages.includes(file.language)) return false;
  if (scope === 'all') return true;
  return /(^|\/)src\//.test(file.path) && !TEST_PATH.test(file.path);
}

function pct(n, d) {
  return d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`;
}

async function main() {
  const { repoPath, options } = parseArgs('bench/enrich', process.argv.slice(2), {
    valued: { server: 'tsserver', scope: 'src', 'timeout-ms': 10000, label: undefined },
    flags: ['no-record'],
    usage: USAGE,
  });
  if (!['src', 'all'].includes(options.scope)) throw new UsageError(`bench/enrich: --scope ${options.scope}: expected src or all`);
  const server = SERVERS[options.server];
  if (!server) throw new UsageError(`bench/enrich: --server ${options.server}: expected ${Object.keys(SERVERS).join(' or ')}`);
  const root = fs.realpathSync(path.resolve(repoPath));
  // Other work shares the machine: the 1-minute load average at the start goes in the row.
  const load = os.loadavg()[0].toFixed(1);
  const engine = loadEngine();
  const { openStore, RepoIndexer, enrichFiles, enrichTargetsOf } = engine;
  const store = await openStore(':memory:');
  const indexer = new RepoIndexer(store);
  let started = performance.now();
  const summary = await indexer.index({ repoPath: root });
  log(`indexed ${summary.files.indexed} files in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const files = await store.liveFiles(summary.repoHash);
  const targets = files.filter((f) => inScope(f, server, options.scope)).map((f) => ({ repoHash: summary.repoHash, path: f.path }));
  if (targets.length === 0) throw new UsageError(`bench/enrich: no ${server.languages.join('/')} files in scope ${options.scope} under ${root}`);

  let oracle;
  const timing = { definition: 0, implementation: 0, references: 0 };
  const timed = {
    async locations(kind, queries, signal) {
      const t = performance.now();
      try {
        return await oracle.locations(kind, queries, signal);
      } finally {
        timing[kind] += performance.now() - t;
      }
    },
  };
  let projectLoadSeconds;
  try {
    started = performance.now();
    oracle = await server.start(engine, root, targets[0].path, options['timeout-ms']);
    projectLoadSeconds = (performance.now() - started) / 1000;
    log(`${options.server} started in ${projectLoadSeconds.toFixed(1)} s; enriching ${targets.length} files (${options.scope})`);
    started = performance.now();
    const report = await enrichFiles(store, timed, targets, {});
    const seconds = (performance.now() - started) / 1000;
    log(`enriched in ${seconds.toFixed(1)} s`);
    for (const line of report.lines()) log(`  ${line}`);

    const save = await measureSave(store, indexer, root, files, enrichTargetsOf);
    log(`lsp_resolved edges: ${(await store.liveEdges({ provenance: 'lsp_resolved' })).length}; save of ${save.path} (${save.owned} lsp_resolved edges): `
      + `median ${save.ms.toFixed(1)} ms, ${save.targets} files to enrich again`);

    const passMs = { calls: timing.definition, implements: timing.implementation, references: timing.references };
    const rows = report.entries().map(({ pass, language, counts: c }) => [
      today(), machineSummary(), load, engineVersion(PACKAGE_ROOT), corpusName(root, options.label), shortHead(root), `${options.scope} (${targets.length} files)`,
      language, pass, c.asked, c.answered, c.inferred, pct(c.confirmed, c.inferred), `${c.added} (${pct(c.added, c.answered)})`,
      `${c.removed} (${pct(c.removed, c.inferred)})`, Math.round(passMs[pass] * (c.asked / Math.max(1, totalAsked(report, pass)))),
      projectLoadSeconds.toFixed(1), `${save.ms.toFixed(1)} (${save.targets})`,
      `npm run bench:enrich -- ${path.basename(root)} --server ${options.server} --scope ${options.scope}`,
    ]);
    for (const row of rows) process.stdout.write(`${row.slice(7, 17).join(' | ')}\n`);
    if (!options['no-record']) {
      const wording = SERVER_WORDING[options.server].replace('VERSION', packageVersion(server.versionOf));
      const section = `Enrichment (${options.server} as the language server)`;
      for (const row of rows) appendResultRow(section, SECTION_DESCRIPTION.replace('SERVER', wording), COLUMNS, row);
      log('recorded in bench/RESULTS.md');
    }
  } finally {
    await oracle?.close();
  }
}

/** Saves the file owning the most lsp_resolved edges ten times (a comment added, then removed); restores it. */
async function measureSave(store, indexer, root, files, enrichTargetsOf) {
  const owned = new Map();
  for (const edge of await store.liveEdges({ provenance: 'lsp_resolved' })) owned.set(edge.ownerFileHash, (owned.get(edge.ownerFileHash) ?? 0) + 1);
  const [fileHash, count] = [...owned].sort((a, b) => b[1] - a[1])[0];
  const file = files.find((f) => f.fileHash === fileHash);
  const full = path.join(root, file.path);
  const original = fs.readFileSync(full);
  const times = [];
  let targets = 0;
  try {
    for (let i = 0; i < 10; i++) {
      fs.writeFileSync(full, i % 2 === 0 ? Buffer.concat([Buffer.from('// bench: a saved edit\n'), original]) : original);
      const t = performance.now();
      const summary = await indexer.reindexFiles(root, [file.path]);
      targets = Math.max(targets, (await enrichTargetsOf(store, summary)).length);
      times.push(performance.now() - t);
    }
  } finally {
    fs.writeFileSync(full, original);
  }
  return { path: file.path, owned: count, ms: median(times), targets };
}

function totalAsked(report, pass) {
  return report.entries().filter((e) => e.pass === pass).reduce((sum, e) => sum + e.counts.asked, 0);
}

function packageVersion(name) {
  return JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
