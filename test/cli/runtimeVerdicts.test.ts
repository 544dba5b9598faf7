import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SpanKind } from '@opentelemetry/api';
import { ckg, exited, startServe } from '../helpers/builtCli';
import { eventually, git } from '../helpers/gitRepo';
import { writePolyglotShop } from '../helpers/polyglotShop';
import { makeTempDir } from '../helpers/tempDir';
import { OtelService } from '../runtime/otelApp';

interface WireNode { readonly NodeHash: string; readonly QualifiedName: string }
interface RuntimeCaller {
  Caller: WireNode;
  Handler: WireNode;
  HandlerDepth: number;
  EdgeType: string;
  ObservationCount: number;
  LastObserved: number;
  RuntimeProvenance: { source: string; confidence: number; sample_count: number; first_seen: string; last_seen: string; trace_ids: string[]; indexer_version: string };
}
interface Verdict {
  verdict: string;
  text: string;
  reason: string;
  evidence: { static_callers: number; runtime_callers: number; observations: number; service: string; service_sent_spans: boolean | null; runtime_status: string };
}
interface Radius { TotalCount: number; RuntimeCallers: RuntimeCaller[]; RuntimeCount: number; RuntimeObservations: number; Verdict: Verdict }

const REPO = 'example.com/shop';
const name = (local: string): string => `${REPO}://${local}`;
const CALLS = 6;

/**
 * Issue 18 end to end: a polyglot monorepo (TypeScript orders, Python billing, Go
 * inventory) indexed at two commits by the built CLI; `ckg serve` receives spans from
 * real OTel SDK exporters (orders over OTLP/gRPC, billing over OTLP/HTTP; inventory sends
 * none); a real MCP client reads runtime callers and the four verdicts from blast_radius,
 * cross_repo_callers and pr_impact.
 */
