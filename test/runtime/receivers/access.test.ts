import * as assert from 'node:assert/strict';
import * as grpc from '@grpc/grpc-js';
import { CKG_CONFIG_DEFAULTS, ConfigError, TRACE_INGESTION_DEFAULTS, endpointAt } from '../../../src/runtime/config';
import { bearerMatches, isLoopbackHost } from '../../../src/model';
import { checkReceiverBinds } from '../../../src/runtime/receivers/access';
import { type RunningRuntime, startRuntimeService } from '../../../src/runtime/runtimeService';
import { TRACE_EXPORT_PATH } from '../../../src/runtime/otlp/schema';
import { fixtureDeps } from '../../mcp/mcpHarness';
import type { OpenServerDeps } from '../../../src/mcp/serverDeps';
import { OtelService, emitTraffic } from '../otelApp';

const TOKEN = 'otlp-test-token';

describe('runtime/receivers/access: loopback by default, a token or --otlp-insecure off it', function () {
  this.timeout(60_000);

  it('binds loopback by default', () => {
    for (const endpoint of [TRACE_INGESTION_DEFAULTS.otlpGrpcEndpoint, TRACE_INGESTION_DEFAULTS.otlpHttpEndpoint, CKG_CONFIG_DEFAULTS.traceIngestion.otlpHttpEndpoint]) {
      assert.equal(endpointAt(endpoint, 'default').host, '127.0.0.1', endpoint);
    }
    assert.equal(TRACE_INGESTION_DEFAULTS.otlpInsecure, false);
  });

  it('refuses a non-loopback receiver without a token or the insecure opt-out, naming both ways out', async () => {
    const config = { ...TRACE_INGESTION_DEFAULTS, otlpGrpcEndpoint: '0.0.0.0:0', otlpHttpEndpoint: '127.0.0.1:0' };
    const host = { store: () => { throw new Error('not reached'); }, persist: async () => undefined, now: () => 0 };
    await assert.rejects(startRuntimeService(host, { config, log: () => undefined }), (error: Error) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /OTLP\/gRPC receiver \(--otlp-grpc, trace_ingestion\.otlp_endpoint\): refusing to receive spans on 0\.0\.0\.0 without a token/);
      assert.match(error.message, /--token or CKG_TOKEN/);
      assert.match(error.message, /--otlp-insecure \(trace_ingestion\.otlp_insecure: true\)/);
      return true;
    });
    assert.throws(() => checkReceiverBinds({ ...config, otlpGrpcEndpoint: '127.0.0.1:0', otlpHttpEndpoint: '[::]:4318' }, undefined, () => undefined),
      /OTLP\/HTTP receiver .* refusing to receive spans on :: without a token/);
  });

  it('with the insecure opt-out, says so loudly; with a token, says nothing', () => {
    const config = { ...TRACE_INGESTION_DEFAULTS, otlpGrpcEndpoint: '0.0.0.0:4317', otlpHttpEndpoint: '10.1.2.3:4318' };
    const logs: string[] = [];
    checkReceiverBinds({ ...config, otlpInsecure: true }, undefined, (m) => logs.push(m));
    assert.equal(logs.length, 2);
    assert.match(logs[0], /WARNING: OTLP\/gRPC receiver .* listens on 0\.0\.0\.0 with NO authentication \(--otlp-insecure\)/);
    assert.match(logs[1], /WARNING: OTLP\/HTTP receiver .* listens on 10\.1\.2\.3 with NO authentication/);
    checkReceiverBinds(config, TOKEN, (m) => logs.push(m));
    assert.equal(logs.length, 2);
  });

  it('matches the bearer scheme in any case and the token exactly', () => {
    assert.ok(isLoopbackHost('127.0.0.2') && isLoopbackHost('[::1]') && isLoopbackHost('localhost') && !isLoopbackHost('0.0.0.0'));
    assert.ok(bearerMatches(`Bearer ${TOKEN}`, TOKEN));
    assert.ok(bearerMatches(`bearer ${TOKEN}`, TOKEN));
    assert.ok(!bearerMatches(`Bearer ${TOKEN}x`, TOKEN));
    assert.ok(!bearerMatches(TOKEN, TOKEN));
    assert.ok(!bearerMatches(undefined, TOKEN));
  });

  describe('with a token', () => {
    let runtime: RunningRuntime;
    let deps: OpenServerDeps;

    before(async () => {
      ({ deps } = await fixtureDeps('go-routes'));
      const config = { ...TRACE_INGESTION_DEFAULTS, otlpGrpcEndpoint: '127.0.0.1:0', otlpHttpEndpoint: '127.0.0.1:0', batchIntervalMs: 50 };
      runtime = await startRuntimeService(deps, { config, log: () => undefined, token: TOKEN });
    });
    after(() => runtime.close());

    it('accepts spans from real OTel exporters that send it, over gRPC and HTTP', async () => {
      const checkout = new OtelService('checkout', 'grpc', runtime.grpcAddress, TOKEN);
      const users = new OtelService('go-routes', 'proto', runtime.httpAddress, TOKEN);
      const mailer = new OtelService('mailer', 'grpc', runtime.grpcAddress, TOKEN);
      emitTraffic(checkout, users, mailer);
      await Promise.all([checkout.shutdown(), users.shutdown(), mailer.shutdown()]);
      await runtime.queue.flush();
      assert.ok((await runtime.ingestor.runtimeEdgeStats()).TotalEdges > 0, 'spans were ingested');
    });

    it('answers OTLP/HTTP without it, or with another, with 401', async () => {
      const post = (headers: Record<string, string>) => fetch(`http://${runtime.httpAddress}/v1/traces`,
        { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
      const missing = await post({});
      assert.equal(missing.status, 401);
      assert.equal(missing.headers.get('www-authenticate'), 'Bearer realm="ckg"');
      assert.match((await missing.json() as { message: string }).message, /unauthenticated: send Authorization: Bearer <token>/);
      assert.equal((await post({ authorization: 'Bearer wrong' })).status, 401);
      assert.equal((await post({ authorization: `bearer ${TOKEN}` })).status, 200);
    });

    it('answers OTLP/gRPC without it, or with another, with UNAUTHENTICATED', async () => {
      const client = new grpc.Client(runtime.grpcAddress, grpc.credentials.createInsecure());
      const call = (metadata: grpc.Metadata): Promise<grpc.ServiceError | null> => new Promise((resolve) => {
        client.makeUnaryRequest(TRACE_EXPORT_PATH, (b: Buffer) => b, (b: Buffer) => b, Buffer.alloc(0), metadata, (error) => resolve(error));
      });
      const withAuth = (value: string): grpc.Metadata => {
        const metadata = new grpc.Metadata();
        metadata.set('authorization', value);
        return metadata;
      };
      try {
        const missing = await call(new grpc.Metadata());
        assert.equal(missing?.code, grpc.status.UNAUTHENTICATED);
        assert.match(missing!.details, /unauthenticated: send authorization: Bearer <token> metadata/);
        assert.equal((await call(withAuth('Bearer wrong')))?.code, grpc.status.UNAUTHENTICATED);
        assert.equal(await call(withAuth(`Bearer ${TOKEN}`)), null);
      } finally {
        client.close();
      }
    });
  });
});
