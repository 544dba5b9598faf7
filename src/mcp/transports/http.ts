import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer, type ServerDeps } from '../server';
import type { ToolDefinition } from '../tool';
import { CkgError, type HostPort, bearerMatches, isLoopbackHost, parseHostPort } from '../../model';
import { readCappedBody } from './requestBody';

/**
 * MCP over Streamable HTTP at `/mcp`, stateless: every POST gets its own server and
 * transport over the shared deps (the graph stays loaded once), so no session state
 * grows in a long-lived process. Replies are JSON, not SSE: the service sends no
 * notifications (SPEC §6). Before any MCP work a request passes, in order:
 * the Host and Origin checks (DNS rebinding: only loopback names unless configured; a
 * missing or empty Host is refused), the path, the bearer token when one is set, the
 * method, a body size limit and the JSON-RPC shape (an empty batch is invalid).
 */
export const HTTP_DEFAULTS = {
  path: '/mcp',
  maxBodyBytes: 4 * 1024 * 1024,
  /**
   * How much of a refused body is read and thrown away so its 413 reaches the client;
   * a client sending more has its connection closed.
   */
  drainBytes: 64 * 1024 * 1024,
  /**
   * On close, how long requests already in flight (a body still arriving, a tool still
   * running) get to finish; then any still unanswered get a 503 and connections close.
   */
  shutdownGraceMs: 10_000,
  /**
   * How long an idle keep-alive connection stays open. Node's default (5 s) is shorter than
   * a client may be busy between two calls (a script that runs `ckg index` synchronously,
   * a busy machine): the client then sends its next request on a socket the server has
   * closed and fails with "other side closed". Clients close idle sockets themselves
   * well before this.
   */
  keepAliveMs: 65_000,
};

export interface HttpOptions {
  readonly host: string;
  /** 0 lets the OS pick one. */
  readonly port: number;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  readonly token?: string;
  /** Host names accepted besides loopback ones (a non-loopback bind needs them). */
  readonly allowedHosts?: readonly string[];
  /** Origins accepted besides loopback ones, exactly as browsers send them. */
  readonly allowedOrigins?: readonly string[];
  readonly log?: (message: string) => void;
  /** Default HTTP_DEFAULTS.shutdownGraceMs (tests shorten it). */
  readonly shutdownGraceMs?: number;
  /** The tools to serve (default: SPEC's 22; `servedTools` adds the extra ones). */
  readonly tools?: readonly ToolDefinition[];
}

export interface RunningHttpServer {
  /** e.g. http://127.0.0.1:43121/mcp */
  readonly url: string;
  /**
   * Stops accepting connections, lets requests in flight finish within the shutdown
   * grace (their replies say `Connection: close`), answers any still unanswered with a
   * 503, then closes every connection.
   */
  close(): Promise<void>;
}

/** A listen address or policy the server refuses (the CLI exits non-zero with it). */
export class HttpConfigError extends CkgError {
  readonly code = 'http_config';
}

/** The `--http` address: `127.0.0.1:7420`, `localhost:0`, `[::1]:7420`; the port is required. */
export function parseListenAddress(spec: string): HostPort {
  const address = parseHostPort(spec);
  if (!address) throw new HttpConfigError(`--http ${spec}: expected HOST:PORT, e.g. 127.0.0.1:7420 (port 0 picks a free one)`);
  return address;
}

