import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { HttpConfigError, type RunningHttpServer, parseListenAddress, startHttpServer } from '../../src/mcp/transports/http';
import { isLoopbackHost } from '../../src/model';
import type { OpenServerDeps } from '../../src/mcp/serverDeps';
import { fixtureDeps } from './mcpHarness';

const INITIALIZE = {
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** A raw POST through node:http: fetch would not let a test set the Host header. */
function post(url: string, headers: Record<string, string> = {}, body: unknown = INITIALIZE): Promise<{ status: number; json: any }> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, json: text ? JSON.parse(text) : undefined });
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

describe('mcp over Streamable HTTP', () => {
  let deps: OpenServerDeps;
  let open: RunningHttpServer;
  let guarded: RunningHttpServer;

  before(async () => {
    deps = (await fixtureDeps('go-basic')).deps;
    open = await startHttpServer(deps, { host: '127.0.0.1', port: 0 });
    guarded = await startHttpServer(deps, { host: '127.0.0.1', port: 0, token: 's3cret', allowedOrigins: ['https://app.example'] });
  });
  after(async () => {
    await open.close();
    await guarded.close();
  });

  it('serves the SDK client at /mcp on an OS-assigned port', async () => {
    assert.match(open.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.notEqual(new URL(open.url).port, '0');
    const client = new Client({ name: 'http-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(open.url)));
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'graph_query'));
      const result = await client.callTool({ name: 'graph_query', arguments: { prefix: 'fixtures/go-basic://example.com/go-basic.' } });
      assert.ok((result.structuredContent as { items: unknown[] }).items.length > 0);
    } finally {
      await client.close();
    }
  });

  it('keeps idle connections open longer than a busy client pauses, so its next call does not hit a closed socket', async () => {
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const request = http.request(open.url, {
        method: 'POST', agent: new http.Agent({ keepAlive: true }),
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.headers));
      });
      request.on('error', reject);
      request.end(JSON.stringify(INITIALIZE));
    });
    assert.equal(headers['keep-alive'], 'timeout=65', 'Node\'s default 5 s made "other side closed" failures after a client was busy');
  });

  it('rejects a foreign Origin and a foreign Host (DNS rebinding)', async () => {
    const origin = await post(open.url, { Origin: 'https://evil.example' });
    assert.equal(origin.status, 403);
    assert.match(origin.json.error.message, /Origin https:\/\/evil\.example is not allowed/);
    const host = await post(open.url, { Host: 'evil.example:80' });
    assert.equal(host.status, 403);
    assert.match(host.json.error.message, /Host evil\.example:80 is not allowed/);
    assert.equal((await post(open.url, { Origin: 'http://localhost:6274' })).status, 200, 'a loopback origin is fine');
    assert.equal((await post(guarded.url, { Origin: 'https://app.example', Authorization: 'Bearer s3cret' })).status, 200, 'a configured origin is fine');
  });

  it('requires the bearer token when one is set', async () => {
    const missing = await post(guarded.url);
    assert.equal(missing.status, 401);
    assert.match(missing.json.error.message, /unauthorized/);
    assert.equal((await post(guarded.url, { Authorization: 'Bearer wrong' })).status, 401);
    assert.equal((await post(guarded.url, { Authorization: 's3cret' })).status, 401);
    const ok = await post(guarded.url, { Authorization: 'Bearer s3cret' });
    assert.equal(ok.status, 200);
    assert.equal(ok.json.result.serverInfo.name, 'code-knowledge-graph');
    const client = new Client({ name: 'http-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(guarded.url), { requestInit: { headers: { Authorization: 'Bearer s3cret' } } }));
    assert.ok((await client.listTools()).tools.length > 0);
    await client.close();
  });

  it('answers other paths, methods and bodies with clear errors', async () => {
    assert.equal((await post(open.url.replace('/mcp', '/other'))).status, 404);
    const get = await fetch(open.url, { headers: { Accept: 'text/event-stream' } });
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
    const notJson = await post(open.url, {}, '{nope');
    assert.equal(notJson.status, 400);
    assert.equal(notJson.json.error.code, -32700);
    assert.equal((await post(open.url, {}, JSON.stringify({ pad: 'x'.repeat(5 * 1024 * 1024) }))).status, 413);
  });

  it('refuses a non-loopback address without a token', async () => {
    await assert.rejects(startHttpServer(deps, { host: '0.0.0.0', port: 0 }), (error: Error) =>
      error instanceof HttpConfigError && /refusing to listen on 0\.0\.0\.0 without a token/.test(error.message));
    const running = await startHttpServer(deps, { host: '0.0.0.0', port: 0, token: 't', allowedHosts: ['graph.internal'] });
    const url = running.url.replace('0.0.0.0', '127.0.0.1');
    assert.equal((await post(url, { Host: 'graph.internal', Authorization: 'Bearer t' })).status, 200, 'a configured host is fine');
    assert.equal((await post(url, { Host: 'other.internal', Authorization: 'Bearer t' })).status, 403);
    await running.close();
  });

  it('parses listen addresses and knows loopback hosts', () => {
    assert.deepEqual(parseListenAddress('127.0.0.1:7420'), { host: '127.0.0.1', port: 7420 });
    assert.deepEqual(parseListenAddress('[::1]:0'), { host: '::1', port: 0 });
    assert.deepEqual(parseListenAddress('localhost:80'), { host: 'localhost', port: 80 });
    for (const bad of ['7420', '127.0.0.1', '127.0.0.1:99999', 'a:b']) assert.throws(() => parseListenAddress(bad), /expected HOST:PORT/);
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', 'app.localhost']) assert.ok(isLoopbackHost(host), host);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', 'example.com', 'localhost.example.com']) assert.ok(!isLoopbackHost(host), host);
  });
});
