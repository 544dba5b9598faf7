import { graphExists } from '../../store';
import { servedTools } from '../../mcp/registry';
import { openServerDeps } from '../../mcp/serverDeps';
import { startHttpServer } from '../../mcp/transports/http';
import { isLoopbackHost } from '../../model';
import { type CkgConfig, ConfigError, endpointAt } from '../../runtime/config';
import { checkReceiverBinds } from '../../runtime/receivers/access';
import { type RunningRuntime, startRuntimeService } from '../../runtime/runtimeService';
import { UsageError, parseArgs, positiveIntegerOption } from '../args';
import { dbLocation } from '../dbLocation';
import { readConfig } from '../configFile';
import type { CliIo } from '../io';
import { allowRootsOf, listenAddress, signalled } from './mcpCommand';
import { SERVE_USAGE } from '../usage';

/**
 * `ckg serve`: the long-running team/daemon mode (DESIGN §1). MCP over Streamable HTTP,
 * the OTLP/gRPC and OTLP/HTTP receivers, the batch writer and the hourly decay job in
 * one process over one graph file. Flags override the config file; port 0 lets the OS
 * pick, and every address is printed on stderr. SIGINT/SIGTERM stop the receivers, write
 * every queued span, save the graph and exit 0.
 */
export async function serveCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['db', 'http', 'otlp-grpc', 'otlp-http', 'config', 'token', 'allow-host', 'allow-origin', 'allow-root', 'reply-token-cap'], ['otlp-insecure', 'extra-tools']);
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}; usage: ${SERVE_USAGE}`);
  const dbPath = dbLocation(args);
  const replyTokenCap = positiveIntegerOption(args, 'reply-token-cap');
  const allowedRoots = allowRootsOf(argv);
  const config = withFlags(readConfig(args.options.get('config')), args.options);
  const token = (args.options.get('token') as string | undefined) ?? process.env.CKG_TOKEN ?? undefined;
  const mcpAt = listenAddress(config.mcpHttp);
  if (!isLoopbackHost(mcpAt.host) && !token) {
    throw new UsageError(`--http ${config.mcpHttp}: refusing a non-loopback address without a token; set --token or CKG_TOKEN, or use 127.0.0.1`);
  }
  if (config.traceIngestion.enabled) {
    // Refused before anything listens; the insecure warning is logged when the receivers start.
    try {
      checkReceiverBinds(config.traceIngestion, token, () => undefined);
    } catch (error) {
      if (error instanceof ConfigError) throw new UsageError(error.message);
      throw error;
    }
  }
  const list = (name: string): string[] =>
    String(args.options.get(name) ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  const log = (message: string): void => {
    io.stderr.write(`${message}\n`);
  };
  if (!graphExists(dbPath)) log(`ckg serve: ${dbPath} does not exist yet; it is created on the first write`);
  const t = config.traceIngestion;
  const deps = await openServerDeps(dbPath, {
    replyTokenCap, log, runtimeWindows: t, runtimeServiceMap: t.serviceMap, allowedRoots, writerCommand: 'ckg serve', enrichment: config.enrichment, watchGenerations: true,
  });
  const stop = signalled();
  let runtime: RunningRuntime | undefined;
  try {
    const tools = servedTools({ extraTools: config.mcpExtraTools });
    const http = await startHttpServer(deps, { ...mcpAt, token, allowedHosts: list('allow-host'), allowedOrigins: list('allow-origin'), log, tools });
    log(`ckg serve: MCP listening on ${http.url}${token ? ' (bearer token required)' : ''}`);
    if (t.enabled) {
      runtime = await startRuntimeService(deps, { config: t, log, token });
      const auth = token ? ' (bearer token required)' : '';
      log(`ckg serve: OTLP/gRPC listening on ${runtime.grpcAddress}${auth}`);
      log(`ckg serve: OTLP/HTTP listening on http://${runtime.httpAddress}/v1/traces${auth}`);
      log(`ckg serve: forwarding ${t.forwardEndpoint ? `to ${t.forwardEndpoint}` : 'disabled (no trace_ingestion.forward_endpoint)'}`);
    } else {
      log('ckg serve: trace ingestion disabled (trace_ingestion.enabled: false)');
    }
    log(config.enrichment.enabled
      ? `ckg serve: enriching after each index_repo through language servers (budget ${config.enrichment.budgetMs / 1000} s)`
      : 'ckg serve: enrichment after index_repo disabled (enrichment.enabled: false)');
    await stop.promise;
    log('ckg serve: shutting down');
    await runtime?.close();
    await http.close();
    return 0;
  } catch (error) {
    await runtime?.close();
    throw error;
  } finally {
    stop.dispose();
    await deps.close();
  }
}

/** --http, --extra-tools, --otlp-grpc, --otlp-http and --otlp-insecure override mcp.http, mcp.extra_tools and trace_ingestion's keys. */
function withFlags(config: CkgConfig, options: ReadonlyMap<string, string | true>): CkgConfig {
  const address = (name: string): string | undefined => {
    const value = options.get(name);
    if (value === undefined) return undefined;
    if (value === true) throw new UsageError(`--${name}: expected HOST:PORT`);
    try {
      endpointAt(value, `--${name}`);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    return value;
  };
  const t = config.traceIngestion;
  return {
    ...config,
    mcpHttp: address('http') ?? config.mcpHttp,
    mcpExtraTools: options.get('extra-tools') === true || config.mcpExtraTools,
    traceIngestion: {
      ...t,
      otlpGrpcEndpoint: address('otlp-grpc') ?? t.otlpGrpcEndpoint,
      otlpHttpEndpoint: address('otlp-http') ?? t.otlpHttpEndpoint,
      otlpInsecure: options.get('otlp-insecure') === true || t.otlpInsecure,
    },
  };
}
