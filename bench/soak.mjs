// Memory of a long-lived server: runs the built `ckg serve` in its own process for
// --seconds (60) under many graph generations and many tool calls, sampling its RSS, and
// says whether RSS stays flat within 10% after the warm-up, read right after full
// collections the server runs every 5 s (sampled RSS saws with V8's collections and is
// reported apart). Not a timed test.
//   npm run bench:soak -- [--seconds 60] [--warmup 20] [--no-record]
// Load, all at once from this process:
//   - re-index: every 2 s one file of the indexed copy of this repository's src/ gets a new
//     function and `index_repo` re-indexes it (a new static generation and a snapshot);
//   - trace ingest: OTLP/JSON batches of client/server spans to the OTLP/HTTP receiver
//     every 100 ms, written in 500-ms batches (a new runtime generation each);
//   - tool calls: two real MCP clients (Streamable HTTP) call 14 tools in turn, snapshot
//     and context tools included, without pause.
// RSS = VmRSS from /proc/PID/status every 500 ms; live heap = V8's heap after each full
// collection (--trace-gc Mark-Compact lines), the measure RSS's lazy growth does not blur;
// the server's own process.memoryUsage() and WebAssembly memory sizes every 500 ms
// (bench/lib/memoryProbe.cjs), to tell which part of RSS grows.
import { spawn, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { CLI_PATH, PACKAGE_ROOT } from './lib/engine.mjs';
import { engineVersion, machineSummary, today } from './lib/machine.mjs';
import { appendResultRow } from './lib/results.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value <= 0) {
    process.stderr.write(`bench/soak: --${name} ${process.argv[at + 1]}: expected a positive integer\n`);
    process.exit(2);
  }
  return value;
}
const seconds = option('seconds', 60);
const warmup = option('warmup', 20);
const record = !process.argv.includes('--no-record');
if (warmup + 10 > seconds) {
  process.stderr.write(`bench/soak: --warmup ${warmup} leaves under 10 s of --seconds ${seconds} to measure\n`);
  process.exit(2);
}
if (!fs.existsSync(CLI_PATH)) {
  process.stderr.write('bench/soak: dist/cli.js is missing; run `npm run build` first (npm run bench:soak does)\n');
  process.exit(2);
}

// --- The corpus: a copy of this repository's src/ (edited during the run) and the go-routes fixture (traced).
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-soak-'));
const repo = path.join(work, 'engine');
fs.cpSync(path.join(PACKAGE_ROOT, 'src'), path.join(repo, 'src'), { recursive: true });
const routes = path.join(work, 'go-routes');
fs.cpSync(path.join(PACKAGE_ROOT, 'test/fixtures/repos/go-routes'), routes, { recursive: true });
const db = path.join(work, 'graph.sqlite');
const ckg = (...args) => execFileSync(process.execPath, [CLI_PATH, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const REPO_URL = 'bench/engine';
process.stderr.write(`bench/soak: indexing a copy of src/ and go-routes in ${work}\n`);
ckg('index', repo, '--repo-url', REPO_URL, '-db', db);
ckg('index', routes, '--repo-url', 'fixtures/go-routes', '-db', db);
const config = path.join(work, 'ckg.config.yaml');
fs.writeFileSync(config, 'trace_ingestion:\n  batch_interval: 500ms\n');

// --- The server.
const probeFile = path.join(work, 'memory.jsonl');
const server = spawn(process.execPath, ['--trace-gc', '--expose-gc', '--require', path.join(PACKAGE_ROOT, 'bench/lib/memoryProbe.cjs'), CLI_PATH, 'serve', '-db', db, '--config', config,
  '--http', '127.0.0.1:0', '--otlp-grpc', '127.0.0.1:0', '--otlp-http', '127.0.0.1:0'], {
  stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CKG_MEMORY_PROBE: probeFile },
});
let stderr = '';
const liveHeap = []; // [ms since start, MB]
let started = 0;
server.stdout.setEncoding('utf8').on('data', (text) => {
  for (const line of text.split('\n')) {
    const match = /Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/.exec(line);
    if (match && started) liveHeap.push([Date.now() - started, Number(match[1])]);
  }
});
const addresses = await new Promise((resolve, reject) => {
  server.stderr.setEncoding('utf8').on('data', (text) => {
    stderr += text;
    const mcp = /MCP listening on (\S+)/.exec(stderr)?.[1];
    const http = /OTLP\/HTTP listening on http:\/\/(\S+)\/v1\/traces/.exec(stderr)?.[1];
    if (mcp && http) resolve({ mcp, http });
  });
  server.once('exit', (code) => reject(new Error(`ckg serve exited with ${code}: ${stderr}`)));
});
const rssMiB = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
};

