import * as http from 'node:http';
import * as net from 'node:net';

/** The JSON-RPC initialize request: the smallest call every MCP server answers. */
export const INITIALIZE = {
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

export interface RawReply {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
}

/**
 * A POST whose body the test sends itself, piece by piece, through node:http (fetch would
 * not let a test set Host, pace the body or see `100 Continue`). `sent` resolves once the
 * server has taken the request to its handler (it sends `100 Continue` then), so a test
 * knows the request is in flight before it acts.
 */
export function openPost(url: string, headers: Record<string, string | number> = {}): {
  readonly request: http.ClientRequest;
  readonly inFlight: Promise<void>;
  readonly reply: Promise<RawReply>;
} {
  const request = http.request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Expect: '100-continue', ...headers },
  });
  const inFlight = new Promise<void>((resolve) => request.once('continue', () => resolve()));
  const reply = new Promise<RawReply>((resolve, reject) => {
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
      response.once('error', reject);
    });
    request.once('error', reject);
  });
  // Awaited later, or not at all by a test that destroys the request on purpose.
  reply.catch(() => undefined);
  request.flushHeaders();
  return { request, inFlight, reply };
}

/** Bytes written straight to a socket, for requests node:http will not send (no Host, HTTP/1.0); the status line back. */
export function rawExchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    let data = '';
    socket.on('data', (d: Buffer) => {
      data += d.toString('latin1');
    });
    socket.once('error', reject);
    socket.once('close', () => resolve(data));
  });
}
