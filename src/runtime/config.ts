import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { type HostPort, formatHostPort, normaliseFolder, parseHostPort } from '../model';
import { ENRICHMENT_DEFAULTS, type EnrichmentConfig, parseEnrichment } from '../enrich/enrichmentConfig';
import { ConfigError, boolean, duration, intIn, mapping, parseDuration, rejectUnknown } from '../model/configValues';

export { ConfigError, parseDuration };

/**
 * The `trace_ingestion` section of `ckg.config.yaml` (SPEC §8 keys, DESIGN §5), typed and
 * checked once. A bad value is refused with an error naming the key and what was
 * expected; unknown keys are refused too, so a typo never silently means "default".
 * Durations are seconds, or strings such as `500ms`, `10s`, `5m`, `1h`, `7d`.
 */
export interface TraceIngestionConfig {
  readonly enabled: boolean;
  /** OTLP/gRPC receiver (SPEC: otlp_endpoint). */
  readonly otlpGrpcEndpoint: string;
  /** OTLP/HTTP receiver; `otlp_endpoint: {grpc, http}` sets both. */
  readonly otlpHttpEndpoint: string;
  readonly batchSize: number;
  readonly batchIntervalMs: number;
  readonly queueSize: number;
  /**
   * Lets a receiver listen off loopback without a token (`otlp_insecure`, `--otlp-insecure`);
   * the endpoints default to loopback, so this is only read for an address set by hand.
   */
  readonly otlpInsecure: boolean;
  /** Largest OTLP request accepted, gRPC and HTTP alike (HTTP: after decompression). */
  readonly maxMessageBytes: number;
  readonly confidenceDecayIntervalMs: number;
  readonly staleAfterDays: number;
  readonly gcThresholdDays: number;
  /** Days of observations ObservationCount and confidence count (SPEC 3.1: the last 7 days). */
  readonly observationWindowDays: number;
  /** Traced service name -> a repository, or a folder inside one (SPEC 2.8 rule 2). */
  readonly serviceMap: ServiceMap;
  /** Upstream OTLP/gRPC collector or team instance; '' disables forwarding (SPEC 3.4 DISABLED). */
  readonly forwardEndpoint: string;
}

/**
 * Where a traced service runs (`trace_ingestion.service_map` values): a repository by URL,
 * URL tail or root path, and optionally a folder inside it. Written `name: repo` for a whole
 * repository, `name: {repo: shop, path: services/cart}` for a monorepo's folder.
 */
export interface ServiceTarget {
  readonly repo: string;
  /** Repo-relative folder, normalised (`services/cart`). */
  readonly path?: string;
}

/** Traced service name -> where it runs. */
export type ServiceMap = Readonly<Record<string, ServiceTarget>>;

export const TRACE_INGESTION_DEFAULTS: TraceIngestionConfig = {
  enabled: true,
  otlpGrpcEndpoint: '127.0.0.1:4317',
  otlpHttpEndpoint: '127.0.0.1:4318',
  otlpInsecure: false,
  batchSize: 1000,
  batchIntervalMs: 10_000,
  queueSize: 128,
  maxMessageBytes: 4 * 1024 * 1024,
  confidenceDecayIntervalMs: 3_600_000,
  staleAfterDays: 30,
  gcThresholdDays: 90,
  observationWindowDays: 7,
  serviceMap: {},
  forwardEndpoint: '',
};

/** The whole config file: the graph's location, the MCP listen address, the trace ingestion and enrichment sections. */
export interface CkgConfig {
  /**
   * `database`: the graph every command opens when neither `-db` nor `CKG_DB` names one:
   * a graph file (relative to the config file's folder) or a `postgres://` URL.
   */
  readonly database?: string;
  /** `mcp.http`: where `ckg serve` serves MCP over Streamable HTTP. */
  readonly mcpHttp: string;
  /** `mcp.extra_tools`: serve the tools beyond SPEC's 22 (migration_progress), as `--extra-tools` does. */
  readonly mcpExtraTools: boolean;
  readonly traceIngestion: TraceIngestionConfig;
  readonly enrichment: EnrichmentConfig;
}

