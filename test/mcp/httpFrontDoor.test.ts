import * as assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { HTTP_DEFAULTS, type RunningHttpServer, startHttpServer } from '../../src/mcp/transports/http';
import { MAX_TEXT_CHARS } from '../../src/mcp/args';
import type { OpenServerDeps } from '../../src/mcp/serverDeps';
import { INITIALIZE, openPost, rawExchange } from '../helpers/rawHttp';
import { fixtureDeps, textOf } from './mcpHarness';

const OVER_CAP = HTTP_DEFAULTS.maxBodyBytes + 1;
const INIT_BODY = JSON.stringify(INITIALIZE);

/** A complete POST of `body` through node:http, as most clients send it. */
async function postBody(url: string, body: string | Buffer, headers: Record<string, string | number> = {}) {
  const { request, reply } = openPost(url, headers);
  request.end(body);
  return reply;
}

describe('mcp over HTTP: the front door', () => {
  let deps: OpenServerDeps;
  let server: RunningHttpServer;
  let guarded: RunningHttpServer;

  before(async () => {
    deps = (await fixtureDeps('go-basic')).deps;
    server = await startHttpServer(deps, { host: '127.0.0.1', port: 0 });
    guarded = await startHttpServer(deps, { host: '127.0.0.1', port: 0, token: 's3cret' });
  });
  after(async () => {
    await server.close();
    await guarded.close();
  });

  describe('a body over the cap gets a 413 reply, however it is framed', () => {
    it('with Content-Length: the reply comes before the body is sent, and the connection is not reset', async () => {
      const { request, reply } = openPost(server.url, { 'Content-Length': OVER_CAP });
      const early = await reply;
      assert.equal(early.status, 413);
      assert.deepEqual(JSON.parse(early.text).error, { code: -32600, message: `request body over ${HTTP_DEFAULTS.maxBodyBytes} bytes` });
      request.destroy();
      const whole = await postBody(server.url, Buffer.alloc(2 * OVER_CAP, 0x20));
      assert.equal(whole.status, 413, 'a client reading as it sends reads the 413');
    });

    it('with Content-Length, to a client that sends the whole body before it reads', async () => {
      const body = ' '.repeat(4 * OVER_CAP);
      const reply = await rawExchange(server.url, `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n`
        + `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
      assert.match(reply, /^HTTP\/1\.1 413 .*request body over \d+ bytes/s, 'the 413, not a reset connection');
    });

    it('chunked: the reply comes once the body passes the cap, before it ends', async () => {
      const { request, reply } = openPost(server.url, { 'Transfer-Encoding': 'chunked' });
      const piece = Buffer.alloc(1024 * 1024, 0x20);
      for (let sent = 0; sent < OVER_CAP; sent += piece.length) request.write(piece);
      const early = await reply;
      assert.equal(early.status, 413);
      assert.match(JSON.parse(early.text).error.message, /^request body over \d+ bytes$/);
      request.end();
    });

    it('from fetch, a client we did not write', async () => {
      const response = await fetch(server.url, {
        method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ pad: 'x'.repeat(OVER_CAP) }),
      });
      assert.equal(response.status, 413);
      assert.equal(((await response.json()) as { error: { code: number } }).error.code, -32600);
    });

    it('and a body at the cap is read', async () => {
      const padded = `${' '.repeat(HTTP_DEFAULTS.maxBodyBytes - INIT_BODY.length)}${INIT_BODY}`;
      assert.equal(Buffer.byteLength(padded), HTTP_DEFAULTS.maxBodyBytes);
      assert.equal((await postBody(server.url, padded)).status, 200);
    });
  });

  it('matches the bearer scheme in any case', async () => {
    for (const authorization of ['Bearer s3cret', 'bearer s3cret', 'BEARER s3cret', 'bEaReR  s3cret ']) {
      assert.equal((await postBody(guarded.url, INIT_BODY, { Authorization: authorization })).status, 200, authorization);
    }
    for (const authorization of ['Basic s3cret', 'Bearer', 'Bearer s3cret2', 'Bearers3cret', 's3cret']) {
      assert.equal((await postBody(guarded.url, INIT_BODY, { Authorization: authorization })).status, 401, authorization);
    }
  });

  it('refuses a missing or empty Host', async () => {
    const request = (hostLine: string, version = '1.1'): Promise<string> => rawExchange(server.url,
      `POST /mcp HTTP/${version}\r\n${hostLine}Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n`
      + `Content-Length: ${INIT_BODY.length}\r\nConnection: close\r\n\r\n${INIT_BODY}`);
    const refused = /^HTTP\/1\.1 403 .*a Host header naming this server is required/s;
    assert.match(await request('Host: \r\n'), refused);
    assert.match(await request('Host:\r\n', '1.0'), refused);
    assert.match(await request('', '1.0'), refused, 'HTTP/1.0 may omit Host; the server still wants one');
    assert.match(await request(''), /^HTTP\/1\.1 400 /, 'HTTP/1.1 without Host: Node refuses it before the handler');
    assert.match(await request(`Host: 127.0.0.1:${new URL(server.url).port}\r\n`), /^HTTP\/1\.1 200 /);
  });

  it('answers an empty JSON-RPC batch with one Invalid Request error', async () => {
    const reply = await postBody(server.url, '[]');
    assert.equal(reply.status, 400);
    assert.deepEqual(JSON.parse(reply.text), { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: an empty batch' }, id: null });
  });

  it('refuses a text argument over 65536 characters by name, from the SDK client', async () => {
    const client = new Client({ name: 'front-door', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    try {
      const result = (await client.callTool({ name: 'context_for_task', arguments: { task_description: 'a'.repeat(MAX_TEXT_CHARS + 1) } })) as CallToolResult;
      assert.equal(result.isError, true);
      assert.match(textOf(result), /task_description: expected at most 65536 characters/);
      const prefix = (await client.callTool({ name: 'graph_query', arguments: { prefix: 'x'.repeat(MAX_TEXT_CHARS + 1) } })) as CallToolResult;
      assert.match(textOf(prefix), /prefix: expected at most 65536 characters/);
    } finally {
      await client.close();
    }
  });
});

describe('mcp over HTTP: closing while a request is arriving', () => {
  let deps: OpenServerDeps;

  before(async () => {
    deps = (await fixtureDeps('go-basic')).deps;
  });

  it('finishes a request whose body is still arriving, then closes', async () => {
    const running = await startHttpServer(deps, { host: '127.0.0.1', port: 0 });
    const { request, inFlight, reply } = openPost(running.url, { 'Content-Length': INIT_BODY.length });
    await inFlight;
    request.write(INIT_BODY.slice(0, 10));
    const closed = running.close();
    request.end(INIT_BODY.slice(10));
    const answer = await reply;
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.connection, 'close', 'the client is told not to reuse the connection');
    assert.equal(JSON.parse(answer.text).result.serverInfo.name, 'code-knowledge-graph');
    await closed;
  });

  it('answers a request that stalls past the shutdown grace with a 503, then closes', async () => {
    const running = await startHttpServer(deps, { host: '127.0.0.1', port: 0, shutdownGraceMs: 50 });
    const { request, inFlight, reply } = openPost(running.url, { 'Content-Length': INIT_BODY.length });
    await inFlight;
    request.write(INIT_BODY.slice(0, 10));
    await running.close();
    const answer = await reply;
    assert.equal(answer.status, 503);
    assert.match(JSON.parse(answer.text).error.message, /^server shutting down/);
  });
});
