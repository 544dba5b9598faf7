// Peak RSS against corpus size, fitted to a line: for each corpus, a cold `ckg index` into
// a new graph file (the kernel's peak RSS of that process), then `ckg mcp` on that file
// through the MCP SDK's stdio client: its RSS after load, after blast_radius on the hub
// (of the 20 symbols with the most direct callers, the one with the fewest depth-5 callers
// at or above 800)
// and its peak, and the median time of that blast_radius through the client. Fits
// MiB = a + b per 1,000 lines (least squares) for both processes and extrapolates.
//   npm run bench:memory -- <corpus_dir> <corpus_dir> <corpus_dir> [--samples N] [--record]
//   node bench/memoryFit.mjs --concat <out_dir> <repo_dir>[=name] ...   (copies without .git)
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { loadCorpus } from './lib/corpus.mjs';
import { PACKAGE_ROOT } from './lib/engine.mjs';
import { engineVersion, machineSummary, today } from './lib/machine.mjs';
import { appendResultRow } from './lib/results.mjs';
import { median, MiB } from './lib/stats.mjs';

const require = createRequire(import.meta.url);
const USAGE = 'npm run bench:memory -- <corpus_dir> <corpus_dir> <corpus_dir> [--samples N] [--record]\n'
  + '       node bench/memoryFit.mjs --concat <out_dir> <repo_dir>[=name] ...';
const CLI = path.join(PACKAGE_ROOT, 'dist/cli.js');
const PRELOAD = path.join(PACKAGE_ROOT, 'bench/lib/reportMaxRss.cjs');
const SECTION = 'Peak RSS by corpus size';
/** issue 19's hub: blast_radius depth 5 on a symbol with at least this many callers. */
const HUB_CALLERS = 800;
const SECTION_DESCRIPTION = `One row per corpus of \`npm run bench:memory\`, then one fit row: a corpus is real public
repositories copied side by side into one folder (indexed as one repository). "index" is a cold \`ckg index <dir> -db <new file>\`:
the kernel's peak RSS of that process (main thread, parse workers, sql.js). "mcp" is \`ckg mcp -db <file>\` driven by the MCP
SDK's stdio client: its peak RSS after the graph view is loaded and blast_radius answered on the hub (of the 20 symbols with the
most direct callers, the one with the fewest depth-5 callers at or above 800), and the median of --samples such calls through the client.
The fit row is least squares MiB = a + b per 1,000 lines over the rows above it, with the line's value at 400k and 5M lines.`;
const COLUMNS = [
  'date', 'machine', 'load', 'engine', 'corpus', 'lines', 'nodes', 'edges', 'graph file MiB', 'index ms', 'index peak RSS MiB',
  'mcp RSS after load MiB', 'mcp peak RSS MiB', 'hub direct / depth-5 callers', 'blast_radius median / p90 ms', 'command',
];

function fail(message) {
  process.stderr.write(`bench/memoryFit: ${message}\n`);
  process.exit(2);
}

/** Copies each repository (without .git) into out/<name>: the concatenated corpus. */
function concat(out, specs) {
  if (!out || specs.length === 0) fail(`--concat needs <out_dir> and at least one <repo_dir>; usage: ${USAGE}`);
  fs.mkdirSync(out, { recursive: true });
  for (const spec of specs) {
    const [source, name = path.basename(source)] = spec.split('=');
    if (!fs.existsSync(source)) fail(`--concat: ${source} does not exist`);
    const target = path.join(out, name);
    if (fs.existsSync(target)) fail(`--concat: ${target} exists already; give the copy another name with <repo_dir>=<name>`);
    fs.cpSync(source, target, { recursive: true, filter: (from) => path.basename(from) !== '.git' });
    process.stderr.write(`bench/memoryFit: copied ${source} to ${target}\n`);
  }
}

/** The RSS figures of a live process from /proc, in MiB. */
function procMemory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** Runs a cold `ckg index` of `dir` into `db`; resolves to its time, peak RSS and counts. */
function coldIndex(dir, db) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--require', PRELOAD, CLI, 'index', dir, '-db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`ckg index ${dir} exited with ${code}: ${stderr.slice(-2000)}`));
      const peak = /ckg-bench-max-rss-kib (\d+)/.exec(stderr);
      const count = (name) => Number(new RegExp(`^${name}\\s+(\\d+)`, 'm').exec(stdout)?.[1] ?? Number.NaN);
      resolve({ ms, peakMiB: peak ? Number(peak[1]) / 1024 : Number.NaN, nodes: count('nodes'), edges: count('edges') });
    });
  });
}

/** The targets to try as the hub: the symbols with the most direct calls callers. */
async function hubCandidates(db, count) {
  const lib = require(path.join(PACKAGE_ROOT, 'dist/lib.js'));
  const store = await lib.openStore(db);
  try {
    const callers = new Map();
    for (const edge of await store.liveEdges({ edgeType: 'calls' })) {
      if (edge.sourceHash !== edge.targetHash) callers.set(edge.targetHash, (callers.get(edge.targetHash) ?? 0) + 1);
    }
    return [...callers].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, count).map(([hash, direct]) => ({ hash, direct }));
  } finally {
    await store.close();
  }
}

