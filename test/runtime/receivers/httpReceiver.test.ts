import * as assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import { type RunningHttpReceiver, startHttpReceiver } from '../../../src/runtime/receivers/httpReceiver';
import type { DecodedRequest } from '../../../src/runtime/otlp/decode';

const CAP = 64 * 1024;
const BOMB_EXPANDS_TO = 64 * 1024 * 1024;

/** A small gzip (about 64 KB) of 64 MiB of zeros, compressed chunk by chunk so the test never holds 64 MiB. */
async function gzipBomb(encoding: 'gzip' | 'deflate'): Promise<Buffer> {
  const zip = encoding === 'gzip' ? zlib.createGzip({ level: 9 }) : zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  zip.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => zip.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < BOMB_EXPANDS_TO / zeros.length; i++) {
    if (!zip.write(zeros)) await new Promise((resolve) => zip.once('drain', resolve));
  }
  zip.end();
  await done;
  return Buffer.concat(out);
}

function otlpJson(service: string): string {
  return JSON.stringify({
    resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: service } }] },
      scopeSpans: [{ spans: [{ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', name: 'GET', kind: 3 }] }] }],
  });
}

describe('runtime/receivers/httpReceiver: decompression stops at the cap', function () {
  this.timeout(60_000);
  let receiver: RunningHttpReceiver;
  const received: DecodedRequest[] = [];

  before(async () => {
    receiver = await startHttpReceiver({ host: '127.0.0.1', port: 0, maxMessageBytes: CAP, sink: (r) => received.push(r), log: () => undefined });
  });
  after(() => receiver.close());

  const post = (body: Buffer | string, headers: Record<string, string>) =>
    fetch(`http://${receiver.address}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  for (const encoding of ['gzip', 'deflate'] as const) {
    it(`answers a ${encoding} bomb with 413 having inflated no more than the cap and one chunk`, async () => {
      const bomb = await gzipBomb(encoding);
      assert.ok(bomb.length < BOMB_EXPANDS_TO / 500, `the bomb is small (${bomb.length} bytes)`);
      const before = receiver.inflatedBytes;
      const response = await post(bomb, { 'content-encoding': encoding });
      assert.equal(response.status, 413);
      assert.match((await response.json() as { message: string }).message, /over the 65536-byte cap \(trace_ingestion\.max_message_bytes\)/);
      const inflated = receiver.inflatedBytes - before;
      assert.ok(inflated > CAP, `decompression reached the cap (${inflated} bytes)`);
      assert.ok(inflated <= CAP + 64 * 1024, `decompression stopped at the cap: ${inflated} bytes inflated of ${BOMB_EXPANDS_TO}`);
    });
  }

  it('still reads compressed requests under the cap, and refuses bad or unknown encodings', async () => {
    const count = received.length;
    assert.equal((await post(zlib.gzipSync(otlpJson('zipped')), { 'content-encoding': 'gzip' })).status, 200);
    assert.equal((await post(zlib.deflateSync(otlpJson('deflated')), { 'content-encoding': 'deflate' })).status, 200);
    assert.deepEqual(received.slice(count).map((r) => r.spans[0].serviceName), ['zipped', 'deflated']);
    const corrupt = await post(Buffer.from('not gzip at all'), { 'content-encoding': 'gzip' });
    assert.equal(corrupt.status, 400);
    assert.match((await corrupt.json() as { message: string }).message, /not valid gzip data/);
    const brotli = await post(otlpJson('x'), { 'content-encoding': 'br' });
    assert.equal(brotli.status, 415);
    assert.match((await brotli.json() as { message: string }).message, /content-encoding br: expected gzip, deflate or identity/);
  });
});
