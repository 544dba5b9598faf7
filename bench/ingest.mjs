// Sustained OTLP ingest through `ckg serve` (issue 5 acceptance: >= 50,000 spans/s ingested
// and mapped, memory flat over 60 s). This process is the traced app: the real OTel SDK with
// the real OTLP/gRPC exporter, sending client/server span pairs of calls that map to a
// route handler of the go-routes fixture as fast as the exporter accepts them. The server
// is the built CLI in its own process. Every 5 s the bench asks the server over MCP for
// trace_stats' ingest counters (spans written to the graph) and samples its RSS from /proc.
//   npm run bench:ingest -- [--seconds 60] [--pairs-per-flush 4096]
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
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
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
const profileAt = args.indexOf('--server-cpu-prof');
const profileDir = profileAt >= 0 ? path.resolve(args[profileAt + 1]) : undefined;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-bench-ingest-'));
const db = path.join(work, 'graph.sqlite');
const indexed = spawnSync(process.execPath, [cli, 'index', path.join(root, 'test/fixtures/repos/go-routes'), '--repo-url', 'fixtures/go-routes', '-db', db]);
if (indexed.status !== 0) throw new Error(`ckg index failed: ${indexed.stderr}`);

const server = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), cli, 'serve', '-db', db, '--http', '127.0.0.1:0', '--otlp-grpc', '127.0.0.1:0', '--otlp-http', '127.0.0.1:0'],
  { stdio: ['ignore', 'ignore', 'pipe'], cwd: work });
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
const checkout = provider('checkout');
const users = provider('go-routes');
const callers = checkout.getTracer('bench');
const handlers = users.getTracer('bench');

let sent = 0;
let stop = false;
async function generate() {
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
}

const samples = [];
const start = Date.now();
const generating = generate();
const warmup = 5;
let previous = { at: Date.now(), spans: 0, cpu: serverCpuSeconds() };
for (let t = 5; t <= seconds + warmup; t += 5) {
  await new Promise((resolve) => setTimeout(resolve, start + t * 1000 - Date.now()));
  const counters = await written();
  const now = Date.now();
  const cpu = serverCpuSeconds();
  const spans = counters.spans_received - previous.spans;
  const rate = spans / ((now - previous.at) / 1000);
  const perCpu = cpu > previous.cpu ? spans / (cpu - previous.cpu) : 0;
  const share = (cpu - previous.cpu) / ((now - previous.at) / 1000);
  samples.push({ t, rate, perCpu, share, rss: rssMiB(), spans: counters.spans_received, cpu, dropped: counters.batches_dropped });
  previous = { at: now, spans: counters.spans_received, cpu };
  process.stderr.write(`t=${t}s ingested ${counters.spans_received} spans (${Math.round(rate)}/s; ${Math.round(perCpu)} per server CPU-s, `
    + `server on ${(share * 100).toFixed(0)}% of a core), RSS ${rssMiB().toFixed(0)} MiB, batches dropped ${counters.batches_dropped}, load ${os.loadavg()[0].toFixed(1)}\n`);
}
stop = true;
await generating;
await checkout.shutdown();
await users.shutdown();
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
const row = `| ${today()} | ${machineSummary()} | ${os.loadavg()[0].toFixed(1)} | ${engineVersion(root)} | ${seconds} | ${Math.round(total)} | ${Math.round(median(rates))} `
  + `| ${Math.round(Math.min(...rates))} | ${Math.round(perServerCpu)} | ${rss[0].toFixed(0)} / ${rss[rss.length - 1].toFixed(0)} / ${Math.max(...rss).toFixed(0)} | ${sent} | ${last.dropped} `
  + `| \`npm run bench:ingest -- ${args.join(' ')}\`.trim() |`;
console.log(row.replace('`.trim()', '`'));
