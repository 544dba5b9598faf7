import * as assert from 'node:assert/strict';
import { CKG_CONFIG_DEFAULTS, ConfigError, parseConfig, parseDuration } from '../../src/runtime/config';

describe('ckg.config.yaml', () => {
  it('gives the SPEC defaults for an empty file', () => {
    const { traceIngestion: t, mcpHttp } = parseConfig('', 'ckg.config.yaml');
    assert.equal(mcpHttp, '127.0.0.1:7420');
    assert.deepEqual(
      [t.enabled, t.otlpGrpcEndpoint, t.otlpHttpEndpoint, t.batchSize, t.batchIntervalMs, t.queueSize, t.maxMessageBytes,
        t.confidenceDecayIntervalMs, t.gcThresholdDays, t.forwardEndpoint],
      [true, '127.0.0.1:4317', '127.0.0.1:4318', 1000, 10_000, 128, 4 * 1024 * 1024, 3_600_000, 90, ''],
    );
    assert.deepEqual(parseConfig('', 'x'), CKG_CONFIG_DEFAULTS);
  });

  it('reads mcp.extra_tools, off by default, and names a value that is not a boolean', () => {
    assert.equal(parseConfig('', 'x').mcpExtraTools, false);
    assert.equal(parseConfig('mcp:\n  extra_tools: true\n', 'x').mcpExtraTools, true);
    assert.throws(() => parseConfig('mcp:\n  extra_tools: yes please\n', 'ckg.config.yaml'),
      (error: Error) => error instanceof ConfigError && /ckg\.config\.yaml: mcp\.extra_tools "yes please": expected true or false/.test(error.message));
  });

  it('reads every trace_ingestion key', () => {
    const t = parseConfig([
      'trace_ingestion:',
      '  enabled: false',
      '  otlp_endpoint: { grpc: "0.0.0.0:14317", http: "0.0.0.0:14318" }',
      '  otlp_insecure: true',
      '  batch_size: 500',
      '  batch_interval: 2s',
      '  queue_size: 16',
      '  max_message_bytes: 1048576',
      '  confidence_decay_interval: 15m',
      '  stale_after_days: 10',
      '  gc_threshold_days: 20',
      '  observation_window_days: 3',
      '  service_map: { users-svc: github.com/acme/users }',
      '  forward_endpoint: collector:4317',
    ].join('\n'), 'c.yaml').traceIngestion;
    assert.deepEqual(t, {
      enabled: false, otlpGrpcEndpoint: '0.0.0.0:14317', otlpHttpEndpoint: '0.0.0.0:14318', otlpInsecure: true, batchSize: 500, batchIntervalMs: 2000,
      queueSize: 16, maxMessageBytes: 1_048_576, confidenceDecayIntervalMs: 900_000, staleAfterDays: 10, gcThresholdDays: 20,
      observationWindowDays: 3, serviceMap: { 'users-svc': { repo: 'github.com/acme/users' } }, forwardEndpoint: 'collector:4317',
    });
    assert.equal(parseConfig('trace_ingestion: { otlp_endpoint: "10.0.0.5:4317" }', 'c').traceIngestion.otlpHttpEndpoint, '10.0.0.5:4318');
    assert.equal(parseConfig('trace_ingestion: { otlp_endpoint: "127.0.0.1:0" }', 'c').traceIngestion.otlpHttpEndpoint, '127.0.0.1:0', 'port 0 for gRPC: an OS-picked HTTP port too');
  });

  it('refuses bad values with the key and what was expected', () => {
    const bad = (text: string, message: RegExp) => assert.throws(() => parseConfig(text, 'c.yaml'), (e: Error) => e instanceof ConfigError && message.test(e.message));
    bad('trace_ingestion: { batch_size: 0 }', /c\.yaml: trace_ingestion\.batch_size 0: expected an integer from 1 to 1000000/);
    bad('trace_ingestion: { batch_interval: soon }', /trace_ingestion\.batch_interval "soon": expected a positive duration/);
    bad('trace_ingestion: { otlp_endpoint: localhost }', /trace_ingestion\.otlp_endpoint "localhost": expected HOST:PORT/);
    bad('trace_ingestion: { batch_sise: 10 }', /unknown key trace_ingestion\.batch_sise \(expected one of: trace_ingestion\.enabled/);
    bad('trace_ingestion: { enabled: "yes" }', /trace_ingestion\.enabled "yes": expected true or false/);
    bad('trace_ingestion: { otlp_insecure: 1 }', /trace_ingestion\.otlp_insecure 1: expected true or false/);
    bad('trace_ingestion: { service_map: { a: 3 } }', /trace_ingestion\.service_map\.a: expected a repository URL, name or path/);
    bad('trace_ingestion: { stale_after_days: 100 }', /gc_threshold_days \(90\): expected more than stale_after_days \(100\)/);
    bad('[1, 2]', /\(top level\): expected a mapping/);
    bad('a: [', /not valid YAML/);
  });

  it('reads service_map values naming a repository or a folder inside one', () => {
    const map = parseConfig([
      'trace_ingestion:',
      '  service_map:',
      '    users-svc: github.com/acme/users',
      '    cart-prod: { repo: shop, path: ./services/cart/ }',
      '    whole: { repo: /srv/shop }',
    ].join('\n'), 'c.yaml').traceIngestion.serviceMap;
    assert.deepEqual(map, {
      'users-svc': { repo: 'github.com/acme/users' }, 'cart-prod': { repo: 'shop', path: 'services/cart' }, whole: { repo: '/srv/shop' },
    });
  });

  it('refuses service_map folder entries that are not a repository and a folder inside it', () => {
    const bad = (text: string, message: RegExp) => assert.throws(() => parseConfig(text, 'c.yaml'), (e: Error) => e instanceof ConfigError && message.test(e.message));
    bad('trace_ingestion: { service_map: { cart: "" } }', /c\.yaml: trace_ingestion\.service_map\.cart: expected a repository URL, name or path, or \{repo/);
    bad('trace_ingestion: { service_map: { cart: [shop] } }', /trace_ingestion\.service_map\.cart: expected a repository URL, name or path, or \{repo: <repository>, path: <folder inside it>\}/);
    bad('trace_ingestion: { service_map: { cart: { path: services/cart } } }', /trace_ingestion\.service_map\.cart\.repo: expected a repository URL, name or path/);
    bad('trace_ingestion: { service_map: { cart: { repo: shop, path: ../cart } } }', /trace_ingestion\.service_map\.cart\.path: expected a folder inside the repository, e\.g\. services\/cart \(got "\.\.\/cart"\)/);
    bad('trace_ingestion: { service_map: { cart: { repo: shop, path: /abs } } }', /service_map\.cart\.path: expected a folder inside the repository/);
    bad('trace_ingestion: { service_map: { cart: { repo: shop, path: 3 } } }', /service_map\.cart\.path: expected a folder inside the repository, e\.g\. services\/cart \(got 3\)/);
    bad('trace_ingestion: { service_map: { cart: { repo: shop, folder: x } } }', /unknown key trace_ingestion\.service_map\.cart\.folder \(expected one of: trace_ingestion\.service_map\.cart\.repo, trace_ingestion\.service_map\.cart\.path\)/);
  });

  it('parses durations', () => {
    assert.equal(parseDuration(10, 'x'), 10_000);
    assert.equal(parseDuration('500ms', 'x'), 500);
    assert.equal(parseDuration('1h', 'x'), 3_600_000);
    assert.throws(() => parseDuration(-1, 'x'), /expected a positive duration/);
  });
});
