import type * as http from 'node:http';

/**
 * The body; or why there is none: the connection ended first (answer nothing), or the
 * body is over the limit. Its rest is then being read and discarded: end the 413 reply
 * once `drained` resolves, because ending it closes the connection.
 */
export type BodyRead = Buffer | 'aborted' | { readonly drained: Promise<void> };

/**
 * Reads a request body up to `limit` bytes, however it is framed. A declared
 * Content-Length over the limit is refused before a byte is read; a chunked (or
 * understated) body is refused the moment it passes the limit. Either way the rest of
 * the body is then read and thrown away, up to `drainLimit` bytes, instead of closing
 * the connection: a server that closes a socket it has not read to the end makes the
 * kernel reset it, and the client loses the 413 it was about to read. A client still
 * sending past `drainLimit` gets its connection closed.
 */
export function readCappedBody(req: http.IncomingMessage, limit: number, drainLimit: number): Promise<BodyRead> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve({ drained: drain(req, 0, drainLimit) });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stop();
      chunks.length = 0;
      resolve({ drained: drain(req, size - limit, drainLimit) });
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    // The client went away, or the server closed the connection while shutting down.
    const onAbort = (): void => {
      stop();
      resolve('aborted');
    };
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onAbort);
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onAbort);
    req.once('close', onAbort);
  });
}

/** Reads and discards the rest of a refused body; past `drainLimit` bytes the connection is closed. */
function drain(req: http.IncomingMessage, alreadyRead: number, drainLimit: number): Promise<void> {
  let drained = alreadyRead;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > drainLimit) req.socket.destroy();
  });
  req.on('error', () => undefined);
  req.resume();
  return new Promise((resolve) => {
    if (req.complete || req.destroyed) return resolve();
    req.once('end', () => resolve());
    req.once('close', () => resolve());
  });
}
