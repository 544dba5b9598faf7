import type { Readable } from 'node:stream';
import * as zlib from 'node:zlib';

/** A `Content-Encoding` the HTTP receiver can read. */
export type BodyEncoding = 'identity' | 'gzip' | 'deflate';

/** The body, or why there is none; `inflated` counts decompressed bytes produced (0 for identity). */
export type CappedBody =
  | { readonly kind: 'ok'; readonly body: Buffer; readonly inflated: number }
  | { readonly kind: 'too_large'; readonly inflated: number }
  | { readonly kind: 'bad_encoding'; readonly inflated: number };

/** The encoding named by a `Content-Encoding` header, or undefined for one not supported. */
export function bodyEncoding(header: string | undefined): BodyEncoding | undefined {
  const value = (header ?? '').trim().toLowerCase();
  if (value === '' || value === 'identity') return 'identity';
  if (value === 'gzip' || value === 'x-gzip') return 'gzip';
  if (value === 'deflate') return 'deflate';
  return undefined;
}

/**
 * Reads a request body of at most `max` bytes after decompression. Decompression stops as
 * soon as the output passes the cap: the inflater is destroyed, and the rest of the
 * request is read off the socket and discarded undecoded (cheap: no inflating), so the 413
 * reaches the client intact. A gzip bomb therefore costs at most the cap plus one output
 * chunk of inflating, however far it would expand.
 */
export function readCappedBody(request: Readable, max: number, encoding: BodyEncoding): Promise<CappedBody> {
  return new Promise((resolve, reject) => {
    const inflater = encoding === 'gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    let outcome: 'too_large' | 'bad_encoding' | undefined;
    let settled = false;
    const finish = (): void => {
      if (settled) return;
      settled = true;
      const inflated = inflater ? size : 0;
      resolve(outcome ? { kind: outcome, inflated } : { kind: 'ok', body: Buffer.concat(chunks), inflated });
    };
    /** Stops decoding and lets the rest of the request drain; resolves when it has ended. */
    const abandon = (why: 'too_large' | 'bad_encoding'): void => {
      outcome ??= why;
      chunks.length = 0;
      if (inflater) {
        request.unpipe(inflater);
        inflater.destroy();
      } else {
        request.removeListener('data', onData);
      }
      if (request.readableEnded || request.destroyed) {
        finish();
        return;
      }
      request.on('end', finish);
      request.on('close', finish);
      request.resume();
    };
    const onData = (chunk: Buffer): void => {
      if (outcome) return;
      size += chunk.length;
      if (size > max) abandon('too_large');
      else chunks.push(chunk);
    };
    if (inflater) {
      inflater.on('data', onData);
      inflater.on('end', () => {
        if (!outcome) finish();
      });
      inflater.on('error', () => {
        if (!outcome) abandon('bad_encoding');
      });
      request.on('error', reject);
      request.pipe(inflater);
    } else {
      request.on('data', onData);
      request.on('end', () => {
        if (!outcome) finish();
      });
      request.on('error', reject);
    }
  });
}
