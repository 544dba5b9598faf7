import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempDir } from '../helpers/tempDir';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { OtelService, emitTraffic } from '../runtime/otelApp';
import { type PostgresCluster, sharedPostgresCluster } from '../support/postgresCluster';
import { ckgRun, indexRepo, observationCounts, queryRows } from './teamDatabase';
import { type Replica, startReplica, stopReplica, stopStartedProcesses } from './teamProcesses';

/** Rounds of traffic each replica receives, and the spans one round is (emitTraffic: 6 spans, 4 runtime edges). */
const ROUNDS = 40;
const SPANS_PER_ROUND = 6;
/** Rounds between flushes: the exporters send many small requests, the receivers write many small batches. */
const ROUNDS_PER_FLUSH = 4;

/**
 * Two `ckg serve` replicas on one database receive the same calls at once through real
 * OpenTelemetry SDK exporters (gRPC and HTTP/protobuf); their writes of the same runtime
 * edges interleave in small batches, and the counts must add up exactly afterwards.
 */
describe('team: concurrent OTLP ingest into two replicas', function () {
  this.timeout(300_000);
  let cluster: PostgresCluster;
  const services: OtelService[] = [];
  before(async () => {
    cluster = await sharedPostgresCluster();
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.shutdown().catch(() => undefined)));
    await stopStartedProcesses();
  });

  it('adds up every observation of the same edges, with no lost update', async () => {
    const url = await cluster.createDatabase();
    indexRepo(url, path.join(FIXTURE_REPOS, 'go-routes'), 'fixtures/go-routes');
    const config = path.join(makeTempDir(), 'ckg.config.yaml');
    fs.writeFileSync(config, 'trace_ingestion:\n  batch_size: 8\n  batch_interval: 50ms\n');
    const replicas = await Promise.all([0, 1].map(() => startReplica(url, '--config', config)));

    await Promise.all(replicas.map((replica) => sendTraffic(replica, services)));
    // SIGTERM writes what is still queued, from both replicas at once.
    const codes = await Promise.all(replicas.map((replica) => stopReplica(replica)));
    assert.deepEqual(codes, [0, 0], replicas.map((r) => r.process.stderr()).join('\n'));
    for (const replica of replicas) assert.doesNotMatch(replica.process.stderr(), /could not be written|cannot save|cannot count/);

    const sent = replicas.length * ROUNDS;
    const expected = { edgeCount: sent, observed: sent };
    assert.deepEqual(await observationCounts(url), {
      runtime_calls: expected, runtime_consumes: expected, runtime_produces: expected, runtime_rpc: expected,
    });
    const counters = Object.fromEntries((await queryRows(url, 'SELECT name, value FROM runtime_counters')).map((r) => [r[0], Number(r[1])]));
    assert.equal(counters.spans_received, sent * SPANS_PER_ROUND, JSON.stringify(counters));

    // What a user sees: each runtime edge counted once per call, from both replicas.
    const traffic = ckgRun('call', 'runtime_traffic', '{"service_name":"checkout"}', '-db', url);
    assert.equal(traffic.status, 0, traffic.stderr);
    const edges = (JSON.parse(traffic.stdout) as { items: Array<{ EdgeType: string; ObservationCount: number }> }).items;
    assert.deepEqual(edges.map((e) => [e.EdgeType, e.ObservationCount]).sort(), [['runtime_calls', sent], ['runtime_produces', sent], ['runtime_rpc', sent]]);
  });
});

/** ROUNDS rounds of calls among three instrumented services exporting to `replica`, flushed now and then. */
async function sendTraffic(replica: Replica, services: OtelService[]): Promise<void> {
  const checkout = new OtelService('checkout', 'grpc', replica.otlpGrpc);
  const users = new OtelService('go-routes', 'proto', replica.otlpHttp);
  const mailer = new OtelService('mailer', 'grpc', replica.otlpGrpc);
  const mine = [checkout, users, mailer];
  services.push(...mine);
  for (let round = 1; round <= ROUNDS; round++) {
    emitTraffic(checkout, users, mailer);
    if (round % ROUNDS_PER_FLUSH === 0) await Promise.all(mine.map((s) => s.flush()));
  }
  await Promise.all(mine.map((s) => s.flush()));
}
