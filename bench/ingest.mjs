// Sustained OTLP ingest through `ckg serve` (issue 5 acceptance: >= 50,000 spans/s ingested
// and mapped, memory flat over 60 s). This process is the traced app: the real OTel SDK with
// the real OTLP/gRPC exporter, sending client/server span pairs of calls that map to a
// route handler of the go-routes fixture as fast as the exporter accepts them. The server
// is the built CLI in its own process. Every 5 s the bench asks the server over MCP for
// trace_stats' ingest counters (spans written to the graph) and samples its RSS from /proc.
//   npm run bench:ingest -- [--seconds 60] [--pairs-per-flush 4096] [--app sdk|exporter] [--server-cpu-prof DIR]
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { engineVersion, machineSummary, today } from './lib/machine.mjs';
import { median } from './lib/stats.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist', 'cli.js');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const seconds = option('seconds', 60);
const pairsPerFlush = option('pairs-per-flush', 4096);
// sdk: the app makes every span with the SDK (tracer, BatchSpanProcessor). exporter: the app
// hands pre-made spans with fresh ids straight to the real OTLP/gRPC exporter, so the
// load generator costs less than the server and the server's ceiling shows.
const appMode = args.includes('--app') ? args[args.indexOf('--app') + 1] : 'sdk';
if (appMode !== 'sdk' && appMode !== 'exporter') throw new Error(`--app ${appMode}: expected sdk or exporter`);
const profileAt = args.indexOf('--server-cpu-prof');
const profileDir = profileAt >= 0 ? path.resolve(args[profileAt + 1]) : undefined;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-bench-ingest-'));
const db = path.join(work, 'graph.sqlite');
const indexed = spawnSync(process.execPath, [cli, 'index', path.join(root, 'test/fixtures/repos/go-routes'), '--repo-url', 'fixtures/go-routes', '-db', db]);
if (indexed.status !== 0) throw new Error(`ckg index failed: ${indexed.stderr}`);

// --trace-gc: the live heap after each full collection, the memory measure that V8's lazily
// grown heap (RSS) blurs.
const server = spawn(process.execPath, ['--trace-gc', ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), cli, 'serve', '-db', db, '--http', '127.0.0.1:0', '--otlp-grpc', '127.0.0.1:0', '--otlp-http', '127.0.0.1:0'],
  { stdio: ['ignore', 'pipe', 'pipe'], cwd: work });
const liveHeap = [];
let gcLines = '';
server.stdout.on('data', (d) => {
  gcLines += d.toString();
  const lines = gcLines.split('\n');
  gcLines = lines.pop();
  for (const line of lines) {
    const match = /\s(\d+) ms: Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/.exec(line);
    if (match) liveHeap.push({ ms: Number(match[1]), mb: Number(match[2]) });
  }
});
const addresses = await new Promise((resolve, reject) => {
  let stderr = '';
  server.stderr.on('data', (d) => {
    stderr += d.toString();
    const mcp = /MCP listening on (\S+)/.exec(stderr)?.[1];
    const grpc = /OTLP\/gRPC listening on (\S+)/.exec(stderr)?.[1];
    if (mcp && grpc) resolve({ mcp, grpc });
  });
  server.once('exit', (code) => reject(new Error(`ckg serve exited with ${code}: ${stderr}`)));
});