export const CKG_CONFIG_DEFAULTS: CkgConfig = {
  mcpHttp: '127.0.0.1:7420', mcpExtraTools: false, traceIngestion: TRACE_INGESTION_DEFAULTS, enrichment: ENRICHMENT_DEFAULTS,
};


/** Reads and checks a config file; a missing file is an error naming it. */
export function loadConfigFile(file: string): CkgConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`${file}: cannot read: ${(error as Error).message}`);
  }
  return parseConfig(text, file);
}

export function parseConfig(text: string, location: string): CkgConfig {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new ConfigError(`${location}: not valid YAML: ${(error as Error).message}`);
  }
  if (data === null || data === undefined) return CKG_CONFIG_DEFAULTS;
  const root = mapping(data, location, '(top level)');
  rejectUnknown(root, ['database', 'mcp', 'trace_ingestion', 'enrichment'], location, '');
  const mcp = root.mcp === undefined ? {} : mapping(root.mcp, location, 'mcp');
  rejectUnknown(mcp, ['http', 'extra_tools'], location, 'mcp.');
  return {
    ...(root.database === undefined ? {} : { database: databaseLocation(root.database, location) }),
    mcpHttp: mcp.http === undefined ? CKG_CONFIG_DEFAULTS.mcpHttp : address(mcp.http, location, 'mcp.http'),
    mcpExtraTools: mcp.extra_tools === undefined ? CKG_CONFIG_DEFAULTS.mcpExtraTools : boolean(mcp.extra_tools, location, 'mcp.extra_tools'),
    traceIngestion: parseTraceIngestion(root.trace_ingestion, location),
    enrichment: parseEnrichment(root.enrichment, location),
  };
}

/** A graph file is relative to the config file's folder, so the file means the same graph from any working directory. */
function databaseLocation(value: unknown, location: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigError(`${location}: database: expected a graph file path or a postgres:// URL`);
  }
  if (/^postgres(ql)?:\/\//i.test(value) || value === ':memory:' || path.isAbsolute(value)) return value;
  return path.join(path.dirname(path.resolve(location)), value);
}

const TRACE_KEYS = [
  'enabled', 'otlp_endpoint', 'otlp_insecure', 'batch_size', 'batch_interval', 'queue_size', 'max_message_bytes', 'confidence_decay_interval',
  'stale_after_days', 'gc_threshold_days', 'observation_window_days', 'service_map', 'forward_endpoint',
];

export function parseTraceIngestion(value: unknown, location: string): TraceIngestionConfig {
  if (value === undefined || value === null) return TRACE_INGESTION_DEFAULTS;
  const section = mapping(value, location, 'trace_ingestion');
  rejectUnknown(section, TRACE_KEYS, location, 'trace_ingestion.');
  const key = (name: string): string => `trace_ingestion.${name}`;
  const d = TRACE_INGESTION_DEFAULTS;
  const endpoints = otlpEndpoints(section.otlp_endpoint, location);
  const config: TraceIngestionConfig = {
    enabled: section.enabled === undefined ? d.enabled : boolean(section.enabled, location, key('enabled')),
    otlpGrpcEndpoint: endpoints.grpc,
    otlpHttpEndpoint: endpoints.http,
    otlpInsecure: section.otlp_insecure === undefined ? d.otlpInsecure : boolean(section.otlp_insecure, location, key('otlp_insecure')),
    batchSize: intIn(section.batch_size, d.batchSize, 1, 1_000_000, location, key('batch_size')),
    batchIntervalMs: duration(section.batch_interval, d.batchIntervalMs, location, key('batch_interval')),
    queueSize: intIn(section.queue_size, d.queueSize, 1, 100_000, location, key('queue_size')),
    maxMessageBytes: intIn(section.max_message_bytes, d.maxMessageBytes, 1024, 1024 ** 3, location, key('max_message_bytes')),
    confidenceDecayIntervalMs: duration(section.confidence_decay_interval, d.confidenceDecayIntervalMs, location, key('confidence_decay_interval')),
    staleAfterDays: intIn(section.stale_after_days, d.staleAfterDays, 1, 36_500, location, key('stale_after_days')),
    gcThresholdDays: intIn(section.gc_threshold_days, d.gcThresholdDays, 1, 36_500, location, key('gc_threshold_days')),
    observationWindowDays: intIn(section.observation_window_days, d.observationWindowDays, 1, 3650, location, key('observation_window_days')),
    serviceMap: serviceMap(section.service_map, location),
    forwardEndpoint: section.forward_endpoint === undefined || section.forward_endpoint === ''
      ? d.forwardEndpoint : address(section.forward_endpoint, location, key('forward_endpoint')),
  };
  if (config.gcThresholdDays <= config.staleAfterDays) {
    throw new ConfigError(`${location}: trace_ingestion.gc_threshold_days (${config.gcThresholdDays}): expected more than stale_after_days (${config.staleAfterDays})`);
  }
  return config;
}