describe('runtime callers and safe-to-change verdicts (built CLI, real OTel exporters, real MCP client)', function () {
  this.timeout(120_000);
  let serve: Awaited<ReturnType<typeof startServe>>;
  let client: Client;
  let snapshots: string[];
  let traceIds: string[];

  before(async () => {
    const root = fs.realpathSync(makeTempDir('ckg-shop-'));
    const db = path.join(makeTempDir(), 'graph.sqlite');
    writePolyglotShop(root, 'first');
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'first');
    snapshots = [];
    for (const bodies of ['first', 'second'] as const) {
      if (bodies === 'second') {
        writePolyglotShop(root, 'second');
        git(root, 'commit', '-qam', 'second');
      }
      const run = ckg('index', root, '--repo-url', REPO, '-db', db);
      assert.equal(run.status, 0, run.stderr);
      snapshots.push(/snapshot ([0-9a-f]{64})/.exec(run.stdout)![1]!);
    }
    const config = path.join(makeTempDir(), 'ckg.config.yaml');
    fs.writeFileSync(config, 'trace_ingestion: { batch_interval: 100ms }\nenrichment: { enabled: false }\n');
    serve = await startServe(db, '--config', config);

    // orders serves POST /orders from outside and calls billing's POST /charge from its handler.
    const orders = new OtelService('orders', 'grpc', serve.grpc);
    const billing = new OtelService('billing', 'proto', serve.http);
    traceIds = [];
    for (let i = 0; i < CALLS; i++) {
      const order = orders.start('POST /orders', SpanKind.SERVER, { 'http.request.method': 'POST', 'http.route': '/orders', 'url.path': '/orders' });
      const call = orders.start('POST', SpanKind.CLIENT, {
        'http.request.method': 'POST', 'url.full': 'http://billing.internal/charge', 'server.address': 'billing.internal', 'peer.service': 'billing',
      }, order);
      billing.start('POST /charge', SpanKind.SERVER, { 'http.request.method': 'POST', 'http.route': '/charge', 'url.path': '/charge' }, call).end();
      call.end();
      order.end();
      traceIds.push(order.spanContext().traceId);
    }
    // The callee's server spans first, so each client span finds the span it caused.
    await billing.flush();
    await orders.flush();
    await Promise.all([orders.shutdown(), billing.shutdown()]);
    client = new Client({ name: 'runtime-verdicts', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(serve.mcp)));
    await eventually('both runtime edges written', async () => {
      const stats = (await call<{ TotalEdges: number }>('trace_stats', {}));
      return stats.TotalEdges >= 2;
    });
  });

  after(async () => {
    await client?.close();
    if (serve) {
      serve.child.kill('SIGTERM');
      assert.equal(await exited(serve.child), 0, serve.stderr());
    }
  });

  async function call<T>(tool: string, args: Record<string, unknown>): Promise<T> {
    const reply = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
    assert.notEqual(reply.isError, true, JSON.stringify(reply.content));
    return reply.structuredContent as T;
  }
  async function hashOf(qualifiedName: string): Promise<string> {
    const { items } = await call<{ items: WireNode[] }>('graph_query', { prefix: qualifiedName });
    const found = items.find((n) => n.QualifiedName === qualifiedName);
    assert.ok(found, qualifiedName);
    return found.NodeHash;
  }
  const radius = async (local: string): Promise<Radius> => call<Radius>('blast_radius', { target_hash: await hashOf(name(local)) });

  it('lists runtime callers of a handler with their counts and trace ids, apart from the static callers', async () => {
    const charge = await radius('billing.app.charge');
    assert.equal(charge.TotalCount, 0, 'no code calls the Python handler');
    assert.deepEqual([charge.RuntimeCount, charge.RuntimeObservations], [1, CALLS]);
    const [caller] = charge.RuntimeCallers;
    assert.deepEqual([caller!.Caller.QualifiedName, caller!.Handler.QualifiedName, caller!.HandlerDepth, caller!.EdgeType, caller!.ObservationCount],
      [name('orders/server.placeOrder'), name('billing.app.charge'), 0, 'runtime_calls', CALLS]);
    const record = caller!.RuntimeProvenance;
    assert.deepEqual([record.source, record.sample_count], ['otel_trace', CALLS]);
    assert.ok(record.trace_ids.length >= 2 && record.trace_ids.length <= 5, `${record.trace_ids.length} trace ids`);
    for (const id of record.trace_ids) assert.ok(traceIds.includes(id), `${id} is a trace the exporters sent`);
    assert.match(record.first_seen, /^\d{4}-\d\d-\d\dT/);
    assert.equal(record.last_seen, new Date(caller!.LastObserved * 1000).toISOString());
    assert.match(record.indexer_version, /\+facts\.\d+$/);
    assert.equal(charge.Verdict.verdict, 'observed_in_production');
    assert.equal(charge.Verdict.text, `observed in production (${CALLS} calls in the window)`);

    const placeOrder = await radius('orders/server.placeOrder');
    assert.deepEqual(placeOrder.RuntimeCallers.map((c) => `${c.Caller.QualifiedName} ${c.ObservationCount}`), [`external://UNRESOLVED/client ${CALLS}`]);
  });

  it('reaches a helper\'s traffic one hop from the handler that calls it, in Python and TypeScript; cross_repo_callers too', async () => {
    const audit = await radius('billing.app.audit');
    assert.equal(audit.TotalCount, 1);
    assert.deepEqual(audit.RuntimeCallers.map((c) => `${c.HandlerDepth} ${c.Handler.QualifiedName} <- ${c.Caller.QualifiedName}`),
      [`1 ${name('billing.app.charge')} <- ${name('orders/server.placeOrder')}`]);
    const priceOf = await radius('orders/server.priceOf');
    assert.deepEqual([priceOf.TotalCount, priceOf.RuntimeCount, priceOf.Verdict.verdict], [1, 1, 'observed_in_production']);
    assert.deepEqual(priceOf.Verdict.evidence, {
      ...priceOf.Verdict.evidence, static_callers: 1, runtime_callers: 1, observations: CALLS, service: 'orders', service_sent_spans: true, runtime_status: 'observed',
    });
    const callers = await call<{ items: unknown[]; RuntimeCallers: RuntimeCaller[]; RuntimeCount: number }>('cross_repo_callers', { target_hash: await hashOf(name('billing.app.audit')) });
    assert.deepEqual([callers.items.length, callers.RuntimeCount, callers.RuntimeCallers[0]!.RuntimeProvenance.trace_ids.length > 0], [1, 1, true]);
  });

  it('gives each of the four verdicts, with its evidence', async () => {
    const verdicts: Record<string, Verdict> = {};
    for (const local of ['orders/server.priceOf', 'orders/server.formatReceipt', 'orders/server.legacyExport', 'inventory.stock']) {
      verdicts[local] = (await radius(local)).Verdict;
    }
    assert.deepEqual(Object.fromEntries(Object.entries(verdicts).map(([k, v]) => [k, v.text])), {
      'orders/server.priceOf': `observed in production (${CALLS} calls in the window)`,
      'orders/server.formatReceipt': 'static callers only',
      'orders/server.legacyExport': 'no static callers and confirmed zero traffic → safe to delete',
      'inventory.stock': 'unknown: no runtime data for this service',
    });
    // A helper: traffic names only handlers, so its own status is not_traced, in a service that sends spans.
    const receipt = verdicts['orders/server.formatReceipt']!.evidence;
    assert.deepEqual([receipt.static_callers, receipt.runtime_callers, receipt.runtime_status, receipt.service_sent_spans], [1, 0, 'not_traced', true]);
    assert.deepEqual([verdicts['inventory.stock']!.evidence.service, verdicts['inventory.stock']!.evidence.service_sent_spans], ['inventory', false]);
    assert.match(verdicts['orders/server.legacyExport']!.reason, /^0 static callers; 0 runtime callers; orders has sent spans, none observed here/);
  });

  it('pr_impact gives each changed symbol its verdict', async () => {
    const impact = await call<{ changed_symbols: Array<{ symbol: { qualified_name: string }; change_type: string; verdict: Verdict }> }>(
      'pr_impact', { old_snapshot: snapshots[0], new_snapshot: snapshots[1] });
    const byName = Object.fromEntries(impact.changed_symbols.map((c) => [c.symbol.qualified_name.slice(name('').length), c.verdict.verdict]));
    assert.deepEqual({
      priceOf: byName['orders/server.priceOf'], formatReceipt: byName['orders/server.formatReceipt'],
      legacyExport: byName['orders/server.legacyExport'], stock: byName['inventory.stock'], audit: byName['billing.app.audit'],
    }, {
      priceOf: 'observed_in_production', formatReceipt: 'static_callers_only', legacyExport: 'safe_to_delete', stock: 'unknown', audit: 'observed_in_production',
    });
  });
});
