// The receiver's own cost per span, in one process, without the network or a load
// generator competing for the CPU: protobuf decode of real exporter requests, then mapping
// and the graph write (RuntimeIngestor.ingestSpans, one transaction per batch). The
// requests are encoded once, up front, by the OTel SDK's own serializer
// (ProtobufTraceSerializer, what the OTLP exporters send) from spans made by the real SDK:
// client/server pairs of `GET /users/{id}` calls that map to the go-routes fixture's
// handler, with fresh trace and span ids, so the recent-span cache churns as in a real run.
// Figures are CPU time (process.cpuUsage), so a busy machine slows the run but changes them
// less than wall-clock rates.
//   npm run bench:ingest-pipeline -- [--spans 400000] [--batch 1000] [--rounds 5]
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { PACKAGE_ROOT, loadEngine } from './lib/engine.mjs';
import { engineVersion, machineSummary, today } from './lib/machine.mjs';
import { median } from './lib/stats.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const totalSpans = option('spans', 400_000);
const batchSize = option('batch', 1000);
const rounds = option('rounds', 5);
const pairsPerRequest = 512;
const distinctPairs = 50_000;

const engine = loadEngine();
const store = await engine.openStore(':memory:');
await new engine.RepoIndexer(store, () => undefined).index({
  repoPath: path.join(PACKAGE_ROOT, 'test/fixtures/repos/go-routes'), repoUrl: 'fixtures/go-routes',
});

// Requests as the exporters send them: one per service per export, 512 spans each.
const requests = [];
{
  const tracer = (service) => {
    const exporter = new InMemorySpanExporter();
    const provider = new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': service }),
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
    return { provider, exporter, tracer: provider.getTracer('bench') };
  };
  const checkout = tracer('checkout');
  const users = tracer('go-routes');
  for (let made = 0; made < distinctPairs; made += pairsPerRequest) {
    for (let i = 0; i < pairsPerRequest; i++) {
      const client = checkout.tracer.startSpan('GET', { kind: SpanKind.CLIENT, attributes: {
        'http.request.method': 'GET', 'url.full': `http://users:8080/users/${made + i}`, 'peer.service': 'go-routes' } });
      const parent = trace.setSpanContext(ROOT_CONTEXT, { ...client.spanContext(), isRemote: true });
      users.tracer.startSpan('GET /users/{id}', { kind: SpanKind.SERVER, attributes: {
        'http.request.method': 'GET', 'http.route': '/users/{id}', 'url.path': `/users/${made + i}`, 'http.response.status_code': 200 } }, parent).end();
      client.end();
    }
    await Promise.all([checkout.provider.forceFlush(), users.provider.forceFlush()]);
    // The callee's spans end first, so its export usually arrives first.
    requests.push(Buffer.from(ProtobufTraceSerializer.serializeRequest(users.exporter.getFinishedSpans())));
    requests.push(Buffer.from(ProtobufTraceSerializer.serializeRequest(checkout.exporter.getFinishedSpans())));
    users.exporter.reset();
    checkout.exporter.reset();
  }
}
const bytesPerSpan = requests.reduce((sum, r) => sum + r.length, 0) / (distinctPairs * 2);

const ingestor = new engine.RuntimeIngestor(() => store);
const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};
let next = 0;
const samples = [];
const heap = [];
for (let round = 0; round < rounds; round++) {
  let decodeSeconds = 0;
  let ingestSeconds = 0;
  let spans = 0;
  let batch = [];
  while (spans < totalSpans) {
    const request = requests[next++ % requests.length];
    const t0 = cpu();
    const decoded = engine.decodeProtobufRequest(request).spans;
    const t1 = cpu();
    decodeSeconds += t1 - t0;
    for (const span of decoded) batch.push(span);
    spans += decoded.length;
    if (batch.length >= batchSize) {
      const t2 = cpu();
      await ingestor.ingestSpans(batch);
      ingestSeconds += cpu() - t2;
      batch = [];
    }
  }
  samples.push({ decode: spans / decodeSeconds, ingest: spans / ingestSeconds, both: spans / (decodeSeconds + ingestSeconds) });
  global.gc?.();
  heap.push(process.memoryUsage().heapUsed / 2 ** 20);
  process.stderr.write(`round ${round + 1}: ${Math.round(samples.at(-1).both)} spans per CPU-second (decode ${Math.round(samples.at(-1).decode)}, `
    + `map+write ${Math.round(samples.at(-1).ingest)}), heap ${heap.at(-1).toFixed(0)} MiB\n`);
}
const counters = await store.runtimeCounters();
const edges = await store.liveRuntimeEdges();
if (counters.spans_mapped !== counters.spans_received / 2 || edges.length !== 1) {
  throw new Error(`bench/ingest-pipeline: expected one runtime edge and half the spans mapped, got ${edges.length} edges, ${JSON.stringify(counters)}`);
}
const us = (rate) => (1e6 / rate).toFixed(2);
const m = (key) => median(samples.map((s) => s[key]));
console.log(`| ${today()} | ${machineSummary()} | ${os.loadavg()[0].toFixed(1)} | ${engineVersion(PACKAGE_ROOT)} | ${rounds} x ${totalSpans} `
  + `| ${Math.round(bytesPerSpan)} | ${us(m('decode'))} | ${us(m('ingest'))} | ${Math.round(m('both'))} | ${heap.map((h) => h.toFixed(0)).join(' / ')} `
  + `| \`npm run bench:ingest-pipeline -- ${args.join(' ')}\` |`.replace(' -- `', '`'));