// --- The load.
started = Date.now();
const deadline = started + seconds * 1000;
const running = () => Date.now() < deadline;
const samples = [[0, rssMiB()]];
const sampler = setInterval(() => samples.push([Date.now() - started, rssMiB()]), 500);
// From the warm-up on, every 5 s the server runs a full collection and reports its memory
// right after (bench/lib/memoryProbe.cjs): RSS without the garbage of the moment, so a
// rise means memory kept, not where the run is between two collections.
const FULL_GC_EVERY_MS = 5000;
const fullGcs = [];
const fullGcAt = (ms) => setTimeout(() => {
  if (Date.now() < deadline) server.kill('SIGUSR2');
}, ms);
for (let at = warmup * 1000; at < seconds * 1000; at += FULL_GC_EVERY_MS) fullGcs.push(fullGcAt(at));
const counts = { toolCalls: 0, toolErrors: 0, reindexes: 0, spansSent: 0, otlpErrors: 0 };
const errors = new Map();
const noteError = (what, message) => errors.set(what, message.slice(0, 200));

async function connect() {
  const client = new Client({ name: 'soak', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(addresses.mcp)));
  return client;
}
const setup = await connect();
const text = (result) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
const structured = async (name, args) => {
  const result = await setup.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${text(result)}`);
  return result.structuredContent;
};
const engineHash = (await structured('graph_query', { prefix: `${REPO_URL}://` })).items ?? [];
const targets = engineHash.slice(0, 400).map((n) => n.NodeHash ?? n.nodeHash).filter(Boolean);
const files = fs.readdirSync(path.join(repo, 'src/query')).map((f) => `src/query/${f}`)
  .concat(fs.readdirSync(path.join(repo, 'src/graph')).map((f) => `src/graph/${f}`)).filter((f) => f.endsWith('.ts'));

/** Tool calls in turn; snapshot hashes come from index_repo replies. */
const snapshotsSeen = [];
let turn = 0;
function nextCall() {
  const i = turn++;
  const target = targets[i % Math.max(1, targets.length)];
  const file = files[i % files.length];
  const [older, newer] = [snapshotsSeen.at(-2), snapshotsSeen.at(-1)];
  const calls = [
    ['graph_query', { prefix: `${REPO_URL}://` }],
    ['cross_repo_callers', { target_hash: target }],
    ['blast_radius', newer ? { target_hash: target, snapshot_hash: newer } : { target_hash: target }],
    ['trace_dataflow', { source_hash: target }],
    ['context_for_task', { task_description: `change how ${['graph views are cached', 'spans are batched', 'communities are found', 'tokens are counted'][i % 4]}`, token_budget: 4000 }],
    ['context_for_files', { files: file, repo_url: REPO_URL, token_budget: 4000 }],
    ['context_for_pr', { files: file, repo_url: REPO_URL }],
    ['communities', { action: 'list', repo_url: REPO_URL }],
    ['runtime_traffic', { service_name: 'go-routes' }],
    ['trace_stats', {}],
    ['dead_routes', {}],
    ['plan_turn', { task: `who calls ${file}?` }],
    ...(older && newer ? [['semantic_diff', { old_snapshot: older, new_snapshot: newer }], ['stale_edges', { snapshot_hash: older }]] : []),
  ];
  return calls[i % calls.length];
}

async function toolLoop() {
  const client = await connect();
  try {
    while (running()) {
      const [name, args] = nextCall();
      try {
        const result = await client.callTool({ name, arguments: args });
        counts.toolCalls++;
        if (result.isError) {
          counts.toolErrors++;
          noteError(name, text(result));
        }
      } catch (error) {
        counts.toolErrors++;
        noteError(name, error.message);
      }
    }
  } finally {
    await client.close();
  }
}

async function reindexLoop() {
  const client = await connect();
  try {
    for (let edit = 0; running(); edit++) {
      const file = path.join(repo, files[edit % files.length]);
      fs.appendFileSync(file, `\n/** Soak edit ${edit}. */\nexport function soakEdit${edit}(): number {\n  return ${edit};\n}\n`);
      try {
        const result = await client.callTool({ name: 'index_repo', arguments: { repo_url: REPO_URL, repo_path: repo } });
        if (result.isError) throw new Error(text(result));
        counts.reindexes++;
        const snapshot = /snapshot(?:_hash)?\W+([0-9a-f]{64})/i.exec(text(result))?.[1];
        if (snapshot) snapshotsSeen.push(snapshot);
        if (snapshotsSeen.length > 2) snapshotsSeen.shift();
      } catch (error) {
        noteError('index_repo', error.message);
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  } finally {
    await client.close();
  }
}

const hex = (n, length) => n.toString(16).padStart(length, '0').slice(-length);
let spanId = 1;
function spanBatch(size) {
  const now = BigInt(Date.now()) * 1_000_000n;
  const pairs = [];
  for (let i = 0; i < size / 2; i++) {
    const traceId = hex(spanId++, 32);
    const client = hex(spanId++, 16);
    pairs.push({ service: 'checkout', span: { traceId, spanId: client, name: 'GET', kind: 3, startTimeUnixNano: String(now), endTimeUnixNano: String(now + 1000n),
      attributes: [{ key: 'peer.service', value: { stringValue: 'go-routes' } }, { key: 'http.request.method', value: { stringValue: 'GET' } },
        { key: 'url.full', value: { stringValue: `http://users.internal/users/${spanId % 97}` } }] } });
    pairs.push({ service: 'go-routes', span: { traceId, spanId: hex(spanId++, 16), parentSpanId: client, name: 'GET /users/{id}', kind: 2,
      startTimeUnixNano: String(now), endTimeUnixNano: String(now + 1000n),
      attributes: [{ key: 'http.request.method', value: { stringValue: 'GET' } }, { key: 'http.route', value: { stringValue: '/users/{id}' } }] } });
  }
  const byService = Map.groupBy ? Map.groupBy(pairs, (p) => p.service) : pairs.reduce((m, p) => m.set(p.service, [...(m.get(p.service) ?? []), p]), new Map());
  return JSON.stringify({
    resourceSpans: [...byService].map(([service, items]) => ({
      resource: { attributes: [{ key: 'service.name', value: { stringValue: service } }] },
      scopeSpans: [{ spans: items.map((p) => p.span) }],
    })),
  });
}

async function ingestLoop() {
  while (running()) {
    try {
      const response = await fetch(`http://${addresses.http}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: spanBatch(40) });
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      await response.arrayBuffer();
      counts.spansSent += 40;
    } catch (error) {
      counts.otlpErrors++;
      noteError('otlp', error.message);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

await Promise.all([toolLoop(), toolLoop(), reindexLoop(), ingestLoop()]);
clearInterval(sampler);
samples.push([Date.now() - started, rssMiB()]);
const stats = await structured('trace_stats', {}).catch(() => undefined);
await setup.close();
server.kill('SIGTERM');
const code = await new Promise((resolve) => server.once('exit', resolve));
const probes = fs.existsSync(probeFile) ? fs.readFileSync(probeFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [];
fs.rmSync(work, { recursive: true, force: true });

// --- The figures.
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x) => Math.round(x);
const MiB = 2 ** 20;
const within = (from, to) => samples.filter(([t]) => t >= from * 1000 && t <= to * 1000).map(([, mb]) => mb);
const atStart = samples[0][1];
const afterWarmup = median(within(warmup, warmup + 5));
const atEnd = median(within(seconds - 5, seconds + 1));
const maxAfter = Math.max(...within(warmup, seconds + 1));
/** A least-squares line through [t, value] points, as growth over their span relative to `base`. */
const trendOf = (points, base) => {
  const meanT = points.reduce((sum, [t]) => sum + t, 0) / points.length;
  const meanV = points.reduce((sum, [, v]) => sum + v, 0) / points.length;
  const slope = points.reduce((sum, [t, v]) => sum + (t - meanT) * (v - meanV), 0) / points.reduce((sum, [t]) => sum + (t - meanT) ** 2, 0);
  return (slope * (points.at(-1)[0] - points[0][0])) / base;
};
// Sampled RSS saws with V8's major collections (garbage piles up to a limit several times
// the live heap, then goes), so where a window falls in that cycle decides its median.
// The judgement reads RSS right after a full collection instead, less the V8 heap's free
// committed space: after a collection V8 keeps freed old-space pages committed for a while
// (soak runs saw 100-210 MiB of old space around ~110 MiB in use), a swing of V8's, not
// memory the server keeps. What is left (live objects, Buffers, wasm memories, threads,
// native heaps) is what would grow if something were kept per generation.
const retained = probes.filter((p) => p.afterFullGc && p.t >= warmup * 1000);
const inUse = (p) => (p.rss - (p.heapTotal - p.heapUsed)) / MiB;
const retainedInUse = retained.map((p) => [p.t, inUse(p)]);
/** First and last are each the median of three readings, so one reading's timing does not decide. */
const seriesFigures = (points) => (points.length >= 6
  ? {
    first: median(points.slice(0, 3).map(([, mb]) => mb)), last: median(points.slice(-3).map(([, mb]) => mb)),
    max: Math.max(...points.map(([, mb]) => mb)),
  }
  : undefined);
const kept = seriesFigures(retainedInUse);
const keptRss = seriesFigures(retained.map((p) => [p.t, p.rss / MiB]));
const growth = kept ? (kept.last - kept.first) / kept.first : NaN;
const trend = kept ? trendOf(retainedInUse, kept.first) : NaN;
const flat = Math.abs(growth) <= 0.1 && Math.abs(trend) <= 0.1;
const sampledTrend = trendOf(samples.filter(([t]) => t >= warmup * 1000), afterWarmup);
const heapAfter = liveHeap.filter(([t]) => t >= warmup * 1000).map(([, mb]) => mb);
/** The parts of RSS the server reports in its lines of `lines` (medians, MiB). */
const partsOf = (lines) => {
  if (lines.length === 0) return undefined;
  const part = (f) => round(median(lines.map(f)) / MiB);
  const wasmTotal = (p) => Object.values(p.wasm).reduce((sum, bytes) => sum + bytes, 0);
  return {
    rss: part((p) => p.rss), heapTotal: part((p) => p.heapTotal), heapUsed: part((p) => p.heapUsed), external: part((p) => p.external),
    arrayBuffers: part((p) => p.arrayBuffers), wasm: part(wasmTotal),
  };
};
const sampledParts = (from, to) => partsOf(probes.filter(({ t, afterFullGc }) => !afterFullGc && t >= from * 1000 && t < to * 1000));
// One line per 5 s on stderr: where the memory is as the run goes, and after each full collection.
for (let from = 0; from < seconds; from += 5) {
  const parts = sampledParts(from, from + 5);
  if (parts) process.stderr.write(`bench/soak: ${from}-${from + 5} s, sampled MiB: rss ${parts.rss}, heap total ${parts.heapTotal}, heap used ${parts.heapUsed}, external ${parts.external}, array buffers ${parts.arrayBuffers}, wasm ${parts.wasm}\n`);
}
for (const line of retained) {
  const parts = partsOf([line]);
  const spaces = Object.entries(line.spaces ?? {}).filter(([, bytes]) => bytes >= MiB).map(([name, bytes]) => `${name.replace(/_space$/, '')} ${round(bytes / MiB)}`).join(', ');
  process.stderr.write(`bench/soak: ${(line.t / 1000).toFixed(1)} s, after a full collection, MiB: rss ${parts.rss}, in use ${round(inUse(line))}, heap total ${parts.heapTotal} (${spaces}), heap used ${parts.heapUsed}, external ${parts.external}, array buffers ${parts.arrayBuffers}, wasm ${parts.wasm}\n`);
}
const keptFirst = retained.length > 0 ? partsOf([retained[0]]) : undefined;
const keptLast = retained.length > 0 ? partsOf([retained.at(-1)]) : undefined;
const summary = {
  seconds, warmup,
  rssMiB: { start: round(atStart), afterWarmup: round(afterWarmup), end: round(atEnd), maxAfterWarmup: round(maxAfter), sampledTrendPercent: Math.round(sampledTrend * 1000) / 10 },
  rssAfterFullGcMiB: keptRss ? { first: round(keptRss.first), last: round(keptRss.last), max: round(keptRss.max), collections: retained.length } : null,
  inUseAfterFullGcMiB: kept ? { first: round(kept.first), last: round(kept.last), max: round(kept.max) } : null,
  growthPercent: Math.round(growth * 1000) / 10, trendPercent: Math.round(trend * 1000) / 10, flatWithin10Percent: flat,
  liveHeapMiB: heapAfter.length ? { first: round(heapAfter[0]), last: round(heapAfter.at(-1)), max: round(Math.max(...heapAfter)) } : null,
  afterFullGcMiB: { first: keptFirst, last: keptLast },
  ...counts, spansReceived: stats?._meta?.['ckg/ingest']?.spans_received, serverExit: code, errors: Object.fromEntries(errors),
};
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
if (record) {
  appendResultRow(
    'Server memory soak (`ckg serve`)',
    `One row per \`npm run bench:soak\`: the built \`ckg serve\` in its own process for 60 s, re-indexing a copy of
this repository's src/ after an edit every 2 s (\`index_repo\` over MCP), receiving OTLP/JSON spans every 100 ms
(500-ms batches: a runtime generation each) and answering two MCP clients calling 14 tools without pause. RSS =
VmRSS at start (before any call), after the warm-up (median of the 5 s after it), at the end (median of the last
5 s) and the highest after the warm-up. From the warm-up on, every 5 s the server runs a full collection and
reports its memory 300 ms later (bench/lib/memoryProbe.cjs): RSS after full GC first / last (each the median
of three such readings) / highest, and the same for in use = that RSS less the V8 heap's free committed space
(heap total - heap used: V8 keeps freed pages committed for a while, a swing of 100 MiB and more); growth =
last against first of in use, trend = a least-squares line through all in-use readings, as growth over that
window; flat = both within 10%. Before 2026-11-26 evening, growth, trend and flat were of the sampled RSS. heap used / external / array buffers / wasm = the server's process.memoryUsage() and the size of its
WebAssembly memories after the first and the last of those collections. live heap = V8's heap after each
full collection after the warm-up, first / last / highest. See bench/soak.mjs.`,
    ['date', 'machine', 'load', 'engine', 'seconds', 'RSS MiB start / after warm-up / end / max', 'growth', 'trend', 'flat',
      'live heap MiB first / last / max', 'tool calls (errors)', 're-indexes', 'spans sent', 'command',
      'RSS after full GC MiB first / last / max', 'in use after full GC MiB first / last / max', 'heap used / external / array buffers / wasm MiB after full GC, first -> last'],
    [today(), machineSummary(), os.loadavg()[0].toFixed(1), engineVersion(PACKAGE_ROOT), seconds,
      `${round(atStart)} / ${round(afterWarmup)} / ${round(atEnd)} / ${round(maxAfter)}`, `${summary.growthPercent}%`, `${summary.trendPercent}%`, flat ? 'yes' : 'no',
      summary.liveHeapMiB ? `${summary.liveHeapMiB.first} / ${summary.liveHeapMiB.last} / ${summary.liveHeapMiB.max}` : '–',
      `${counts.toolCalls} (${counts.toolErrors})`, counts.reindexes, counts.spansSent,
      `\`npm run bench:soak${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\``,
      keptRss ? `${round(keptRss.first)} / ${round(keptRss.last)} / ${round(keptRss.max)}` : '–',
      kept ? `${round(kept.first)} / ${round(kept.last)} / ${round(kept.max)}` : '–',
      keptFirst && keptLast ? ['heapUsed', 'external', 'arrayBuffers', 'wasm'].map((k) => `${keptFirst[k]} -> ${keptLast[k]}`).join(' / ') : '–'],
  );
}
