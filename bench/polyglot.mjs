// Polyglot coverage (issue 4 acceptance): indexes real repositories and records, per
// corpus, the files by language and the counts per node kind and edge type; then writes
// a seeded sample of edges of every type, each with the source line it was read from,
// for hand-checking precision.
//   node bench/polyglot.mjs <repo_path> [--samples N] [--seed S] [--label NAME] [--no-record]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UsageError, parseArgs } from './lib/args.mjs';
import { PACKAGE_ROOT, loadEngine } from './lib/engine.mjs';
import { corpusName, engineVersion, machineSummary, shortHead, today } from './lib/machine.mjs';
import { appendResultRow } from './lib/results.mjs';

const USAGE = 'node bench/polyglot.mjs <repo_path> [--samples N] [--seed S] [--label NAME] [--no-record]';
const SECTION = 'Polyglot coverage';
const SECTION_DESCRIPTION = `One row per corpus per \`node bench/polyglot.mjs\`: a cold \`RepoIndexer.index\` into a
fresh store. files = indexed files by language; skipped = files not read, by reason
(binary, too large, helm template, YAML that is no manifest...); nodes and edges = live
counts by kind and by edge type. Samples of every edge type, with their source lines, are
written to bench/.out/polyglot/<corpus>.md for hand-checking; the checked precision is
recorded in the "Edge precision (hand-checked)" section.`;
const COLUMNS = ['date', 'machine', 'engine', 'corpus', 'commit', 'seconds', 'files', 'skipped', 'nodes by kind', 'edges by type', 'command'];
const OUT_DIR = path.join(PACKAGE_ROOT, 'bench/.out/polyglot');

function formatCounts(counts) {
  return Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k} ${v}`).join(', ');
}

function sample(items, count, random) {
  const pool = [...items];
  const picked = [];
  while (picked.length < count && pool.length > 0) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return picked;
}

function sourceLine(root, file, line) {
  try {
    return fs.readFileSync(path.join(root, file), 'utf8').split('\n')[line - 1]?.trim().slice(0, 200) ?? '';
  } catch {
    return '(unreadable)';
  }
}

async function indexCorpus(engine, root) {
  const dbPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-polyglot-')), 'graph.sqlite');
  const store = await engine.openStore(dbPath);
  const started = performance.now();
  const summary = await new engine.RepoIndexer(store).index({ repoPath: root });
  return { store, summary, seconds: (performance.now() - started) / 1000 };
}

async function filesByLanguage(store) {
  const counts = {};
  for (const file of await store.liveFileRecords()) counts[file.language] = (counts[file.language] ?? 0) + 1;
  return counts;
}

async function samplesMarkdown(store, root, name, count, random) {
  const names = new Map();
  for (const repo of await store.repos()) {
    for (const node of [...await store.liveNodesOfRepo(repo.repoHash), ...await store.liveRepoLevelNodes(repo.repoHash)]) {
      names.set(node.nodeHash, node.qualifiedName.slice(node.qualifiedName.indexOf('://') + 3));
    }
  }
  const byType = new Map();
  for (const edge of await store.liveEdges()) {
    if (!byType.has(edge.edgeType)) byType.set(edge.edgeType, []);
    byType.get(edge.edgeType).push(edge);
  }
  const lines = [`# ${name}: sampled edges`, '', 'Mark each line ok / wrong by reading the source line and the target.', ''];
  for (const [type, edges] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`## ${type} (${edges.length})`, '');
    for (const edge of sample(edges, count, random)) {
      lines.push(`- \`${names.get(edge.sourceHash) ?? edge.sourceHash}\` -> \`${names.get(edge.targetHash) ?? edge.targetHash}\``);
      lines.push(`  ${edge.callSiteFile}:${edge.callSiteLine}:${edge.callSiteCol}  \`${sourceLine(root, edge.callSiteFile, edge.callSiteLine).replace(/`/g, "'")}\``);
    }
    lines.push('');
  }
  return lines.join('\n');
}

async function main() {
  const { repoPath, options } = parseArgs('bench/polyglot', process.argv.slice(2), {
    valued: { samples: 8, seed: 4, label: undefined }, flags: ['no-record'], usage: USAGE,
  });
  const engine = loadEngine();
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const root = path.resolve(repoPath);
  const name = corpusName(root, options.label);
  const { store, summary, seconds } = await indexCorpus(engine, root);
  const counts = await store.counts();
  const row = [
    today(), machineSummary(), engineVersion(PACKAGE_ROOT), name, shortHead(root), seconds.toFixed(1),
    formatCounts(await filesByLanguage(store)), formatCounts(summary.skipped) || 'none',
    formatCounts(counts.nodesByKind), formatCounts(counts.edgesByType), `node bench/polyglot.mjs ${repoPath}`,
  ];
  const samplePath = path.join(OUT_DIR, `${name}.md`);
  fs.writeFileSync(samplePath, await samplesMarkdown(store, root, name, options.samples, engine.seededRandom(options.seed)));
  await store.close();
  process.stdout.write(`${name}: ${seconds.toFixed(1)} s\n  files   ${row[6]}\n  skipped ${row[7]}\n  nodes   ${row[8]}\n  edges   ${row[9]}\n  samples ${path.relative(process.cwd(), samplePath)}\n`);
  if (!options['no-record']) appendResultRow(SECTION, SECTION_DESCRIPTION, COLUMNS, row);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