/** `ckg mcp` on `db` through the SDK's stdio client: RSS after load and after the hub's blast_radius calls. */
async function mcpServer(db, candidates, samples) {
  const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '-db', db], stderr: 'pipe' });
  const client = new Client({ name: 'bench-memory', version: '1' });
  await client.connect(transport);
  const pid = transport.pid;
  const call = async (hash) => {
    const started = performance.now();
    const result = await client.callTool({ name: 'blast_radius', arguments: { target_hash: hash } });
    const ms = performance.now() - started;
    if (result.isError) throw new Error(`blast_radius ${hash}: ${result.content.map((c) => c.text).join('')}`);
    return { ms, total: result.structuredContent.TotalCount };
  };
  try {
    const firstMs = (await call(candidates[0].hash)).ms;
    const loaded = procMemory(pid);
    const measured = [];
    for (const candidate of candidates) measured.push({ ...candidate, total: (await call(candidate.hash)).total });
    // The acceptance's hub: at least HUB_CALLERS callers; the nearest to it, else the largest there is.
    const big = measured.filter((c) => c.total >= HUB_CALLERS).sort((a, b) => a.total - b.total);
    const hub = big[0] ?? measured.sort((a, b) => b.total - a.total)[0];
    const times = [];
    for (let i = 0; i < samples; i++) times.push((await call(hub.hash)).ms);
    const after = procMemory(pid);
    return { firstMs, loadedMiB: loaded.rss, peakMiB: after.hwm, hub, times };
  } finally {
    await client.close();
  }
}

/** Least squares y = a + b x. */
function fitLine(points) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const b = sxy / sxx;
  return { a: my - b * mx, b };
}

const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.9) - 1)];

async function main() {
  const argv = process.argv.slice(2);
  if (argv[0] === '--concat') return concat(argv[1], argv.slice(2));
  const record = argv.includes('--record');
  const samplesAt = argv.indexOf('--samples');
  const samples = samplesAt < 0 ? 20 : Number(argv[samplesAt + 1]);
  if (!Number.isInteger(samples) || samples < 1) fail(`--samples ${argv[samplesAt + 1]}: expected a positive integer`);
  const dirs = argv.filter((arg, i) => !arg.startsWith('--') && (samplesAt < 0 || i !== samplesAt + 1));
  if (dirs.length < 2) fail(`expected at least two corpus folders to fit a line; usage: ${USAGE}`);
  for (const dir of dirs) if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) fail(`${dir}: expected a corpus folder`);
  if (!fs.existsSync(CLI)) fail('dist/cli.js is missing; run npm run build');
  const engine = require(path.join(PACKAGE_ROOT, 'dist/lib.js'));
  const rows = [];
  for (const dir of dirs) {
    const lines = loadCorpus(engine, path.resolve(dir)).lines;
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-memory-'));
    const db = path.join(scratch, 'graph.sqlite');
    try {
      const load = os.loadavg()[0];
      const index = await coldIndex(path.resolve(dir), db);
      const fileMiB = fs.statSync(db).size / MiB;
      process.stderr.write(`bench/memoryFit: ${dir}: ${lines} lines, index ${Math.round(index.ms)} ms, peak ${Math.round(index.peakMiB)} MiB, `
        + `${index.nodes} nodes, ${index.edges} edges, file ${fileMiB.toFixed(0)} MiB\n`);
      const mcp = await mcpServer(db, await hubCandidates(db, 20), samples);
      process.stderr.write(`bench/memoryFit: ${dir}: mcp after load ${Math.round(mcp.loadedMiB)} MiB, peak ${Math.round(mcp.peakMiB)} MiB, `
        + `hub ${mcp.hub.direct}/${mcp.hub.total} callers, blast_radius median ${median(mcp.times).toFixed(1)} ms (first call ${Math.round(mcp.firstMs)} ms)\n`);
      rows.push({ dir, lines, load, fileMiB, index, mcp });
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }
  const indexFit = fitLine(rows.map((r) => ({ x: r.lines / 1000, y: r.index.peakMiB })));
  const mcpFit = fitLine(rows.map((r) => ({ x: r.lines / 1000, y: r.mcp.peakMiB })));
  const perItem = fitLine(rows.map((r) => ({ x: r.index.nodes + r.index.edges, y: r.index.peakMiB * MiB })));
  const at = (fit, klines) => fit.a + fit.b * klines;
  const fitText = (fit) => `${fit.a.toFixed(0)} MiB + ${fit.b.toFixed(3)} MiB per 1,000 lines: ${at(fit, 400).toFixed(0)} MiB at 400k, ${at(fit, 5000).toFixed(0)} MiB at 5M`;
  console.log(`index peak RSS: ${fitText(indexFit)}; ${(perItem.b / 1024).toFixed(2)} KiB per node+edge`);
  console.log(`mcp peak RSS:   ${fitText(mcpFit)}`);
  if (!record) return;
  const engineAt = engineVersion(PACKAGE_ROOT);
  const command = `\`npm run bench:memory -- ${dirs.join(' ')}\``;
  for (const r of rows) {
    appendResultRow(SECTION, SECTION_DESCRIPTION, COLUMNS, [
      today(), machineSummary(), r.load.toFixed(1), engineAt, path.basename(path.resolve(r.dir)), String(r.lines), String(r.index.nodes), String(r.index.edges),
      r.fileMiB.toFixed(0), String(Math.round(r.index.ms)), String(Math.round(r.index.peakMiB)), String(Math.round(r.mcp.loadedMiB)),
      String(Math.round(r.mcp.peakMiB)), `${r.mcp.hub.direct} / ${r.mcp.hub.total}`, `${median(r.mcp.times).toFixed(1)} / ${p90(r.mcp.times).toFixed(1)}`, command,
    ]);
  }
  appendResultRow(SECTION, SECTION_DESCRIPTION, COLUMNS, [
    today(), machineSummary(), '', engineAt, 'fit', '', '', '', '', '', `index: ${fitText(indexFit)}; ${(perItem.b / 1024).toFixed(2)} KiB per node+edge`,
    '', `mcp: ${fitText(mcpFit)}`, '', '', command,
  ]);
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
