import { parentPort } from 'node:worker_threads';
import { extractFile, parseAndQueryOnly, preloadLanguages } from '../extract/parser';
import { encodeFacts } from './factsCodec';
import type { ParseReply, ParseRequest } from './workerProtocol';

/** A parse worker: loads each grammar once, then turns sources into facts. */
parentPort?.on('message', (request: ParseRequest) => {
  if (request.mode === 'preload') {
    const reply = (): void => parentPort?.postMessage({ id: request.id } satisfies ParseReply);
    preloadLanguages(request.paths ?? []).then(reply, reply);
    return;
  }
  if (request.mode === 'floor') {
    parseAndQueryOnly(request.path, request.source).then(
      (captures) => parentPort?.postMessage({ id: request.id, captures } satisfies ParseReply),
      (error: unknown) => parentPort?.postMessage({ id: request.id, error: String((error as Error)?.message ?? error) } satisfies ParseReply),
    );
    return;
  }
  extractFile(request.path, request.source, request.budget).then(
    (facts) => {
      if (!facts) return parentPort?.postMessage({ id: request.id } satisfies ParseReply);
      const encoded = ownBuffer(encodeFacts(facts));
      // Moving the bytes is free; cloning the facts object would cost both threads.
      parentPort?.postMessage({ id: request.id, encoded } satisfies ParseReply, [encoded.buffer as ArrayBuffer]);
    },
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: String((error as Error)?.message ?? error) } satisfies ParseReply),
  );
});

/** Bytes that own their whole buffer: a small Buffer may share Node's pool, which must not be moved. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}