export async function startHttpServer(deps: ServerDeps, options: HttpOptions): Promise<RunningHttpServer> {
  if (!isLoopbackHost(options.host) && !options.token) {
    throw new HttpConfigError(
      `refusing to listen on ${options.host} without a token: anyone who can reach it could read the graph and index paths; `
      + 'set --token or CKG_TOKEN, or listen on 127.0.0.1',
    );
  }
  const log = options.log ?? (() => undefined);
  const allowedHosts = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));
  if (!isLoopbackHost(options.host) && !['0.0.0.0', '::'].includes(options.host)) allowedHosts.add(options.host.toLowerCase());
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  /** Responses not yet finished: what close waits for. */
  const inFlight = new Set<http.ServerResponse>();
  let closing = false;

  const server = http.createServer((req, res) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (closing) res.setHeader('Connection', 'close');
    handle(req, res).catch((error: unknown) => {
      log(`ckg mcp: http: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) reject(res, 500, -32603, 'internal error');
      else res.end();
    });
  });
  server.keepAliveTimeout = HTTP_DEFAULTS.keepAliveMs;
  // Must exceed the keep-alive timeout, or a request arriving on an old socket can be cut off.
  server.headersTimeout = HTTP_DEFAULTS.keepAliveMs + 1000;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const host = hostName(req.headers.host);
    if (host === undefined) {
      return reject(res, 403, -32600, 'forbidden: a Host header naming this server is required (DNS rebinding protection)');
    }
    if (!(isLoopbackHost(host) || allowedHosts.has(host))) {
      return reject(res, 403, -32600, `forbidden: Host ${req.headers.host} is not allowed (DNS rebinding protection; see --allow-host)`);
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !originAllowed(origin, allowedOrigins)) {
      return reject(res, 403, -32600, `forbidden: Origin ${origin} is not allowed (DNS rebinding protection; see --allow-origin)`);
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== HTTP_DEFAULTS.path) return reject(res, 404, -32601, `not found: the MCP endpoint is ${HTTP_DEFAULTS.path}`);
    if (options.token && !bearerMatches(req.headers.authorization, options.token)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="ckg"');
      return reject(res, 401, -32001, 'unauthorized: send Authorization: Bearer <token>');
    }
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return reject(res, 405, -32000, `method ${req.method} not allowed: this server is stateless, POST JSON-RPC to ${HTTP_DEFAULTS.path}`);
    }
    const body = await readCappedBody(req, HTTP_DEFAULTS.maxBodyBytes, HTTP_DEFAULTS.drainBytes);
    if (body === 'aborted') return;
    if (!Buffer.isBuffer(body)) {
      // The whole reply goes out now, so a client reading as it sends stops sending; the
      // response ends (and the connection closes) once the rest of the body is read, so
      // a client that sends everything first is not reset before it reads the 413.
      const payload = errorPayload(-32600, `request body over ${HTTP_DEFAULTS.maxBodyBytes} bytes`);
      res.writeHead(413, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), Connection: 'close' });
      res.write(payload);
      await body.drained;
      res.end();
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return reject(res, 400, -32700, 'parse error: the body is not JSON');
    }
    // JSON-RPC 2.0: an empty batch is answered with one Invalid Request error, not nothing.
    if (Array.isArray(parsed) && parsed.length === 0) return reject(res, 400, -32600, 'Invalid Request: an empty batch');
    const mcp = createMcpServer(deps, { log, tools: options.tools });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, parsed);
  }

  await new Promise<void>((resolve, rejectListen) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      rejectListen(new HttpConfigError(`--http ${options.host}:${options.port}: cannot listen: ${error.message}`)));
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}${HTTP_DEFAULTS.path}`,
    close: async () => {
      closing = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'grace over'>((resolve) => {
        timer = setTimeout(() => resolve('grace over'), options.shutdownGraceMs ?? HTTP_DEFAULTS.shutdownGraceMs);
      });
      if (await Promise.race([closed, graceOver]) === 'grace over') {
        for (const res of inFlight) {
          if (!res.headersSent) reject(res, 503, -32000, 'server shutting down: the request did not complete in time; retry');
        }
        // Let the 503s go out before the sockets close.
        await new Promise((resolve) => setImmediate(resolve));
        server.closeAllConnections();
      }
      clearTimeout(timer);
      await closed;
    },
  };
}

function reject(res: http.ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(errorPayload(code, message));
}

/** A JSON-RPC error response with no id: the request it answers was never read as one. */
function errorPayload(code: number, message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/** The host name of a Host header, lowercased, without the port; undefined when malformed. */
function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return new URL(`http://${header}`).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return undefined;
  }
}

function originAllowed(origin: string, allowed: ReadonlySet<string>): boolean {
  if (allowed.has(origin)) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