const client = new Client({ name: 'bench', version: '1' });
await client.connect(new StreamableHTTPClientTransport(new URL(addresses.mcp)));
const written = async () => (await client.callTool({ name: 'trace_stats', arguments: {} }))._meta['ckg/ingest'];
const rssMiB = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};
// The server's own CPU time (user + system, /proc/PID/stat fields 14-15 in clock ticks of
// 1/100 s): spans per server CPU-second is its cost, whatever else runs on the machine.
const serverCpuSeconds = () => {
  const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const provider = (service) => new TracerProvider({
  resource: resourceFromAttributes({ 'service.name': service }),
  spanProcessors: [new BatchSpanProcessor({
    exporter: new OTLPTraceExporter({ url: `http://${addresses.grpc}` }),
    maxQueueSize: pairsPerFlush * 2, maxExportBatchSize: 2048, scheduledDelayMillis: 50,
  })],
});

let sent = 0;
let stop = false;

async function generateWithSdk() {
  const checkout = provider('checkout');
  const users = provider('go-routes');
  const callers = checkout.getTracer('bench');
  const handlers = users.getTracer('bench');
  while (!stop) {
    for (let i = 0; i < pairsPerFlush; i++) {
      const client = callers.startSpan('GET', { kind: SpanKind.CLIENT, attributes: {
        'http.request.method': 'GET', 'url.full': `http://users:8080/users/${i}`, 'peer.service': 'go-routes' } });
      const parent = trace.setSpanContext(ROOT_CONTEXT, { ...client.spanContext(), isRemote: true });
      handlers.startSpan('GET /users/{id}', { kind: SpanKind.SERVER, attributes: {
        'http.request.method': 'GET', 'http.route': '/users/{id}', 'url.path': `/users/${i}` } }, parent).end();
      client.end();
    }
    sent += pairsPerFlush * 2;
    await Promise.all([checkout.forceFlush(), users.forceFlush()]);
  }
  await checkout.shutdown();
  await users.shutdown();
}

/** One client/server pair made by the SDK, as templates: copies get fresh ids and nothing else. */
async function templatePair() {
  const made = (service) => {
    const exporter = new InMemorySpanExporter();
    return { exporter, provider: new TracerProvider({ resource: resourceFromAttributes({ 'service.name': service }), spanProcessors: [new SimpleSpanProcessor({ exporter })] }) };
  };
  const checkout = made('checkout');
  const users = made('go-routes');
  const client = checkout.provider.getTracer('bench').startSpan('GET', { kind: SpanKind.CLIENT, attributes: {
    'http.request.method': 'GET', 'url.full': 'http://users:8080/users/7', 'peer.service': 'go-routes' } });
  const parent = trace.setSpanContext(ROOT_CONTEXT, { ...client.spanContext(), isRemote: true });
  users.provider.getTracer('bench').startSpan('GET /users/{id}', { kind: SpanKind.SERVER, attributes: {
    'http.request.method': 'GET', 'http.route': '/users/{id}', 'url.path': '/users/7' } }, parent).end();
  client.end();
  await Promise.all([checkout.provider.forceFlush(), users.provider.forceFlush()]);
  return { client: checkout.exporter.getFinishedSpans()[0], server: users.exporter.getFinishedSpans()[0] };
}

function copyOf(template, traceId, spanId, parent) {
  const context = { traceId, spanId, traceFlags: 1 };
  return {
    name: template.name, kind: template.kind, spanContext: () => context, parentSpanContext: parent,
    startTime: template.startTime, endTime: template.endTime, duration: template.duration, status: template.status,
    attributes: template.attributes, links: [], events: [], ended: true, resource: template.resource,
    instrumentationScope: template.instrumentationScope, droppedAttributesCount: 0, droppedEventsCount: 0, droppedLinksCount: 0,
  };
}

async function generateWithExporter() {
  const { client, server } = await templatePair();
  const checkout = new OTLPTraceExporter({ url: `http://${addresses.grpc}` });
  const users = new OTLPTraceExporter({ url: `http://${addresses.grpc}` });
  const exported = (exporter, spans) => new Promise((resolve) => exporter.export(spans, resolve));
  const batch = 2048;
  let id = 0n;
  while (!stop) {
    const clients = [];
    const servers = [];
    for (let i = 0; i < batch; i++) {
      id++;
      const traceId = id.toString(16).padStart(32, '0');
      const clientId = (2n * id).toString(16).padStart(16, '0');
      clients.push(copyOf(client, traceId, clientId, undefined));
      servers.push(copyOf(server, traceId, (2n * id + 1n).toString(16).padStart(16, '0'), { traceId, spanId: clientId, traceFlags: 1, isRemote: true }));
    }
    // The callee's spans first, as they end first; two requests in flight.
    await Promise.all([exported(users, servers), exported(checkout, clients)]);
    sent += batch * 2;
  }
  await checkout.shutdown();
  await users.shutdown();
}

const samples = [];
const start = Date.now();
const generating = appMode === 'sdk' ? generateWithSdk() : generateWithExporter();
const warmup = 5;
let previous = { at: Date.now(), spans: 0, cpu: serverCpuSeconds(), app: process.cpuUsage() };
for (let t = 5; t <= seconds + warmup; t += 5) {
  await new Promise((resolve) => setTimeout(resolve, start + t * 1000 - Date.now()));
  const counters = await written();
  const now = Date.now();
  const cpu = serverCpuSeconds();
  const spans = counters.spans_received - previous.spans;
  const rate = spans / ((now - previous.at) / 1000);
  const perCpu = cpu > previous.cpu ? spans / (cpu - previous.cpu) : 0;
  const share = (cpu - previous.cpu) / ((now - previous.at) / 1000);
  // This process is the traced app: the SDK making and exporting the spans.
  const app = process.cpuUsage();
  const appShare = ((app.user - previous.app.user + app.system - previous.app.system) / 1e6) / ((now - previous.at) / 1000);
  samples.push({ t, rate, perCpu, share, rss: rssMiB(), spans: counters.spans_received, cpu, dropped: counters.batches_dropped });
  previous = { at: now, spans: counters.spans_received, cpu, app };
  process.stderr.write(`t=${t}s ingested ${counters.spans_received} spans (${Math.round(rate)}/s; ${Math.round(perCpu)} per server CPU-s, `
    + `server on ${(share * 100).toFixed(0)}% of a core, app on ${(appShare * 100).toFixed(0)}%), RSS ${rssMiB().toFixed(0)} MiB, batches dropped ${counters.batches_dropped}, load ${os.loadavg()[0].toFixed(1)}\n`);
}
stop = true;
await generating;
await client.close();
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
fs.rmSync(work, { recursive: true, force: true });

const measured = samples.filter((s) => s.t > warmup);
const rates = measured.map((s) => s.rate);
const rss = measured.map((s) => s.rss);
const last = samples[samples.length - 1];
const total = (last.spans - samples[0].spans) / ((last.t - samples[0].t));
const perServerCpu = (last.spans - samples[0].spans) / (last.cpu - samples[0].cpu);
const late = liveHeap.filter((h) => h.ms > warmup * 1000);
const heapFigure = late.length === 0 ? 'n/a' : `${late[0].mb.toFixed(0)} / ${late[late.length - 1].mb.toFixed(0)} / ${Math.max(...late.map((h) => h.mb)).toFixed(0)}`;
const row = `| ${today()} | ${machineSummary()} | ${os.loadavg()[0].toFixed(1)} | ${engineVersion(root)} | ${seconds} | ${Math.round(total)} | ${Math.round(median(rates))} `
  + `| ${Math.round(Math.min(...rates))} | ${Math.round(perServerCpu)} | ${rss[0].toFixed(0)} / ${rss[rss.length - 1].toFixed(0)} / ${Math.max(...rss).toFixed(0)} | ${heapFigure} | ${sent} | ${last.dropped} `
  + `| \`npm run bench:ingest -- ${args.join(' ')}\`.trim() |`;
console.log(row.replace('`.trim()', '`'));
