// Spans of a polyglot demo's services, mapped under their traced names (issue 15
// acceptance): indexes the demo, starts the real OTLP receivers with a service_map that
// names each service's folder, sends spans through the real OTel SDK exporters as each
// service's instrumentation would (an HTTP server span on a route; a gRPC client and the
// server span it causes), and asks runtime_traffic for each traced name through the tool
// layer: every span must land on the handler that serves it.
//   node bench/serviceSpans.mjs <demo checkout> [--demo microservices-demo|opentelemetry-demo] [--no-record]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { UsageError, parseArgs } from './lib/args.mjs';
import { PACKAGE_ROOT, loadEngine } from './lib/engine.mjs';
import { corpusName, engineVersion, machineSummary, shortHead, today } from './lib/machine.mjs';
import { DEMOS } from './lib/demoFlows.mjs';
import { appendResultRow } from './lib/results.mjs';

const USAGE = `node bench/serviceSpans.mjs <demo checkout> [--demo ${Object.keys(DEMOS).join('|')}] [--label NAME] [--no-record]`;
const SECTION = 'Spans under their traced names';
const SECTION_DESCRIPTION = `One row per \`npm run bench:service-spans -- <demo> [--demo NAME]\`: the demo indexed as one
repository, \`trace_ingestion.service_map\` naming each service's folder (\`cartservice: { repo, path:
src/cartservice }\`), and spans sent by the real OTel SDK (OTLP/HTTP) as each service's
instrumentation emits them: an HTTP server span of the frontend on a route, gRPC client
spans and the server spans they cause. mapped = flows whose server span landed on the
handler that serves it, as runtime_traffic reports it for the traced name.`;
const COLUMNS = ['date', 'machine', 'engine', 'corpus', 'commit', 'flows', 'mapped', 'unmapped', 'command'];

function tracer(name, endpoint) {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': name }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `http://${endpoint}/v1/traces` }), scheduledDelayMillis: 50 })],
  });
  return { provider, start: (spanName, kind, attributes, parent) => provider.getTracer('bench').startSpan(
    spanName, { kind, attributes }, parent ? trace.setSpanContext(ROOT_CONTEXT, { ...parent.spanContext(), isRemote: true }) : ROOT_CONTEXT,
  ) };
}

async function main() {
  const { repoPath, options } = parseArgs('bench/serviceSpans', process.argv.slice(2), {
    valued: { label: undefined, demo: 'microservices-demo' }, flags: ['no-record'], usage: USAGE,
  });
  const demo = DEMOS[options.demo];
  if (!demo) throw new UsageError(`bench/serviceSpans: --demo ${options.demo}: expected one of ${Object.keys(DEMOS).join(', ')}`);
  const { repoUrl, services, flows } = demo;
  const engine = loadEngine();
  const root = path.resolve(repoPath);
  const name = corpusName(root, options.label);
  const dbPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-spans-')), 'graph.sqlite');
  const indexStore = await engine.openStore(dbPath);
  await new engine.RepoIndexer(indexStore).index({ repoPath: root, repoUrl });
  await indexStore.save();
  await indexStore.close();

  const serviceMap = Object.fromEntries(Object.entries(services).map(([service, folder]) => [service, { repo: repoUrl, path: folder }]));
  const deps = await engine.openServerDeps(dbPath, { runtimeServiceMap: serviceMap });
  const config = { ...engine.TRACE_INGESTION_DEFAULTS, otlpGrpcEndpoint: '127.0.0.1:0', otlpHttpEndpoint: '127.0.0.1:0', batchIntervalMs: 50, serviceMap };
  const runtime = await engine.startRuntimeService(deps, { config, log: () => undefined });
  const tracers = new Map(Object.keys(services).map((service) => [service, tracer(service, runtime.httpAddress)]));
  for (const flow of flows) {
    if (flow.http) {
      const { service, method, route } = flow.http;
      tracers.get(service).start(`${method} ${route}`, SpanKind.SERVER, { 'http.request.method': method, 'http.route': route, 'url.path': route }).end();
    } else {
      const { client, server, service, method } = flow.rpc;
      const attributes = { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method };
      const call = tracers.get(client).start(`${service}/${method}`, SpanKind.CLIENT, { ...attributes, 'server.address': server });
      tracers.get(server).start(`${service}/${method}`, SpanKind.SERVER, attributes, call).end();
      call.end();
    }
  }
  for (const { provider } of tracers.values()) await provider.forceFlush();
  await runtime.queue.flush();
  for (const { provider } of tracers.values()) await provider.shutdown();

  const tool = engine.TOOLS.find((t) => t.name === 'runtime_traffic');
  const store = deps.store();
  const names = new Map();
  for (const repo of await store.repos()) for (const node of await store.liveNodesOfRepo(repo.repoHash)) names.set(node.nodeHash, node.qualifiedName);
  let mapped = 0;
  const lines = [];
  for (const flow of flows) {
    const service = flow.http ? flow.http.service : flow.rpc.server;
    const { result } = await tool.handler({ service_name: service, limit: 100 }, deps);
    const targets = (Array.isArray(result) ? result : result.items ?? []).map((e) => names.get(e.TargetHash) ?? e.TargetHash);
    const hit = targets.some((t) => t.endsWith(`.${flow.handler}`) || t.endsWith(`/${flow.handler}`));
    if (hit) mapped++;
    lines.push(`${hit ? 'mapped  ' : 'UNMAPPED'} ${service}: ${flow.http ? `${flow.http.method} ${flow.http.route}` : `${flow.rpc.service}/${flow.rpc.method}`} -> ${flow.handler}${hit ? '' : ` (runtime_traffic targets: ${targets.join(', ') || 'none'})`}`);
  }
  await runtime.close();
  await deps.close?.();
  process.stdout.write(`${lines.join('\n')}\n${name}: ${mapped} of ${flows.length} flows mapped to their handlers under their traced names\n`);
  if (!options['no-record']) {
    appendResultRow(SECTION, SECTION_DESCRIPTION, COLUMNS, [
      today(), machineSummary(), engineVersion(PACKAGE_ROOT), name, shortHead(root), flows.length, mapped, flows.length - mapped,
      `npm run bench:service-spans -- ${repoPath}${options.demo === 'microservices-demo' ? '' : ` --demo ${options.demo}`}`,
    ]);
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