/**
 * `HOST:PORT` for gRPC, or `{grpc, http}`. With one address, HTTP listens on the same host
 * at 4318, or at a port the OS picks when the gRPC port is 0 (4318 beside a free port
 * would be a guess that collides).
 */
function otlpEndpoints(value: unknown, location: string): { grpc: string; http: string } {
  const d = TRACE_INGESTION_DEFAULTS;
  if (value === undefined) return { grpc: d.otlpGrpcEndpoint, http: d.otlpHttpEndpoint };
  if (typeof value === 'string') {
    const grpc = address(value, location, 'trace_ingestion.otlp_endpoint');
    const at = endpointAt(grpc, 'trace_ingestion.otlp_endpoint');
    return { grpc, http: formatHostPort({ host: at.host, port: at.port === 0 ? 0 : 4318 }) };
  }
  const section = mapping(value, location, 'trace_ingestion.otlp_endpoint');
  rejectUnknown(section, ['grpc', 'http'], location, 'trace_ingestion.otlp_endpoint.');
  return {
    grpc: section.grpc === undefined ? d.otlpGrpcEndpoint : address(section.grpc, location, 'trace_ingestion.otlp_endpoint.grpc'),
    http: section.http === undefined ? d.otlpHttpEndpoint : address(section.http, location, 'trace_ingestion.otlp_endpoint.http'),
  };
}

/** An endpoint value (`HOST:PORT`, IPv6 in brackets; port 0 lets the OS pick); `what` names the key or flag. */
export function endpointAt(value: string, what: string): HostPort {
  const address = parseHostPort(value);
  if (!address) throw new ConfigError(`${what} ${JSON.stringify(value)}: expected HOST:PORT, e.g. 127.0.0.1:4317`);
  return address;
}

function address(value: unknown, location: string, key: string): string {
  if (typeof value !== 'string') throw new ConfigError(`${location}: ${key}: expected HOST:PORT, e.g. 127.0.0.1:4317`);
  endpointAt(value, `${location}: ${key}`);
  return value.trim();
}

function serviceMap(value: unknown, location: string): Record<string, ServiceTarget> {
  if (value === undefined || value === null) return {};
  const section = mapping(value, location, 'trace_ingestion.service_map');
  const result: Record<string, ServiceTarget> = {};
  for (const [name, target] of Object.entries(section)) {
    const key = `trace_ingestion.service_map.${name}`;
    const expected = 'expected a repository URL, name or path, or {repo: <repository>, path: <folder inside it>}';
    if (typeof target === 'string') {
      if (target.trim() === '') throw new ConfigError(`${location}: ${key}: ${expected}`);
      result[name] = { repo: target.trim() };
      continue;
    }
    if (target === null || typeof target !== 'object' || Array.isArray(target)) throw new ConfigError(`${location}: ${key}: ${expected}`);
    const fields = target as Record<string, unknown>;
    rejectUnknown(fields, ['repo', 'path'], location, `${key}.`);
    if (typeof fields.repo !== 'string' || fields.repo.trim() === '') {
      throw new ConfigError(`${location}: ${key}.repo: expected a repository URL, name or path`);
    }
    if (fields.path === undefined) {
      result[name] = { repo: fields.repo.trim() };
      continue;
    }
    const folder = typeof fields.path === 'string' ? normaliseFolder(fields.path.trim()) : undefined;
    if (folder === undefined) {
      throw new ConfigError(`${location}: ${key}.path: expected a folder inside the repository, e.g. services/cart (got ${JSON.stringify(fields.path)})`);
    }
    result[name] = { repo: fields.repo.trim(), path: folder };
  }
  return result;
}
