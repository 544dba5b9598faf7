import { graphExists } from '../../store';
import { IndexRootError, indexRoots } from '../../mcp/indexRoots';
import { servedTools } from '../../mcp/registry';
import { openServerDeps } from '../../mcp/serverDeps';
import { HttpConfigError, parseListenAddress, startHttpServer } from '../../mcp/transports/http';
import { isLoopbackHost } from '../../model';
import { serveStdio } from '../../mcp/transports/stdio';
import { UsageError, parseArgs, positiveIntegerOption } from '../args';
import { dbLocation } from '../dbLocation';
import { readConfig } from '../configFile';
import type { CliIo } from '../io';
import { MCP_USAGE } from '../usage';

/**
 * `ckg mcp`: the MCP server on stdio (the SPEC client configuration), or on Streamable
 * HTTP with `--http`. stdout carries the protocol alone; everything else goes to stderr.
 * Runs until stdin ends (stdio) or SIGINT/SIGTERM, then closes cleanly with exit 0.
 */
export async function mcpCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['db', 'http', 'token', 'allow-host', 'allow-origin', 'allow-root', 'reply-token-cap', 'config'], ['extra-tools']);
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}; usage: ${MCP_USAGE}`);
  const dbPath = dbLocation(args);
  const replyTokenCap = positiveIntegerOption(args, 'reply-token-cap');
  const allowedRoots = allowRootsOf(argv);
  const tools = servedTools({ extraTools: args.options.get('extra-tools') === true || readConfig(args.options.get('config')).mcpExtraTools });
  const listen = args.options.get('http');
  if (listen === true) throw new UsageError('--http: expected HOST:PORT');
  const token = (args.options.get('token') as string | undefined) ?? process.env.CKG_TOKEN ?? undefined;
  const list = (name: string): string[] =>
    String(args.options.get(name) ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');

  let address: { host: string; port: number } | undefined;
  if (listen !== undefined) {
    address = listenAddress(listen);
    if (!isLoopbackHost(address.host) && !token) {
      throw new UsageError(`--http ${listen}: refusing a non-loopback address without a token; set --token or CKG_TOKEN, or use 127.0.0.1`);
    }
  } else if (args.options.has('token') || args.options.has('allow-host') || args.options.has('allow-origin')) {
    throw new UsageError('--token, --allow-host and --allow-origin apply to --http only');
  }

  const log = (message: string): void => {
    io.stderr.write(`${message}\n`);
  };
  if (!graphExists(dbPath)) log(`ckg mcp: ${dbPath} does not exist yet; index_repo will create it`);
  const deps = await openServerDeps(dbPath, { replyTokenCap, log, allowedRoots, watchGenerations: true });
  const stop = signalled();
  try {
    if (!address) {
      await serveStdio(deps, { log, stop: stop.promise, tools });
      return 0;
    }
    const running = await startHttpServer(deps, {
      ...address, token, allowedHosts: list('allow-host'), allowedOrigins: list('allow-origin'), log, tools,
    });
    log(`ckg mcp: listening on ${running.url}${token ? ' (bearer token required)' : ''}`);
    await stop.promise;
    log('ckg mcp: shutting down');
    await running.close();
    return 0;
  } finally {
    stop.dispose();
    await deps.close();
  }
}

export function listenAddress(spec: string): { host: string; port: number } {
  try {
    return parseListenAddress(spec);
  } catch (error) {
    if (error instanceof HttpConfigError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * Every `--allow-root` value, repeated or comma-separated, each checked to be a directory
 * index_repo may use; undefined when none is given (the server's default roots apply).
 */
export function allowRootsOf(argv: readonly string[]): string[] | undefined {
  const values: string[] = [];
  argv.forEach((arg, i) => {
    if (arg === '--allow-root' || arg === '-allow-root') values.push(argv[i + 1] ?? '');
    else if (/^--?allow-root=/.test(arg)) values.push(arg.slice(arg.indexOf('=') + 1));
  });
  if (values.length === 0) return undefined;
  const dirs = values.flatMap((value) => value.split(',')).map((dir) => dir.trim()).filter((dir) => dir !== '');
  if (dirs.length === 0) throw new UsageError('--allow-root: expected a directory (repeat it or separate several with commas)');
  try {
    indexRoots(dirs);
  } catch (error) {
    if (error instanceof IndexRootError) throw new UsageError(error.message);
    throw error;
  }
  return dirs;
}

/** Resolves on the first SIGINT or SIGTERM while the server runs. */
export function signalled(): { promise: Promise<void>; dispose(): void } {
  let onSignal: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    onSignal = () => resolve();
  });
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    promise,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
